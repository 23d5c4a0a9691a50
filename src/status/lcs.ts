/**
 * Index pairs `[i, j]` of a longest common subsequence of `a` and `b`, in increasing order. Common
 * ends are matched first, so the usual case (a few lines changed in the middle) stays cheap.
 */
export function commonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const pairs: [number, number][] = [];
  for (let index = 0; index < head; index++) pairs.push([index, index]);
  pairs.push(...middlePairs(a, b, head, a.length - tail, b.length - tail));
  for (let index = tail; index > 0; index--) pairs.push([a.length - index, b.length - index]);
  return pairs;
}

/**
 * Classic dynamic programming over `a[from..aEnd)` and `b[from..bEnd)`. The lines are numbered
 * first (equal lines, equal numbers), so that the table's comparisons, rows times columns of them
 * (a few thousand for a movement phase's status file), compare numbers instead of strings.
 */
function middlePairs(a: readonly string[], b: readonly string[], from: number, aEnd: number, bEnd: number): [number, number][] {
  const rows = aEnd - from;
  const columns = bEnd - from;
  if (rows === 0 || columns === 0) return [];
  const numbers = new Map<string, number>();
  const numbered = (lines: readonly string[], end: number): Int32Array => {
    const result = new Int32Array(end - from);
    for (let index = from; index < end; index++) {
      const line = lines[index]!;
      let number = numbers.get(line);
      if (number === undefined) {
        number = numbers.size;
        numbers.set(line, number);
      }
      result[index - from] = number;
    }
    return result;
  };
  const aLines = numbered(a, aEnd);
  const bLines = numbered(b, bEnd);
  const width = columns + 1;
  // lengths[i * width + j]: the LCS length of a[from + i..aEnd) and b[from + j..bEnd).
  const lengths = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    const line = aLines[i]!;
    const row = i * width;
    for (let j = columns - 1; j >= 0; j--) {
      lengths[row + j] = line === bLines[j] ? lengths[row + width + j + 1]! + 1 : Math.max(lengths[row + width + j]!, lengths[row + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (aLines[i] === bLines[j]) {
      pairs.push([from + i, from + j]);
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i++;
    else j++;
  }
  return pairs;
}
