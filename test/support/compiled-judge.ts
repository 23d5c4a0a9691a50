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
 * It is bundled, packages and all, into a few files: the tests start the judge some hundreds of
 * times, and a judge loading its modules one file at a time spent more of each start resolving and
 * reading them than doing its work. The native packages stay outside, loaded from node_modules.
 *
 * The folder lies inside the project (node_modules/.cache) so that the compiled judge finds the
 * project's packages, maps and templates as the installed one does.
 */

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
const BUILDS = join(PROJECT_ROOT, 'node_modules', '.cache', 'judge-test-builds');

/** The `judge` command, and the modules the tests' child scripts import from the compiled judge (test/store/children, test/mail/support). */
const ENTRY_POINTS = ['cli/main', 'config/config', 'daemon/judge', 'store/audit', 'store/database', 'store/game-store', 'store/lock'];

/** Packages with native code: Node loads their binaries relative to their own files. */
const NATIVE_PACKAGES = ['better-sqlite3', '@resvg/resvg-js'];

/** Compiles src/ into a folder of this run's own; its `cli/main.js` is the `judge` command. */
export function compileJudge(): string {
  mkdirSync(BUILDS, { recursive: true });
  // Builds of runs that were killed before their teardown.
  for (const name of readdirSync(BUILDS)) if (!processAlive(Number(name))) rmSync(join(BUILDS, name), { recursive: true, force: true });
  const out = join(BUILDS, String(process.pid));
  const source = join(PROJECT_ROOT, 'src');
  buildSync({
    entryPoints: ENTRY_POINTS.map((module) => join(source, `${module}.ts`)),
    outbase: source,
    outdir: out,
    bundle: true,
    // The modules a command imports when it runs stay in chunks of their own, loaded only by that command.
    splitting: true,
    external: NATIVE_PACKAGES,
    // The CommonJS packages bundled into these ES modules call require() for Node's own modules.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  // Below node_modules, Node looks no further up for the project's "type": "module".
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
  return out;
}
