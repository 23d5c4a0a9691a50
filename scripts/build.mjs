#!/usr/bin/env node
// `npm run build`: the judge as it ships, `dist/cli/main.js` (the package's bin, `npm start`,
// contrib/judge.service), bundled with its packages by esbuild into a few files. A delivery agent
// starts a `judge mail` process per mail, and a judge loading its ~280 modules and ~100 package
// files one at a time spent more of each start resolving and reading them than handling the mail
// (docs/performance.md). The modules a command imports when it runs stay in chunks of their own,
// loaded only by that command. Type checking is tsc's, run by `npm run build` before this.
//
// `node scripts/build.mjs <folder> <module>...`: the same bundle of other entry modules (paths in
// src/ without .ts) into another folder, as the tests build the judge they start (test/support/compiled-judge.ts).
import { buildSync } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(PROJECT_ROOT, 'src');

/** Packages with native code: Node loads their binaries relative to their own files. */
const NATIVE_PACKAGES = ['better-sqlite3', '@resvg/resvg-js'];

const [out = join(PROJECT_ROOT, 'dist'), ...modules] = process.argv.slice(2);
const entryModules = modules.length > 0 ? modules : ['cli/main'];

// The folder is not emptied first: a judge still running from the previous build (an upgrade
// builds before it restarts the service) goes on loading that build's chunks, whose names carry
// their contents' hash, until it is restarted.
buildSync({
  entryPoints: entryModules.map((module) => join(SOURCE, `${module}.ts`)),
  outbase: SOURCE,
  outdir: out,
  bundle: true,
  splitting: true,
  external: NATIVE_PACKAGES,
  // The CommonJS packages bundled into these ES modules call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'error',
});
// Node looks for the nearest package.json to learn that .js files are ES modules; below
// node_modules (the tests' builds) it looks no further up than the folder itself.
writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
