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
