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
 * flushes: a flush asked for while another runs waits for it and then covers everything committed
 * meanwhile, so under load one flush serves many commits and when light a commit waits for one.
 *
 * A checkpoint cannot make a flushed commit lost: SQLite flushes the log before copying it into the
 * database and the database after, before the log may be written from its start again. The log's
 * folder is flushed too with the first flush, as SQLite does at its first sync of a log it created,
 * so that a power cut cannot lose the log's name.
 */
export interface DiskSync {
  /** Resolves once every commit made on the journal before the call is on disk. */
  durable(): Promise<void>;
}

const syncs = new WeakMap<JudgeDatabase, DiskSync>();

/** The journal's one `DiskSync`, shared by everyone who commits on that connection. */
export function diskSync(db: JudgeDatabase): DiskSync {
  let sync = syncs.get(db);
  if (sync === undefined) {
    sync = db.memory ? { durable: () => Promise.resolve() } : new LogFlusher(`${db.name}-wal`);
    syncs.set(db, sync);
  }
  return sync;
}

class LogFlusher implements DiskSync {
  /** The flush running now; it may have begun before the latest commits. */
  private running: Promise<void> | null = null;
  /** The flush that begins when the running one ends, shared by everyone who asks meanwhile. */
  private queued: Promise<void> | null = null;
  private folderFlushed = false;

  constructor(private readonly logFile: string) {}

  durable(): Promise<void> {
    if (this.running === null) return this.start();
    this.queued ??= this.running.then(
      () => this.afterRunning(),
      () => this.afterRunning(),
    );
    return this.queued;
  }

  private afterRunning(): Promise<void> {
    this.queued = null;
    return this.start();
  }

  private start(): Promise<void> {
    const flushed = flush(this.logFile, fdatasync);
    const withFolder = this.folderFlushed
      ? flushed
      : flushed
          .then(() => flush(dirname(this.logFile), fsync))
          .then(() => {
            this.folderFlushed = true;
          });
    const running = withFolder.finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }
}

/**
 * Flushes a file or folder to the disk. A log that does not exist holds no commit: the journal is
 * not in WAL mode, or its last connection checkpointed the log, flushed it, and removed it.
 */
function flush(path: string, how: typeof fsync): Promise<void> {
  return new Promise((resolve, reject) => {
    open(path, 'r', (openError, fd) => {
      if (openError) return openError.code === 'ENOENT' ? resolve() : reject(openError);
      how(fd, (syncError) => close(fd, () => (syncError ? reject(syncError) : resolve())));
    });
  });
}
