import { filled } from './arrays.js';
import type { Board } from './board.js';

/**
 * Which units a power that ordered too few removals loses (DATC 4.D.8 / the 2000 rulebook): the
 * farthest from any of its home centers first, counting provinces as if armies could cross water
 * and fleets land; among equals fleets before armies, then by province name.
 */
export function disorderRemovals(board: Board, power: number, candidates: readonly number[], count: number): number[] {
  const distance = distancesFromHomes(board, power);
  const tables = board.tables;
  const ranked = [...candidates].sort((a, b) => {
    const unitA = board.units[a]!;
    const unitB = board.units[b]!;
    const far = distance[unitA.province]!;
    const farther = distance[unitB.province]!;
    if (far !== farther) return far > farther ? -1 : 1;
    if (unitA.type !== unitB.type) return unitA.type === 'F' ? -1 : 1;
    return tables.name(unitA.province).localeCompare(tables.name(unitB.province));
  });
  return ranked.slice(0, count);
}

/** Province id → provinces to the nearest home center; unreachable provinces count as infinitely far. */
function distancesFromHomes(board: Board, power: number): number[] {
  const tables = board.tables;
  const distance = filled(tables.count, Number.POSITIVE_INFINITY);
  const queue: number[] = [];
  for (const home of board.powers[power]!.homes) {
    const id = tables.id(home);
    if (id < 0) continue;
    const province = tables.provinceOf[id]!;
    if (distance[province] !== 0) queue.push(province);
    distance[province] = 0;
  }
  for (let head = 0; head < queue.length; head++) {
    const province = queue[head]!;
    for (const reached of tables.passableProvinces[province]!) {
      if (distance[reached] === Number.POSITIVE_INFINITY) {
        distance[reached] = distance[province]! + 1;
        queue.push(reached);
      }
    }
  }
  return distance;
}
