#!/usr/bin/env node
// `npm run proof -- --trials N [--fuzz-runs M]`: the judge's promises, tried and counted in one table.
// The crash harness over every crash point plus N random trials (test/durability/proof.test.ts), every
// parser of outside input fuzzed with M inputs (test/fuzz), and the security catalogue (test/security).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write('usage: npm run proof -- [--trials N] [--fuzz-runs M]\n');
    process.exit(2);
  }
  return value;
}

const trials = option('--trials', 0);
const fuzzRuns = option('--fuzz-runs', 1000);
const reports = mkdtempSync(join(tmpdir(), 'judge-proof-'));

function vitest(args, env) {
  return spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const statuses = [
  vitest(['--config', 'vitest.proof.config.ts'], { PROOF_TRIALS: String(trials), PROOF_REPORT: join(reports, 'crash.json') }),
  vitest(['test/fuzz', '--testTimeout', String(24 * 3_600_000)], { FUZZ_RUNS: String(fuzzRuns), FUZZ_REPORT: join(reports, 'fuzz.json') }),
  vitest(['test/security', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'security.json')}`], {}),
];

const crash = readJson(join(reports, 'crash.json'));
const fuzz = readJson(join(reports, 'fuzz.json')) ?? [];
const security = readJson(join(reports, 'security.json'));
const sum = (key) => fuzz.reduce((total, parser) => total + parser[key], 0);
const attacks = security?.testResults.flatMap((file) => file.assertionResults).filter((test) => test.title.startsWith('attack: ')) ?? [];
const succeeded = attacks.filter((test) => test.status !== 'passed');

const lines = [
  '',
  '| trials | crash points covered | mails checked | lost | duplicated | invalid files | fuzz inputs | crashes | hangs | attacks tried | attacks succeeded |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  crash
    ? `| ${crash.trials} (${crash.randomKills} killed at a random moment, ${crash.notCrashed} finished their work before the kill) | ${crash.crashPoints.points} of ${crash.crashPoints.of} | ${crash.mails} | ${crash.lost} | ${crash.duplicated} | ${crash.invalid} | ${sum('inputs')} | ${sum('crashes')} | ${sum('hangs')} | ${attacks.length} | ${succeeded.length} |`
    : '| the crash harness did not report |',
  '',
  '| parser | inputs | crashes | hangs | slowest input |',
  '| --- | --- | --- | --- | --- |',
  ...fuzz.map(
    (parser) =>
      `| ${parser.parser} | ${parser.inputs} | ${parser.crashes} | ${parser.hangs} | ${parser.worstMs.toFixed(1)} ms for ${parser.worstSize} characters |`,
  ),
  ...(crash?.problems ?? []).map((problem) => `- crash harness: ${problem}`),
  ...succeeded.map((test) => `- attack succeeded: ${test.title.slice('attack: '.length)}`),
  '',
];
process.stdout.write(lines.join('\n'));
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
