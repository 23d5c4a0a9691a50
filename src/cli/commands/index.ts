import type { Command } from 'commander';
import { registerDeadlineCommand } from './deadline.js';
import { registerMapCommands } from './map.js';

/** Each judgekeeper command lives in its own module and adds itself to the program here. */
export function registerCommands(program: Command): void {
  registerDeadlineCommand(program);
  registerMapCommands(program);
}
