import { close, fdatasync, fsync, open } from 'node:fs';
import { dirname } from 'node:path';
import type { JudgeDatabase } from './database.js';

/**
 * Takes the journal's commits to the disk off the main thread. A commit made without waiting for
 * the disk (`withoutSync`) is written to the journal's log (`<journal>-wal`) but not flushed; one
 * `fdatasync` of that file, run on libuv's thread pool, then makes every commit written before it
 * survive a power cut, as `synchronous = FULL` would have made each of them, while the main thread
 * goes on with the next mails. Whoever must not act before a commit is on disk (a mail filed away,
 * its reply handed to the SMTP server) awaits `durable()`. The callers of one journal share its
 * flushes: a flush asked for while another runs, or within `FLUSH_SPACING_MS` of the last one's
 * start, waits and then covers everything committed meanwhile, so under load one flush serves many
 * commits and when light a commit waits for one.
 *
 * A checkpoint cannot make a flushed commit lost: SQLite flushes the log before copying it into the
 * database and the database after, before the log may be written from its start again, and the log
 * stays the same file while the connection is open. The log's folder is flushed too with the first
 * flush, as SQLite does at its first sync of a log it created, so that a power cut cannot lose the
 * log's name.
 */
export interface DiskSync {
  /**
   * Resolves once every commit made on the journal before the call is on disk. `now`: the flush
   * begins without the spacing below (once the one running, if any, is done), for a caller that
   * waits for it at once; a flush already asked for and waiting out its spacing begins then too.
   */
  durable(options?: { readonly now?: boolean }): Promise<void>;
}

const syncs = new WeakMap<JudgeDatabase, DiskSync>();

/** The journal's one `DiskSync`, shared by everyone who commits on that connection. */
export function diskSync(db: JudgeDatabase): DiskSync {
  let sync = syncs.get(db);
  if (sync === undefined) {
    sync = db.memory ? { durable: () => Promise.resolve() } : new LogFlusher(db);
    syncs.set(db, sync);
  }
  return sync;
}

/** Closes the log file a collected flusher kept open. */
const closeWhenCollected = new FinalizationRegistry<number>((fd) => close(fd, () => undefined));

/**
 * The least time from the start of one flush to the next. A flush costs the disk's time and the
 * kernel's, and while it runs SQLite's next writes to the log wait for it: flushes back to back,
 * one a mail, cost more than the syncs they replace. Spaced, the commits of those milliseconds
 * share one flush under load, while a commit alone, with no flush in the last few milliseconds, is
 * flushed at once.
 */
const FLUSH_SPACING_MS = 10;

class LogFlusher implements DiskSync {
  /** The flush running now, or the last one. */
  private running: Promise<void> = Promise.resolve();
  /** Whether `running` is still running. */
  private flushing = false;
  /** The flush not yet begun: it covers every commit made until it begins, so everyone asking meanwhile shares it. */
  private next: Promise<void> | null = null;
  private lastBegunAt = -Infinity;
  /** Ends the spacing the next flush is waiting out, if it is. */
  private hurry: (() => void) | null = null;
  /** The log, kept open from its first flush: a flush is then one call on the thread pool. */
  private log: number | null = null;

  constructor(private readonly db: JudgeDatabase) {}

  durable(options: { readonly now?: boolean } = {}): Promise<void> {
    if (options.now === true) {
      this.lastBegunAt = -Infinity;
      this.hurry?.();
      // Nothing to wait for: the flush begins in this call, so that what the caller does before it awaits runs beside it.
      if (this.next === null && !this.flushing && this.log !== null) return this.begin();
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => this.spaced())
      .then(() => {
        this.next = null;
        return this.begin();
      });
    return this.next;
  }

  private begin(): Promise<void> {
    this.lastBegunAt = performance.now();
    this.flushing = true;
    this.running = this.flush().finally(() => {
      this.flushing = false;
    });
    return this.running;
  }

  private async spaced(): Promise<void> {
    const wait = this.lastBegunAt + FLUSH_SPACING_MS - performance.now();
    if (wait <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.hurry = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.hurry = null;
  }

  /** A log that does not exist holds no commit; one of a journal closed meanwhile is flushed a last time and let go. */
  private async flush(): Promise<void> {
    const log = this.log ?? (await this.openLog());
    if (log !== null) await promised((done) => fdatasync(log, done));
    if (!this.db.open) this.closeLog();
  }

  private async openLog(): Promise<number | null> {
    const logFile = `${this.db.name}-wal`;
    const log = await promised<number | null>((done) => open(logFile, 'r', (error, fd) => (error?.code === 'ENOENT' ? done(null, null) : done(error, fd))));
    if (log === null) return null;
    this.log = log;
    closeWhenCollected.register(this, log, this);
    // SQLite too flushes a log's folder at its first sync of it.
    const folder = await promised<number>((done) => open(dirname(logFile), 'r', done));
    await promised((done) => fsync(folder, done)).finally(() => close(folder, () => undefined));
    return log;
  }

  private closeLog(): void {
    if (this.log === null) return;
    closeWhenCollected.unregister(this);
    close(this.log, () => undefined);
    this.log = null;
  }
}

/** A Node callback call as a promise. */
function promised<T = void>(call: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value as T))));
}
