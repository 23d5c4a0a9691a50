import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/store/database.js';
import { createJournalTables } from '../../src/store/journal.js';

function tables(path: string): string[] {
  const db = openDatabase(path);
  try {
    return db
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
      .all()
      .map(({ name }) => name);
  } finally {
    db.close();
  }
}

describe("the journal's schema", () => {
  it('is created once, marked by its version, and left alone by every later opening', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'judge-schema-')), 'judge.db');
    const db = openDatabase(path);
    createJournalTables(db);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    // A table dropped behind the judge's back stays dropped: an up-to-date journal is not looked into.
    db.exec('DROP TABLE mail_in_hand');
    createJournalTables(db);
    db.close();
    expect(tables(path)).not.toContain('mail_in_hand');
  });

  it('gives a journal of an earlier version the tables it lacks', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'judge-schema-')), 'judge.db');
    const earlier = openDatabase(path);
    createJournalTables(earlier);
    earlier.exec('DROP TABLE outbox_hold');
    earlier.exec('DROP TABLE outbox_attachment');
    earlier.pragma('user_version = 1');
    createJournalTables(earlier);
    expect(earlier.pragma('user_version', { simple: true })).toBe(3);
    earlier.close();
    expect(tables(path)).toEqual(['mail_in_hand', 'mail_received', 'outbox', 'outbox_attachment', 'outbox_hold']);
  });
});
