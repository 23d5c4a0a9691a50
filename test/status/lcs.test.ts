import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonEnds, commonSubsequence } from '../../src/status/lcs.js';

/**
 * The function as it was first written (its common ends matched as they still are), its table
 * comparing the lines themselves with a row for every line: the audit log's entries must keep
 * naming the same changed lines, so the pairs chosen among equally long subsequences (the ties)
 * must be the same, not only their number.
 */
function referencePairs(a: readonly string[], b: readonly string[]): [number, number][] {
  const { head, tail } = commonEnds(a, b);
  const pairs: [number, number][] = [];
  for (let index = 0; index < head; index++) pairs.push([index, index]);
  const rows = a.length - tail - head;
  const columns = b.length - tail - head;
  const width = columns + 1;
  const lengths = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--)
    for (let j = columns - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[head + i] === b[head + j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (a[head + i] === b[head + j]) pairs.push([head + i++, head + j++]);
    else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i++;
    else j++;
  }
  for (let index = tail; index > 0; index--) pairs.push([a.length - index, b.length - index]);
  return pairs;
}

describe('the longest common subsequence of two files’ lines', () => {
  it('pairs the same lines as the table over the lines themselves, ties included', () => {
    // Few distinct lines, so that most pairs of files have many subsequences of the longest length.
    const lines = fc.array(fc.constantFrom('A PAR', 'A PAR ', 'F BRE', 'ORDERS', '', 'A par', 'F LON - NTH'), { maxLength: 40 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        expect(commonSubsequence(a, b)).toEqual(referencePairs(a, b));
      }),
      { numRuns: 3000 },
    );
  });
});
