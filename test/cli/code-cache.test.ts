import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCachedScript } from '../../src/cli/code-cache.js';

/** V8's code cache for the CommonJS bundle of `judge mail` (src/cli/code-cache.ts). */

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A CommonJS script in a folder of its own, and where its cache goes. */
function script(source: string): { file: string; cache: string } {
  const folder = mkdtempSync(join(tmpdir(), 'code-cache-'));
  folders.push(folder);
  const file = join(folder, 'script.cjs');
  writeFileSync(file, source);
  return { file, cache: `${file}.cache` };
}

const GREETING = `const { basename } = require('node:path');
exports.greet = (name) => 'hello ' + name + ' from ' + basename(__filename);
exports.fail = () => { throw new Error('failed here'); };
`;

describe('runCachedScript', () => {
  it('runs a script with no cache as require would, and saves the cache that a later run takes', () => {
    const { file, cache } = script(GREETING);
    const first = runCachedScript(file, cache);
    expect(first.cacheUsed).toBe(false);
    expect((first.exports as { greet: (name: string) => string }).greet('Ann')).toBe('hello Ann from script.cjs');

    first.saveCache();
    expect(existsSync(cache)).toBe(true);
    const second = runCachedScript(file, cache);
    expect(second.cacheUsed).toBe(true);
    expect((second.exports as { greet: (name: string) => string }).greet('Bob')).toBe('hello Bob from script.cjs');
  });

  it('compiles afresh when V8 refuses the cache (another Node, or not a cache at all), and a save replaces it', () => {
    const { file, cache } = script(GREETING);
    writeFileSync(cache, 'not a code cache');
    const run = runCachedScript(file, cache);
    expect(run.cacheUsed).toBe(false);
    expect((run.exports as { greet: (name: string) => string }).greet('Cy')).toBe('hello Cy from script.cjs');

    run.saveCache();
    expect(readFileSync(cache, 'latin1')).not.toBe('not a code cache');
    expect(runCachedScript(file, cache).cacheUsed).toBe(true);
  });

  it('leaves a cache it cannot write alone, without an error', () => {
    const { file } = script(GREETING);
    const run = runCachedScript(file, join(file, 'no-such-folder', 'script.cjs.cache'));
    expect(() => run.saveCache()).not.toThrow();
  });

  it("keeps the script's line numbers in stack traces", () => {
    const { file, cache } = script(GREETING);
    const { fail } = runCachedScript(file, cache).exports as { fail: () => void };
    expect(fail).toThrow(expect.objectContaining({ stack: expect.stringContaining(`${file}:3:`) }));
  });

  it('reads a script that is not ASCII as UTF-8', () => {
    const { file, cache } = script("exports.text = 'Zürich – Köln';\n");
    expect((runCachedScript(file, cache).exports as { text: string }).text).toBe('Zürich – Köln');
  });
});
