import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { durableWrite, injectedWriteFault } from './crash-points.js';
import { processAlive } from './processes.js';

/**
 * Atomic replacement of a file: the new bytes go to a temporary file in the same folder, are
 * flushed to disk, and the temporary file is renamed over the old one, then the folder itself is
 * flushed so the rename survives a power cut. Readers see the old file or the new one, never a mix.
 */

interface PreparedWrite {
  /** The temporary file holding the new bytes until `commit`. */
  readonly staged: string;
  /** Renames the prepared file into place and flushes the folder. */
  commit(): void;
  /** Throws the prepared file away. */
  discard(): void;
}

function temporaryPrefix(path: string): string {
  return `.${basename(path)}.tmp-`;
}

/**
 * What makes this process's temporary names its own, beside its pid: a process given the pid of
 * one that died can meet that one's files, which stay until a writer of theirs removes them.
 */
const PROCESS_TAG = randomBytes(6).toString('hex');
let writes = 0;

/** A name beside `path` for its staged bytes, unique to this process and this write. */
function temporaryName(path: string): string {
  writes += 1;
  return join(dirname(path), `${temporaryPrefix(path)}${process.pid}-${PROCESS_TAG}${writes.toString(16)}`);
}

/**
 * Writes the temporary file; nothing is visible at `path` until `commit`. Without `step` the file
 * is flushed before this returns; with one, its flush joins the step's and `commit` may only be
 * called once `step.flushed()` has resolved.
 */
function prepareWrite(path: string, bytes: Uint8Array, step?: DurableStep): PreparedWrite {
  const fault = injectedWriteFault(path);
  if (fault) throw fault;
  const folder = dirname(path);
  const temporary = temporaryName(path);
  const mode = statSync(path, { throwIfNoEntry: false })?.mode ?? 0o644;
  const descriptor = openSync(temporary, 'wx', mode & 0o777);
  try {
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
    if (!step) fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    unlinkSync(temporary);
    throw error;
  }
  if (step) step.flush(descriptor, () => unlinkQuietly(temporary));
  else closeSync(descriptor);
  return {
    staged: temporary,
    commit() {
      renameSync(temporary, path);
      syncFolder(folder);
      durableWrite(`rename ${basename(folder)}/${basename(path)}`);
    },
    discard() {
      unlinkQuietly(temporary);
    },
  };
}

/** Removes a staged file, unless it is gone already (renamed into place by a failure after the rename). */
export function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Renames `temporary` to `path`; when both name one file already (a snapshot staged as a second
 * name of a file that `path` names too, left so by an attempt killed after that rename), the
 * rename does nothing, and `temporary` is removed.
 */
export function renameOrDrop(temporary: string, path: string): void {
  renameSync(temporary, path);
  // Looked for first: a rename that did its work (nearly always) leaves no `temporary`, and removing what is not there costs an exception.
  if (existsSync(temporary)) unlinkQuietly(temporary);
}

/** A file written under a temporary name, to be renamed to `path` with its step. */
export interface StagedFile {
  readonly temporary: string;
  readonly path: string;
}

/**
 * The flushes of one durable step, issued at once when its last file is staged. A flush costs the
 * disk one journal commit and the disk's cache flush whatever it carries, and flushes that wait at
 * the same moment share one (measured in docs/performance.md: four files flushed one after another
 * cost four times what four flushed together do); a file created while another's flush runs waits
 * for that flush's journal commit, so every file is written before any flush starts. A step waits
 * for the disk once, for every file's bytes and temporary name (with the journal's flush of the
 * audit entry, committed meanwhile: `waitFor`); then the files are renamed in, the file the step is
 * about (`stageLast`) after the others, and their folders' flush is started, not waited for
 * (`landed`): should a power cut lose the renames, recovery makes them again from the staged files
 * (docs/durability.md).
 */
export class DurableStep {
  private readonly flushes: Promise<void>[] = [];
  private readonly pending: { descriptor: number; undo: () => void }[] = [];
  private readonly staged: StagedFile[] = [];
  /** The folders of the staged files whose names must be on disk before the last rename. */
  private readonly namesToFlush = new Set<string>();
  private last: StagedFile | null = null;
  /** Work that must be done before the files are renamed in, but not before their flushes start. */
  private readonly beforeRenames: (() => void)[] = [];

