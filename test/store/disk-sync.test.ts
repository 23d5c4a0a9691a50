import { describe, expect, it, vi } from 'vitest';
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
  it('is one per journal, and shares a flush not yet begun among everyone who asks before it begins', async () => {
    const db = journal();
    expect(diskSync(db)).toBe(diskSync(db));
    const insert = db.prepare('INSERT INTO mails (text) VALUES (?)');
    withoutSync(db, () => insert.run('first'));
    const asked = performance.now();
    const first = diskSync(db).durable();
    withoutSync(db, () => insert.run('second'));
    // Asked before the flush began: the same flush covers the second commit too.
    expect(diskSync(db).durable()).toBe(first);
    await first;
    withoutSync(db, () => insert.run('third'));
    const next = diskSync(db).durable();
    expect(next).not.toBe(first);
    await next;
    // Flushes are spaced: the next one began 10 ms after the one before at the earliest. A timer counts
    // from the event loop's cached time, which may lag performance.now() by a millisecond or more (a
    // clean-clone CI run measured 8.93 ms); without the spacing this is about one flush, 1 ms.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(8);
    expect(db.prepare('SELECT count(*) AS count FROM mails').get()).toEqual({ count: 3 });
    db.close();
  });

  it('begins a flush asked for now without the spacing: sooner than one asked for the usual way just after another', async () => {
    // From the first flush's start, on a journal of its own: the usual way the second cannot begin before 10 ms.
    const twoFlushes = async (options?: { now: boolean }) => {
      const db = journal();
      const insert = db.prepare('INSERT INTO mails (text) VALUES (?)');
      withoutSync(db, () => insert.run('first'));
      const start = performance.now();
      await diskSync(db).durable();
      withoutSync(db, () => insert.run('second'));
      await diskSync(db).durable(options);
      const elapsed = performance.now() - start;
      db.close();
      return elapsed;
    };
    const spaced = await twoFlushes();
    const now = await twoFlushes({ now: true });
    expect(spaced).toBeGreaterThanOrEqual(8);
    expect(now).toBeLessThan(spaced);
  });

  it('begins at once, when asked for now, a flush already asked for and waiting out its spacing', async () => {
    const db = journal();
    const insert = db.prepare('INSERT INTO mails (text) VALUES (?)');
    // The clock stands still from the first flush on: the spacing after it has not run out however
    // long the disk takes, and its timer never fires by itself, so only a flush asked for now can end the wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      withoutSync(db, () => insert.run('first'));
      await diskSync(db).durable();
      withoutSync(db, () => insert.run('second'));
      // Asked for the usual way just after a flush: it waits out the 10 ms spacing...
      const spaced = diskSync(db).durable();
      await new Promise((resolve) => setImmediate(resolve));
      withoutSync(db, () => insert.run('third'));
      // ...until a caller needs the disk now: the same flush, begun at once, covers both commits.
      const now = diskSync(db).durable({ now: true });
      expect(now).toBe(spaced);
      await now;
    } finally {
      vi.useRealTimers();
      db.close();
    }
  });

  it('hands a flush asked for now to the thread pool within the call, when none runs: the caller works beside it until it awaits', async () => {
    const db = journal();
    const insert = db.prepare('INSERT INTO mails (text) VALUES (?)');
    withoutSync(db, () => insert.run('first'));
    await diskSync(db).durable();
    await new Promise((resolve) => setTimeout(resolve, 15));
    withoutSync(db, () => insert.run('second'));
    const inFlight = () => process.getActiveResourcesInfo().filter((resource) => resource === 'FSReqCallback').length;
    const before = inFlight();
    const flushing = diskSync(db).durable({ now: true });
    expect(inFlight()).toBe(before + 1);
    await flushing;
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

  it('commits without waiting for the disk inside withoutSync, from its first use, and waits again after it', () => {
    const db = journal();
    const synchronous = () => db.pragma('synchronous', { simple: true });
    const seen = [withoutSync(db, synchronous), synchronous(), withoutSync(db, synchronous), synchronous()];
    // 1 is NORMAL (the log flushed only at checkpoints), 2 is FULL (every commit synced).
    expect(seen).toEqual([1, 2, 1, 2]);
    db.close();
  });
});
