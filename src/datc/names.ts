import type { GameMap } from '../map/game-map.js';
import type { Power } from '../map/model.js';

/** Edit distance counting an adjacent swap as one edit (`Germnay` is one from `Germany`). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** Typos tolerated in a power name, at most. */
const MOST_TYPOS = 2;

/**
 * The power a DATC file means, read the way a lenient judge would: exact name, adjective or
 * initial, else the only power the text is a prefix of, else the only one within two typos.
 */
export function findPower(map: GameMap, written: string): Power | null {
  const text = written.toUpperCase().replace(/[^\p{L}\p{N}+_]/gu, '');
  const names = (power: Power): string[] => [power.name, power.displayName.toUpperCase(), power.ownWord.toUpperCase()];
  const exact = map.powers.find((power) => names(power).includes(text) || power.abbrev === text);
  if (exact) return exact;
  const prefixed = map.powers.filter((power) => names(power).some((name) => name.startsWith(text)));
  if (text.length > 1 && prefixed.length === 1) return prefixed[0]!;
  const ranked = map.powers.map((power) => ({ power, distance: Math.min(...names(power).map((name) => editDistance(text, name))) }));
  const nearest = Math.min(...ranked.map((entry) => entry.distance));
  const closest = ranked.filter((entry) => entry.distance === nearest);
  return nearest <= MOST_TYPOS && closest.length === 1 ? closest[0]!.power : null;
}
