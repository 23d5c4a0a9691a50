import type { Command } from 'commander';
import { registerDeadlineCommand } from './deadline.js';
import { registerMapCommands } from './map.js';
import { registerGameCommands } from './game.js';
import { registerDatcCommand } from './datc.js';

/** Each judgekeeper command lives in its own module and adds itself to the program here. */
export function registerCommands(program: Command): void {
  registerDeadlineCommand(program);
  registerMapCommands(program);
  registerGameCommands(program);
  registerDatcCommand(program);
}
