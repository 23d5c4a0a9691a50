import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { runAwaiting, runBlocking, type Pausing } from './pauses.js';

export type JudgeDatabase = Database.Database;

/**
 * Opens the judge's journal (var/judge.db), in a one-shot process: a busy journal is waited for
 * blocking the thread. WAL lets the deadline checker read while the mail processor writes;
 * `synchronous = FULL` makes every committed transaction survive a power cut, which the
 * exactly-once promise depends on.
 */
export function openDatabase(path: string): JudgeDatabase {
  return runBlocking(opening(path));
}

/**
 * `openDatabase` for the daemon: the switch to WAL, which SQLite's busy handler does not always
 * cover (`whileBusy`), is tried again after an awaited pause, not a sleep of the thread. It is
 * rare (none in 9,000 opens measured beside three processes writing the journal), but the
 * daemon's retry with await costs nothing, where a sleep would also hold up a SIGTERM sent meanwhile.
 */
export function openDatabaseAwaiting(path: string): Promise<JudgeDatabase> {
  return runAwaiting(opening(path));
}

function* opening(path: string): Pausing<JudgeDatabase> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    yield* whileBusy(() => db.pragma('journal_mode = WAL'));
  } catch (error) {
    db.close();
    throw error;
  }
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * How long a connection waits for another that holds the journal, before it gives up. SQLite's busy
 * handler waits inside the statement, on the calling thread, also in the daemon: the daemon's
 * statements cannot wait with `await` (better-sqlite3 is synchronous, and a transaction must not
 * yield), and the wait is as long as another process's transaction on the journal, not as long as
 * a person's edit. Measured on the test machine (2 cores): with three processes opening the journal,
 * writing and closing it in a loop, the longest open and read took 93 ms, 99 in 100 under 40 ms.
 */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Runs `step` again while the journal is busy, for up to BUSY_TIMEOUT_MS. SQLite's busy handler
 * covers a statement's locks, but a new connection's switch to WAL can be answered SQLITE_BUSY at
 * once while another process's connection closes (checkpointing the log and removing it), which
 * pipe mode's one-process-per-mail judges do all the time: seen as "database is locked" with two
 * `judge mail` processes at once.
 */
function* whileBusy<T>(step: () => T): Pausing<T> {
  const giveUpAt = Date.now() + BUSY_TIMEOUT_MS;
  for (let pauseMs = 1; ; pauseMs = Math.min(pauseMs * 2, 50)) {
    try {
      return step();
    } catch (error) {
      const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY') === true;
      if (!busy || Date.now() >= giveUpAt) throw error;
      yield pauseMs;
    }
  }
}

/**
 * Runs `commit` (one transaction) without waiting for the disk. For commits that only need to keep
 * their place in order, not to survive a power cut by themselves: in WAL mode a commit is lost in a
 * power cut only together with every commit after it up to the next synced one, so the journal comes
 * back as it was at that earlier commit, a state recovery handles already (docs/durability.md says
 * which commits these are, and why each may be lost). A killed process loses none of them.
 */
export function withoutSync<T>(db: JudgeDatabase, commit: () => T): T {
  const modes = syncModes(db);
  modes.normal.run();
  try {
    return commit();
  } finally {
    modes.full.run();
  }
}

interface SyncModes {
  readonly normal: Database.Statement;
  readonly full: Database.Statement;
}

/** The two statements that switch a connection's syncing, prepared once: the mail loop switches several times a mail. */
const preparedModes = new WeakMap<JudgeDatabase, SyncModes>();

/**
 * SQLite applies `PRAGMA synchronous` when the statement is compiled, and a run of it only marks it
 * to be compiled again at its next run: a freshly prepared switch does nothing at its first run.
 * Each is therefore run once here, leaving the connection as it was (FULL, the last prepared).
 */
function syncModes(db: JudgeDatabase): SyncModes {
  let modes = preparedModes.get(db);
  if (modes === undefined) {
    modes = { normal: db.prepare('PRAGMA synchronous = NORMAL'), full: db.prepare('PRAGMA synchronous = FULL') };
    modes.normal.run();
    modes.full.run();
    preparedModes.set(db, modes);
  }
  return modes;
}
