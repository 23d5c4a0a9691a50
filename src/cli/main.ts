#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCachedScript } from './code-cache.js';
import { handOffMail } from './handoff-client.js';
import type { runMailProgram } from './mail-program.js';

/**
 * The `judge` command. A delivery agent starts `judge mail` once per mail, so that command has a
 * bundle of its own: `npm run build` (scripts/build.mjs) bundles src/cli/mail-program.ts into one
 * CommonJS script beside this file, named after its contents' hash, which it writes in here as
 * JUDGE_MAIL_BUNDLE, and hands it one mail so that the code V8 compiled is saved beside it. It runs
 * with that code cache; a process that found none V8 would take (deleted, or made by another Node)
 * saves its own when it ends well. Before any of that, `judge mail` hands its mail to the judge
 * daemon when one runs on the same configuration (handoff-client.ts), and loads no bundle at all.
 * Every other command imports the command line's ES modules.
 */
declare const JUDGE_MAIL_BUNDLE: string;

function mailBundle(): { runMailProgram: typeof runMailProgram } {
  // This script itself, wherever the `judge` link that started it lies.
  const bundle = join(dirname(realpathSync(process.argv[1]!)), JUDGE_MAIL_BUNDLE);
  const script = runCachedScript(bundle, `${bundle}.cache`);
  if (!script.cacheUsed) process.once('exit', (code) => code === 0 && script.saveCache());
  return script.exports as { runMailProgram: typeof runMailProgram };
}

if (process.argv[2] === 'mail') {
  void handOffMail(process.argv).then((handoff) => {
    if ('exitCode' in handoff) process.exitCode = handoff.exitCode;
    else void mailBundle().runMailProgram(process.argv, handoff.input);
  });
} else void import('./judge-program.js').then(({ runJudgeProgram }) => runJudgeProgram(process.argv));
