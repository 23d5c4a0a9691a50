// The ten slowest test files of a vitest run, to keep `npm test` within its time budget.
//   node scripts/slowest-tests.mjs [vitest options]   runs `vitest run` with them, then prints
//   node scripts/slowest-tests.mjs report.json         prints from a report of `--reporter=json`
// A file's time is from its first test's set-up to its last test's end; loading its modules is not in it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const SHOWN = 10;
const args = process.argv.slice(2);

function runVitest() {
  const folder = mkdtempSync(join(tmpdir(), 'vitest-report-'));
  const report = join(folder, 'report.json');
  const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], { stdio: 'inherit' });
  const text = existsSync(report) ? readFileSync(report, 'utf8') : null;
  rmSync(folder, { recursive: true, force: true });
  if (text === null) process.exit(vitest.status ?? 1);
  return { text, status: vitest.status ?? 1 };
}

const fromFile = args.length === 1 && args[0].endsWith('.json');
const { text, status } = fromFile ? { text: readFileSync(args[0], 'utf8'), status: 0 } : runVitest();
const report = JSON.parse(text);
const files = report.testResults
  .map((file) => ({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime, tests: file.assertionResults.length }))
  .sort((a, b) => b.ms - a.ms);
const end = Math.max(...report.testResults.map((file) => file.endTime));
console.log(
  `\n${report.numTotalTests} tests in ${files.length} files, ${((end - report.startTime) / 1000).toFixed(1)} s from start to the last test's end; the ${SHOWN} slowest files:`,
);
for (const file of files.slice(0, SHOWN))
  console.log(`${(file.ms / 1000).toFixed(1).padStart(7)} s  ${file.name} (${file.tests} test${file.tests === 1 ? '' : 's'})`);
process.exit(status);
