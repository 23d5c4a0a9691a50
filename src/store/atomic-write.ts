import { randomBytes } from 'node:crypto';
import { close, closeSync, fsync, fsyncSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { durableWrite, injectedWriteFault } from './crash-points.js';
import { processAlive } from './processes.js';

/**
 * Atomic replacement of a file: the new bytes go to a temporary file in the same folder, are
 * flushed to disk, and the temporary file is renamed over the old one, then the folder itself is
 * flushed so the rename survives a power cut. Readers see the old file or the new one, never a mix.
 */

export interface PreparedWrite {
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
 * Writes the temporary file; nothing is visible at `path` until `commit`. Without `step` the file
 * is flushed before this returns; with one, its flush joins the step's and `commit` may only be
 * called once `step.flushed()` has resolved.
 */
export function prepareWrite(path: string, bytes: Uint8Array, step?: DurableStep): PreparedWrite {
  const fault = injectedWriteFault(path);
  if (fault) throw fault;
  const folder = dirname(path);
  const temporary = join(folder, `${temporaryPrefix(path)}${process.pid}-${randomBytes(6).toString('hex')}`);
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
function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * The flushes of one durable step, issued at once. A flush costs the disk one journal commit and
 * the disk's cache flush whatever it carries, and flushes that wait at the same moment share one
 * (measured in docs/performance.md: four files flushed one after another cost four times what four
 * flushed together do). A phase's status file, history snapshots, results and audit commit are
 * flushed together this way, then the snapshots renamed in, then the status file: the order that
 * recovery needs (docs/durability.md) is kept, only the waits are shared.
 */
export class DurableStep {
  private readonly flushes: Promise<void>[] = [];
  private readonly staged: { temporary: string; path: string }[] = [];

  /** Starts flushing an open file on libuv's thread pool, and closes it after; `undo` runs if the flush fails. */
  flush(descriptor: number, undo: () => void = () => {}): void {
    this.flushes.push(
      new Promise<void>((resolve, reject) =>
        fsync(descriptor, (flushError) => {
          if (flushError) undo();
          close(descriptor, (closeError) => ((flushError ?? closeError) ? reject(flushError ?? closeError) : resolve()));
        }),
      ),
    );
  }

  /** Starts flushing a folder's entries (a file created in it). */
  flushFolder(folder: string): void {
    this.flush(openSync(folder, 'r'));
  }

  /** Stages a file to replace with the step: written now, flushed with the step, renamed in by `renameIn`. */
  stage(path: string, bytes: Uint8Array): void {
    this.staged.push({ temporary: prepareWrite(path, bytes, this).staged, path });
  }

  /** Resolves when every flush started so far is on disk; rejects with the first that failed. */
  async flushed(): Promise<void> {
    const results = await Promise.allSettled(this.flushes.splice(0));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Waits for the step's flushes, then renames the staged files into place and flushes their folders together. */
  async renameIn(): Promise<void> {
    await this.flushed();
    if (this.staged.length === 0) return;
    const renamed = this.staged.splice(0);
    for (const { temporary, path } of renamed) renameSync(temporary, path);
    const folders = [...new Set(renamed.map(({ path }) => dirname(path)))];
    for (const folder of folders) this.flushFolder(folder);
    await this.flushed();
    durableWrite(`rename ${renamed.map(({ path }) => `${basename(dirname(path))}/${basename(path)}`).join(', ')}`);
  }

  /** Throws the staged files away (the step failed before they were renamed in). */
  async discard(): Promise<void> {
    await Promise.allSettled(this.flushes.splice(0));
    for (const { temporary } of this.staged.splice(0)) unlinkQuietly(temporary);
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
