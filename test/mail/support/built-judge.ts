import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll } from 'vitest';

/**
 * The judge compiled by tsc, for the tests that run it as a separate process: `judge mail` reads its
 * standard input and `judge start` handles SIGTERM exactly as the installed command does. The build
 * goes to a private folder named after the sources' state, shared by every test file of a run (the
 * first one builds it under a lock, the others wait for it), and never touches the project's dist/.
 */

export const ROOT = resolve(import.meta.dirname, '../../..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'judge-mail-tests');
/** Far longer than a build takes: builds and locks this old belong to runs long over. */
const STALE_MS = 10 * 60_000;

function sourcesKey(): string {
  const hash = createHash('sha256');
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${path} ${size} ${mtimeMs}\n`);
      }
    }
  };
  walk(join(ROOT, 'src'));
  return hash.digest('hex').slice(0, 16);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The folder holding the compiled judge (its `cli/main.js` is the `judge` command). */
export function builtJudge(): string {
  const out = join(CACHE, sourcesKey());
  const done = join(out, '.built');
  const lock = `${out}.lock`;
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + 120_000;
  while (!existsSync(done)) {
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() > deadline) throw new Error(`timed out waiting for another test file to build ${out}`);
      // A lock older than any build is left from a test run that was killed while building.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_MS) rmSync(lock, { recursive: true, force: true });
      sleep(100);
      continue;
    }
    try {
      for (const old of readdirSync(CACHE)) {
        const path = join(CACHE, old);
        if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
      }
      // Type errors elsewhere in the tree do not stop tsc from emitting; a missing entry point does.
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out], {
        encoding: 'utf8',
      });
      if (!existsSync(join(out, 'cli', 'main.js'))) throw new Error(`tsc did not build the judge: ${tsc.stdout}${tsc.stderr}`);
      writeFileSync(done, '');
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return out;
}

/** Builds the judge before the tests of the calling file, under the hooks' longer time limit. */
export function useBuiltJudge(): void {
  beforeAll(() => {
    builtJudge();
  });
}
