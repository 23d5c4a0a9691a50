import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
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

/** Writes and flushes the temporary file; nothing is visible at `path` until `commit`. */
export function prepareWrite(path: string, bytes: Uint8Array): PreparedWrite {
  const fault = injectedWriteFault(path);
  if (fault) throw fault;
  const folder = dirname(path);
  const temporary = join(folder, `${temporaryPrefix(path)}${process.pid}-${randomBytes(6).toString('hex')}`);
  const mode = statSync(path, { throwIfNoEntry: false })?.mode ?? 0o644;
  const descriptor = openSync(temporary, 'wx', mode & 0o777);
  try {
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(descriptor);
  return {
    staged: temporary,
    commit() {
      renameSync(temporary, path);
      syncFolder(folder);
      durableWrite(`rename ${basename(folder)}/${basename(path)}`);
    },
    discard() {
      try {
        unlinkSync(temporary);
      } catch (error) {
        // Already renamed into place (a failure after the rename): nothing left to throw away.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
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

/**
 * Replaces several files of one folder in one durable step: every new file staged and flushed,
 * then all renamed into place and the folder flushed once. A crash part-way leaves each file old
 * or new, never mixed; callers whose files must change together write them idempotently.
 */
export function writeFilesAtomic(folder: string, files: readonly { name: string; bytes: Uint8Array }[]): void {
  const prepared: { staged: string; path: string; discard(): void }[] = [];
  try {
    for (const { name, bytes } of files) {
      const path = join(folder, name);
      prepared.push({ ...prepareWrite(path, bytes), path });
    }
  } catch (error) {
    for (const write of prepared) write.discard();
    throw error;
  }
  for (const { staged, path } of prepared) renameSync(staged, path);
  syncFolder(folder);
  durableWrite(`rename ${files.map(({ name }) => `${basename(folder)}/${name}`).join(', ')}`);
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
