import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { KEPT_BUILDS, recordBuild } from '../../scripts/build-history.mjs';

/** A build of the folder: writes `files` (paths relative to it) as a build would, and records them. */
function build(folder: string, files: readonly string[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), file);
  }
  recordBuild(folder, files);
}

const filesOf = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file !== '.builds.json' && file.includes('.'))
    .sort();

describe("the build folder's history (scripts/build-history.mjs)", () => {
  it('keeps the files of the last three builds, for a judge still running one of them, and removes older ones with their maps and code caches', () => {
    expect(KEPT_BUILDS).toBe(3);
    const folder = mkdtempSync(join(tmpdir(), 'judge-builds-'));
    const buildNumber = (n: number) => [`chunk-${n}.js`, `chunk-${n}.js.map`, 'judge-program.js', join('cli', `mail-${n}.cjs`), join('cli', 'main.js')];
    build(folder, buildNumber(1));
    // A judge mail process saved its code cache beside the first bundle.
    writeFileSync(join(folder, 'cli', 'mail-1.cjs.cache'), 'cache');
    build(folder, buildNumber(2));
    build(folder, buildNumber(3));
    expect(existsSync(join(folder, 'chunk-1.js'))).toBe(true);
    build(folder, buildNumber(4));
    expect(filesOf(folder)).toEqual(
      [
        'chunk-2.js',
        'chunk-2.js.map',
        'chunk-3.js',
        'chunk-3.js.map',
        'chunk-4.js',
        'chunk-4.js.map',
        join('cli', 'mail-2.cjs'),
        join('cli', 'mail-3.cjs'),
        join('cli', 'mail-4.cjs'),
        join('cli', 'main.js'),
        'judge-program.js',
      ].sort(),
    );
  });

  it('counts the same files built twice (npm ci, then npm run build) as one build', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-builds-'));
    build(folder, ['chunk-a.js']);
    build(folder, ['chunk-b.js']);
    build(folder, ['chunk-b.js']);
    build(folder, ['chunk-c.js']);
    build(folder, ['chunk-c.js']);
    expect(filesOf(folder)).toEqual(['chunk-a.js', 'chunk-b.js', 'chunk-c.js']);
    build(folder, ['chunk-d.js']);
    expect(filesOf(folder)).toEqual(['chunk-b.js', 'chunk-c.js', 'chunk-d.js']);
  });

  it('takes what a folder built before the history held for one earlier build', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-builds-'));
    for (const old of ['chunk-old1.js', 'chunk-old2.js']) writeFileSync(join(folder, old), old);
    build(folder, ['chunk-a.js']);
    build(folder, ['chunk-b.js']);
    expect(filesOf(folder)).toEqual(['chunk-a.js', 'chunk-b.js', 'chunk-old1.js', 'chunk-old2.js']);
    build(folder, ['chunk-c.js']);
    expect(filesOf(folder)).toEqual(['chunk-a.js', 'chunk-b.js', 'chunk-c.js']);
  });
});
