import { buildSync } from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { processAlive } from '../../src/store/processes.js';

/**
 * The judge compiled to JavaScript, for the tests that run it in a separate process (Node 20 cannot
 * run TypeScript): `judge mail` reading its standard input, `judge start` handling SIGTERM, store
 * writers killed mid-write. It is compiled once per test run, by esbuild, the transform vitest itself
 * applies to the sources the other tests import: type checking is `npm run typecheck`'s work, and
 * the whole tree compiles in a fraction of a second where tsc takes many.
 *
 * The folder lies inside the project (node_modules/.cache) so that the compiled judge finds the
 * project's packages, maps and templates as the installed one does.
 */

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
const BUILDS = join(PROJECT_ROOT, 'node_modules', '.cache', 'judge-test-builds');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Compiles src/ into a folder of this run's own; its `cli/main.js` is the `judge` command. */
export function compileJudge(): string {
  mkdirSync(BUILDS, { recursive: true });
  // Builds of runs that were killed before their teardown.
  for (const name of readdirSync(BUILDS)) if (!processAlive(Number(name))) rmSync(join(BUILDS, name), { recursive: true, force: true });
  const out = join(BUILDS, String(process.pid));
  const source = join(PROJECT_ROOT, 'src');
  buildSync({ entryPoints: sourcesUnder(source), outbase: source, outdir: out, format: 'esm', platform: 'node', target: 'node20', logLevel: 'error' });
  // Below node_modules, Node looks no further up for the project's "type": "module".
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
  return out;
}
