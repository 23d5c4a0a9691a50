import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Room in memory a run may fill with its games, journals and mailboxes, to be put there. */
const ROOM_NEEDED = 2 ** 30;

function memoryFolder(): string | null {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= ROOM_NEEDED ? '/dev/shm' : null;
  } catch {
    return null;
  }
}

/**
 * The environment of the processes of a test run: the test processes, and the judges and servers
 * they start, inherit it. Returns its teardown.
 *
 * TMPDIR is one folder for everything the run writes, removed when the run ends. It lies in memory
 * when the machine has room there: the judge syncs each write to disk, a run makes thousands of
 * writes, and no test can tell a synced write from one that is not.
 *
 * JUDGE_SCRYPT_N hashes the passwords of the run's thousands of throw-away games at the lowest
 * scrypt cost the judge allows, a sixteenth of the cost that guards real passwords.
 */
export function useTestEnvironment(): () => void {
  const folder = mkdtempSync(join(memoryFolder() ?? tmpdir(), 'judge-test-run-'));
  // Dovecot's unprivileged processes must reach their folder below this one.
  chmodSync(folder, 0o755);
  process.env['TMPDIR'] = folder;
  process.env['JUDGE_SCRYPT_N'] = '1024';
  return () => rmSync(folder, { recursive: true, force: true });
}
