import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatc } from '../../src/datc/reader.js';
import { runCases } from '../../src/datc/runner.js';
import { testMap } from '../engine/helpers.js';
import { JudgeProcess, temporaryFolder } from '../mail/support/judge-setup.js';

/**
 * The judge-side cases (test/datc/judge-side.txt) and the nJudge high-sea cases
 * (test/datc/high-seas.txt); their variants are maps/standard.map and the maps of test/maps.
 */
describe.each([
  ['judge-side.txt', 8],
  ['high-seas.txt', 14],
])('the cases of test/datc/%s', (name, count) => {
  const file = readDatc(readFileSync(resolve('test', 'datc', name), 'utf8'));
  const outcomes = runCases(file.cases, (variant) => testMap(variant.toLowerCase()));

  it('reads the whole file', () => {
    expect(file.problems).toEqual([]);
    expect(outcomes).toHaveLength(count);
  });

  it.each(outcomes.map((outcome) => [outcome.id, outcome] as const))('%s', (_id, outcome) => {
    expect(outcome.detail).toBe('');
    expect(outcome.passed).toBe(true);
  });
});

// `judge datc` finds a variant's map as a game does, so nJudge's `map.<variant>` runs from the command line too.
it('`judge datc` runs the high-sea cases on the nJudge map test/maps/map.highseas', async () => {
  const run = JudgeProcess.cli(['datc', resolve('test', 'datc', 'high-seas.txt'), '--maps', resolve('test', 'maps')], temporaryFolder('judge-datc-'));
  expect(await run.exited).toBe(0);
  expect(run.lines.at(-1)).toBe('14 passed, 0 failed');
});

describe('`judge datc` on cases it once stopped at (test/datc/impossible.txt)', () => {
  it('runs a retreat case without PRESTATE_RESULTS, fails only the case with two units in one province, and runs the rest', () => {
    const file = readDatc(readFileSync(resolve('test', 'datc', 'impossible.txt'), 'utf8'));
    const outcomes = runCases(file.cases, (variant) => testMap(variant.toLowerCase()));
    expect(outcomes.map((outcome) => [outcome.id, outcome.passed])).toEqual([
      ['retreat-without-results', true],
      ['two-units-in-one-province', false],
      ['after-the-impossible-one', true],
    ]);
    expect(outcomes[1]!.detail).toMatch(/^the case's position is impossible: .*WAR/);
  });

  it('prints the failure, the other cases and the summary', async () => {
    const run = JudgeProcess.cli(['datc', resolve('test', 'datc', 'impossible.txt'), '--maps', resolve('maps')], temporaryFolder('judge-datc-'));
    expect(await run.exited).toBe(1);
    expect(run.lines.filter((line) => /^(PASS|FAIL) /.test(line)).map((line) => line.split(':')[0])).toEqual([
      'PASS retreat-without-results',
      'FAIL two-units-in-one-province',
      'PASS after-the-impossible-one',
    ]);
    expect(run.lines.at(-1)).toBe('2 passed, 1 failed');
  });
});
