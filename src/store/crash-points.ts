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

const writeFault = /^(ENOSPC|EROFS|EIO):(.+)$/.exec(process.env['JUDGE_WRITE_FAULT'] ?? '');

/**
 * `JUDGE_WRITE_FAULT=ENOSPC:<path fragment>` (or EROFS, EIO): every file the judge writes whose path
 * holds the fragment fails as the operating system fails it on a full disk or a read-only file
 * system, so that the harness can prove nothing is half-written and the judgekeeper is told.
 */
export function injectedWriteFault(path: string): NodeJS.ErrnoException | null {
  if (!writeFault || !path.includes(writeFault[2]!)) return null;
  const code = writeFault[1]!;
  const words = { ENOSPC: 'no space left on device', EROFS: 'read-only file system', EIO: 'i/o error' }[code];
  return Object.assign(new Error(`${code}: ${words}, open '${path}'`), { code, path, syscall: 'open' });
}
