#!/usr/bin/env node
// `npm run fuzz -- --runs N`: every parser of outside input fed N random inputs (test/fuzz).
import { spawnSync } from 'node:child_process';

const at = process.argv.indexOf('--runs');
const runs = at >= 0 ? Number(process.argv[at + 1]) : 10_000;
if (!Number.isInteger(runs) || runs <= 0) {
  process.stderr.write('usage: npm run fuzz -- [--runs N]\n');
  process.exit(2);
}
const run = spawnSync('npx', ['vitest', 'run', 'test/fuzz', '--testTimeout', String(24 * 3_600_000)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs) },
});
process.exit(run.status ?? 1);