  /** Flushes an open file with the step, on libuv's thread pool, and closes it after; `undo` runs if the flush fails. */
  flush(descriptor: number, undo: () => void = () => {}): void {
    this.pending.push({ descriptor, undo });
  }

  /** Starts the flushes asked for so far. */
  private startFlushes(): void {
    for (const { descriptor, undo } of this.pending.splice(0)) this.startFlush(descriptor, undo);
  }

  private startFlush(descriptor: number, undo: () => void): void {
    this.flushes.push(
      new Promise<void>((resolve, reject) =>
        fsync(descriptor, (flushError) => {
          if (flushError) undo();
          // Closed here rather than on the thread pool: a job the pool is woken for costs more than the close.
          try {
            closeSync(descriptor);
          } catch (closeError) {
            reject(flushError ?? closeError);
            return;
          }
          if (flushError) reject(flushError);
          else resolve();
        }),
      ),
    );
  }

  /** Makes the step's first wait wait for `onDisk` too (another store's flush, run beside the step's). */
  waitFor(onDisk: Promise<void>): void {
    this.flushes.push(onDisk);
  }

  /** Starts flushing a folder's entries (a file created in it). */
  flushFolder(folder: string): void {
    this.flush(openSync(folder, 'r'));
  }

  /**
   * Stages a file that lands with the step: written now, flushed with the step, its temporary name
   * flushed too (recovery may need to find it), renamed in by `renameIn` before the last file.
   */
  stage(path: string, bytes: Uint8Array): void {
    this.staged.push({ temporary: prepareWrite(path, bytes, this).staged, path });
    this.namesToFlush.add(dirname(path));
  }

  /**
   * Stages `path` as a second name of the file `existing`, which must hold `bytes`: the status file
   * a phase replaces, kept as that phase's history snapshot. Nothing is copied, and the rename that
   * replaces `existing` then frees no file, which costs a file system as much as writing one. The
   * new name is checked to hold `bytes` (the file may have been edited since it was read; the
   * step's own check before renaming catches an edit after this one), and `bytes` are written
   * instead where the name does not hold them or the file system has no hard links.
   */
  stageLink(existing: string, path: string, bytes: Uint8Array): void {
    const temporary = temporaryName(path);
    try {
      linkSync(existing, temporary);
    } catch {
      this.stage(path, bytes);
      return;
    }
    if (!readFileSync(temporary).equals(bytes)) {
      unlinkSync(temporary);
      this.stage(path, bytes);
      return;
    }
    this.staged.push({ temporary, path });
    this.namesToFlush.add(dirname(path));
    // Flushed with the step: an editor need not flush what it saves, and saving the same bytes leaves no trace of it.
    this.flush(openSync(temporary, 'r'), () => unlinkQuietly(temporary));
  }

  /** The files `stage` holds, for the audit entry: recovery renames them in when the step's last file landed. */
  companions(): readonly StagedFile[] {
    return [...this.staged];
  }

  /**
   * Stages the file the step is about: renamed in last, once every other file of the step is in
   * place. Every file's flush starts now, with their temporary names' (this one's too: should a power
   * cut lose its rename, recovery renames it in again). Returns its temporary name.
   */
  stageLast(path: string, bytes: Uint8Array): string {
    this.last = { temporary: prepareWrite(path, bytes, this).staged, path };
    this.namesToFlush.add(dirname(path));
    this.flushNames();
    return this.last.temporary;
  }

  private flushNames(): void {
    for (const folder of this.namesToFlush) this.flushFolder(folder);
    this.namesToFlush.clear();
    this.startFlushes();
  }

  /**
   * Runs `task` while the step's flushes run, before any file is renamed in: a check the main
   * thread would otherwise make before the flushes start (a status file's read-back) is made while
   * it waits for the disk. Only work for the processor: a task that creates or removes files would
   * wait for the flushes' journal commit and hold them up (docs/performance.md). A task that throws
   * fails the step.
   */
  whileFlushing(task: () => void): void {
    this.beforeRenames.push(task);
  }

