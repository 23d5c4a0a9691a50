import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { processAlive } from '../../src/store/processes.js';

/**
 * The judge compiled to JavaScript, for the tests that run it in a separate process (Node 20 cannot
 * run TypeScript): `judge mail` reading its standard input, `judge start` handling SIGTERM, store
 * writers killed mid-write. It is built once per test run as `npm run build` builds the judge that
 * ships (scripts/build.mjs: bundled by esbuild, packages and all, into a few files), with the extra
 * entry modules the tests' child scripts import. Type checking is `npm run typecheck`'s work.
 *
 * The folder lies inside the project (node_modules/.cache) so that the compiled judge finds the
 * project's packages, maps and templates as the installed one does.
 */

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
const BUILDS = join(PROJECT_ROOT, 'node_modules', '.cache', 'judge-test-builds');

/** The `judge` command, and the modules the tests' child scripts import from the compiled judge (test/store/children, test/mail/support), or the tests themselves (the picture thread, which needs its compiled worker script). */
const ENTRY_POINTS = ['cli/main', 'config/config', 'daemon/judge', 'game/picture-thread', 'store/audit', 'store/database', 'store/game-store', 'store/lock'];

/** Compiles src/ into a folder of this run's own; its `cli/main.js` is the `judge` command. */
export function compileJudge(): string {
  mkdirSync(BUILDS, { recursive: true });
  // Builds of runs that were killed before their teardown.
  for (const name of readdirSync(BUILDS)) if (!processAlive(Number(name))) rmSync(join(BUILDS, name), { recursive: true, force: true });
  const out = join(BUILDS, String(process.pid));
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'build.mjs'), out, ...ENTRY_POINTS], { stdio: 'inherit' });
  return out;
}
