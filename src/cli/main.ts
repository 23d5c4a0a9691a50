#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { runCachedScript } from './code-cache.js';
import type { runMailProgram } from './mail-program.js';

/**
 * The `judge` command. A delivery agent starts `judge mail` once per mail, so that command has a
 * bundle of its own besides the ES modules: `npm run build` (scripts/build.mjs) bundles
 * src/cli/mail-program.ts into one CommonJS script beside this file, named after its contents'
 * hash, which it writes in here as JUDGE_MAIL_BUNDLE, and hands it one mail so that the code V8
 * compiled is saved beside it. It runs with that code cache; a process that found none V8 would
 * take (deleted, or made by another Node) saves its own when it ends well. Every other command
 * imports the command line's ES modules.
 */
declare const JUDGE_MAIL_BUNDLE: string | undefined;

function mailBundle(): { runMailProgram: typeof runMailProgram } {
  const bundle = fileURLToPath(new URL(JUDGE_MAIL_BUNDLE!, import.meta.url));
  const script = runCachedScript(bundle, `${bundle}.cache`);
  if (!script.cacheUsed) process.once('exit', (code) => code === 0 && script.saveCache());
  return script.exports as { runMailProgram: typeof runMailProgram };
}

if (process.argv[2] === 'mail' && typeof JUDGE_MAIL_BUNDLE === 'string') {
  await mailBundle().runMailProgram(process.argv);
} else {
  const { runJudgeProgram } = await import('./judge-program.js');
  await runJudgeProgram(process.argv);
}
