#!/usr/bin/env node
// `npm run build`: the judge as it ships, `dist/cli/main.js` (the package's bin, `npm start`,
// contrib/judge.service), bundled with its packages by esbuild. A delivery agent starts a
// `judge mail` process per mail, and a judge loading its ~280 modules and ~100 package files one at
// a time spent more of each start resolving and reading them than handling the mail
// (docs/performance.md).
//
// Two builds. ES modules split into chunks, a command's `await import`s in chunks of their own: the
// command line and the entry modules the tests' child scripts import. And `judge mail`, which a
// delivery agent starts per mail, as one CommonJS script, `cli/mail-<hash>.cjs`, which `cli/main.js`
// runs with V8's code cache (src/cli/code-cache.ts): Node 20 keeps no compiled code of ES modules,
// and compiling the judge was a third of a mail's CPU. The build then hands the judge one mail, and
// that process saves the code V8 compiled beside the bundle.
//
// `node scripts/build.mjs <folder> <module>...`: the same build of other entry modules (paths in
// src/ without .ts) into another folder, as the tests build the judge they start
// (test/support/compiled-judge.ts); the mail bundle is built when `cli/main` is one of them.
import { build, buildSync } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { recordBuild } from './build-history.mjs';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(PROJECT_ROOT, 'src');

/** Packages with native code: Node loads their binaries relative to their own files. */
const NATIVE_PACKAGES = ['better-sqlite3', '@resvg/resvg-js'];

const [folder = join(PROJECT_ROOT, 'dist'), ...modules] = process.argv.slice(2);
const out = resolve(folder);
const entryModules = modules.length > 0 ? modules : ['cli/main'];

const COMMON = { bundle: true, external: NATIVE_PACKAGES, platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'error' };

/** The files this build writes, relative to its folder: the folder keeps the last builds' (scripts/build-history.mjs). */
const written = [];

/**
 * esbuild writes every non-ASCII character of the code as an escape, but copies comments as they
 * are (some packages' comments hold Japanese, `§` or `–`). With those replaced the file is ASCII,
 * which the loader reads as Latin-1, a plain copy, instead of decoding UTF-8; a character that
 * takes two UTF-16 units becomes two `?`, so that the source map's columns still hold.
 */
function commentsInAscii(text) {
  return text.replace(/[^\x00-\x7f]/gu, (character) => '?'.repeat(character.length));
}

/** import.meta does not exist in CommonJS: the modules that find files beside themselves (the configuration's) get the bundle's own URL. */
const IMPORT_META_URL_IN_COMMON_JS = {
  define: { 'import.meta.url': 'importMetaUrlOfBundle' },
  banner: { js: "const importMetaUrlOfBundle = require('node:url').pathToFileURL(__filename).href;" },
};

/** `judge mail` as one CommonJS script, named after its contents; returns its file name. */
function buildMailBundle() {
  const { outputFiles } = buildSync({
    ...COMMON,
    entryPoints: [join(SOURCE, 'cli', 'mail-program.ts')],
    outdir: join(out, 'cli'),
    entryNames: 'mail-[hash]',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    ...IMPORT_META_URL_IN_COMMON_JS,
    write: false,
  });
  mkdirSync(join(out, 'cli'), { recursive: true });
  for (const file of outputFiles) {
    writeFileSync(file.path, file.path.endsWith('.cjs') ? commentsInAscii(file.text) : file.contents);
    written.push(relative(out, file.path));
  }
  return basename(outputFiles.find((file) => file.path.endsWith('.cjs')).path);
}

/**
 * `cli/main.js`, the `judge` command, as CommonJS: an ES module entry sets up Node's ES module
 * loader, 6 ms of each piped mail, before it can start the mail bundle. The other commands'
 * modules, `judge-program.js` and its chunks, it imports from the folder above, where .js files are
 * ES modules; `cli/` has a package.json of its own that says CommonJS.
 */
