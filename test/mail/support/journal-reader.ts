import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What a test reads from a judge's var/judge.db while the judge runs (WAL lets it read alongside). */

export interface JournalView {
  received: { message_id: string; outcome: string; detail: string; sender: string }[];
  outbox: { message_id: string; state: string; attempts: number; mail: string }[];
}

export function readJournal(folder: string): JournalView {
  const file = join(folder, 'var', 'judge.db');
  if (!existsSync(file)) return { received: [], outbox: [] };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const has = (table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    return {
      received: has('mail_received')
        ? (db.prepare('SELECT message_id, outcome, detail, sender FROM mail_received ORDER BY id').all() as JournalView['received'])
        : [],
      outbox: has('outbox') ? (db.prepare('SELECT message_id, state, attempts, mail FROM outbox ORDER BY id').all() as JournalView['outbox']) : [],
    };
  } finally {
    db.close();
  }
}

/** True once `count` mails are recorded and nothing waits in the outbox. */
export function settled(folder: string, count: number): boolean {
  const journal = readJournal(folder);
  return journal.received.length >= count && journal.outbox.every(({ state }) => state !== 'pending');
}
