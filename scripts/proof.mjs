#!/usr/bin/env node
// `npm run proof -- --trials N`: the crash harness over every crash point, plus N random ones.
import { spawnSync } from 'node:child_process';

const at = process.argv.indexOf('--trials');
const trials = at >= 0 ? Number(process.argv[at + 1]) : 0;
if (!Number.isInteger(trials) || trials < 0) {
  process.stderr.write('usage: npm run proof -- [--trials N]\n');
  process.exit(2);
}
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.proof.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PROOF_TRIALS: String(trials) },
});
process.exit(run.status ?? 1);
