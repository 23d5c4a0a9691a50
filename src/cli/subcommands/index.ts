import type { Command } from 'commander';
import { registerMailCommand } from './mail.js';
import { registerStartCommand } from './start.js';
import { registerDeadlineCommand } from './deadline.js';
import { registerCheckCommand } from './check.js';
import { registerMapCommands } from './map.js';
import { registerGameCommands } from './game.js';
import { registerProcessCommands } from './process.js';
import { registerDatcCommand } from './datc.js';

/**
 * Each judgekeeper command lives in its own module and adds itself to the program here. These modules
 * only describe the commands; the work of each is imported when it runs (from cli/actions/, the daemon,
 * pipe mode), so that a command loads only what it needs and `judge help` loads none of it.
 */
export function registerCommands(program: Command): void {
  registerStartCommand(program);
  registerMailCommand(program);
  registerDeadlineCommand(program);
  registerCheckCommand(program);
  registerMapCommands(program);
  registerGameCommands(program);
  registerProcessCommands(program);
  registerDatcCommand(program);
}
