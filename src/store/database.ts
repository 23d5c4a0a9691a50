import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type JudgeDatabase = Database.Database;

/**
 * Opens the judge's journal (var/judge.db). WAL lets the deadline checker read while the mail
 * processor writes; `synchronous = FULL` makes every committed transaction survive a power cut,
 * which the exactly-once promise depends on.
 */
export function openDatabase(path: string): JudgeDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Runs `commit` (one transaction) without waiting for the disk. For commits that only need to keep
 * their place in order, not to survive a power cut by themselves: in WAL mode a commit is lost in a
 * power cut only together with every commit after it up to the next synced one, so the journal comes
 * back as it was at that earlier commit, a state recovery handles already (docs/durability.md says
 * which commits these are, and why each may be lost). A killed process loses none of them.
 */
export function withoutSync<T>(db: JudgeDatabase, commit: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return commit();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
