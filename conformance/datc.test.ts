import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDatc } from '../src/datc/reader.js';
import { runCases } from '../src/datc/runner.js';
import { testMap } from '../test/engine/helpers.js';
import { DATC_FILE } from './corpus.js';

describe('the DATC file of the corpus', () => {
  it('passes every case on the standard map', () => {
    const file = readDatc(readFileSync(DATC_FILE, 'utf8'));
    expect(file.problems).toEqual([]);
    const outcomes = runCases(file.cases, () => testMap('standard'));
    expect(outcomes.filter((outcome) => !outcome.passed).map((outcome) => `${outcome.id}: ${outcome.detail}`)).toEqual([]);
    expect(outcomes).toHaveLength(167);
  });
});
