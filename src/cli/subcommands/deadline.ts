import type { Command } from 'commander';
import type { DeadlineOptions } from '../actions/deadline.js';

export function registerDeadlineCommand(program: Command): void {
  program
    .command('deadline')
    .description('show the deadline a TIMING line gives, with its warnings and grace expiry, in the game zone and UTC')
    .requiredOption('--timing <line>', "the game's TIMING line, e.g. 'NEXT 1D MOVE 2D AT 12:00 WARN 4H'")
    .option('--zone <zone>', "the game's ZONE, an IANA time zone (default: GMT)")
    .option('--phase <phase>', 'the phase the deadline is for', 'SPRING 1901 MOVEMENT')
    .option('--from <time>', 'when the deadline is set (ISO 8601; game clocks unless it has an offset; default: now)')
    .option('--current <yyyymmddhhmm>', "the game's current DEADLINE, which an automatic deadline never precedes")
    .option('--initial', "the game's first deadline, twice the normal delay")
    .option('--real-time', 'the game has the REAL_TIME rule')
    .action(async (options: DeadlineOptions) => (await import('../actions/deadline.js')).printDeadline(options));
}
