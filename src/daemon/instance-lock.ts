import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeFailure } from '../common/errors.js';

export class AlreadyRunningError extends JudgeFailure {}

export interface InstanceLock {
  release(): void;
}

/**
 * Makes sure only one judge daemon runs on a folder. The lock is an SQLite file held in exclusive
 * locking mode: the operating system's file lock behind it goes away with the process, however it
 * ends (even SIGKILL), so no stale lock file is ever left to clear by hand, and no two judges can
 * both decide that a lock is stale.
 */
export function acquireInstanceLock(varFolder: string): InstanceLock {
  mkdirSync(varFolder, { recursive: true });
  const path = join(varFolder, 'judge.lock');
  const db = new Database(path, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // A write takes the exclusive lock, and exclusive locking mode keeps it until the close.
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder;');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new AlreadyRunningError(`another judge is already running on ${varFolder} (${path} is locked)`);
    }
    throw error;
  }
  return { release: () => db.close() };
}
