import { commonSubsequence } from './lcs.js';

/** A run of changed lines: `before` (from line `beforeLine`) became `after` (from line `afterLine`). */
export interface LineChange {
  readonly beforeLine: number;
  readonly before: readonly string[];
  readonly afterLine: number;
  readonly after: readonly string[];
}

/** The changed runs between two versions of a file, each side numbered from 1. */
export function lineChanges(before: readonly string[], after: readonly string[]): LineChange[] {
  const pairs = commonSubsequence(before, after);
  pairs.push([before.length, after.length]);
  const changes: LineChange[] = [];
  let beforeAt = 0;
  let afterAt = 0;
  for (const [matchedBefore, matchedAfter] of pairs) {
    if (matchedBefore > beforeAt || matchedAfter > afterAt)
      changes.push({
        beforeLine: beforeAt + 1,
        before: before.slice(beforeAt, matchedBefore),
        afterLine: afterAt + 1,
        after: after.slice(afterAt, matchedAfter),
      });
    beforeAt = matchedBefore + 1;
    afterAt = matchedAfter + 1;
  }
  return changes;
}
