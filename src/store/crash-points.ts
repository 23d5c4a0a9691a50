/**
 * Deterministic crash points for the crash harness (docs/durability.md). Every durable write the
 * judge makes (a journal commit, a file renamed into place) passes `durableWrite` once it is on
 * disk. With `JUDGE_CRASH_AT=N` in the environment the process kills itself with SIGKILL at the Nth
 * such write, exactly as a power cut or `kill -9` would stop it there; without it this costs one
 * comparison. `JUDGE_CRASH_LOG=<file>` appends each write's label to that file, so that the harness
 * learns how many crash points a run has and what each one is.
 */

import { appendFileSync } from 'node:fs';

const crashAt = Number(process.env['JUDGE_CRASH_AT'] ?? 0);
const crashLog = process.env['JUDGE_CRASH_LOG'] ?? '';
let written = 0;

export function durableWrite(label: string): void {
  if (crashAt === 0 && crashLog === '') return;
  written++;
  if (crashLog !== '') appendFileSync(crashLog, `${process.pid} ${written} ${label}\n`);
  if (written === crashAt) process.kill(process.pid, 'SIGKILL');
}
