import { registerCommands } from './subcommands/index.js';
import { runProgram } from './program.js';

/** The `judge` command line with every command. */
export function runJudgeProgram(argv: readonly string[]): Promise<void> {
  return runProgram(argv, registerCommands);
}
