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
