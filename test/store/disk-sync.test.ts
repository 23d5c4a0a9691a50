import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, withoutSync } from '../../src/store/database.js';
import { diskSync } from '../../src/store/disk-sync.js';

function journal() {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'judge-disk-sync-')), 'judge.db'));
  db.exec('CREATE TABLE mails (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  return db;
}

describe("the journal's flushes off the main thread", () => {
  it('is one per journal, and shares the flush after the running one among everyone who asks meanwhile', async () => {
    const db = journal();
    expect(diskSync(db)).toBe(diskSync(db));
    const insert = db.prepare('INSERT INTO mails (text) VALUES (?)');
    withoutSync(db, () => insert.run('first'));
    const running = diskSync(db).durable();
    withoutSync(db, () => insert.run('second'));
    const next = diskSync(db).durable();
    withoutSync(db, () => insert.run('third'));
    const same = diskSync(db).durable();
    // The running flush may have begun before the second commit: the later asks get one flush of their own.
    expect(next).not.toBe(running);
    expect(same).toBe(next);
    await Promise.all([running, next, same]);
    // Nothing runs any more: the next ask starts a flush at once.
    const after = diskSync(db).durable();
    expect(after).not.toBe(next);
    await after;
    expect(db.prepare('SELECT count(*) AS count FROM mails').get()).toEqual({ count: 3 });
    db.close();
  });

  it('has nothing to flush for a journal in memory or one without a log', async () => {
    const memory = openDatabase(':memory:');
    await expect(diskSync(memory).durable()).resolves.toBeUndefined();
    memory.close();
    const db = journal();
    db.pragma('journal_mode = DELETE');
    await expect(diskSync(db).durable()).resolves.toBeUndefined();
    db.close();
  });
});
