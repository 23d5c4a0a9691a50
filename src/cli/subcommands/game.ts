import type { Command } from 'commander';
import { CONFIG_OPTION_HELP } from '../../config/config.js';

/**
 * The `game` command group. Each subcommand module adds itself through `gameCommand(program)`,
 * which creates the group the first time and returns the same group afterwards.
 */
export function gameCommand(program: Command): Command {
  return program.commands.find((command) => command.name() === 'game') ?? program.command('game').description('games: create, check and show them');
}

export function registerGameCommands(program: Command): void {
  gameCommand(program)
    .command('validate')
    .description("check a game's status file: every problem with its line, against the game's map; exits 1 on errors")
    .argument('<game>', 'a game name (in the games folder), a game folder or a status file')
    .option('--roundtrip', 'also write the file back in memory and report every line that would change')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action(async (target: string, options: { roundtrip?: boolean; config?: string }) =>
      (await import('../actions/game-validate.js')).validateGame(target, options),
    );
}