async function buildCommandEntry(mailBundle) {
  // The asynchronous API: the synchronous one takes no plugins.
  await build({
    ...COMMON,
    entryPoints: [join(SOURCE, 'cli', 'main.ts')],
    outfile: join(out, 'cli', 'main.js'),
    format: 'cjs',
    // The configuration module, for judge mail's handoff to the daemon.
    banner: IMPORT_META_URL_IN_COMMON_JS.banner,
    define: { ...IMPORT_META_URL_IN_COMMON_JS.define, JUDGE_MAIL_BUNDLE: JSON.stringify(mailBundle) },
    plugins: [
      {
        name: 'command-line-modules',
        setup: (resolving) => resolving.onResolve({ filter: /^\.\/judge-program\.js$/ }, () => ({ path: '../judge-program.js', external: true })),
      },
    ],
  });
  writeFileSync(join(out, 'cli', 'package.json'), JSON.stringify({ type: 'commonjs' }));
  written.push(join('cli', 'main.js'), join('cli', 'main.js.map'), join('cli', 'package.json'));
}

const buildsCommandLine = entryModules.includes('cli/main');
const inCommonJsFolder = entryModules.filter((module) => module.startsWith('cli/') && module !== 'cli/main');
if (inCommonJsFolder.length > 0) throw new Error(`scripts/build.mjs: ${inCommonJsFolder.join(', ')} would be ES modules in cli/, which is CommonJS`);
const mailBundle = buildsCommandLine ? buildMailBundle() : null;

// The folder is not emptied first: a judge still running from the previous build (an upgrade
// builds before it restarts the service) goes on loading that build's files, whose names carry
// their contents' hash, until it is restarted. The files of older builds go (`recordBuild`).
const { metafile } = buildSync({
  ...COMMON,
  metafile: true,
  entryPoints: [
    ...entryModules.map((module) =>
      module === 'cli/main' ? { in: join(SOURCE, 'cli', 'judge-program.ts'), out: 'judge-program' } : { in: join(SOURCE, `${module}.ts`), out: module },
    ),
    // The daemon's picture thread runs this script; src/game/picture-thread.ts looks for it at the build's root.
    { in: join(SOURCE, 'game', 'picture-worker.ts'), out: 'picture-worker' },
  ],
  outdir: out,
  splitting: true,
  // The CommonJS packages bundled into these ES modules call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
  format: 'esm',
});
// Node looks for the nearest package.json to learn that .js files are ES modules; below
// node_modules (the tests' builds) it looks no further up than the folder itself.
writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
written.push(...Object.keys(metafile.outputs).map((path) => relative(out, resolve(path))), 'package.json');
if (buildsCommandLine) await buildCommandEntry(mailBundle);

/**
 * The code cache of `judge mail`: a HELP mail (with a sign-on to a game that does not exist and an
 * order, as a new player's first mail) to a judge in a scratch folder that writes its replies as
 * .eml files. The process finds no cache, and saves the code V8 compiled for it as it ends.
 */
function warmUp() {
  const folder = mkdtempSync(join(tmpdir(), 'judge-build-'));
  try {
    const config = join(folder, 'judge.config.json');
    writeFileSync(config, JSON.stringify({ judge: { name: 'BUILD', address: 'judge@build.invalid', keeper: 'keeper@build.invalid' } }));
    const mail =
      'From: Player <player@build.invalid>\r\nTo: judge@build.invalid\r\nSubject: first mail\r\n' +
      `Message-ID: <warm-up-${process.pid}@build.invalid>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
      'SIGNON Fgame secret\r\nA PAR - BUR\r\nHELP\r\n';
    const judge = join(out, 'cli', 'main.js');
    execFileSync(process.execPath, [judge, 'mail', '--config', config], { cwd: folder, input: mail, stdio: ['pipe', 'ignore', 'inherit'] });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (buildsCommandLine) warmUp();
recordBuild(out, written);