  /**
   * Resolves when every flush started so far is on disk (the staged files' names included), and
   * every `whileFlushing` task is done; rejects with the first task or flush that failed.
   */
  async flushed(): Promise<void> {
    this.flushNames();
    let taskFailure: { readonly error: unknown } | null = null;
    try {
      for (const task of this.beforeRenames.splice(0)) task();
    } catch (error) {
      taskFailure = { error };
    }
    const results = await Promise.allSettled(this.flushes.splice(0));
    if (taskFailure !== null) throw taskFailure.error;
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * Waits for the step's flushes, then renames the staged files into place, the last one after the
   * others. Resolves once renamed, with `landed`, which resolves once their folders are flushed: a
   * power cut before then may lose the renames, which recovery makes again from the staged files,
   * on disk since the first wait (docs/durability.md). That flush starts once the writer's work
   * after the renames is done (its journal commit, the lock's release, its caller's next steps):
   * while a folder's flush runs, every change to the folder's entries waits for it, and the journal's
   * log takes longer to write (docs/performance.md, "The disk's flushes kept apart from the work").
   */
  async renameIn(): Promise<{ readonly landed: Promise<void> }> {
    await this.flushed();
    const renamed = this.last === null ? [...this.staged] : [...this.staged, this.last];
    if (renamed.length === 0) return { landed: Promise.resolve() };
    // A rename that fails leaves every file staged, for `discard` to remove what was not renamed.
    for (const { temporary, path } of renamed) renameOrDrop(temporary, path);
    this.staged.length = 0;
    this.last = null;
    const folders = [...new Set(renamed.map(({ path }) => dirname(path)))];
    for (const folder of folders)
      durableWrite(`rename ${renamed.flatMap(({ path }) => (dirname(path) === folder ? [`${basename(folder)}/${basename(path)}`] : [])).join(', ')}`);
    // Opened now, while the folders are surely there: one removed or moved on after the writer has moved on is still flushed.
    for (const folder of folders) this.flushFolder(folder);
    const landed = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flushed());
    return { landed };
  }

  /** Throws the staged files away (the step failed before they were renamed in). */
  async discard(): Promise<void> {
    this.beforeRenames.length = 0;
    // Flushes not started are of files about to be removed: closed, not flushed.
    for (const { descriptor } of this.pending.splice(0)) closeSync(descriptor);
    await Promise.allSettled(this.flushes.splice(0));
    for (const { temporary } of this.staged.splice(0)) unlinkQuietly(temporary);
    if (this.last !== null) unlinkQuietly(this.last.temporary);
    this.last = null;
    this.namesToFlush.clear();
  }
}

export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  prepareWrite(path, bytes).commit();
}

/** Renames a file or folder and flushes both folders, so that the move survives a power cut. */
export function renameDurably(from: string, to: string): void {
  renameSync(from, to);
  syncFolder(dirname(to));
  if (dirname(from) !== dirname(to)) syncFolder(dirname(from));
  durableWrite(`move ${basename(from)} to ${basename(to)}`);
}

/** Flushes a folder's entries (a file created or renamed in it) to disk. */
export function syncFolder(folder: string): void {
  const descriptor = openSync(folder, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** The temporary files in `folder` whose writers died before renaming them. */
export function abandonedTemporaryFiles(folder: string): string[] {
  return readdirSync(folder)
    .map((entry) => ({ entry, named: /^\..+\.tmp-(\d+)-/.exec(entry) }))
    .filter(({ named }) => named !== null && !processAlive(Number(named[1])))
    .map(({ entry }) => join(folder, entry));
}

/** Removes temporary files left by writers that died before renaming them (call while holding the file's lock). */
export function removeAbandonedWrites(path: string): void {
  const folder = dirname(path);
  const prefix = temporaryPrefix(path);
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length).split('-')[0]);
    if (!processAlive(pid)) unlinkSync(join(folder, entry));
  }
}
