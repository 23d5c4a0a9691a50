import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Outbox, ReceivedMails, type ReceivedMail } from '../../../src/store/journal.js';

/** What a test reads from a judge's var/judge.db while the judge runs (WAL lets it read alongside). */

export interface JournalView {
  received: ReceivedMail[];
  outbox: ReturnType<Outbox['entries']>;
}

export function readJournal(folder: string): JournalView {
  const file = join(folder, 'var', 'judge.db');
  if (!existsSync(file)) return { received: [], outbox: [] };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return { received: new ReceivedMails(db).recorded(), outbox: new Outbox(db).entries() };
  } catch (error) {
    // A journal the judge has opened but not yet given its tables holds nothing yet.
    if (/no such table/.test((error as Error).message)) return { received: [], outbox: [] };
    throw error;
  } finally {
    db.close();
  }
}

/** True once `count` mails are recorded and nothing waits in the outbox. */
export function settled(folder: string, count: number): boolean {
  const journal = readJournal(folder);
  return journal.received.length >= count && journal.outbox.every(({ state }) => state !== 'pending');
}
