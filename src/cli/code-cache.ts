import { isAscii } from 'node:buffer';
import { closeSync, fchmodSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/**
 * A CommonJS script run with V8's code cache. Node 20 compiles every module afresh in every process
 * (it has no compile cache for modules), and a `judge mail` process per mail spent a third of its
 * CPU compiling the judge (docs/performance.md). A `vm.Script` can be handed the code V8 compiled
 * in an earlier process, functions compiled lazily included, if that process saved it.
 *
 * V8 refuses a cache made by another V8 version or with other flags (`cachedDataRejected`); the
 * script is then compiled as without one. It checks the source only by its length, so a cache must
 * belong to one exact source: the build names the bundle after its contents' hash, and the cache
 * after the bundle.
 */
export interface CachedScript {
  /** What the script put in `module.exports`. */
  readonly exports: unknown;
  /** V8 took the cache: the script's functions were not compiled again. */
  readonly cacheUsed: boolean;
  /**
   * Writes V8's code of the script as it is now, the functions run so far included, to the cache
   * file: replaced whole (a rename), so a process starting meanwhile reads the old cache or the
   * new. A cache that cannot be written (an installation this user may not change) is left as it is.
   */
  saveCache(): void;
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Runs the CommonJS script `file` as `require` would, with the code cache in `cacheFile` when V8 takes it. */
export function runCachedScript(file: string, cacheFile: string): CachedScript {
  const bytes = readFileSync(file);
  // An ASCII file is read as Latin-1: a copy, where UTF-8 decoding a bundle of megabytes costs milliseconds.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cachedData = readIfPresent(cacheFile);
  // Node's own CommonJS wrapper, on the script's first line, so that stack traces keep the file's line numbers.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    saveCache() {
      const partial = `${cacheFile}.${process.pid}.tmp`;
      let file: number;
      try {
        file = openSync(partial, 'w');
      } catch {
        // Not this user's to change: not worth V8's serializing either.
        return;
      }
      try {
        try {
          // Not private: a delivery agent running `judge mail` as another user than the build's reads it too.
          fchmodSync(file, 0o644);
          writeSync(file, script.createCachedData());
        } finally {
          closeSync(file);
        }
        renameSync(partial, cacheFile);
      } catch {
        rmSync(partial, { force: true });
      }
    },
  };
}
