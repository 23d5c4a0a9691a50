import type { Command } from 'commander';
import { CONFIG_OPTION_HELP } from '../../config/config.js';
import type { CheckOptions, CheckSinkFactory } from '../actions/check.js';

/** `sinkFor`: how the mails a sweep causes are handed on (the default queues them in the outbox and lists them). */
export function registerCheckCommand(program: Command, sinkFor?: CheckSinkFactory): void {
  program
    .command('check')
    .description('run one sweep of the deadline checker by hand and print what it did, one line per action')
    .argument('[game...]', 'only these games (such a sweep neither detects nor records an outage)')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .option('--now <time>', 'sweep as if it were this ISO 8601 time (UTC unless it has an offset; default: now)')
    .option('--resume', 'end the hold after an outage and sweep')
    .option('--outage', 'with --now: count the time since the last sweep as an outage, as the daemon would, and record this sweep as the last')
    .action(async (games: string[], options: CheckOptions) => (await import('../actions/check.js')).checkOnce(games, options, sinkFor));
}
