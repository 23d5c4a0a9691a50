/**
 * Index pairs `[i, j]` of a longest common subsequence of `a` and `b`, in increasing order. Common
 * ends are matched first, so the usual case (a few lines changed in the middle) stays cheap.
 */
export function commonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  const { head, tail } = commonEnds(a, b);
  const pairs: [number, number][] = [];
  for (let index = 0; index < head; index++) pairs.push([index, index]);
  pairs.push(...middlePairs(a, b, head, a.length - tail, b.length - tail));
  for (let index = tail; index > 0; index--) pairs.push([a.length - index, b.length - index]);
  return pairs;
}

/** How many first lines (`head`) and, of the rest, last lines (`tail`) `a` and `b` have in common. */
export function commonEnds(a: readonly string[], b: readonly string[]): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

/**
 * Classic dynamic programming over `a[from..aEnd)` and `b[from..bEnd)`. The lines are numbered
 * first (equal lines, equal numbers), so that the table's comparisons, rows times columns of them,
 * compare numbers instead of strings; and a line of `a` that `b` lacks gets no row: its row would
 * equal the one below it, and the walk back through the table would step past it at once, so the
 * pairs are those of the full table. (A column of `b`'s lines that `a` lacks is kept: the walk may
 * stay in it, and dropping it could choose other pairs among equally long ones.)
 */
function middlePairs(a: readonly string[], b: readonly string[], from: number, aEnd: number, bEnd: number): [number, number][] {
  const columns = bEnd - from;
  if (aEnd === from || columns === 0) return [];
  const numbers = new Map<string, number>();
  const bLines = new Int32Array(columns);
  for (let j = 0; j < columns; j++) {
    const line = b[from + j]!;
    let number = numbers.get(line);
    if (number === undefined) {
      number = numbers.size;
      numbers.set(line, number);
    }
    bLines[j] = number;
  }
  // The rows: the positions in `a` of lines that `b` has, and those lines' numbers.
  const positions: number[] = [];
  const rowLines: number[] = [];
  for (let index = from; index < aEnd; index++) {
    const number = numbers.get(a[index]!);
    if (number === undefined) continue;
    positions.push(index);
    rowLines.push(number);
  }
  const rows = positions.length;
  const width = columns + 1;
  // lengths[r * width + j]: the LCS length of a[positions[r]..aEnd) and b[from + j..bEnd).
  const lengths = new Uint32Array((rows + 1) * width);
  for (let r = rows - 1; r >= 0; r--) {
    const line = rowLines[r]!;
    const row = r * width;
    for (let j = columns - 1; j >= 0; j--) {
      lengths[row + j] = line === bLines[j] ? lengths[row + width + j + 1]! + 1 : Math.max(lengths[row + width + j]!, lengths[row + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let r = 0;
  let j = 0;
  while (r < rows && j < columns) {
    if (rowLines[r] === bLines[j]) {
      pairs.push([positions[r]!, from + j]);
      r++;
      j++;
    } else if (lengths[(r + 1) * width + j]! >= lengths[r * width + j + 1]!) r++;
    else j++;
  }
  return pairs;
}
