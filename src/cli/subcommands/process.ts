import type { Command } from 'commander';
import { CONFIG_OPTION_HELP } from '../../config/config.js';
import type { CreateOptions, ProcessOptions, ShowOptions } from '../actions/process.js';
import { gameCommand } from './game.js';

export function registerProcessCommands(program: Command): void {
  program
    .command('process')
    .description("process a game's current phase now (results are mailed through the outbox); --preview shows them without changing the game")
    .argument('<game>', 'the game name')
    .option('--preview', 'adjudicate and print the results; change nothing, mail nothing')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action(async (name: string, options: ProcessOptions) => (await import('../actions/process.js')).processGame(name, options));
  gameCommand(program)
    .command('create')
    .description('create a game as CREATE by mail does: in preparation (hidden, no JOIN) until its Master sends FORM, or forming at once with --form')
    .argument('<game>', 'the new game name')
    .requiredOption('--master <address>', "the Master's mail address")
    .requiredOption('--password <password>', "the Master's password (kept hashed)")
    .option('--map <map>', 'the map (default: standard)')
    .option('--form', 'let players JOIN at once')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action(async (name: string, options: CreateOptions) => (await import('../actions/process.js')).createGameOnce(name, options));
  gameCommand(program)
    .command('show')
    .description('print a game: phase, deadline, every power with its units and centers; --svg or --png also draws the board')
    .argument('<game>', 'the game name')
    .option('--svg <file>', 'write a picture of the board (hidden builds included) as SVG to the file')
    .option('--png <file>', 'write the same picture as PNG')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action(async (name: string, options: ShowOptions) => (await import('../actions/process.js')).showGameOnce(name, options));
}
