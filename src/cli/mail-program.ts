import { registerMailCommand } from './commands/mail.js';
import { runProgram } from './program.js';

/**
 * `judge mail` alone, the entry of the bundle `cli/main.js` runs with V8's code cache for it
 * (scripts/build.mjs): a delivery agent starts one per mail, and every other command would add its
 * modules to what each of those processes reads.
 */
export function runMailProgram(argv: readonly string[]): Promise<void> {
  return runProgram(argv, registerMailCommand);
}
