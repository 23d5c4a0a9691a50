import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatc } from '../../src/datc/reader.js';
import { runCases } from '../../src/datc/runner.js';
import { readAnyMap } from '../../src/map/catalog.js';

/** The high-sea cases of test/datc/high-seas.txt, on test/maps/map.highseas. */
describe('the nJudge high-sea cases of test/datc/high-seas.txt', () => {
  const file = readDatc(readFileSync(resolve('test', 'datc', 'high-seas.txt'), 'utf8'));
  const map = readAnyMap(join('test', 'maps', 'map.highseas')).base;
  const outcomes = runCases(file.cases, () => map);

  it('reads the whole file', () => {
    expect(file.problems).toEqual([]);
    expect(outcomes).toHaveLength(14);
  });

  it.each(outcomes.map((outcome) => [outcome.id, outcome] as const))('%s', (_id, outcome) => {
    expect(outcome.detail).toBe('');
    expect(outcome.passed).toBe(true);
  });
});
