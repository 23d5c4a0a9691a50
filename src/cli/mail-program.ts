import type { Readable } from 'node:stream';
import { registerMailCommand } from './subcommands/mail.js';
import { runProgram } from './program.js';

/**
 * `judge mail` alone, the entry of the bundle `cli/main.js` runs with V8's code cache for it
 * (scripts/build.mjs): a delivery agent starts one per mail, and every other command would add its
 * modules to what each of those processes reads. `input`: the mail, standard input as far as
 * `cli/main.js` has not read it already.
 */
export function runMailProgram(argv: readonly string[], input: Readable): Promise<void> {
  return runProgram(argv, (program) => registerMailCommand(program, input));
}
