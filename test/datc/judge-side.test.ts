import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatc } from '../../src/datc/reader.js';
import { runCases } from '../../src/datc/runner.js';
import { testMap } from '../engine/helpers.js';

describe('the judge-side cases of test/datc/judge-side.txt', () => {
  const file = readDatc(readFileSync(resolve('test', 'datc', 'judge-side.txt'), 'utf8'));
  const outcomes = runCases(file.cases, (variant) => testMap(variant.toLowerCase()));

  it('reads the whole file', () => {
    expect(file.problems).toEqual([]);
    expect(outcomes).toHaveLength(8);
  });

  it.each(outcomes.map((outcome) => [outcome.id, outcome] as const))('%s', (_id, outcome) => {
    expect(outcome.detail).toBe('');
    expect(outcome.passed).toBe(true);
  });
});
