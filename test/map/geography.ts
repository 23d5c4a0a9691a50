import type { GameMap } from '../../src/map/game-map.js';
import type { UnitType } from '../../src/map/model.js';

/** A map's geography as comparable values, for tests that hold two maps against each other. */

export const UNIT_TYPES: UnitType[] = ['A', 'F'];

export function provinces(map: GameMap): Set<string> {
  return new Set(map.locations.map((location) => location.province));
}

/** Every direct move a unit of this type can make, as sorted `FROM-TO` strings. */
export function moveGraph(map: GameMap, type: UnitType): string[] {
  const moves: string[] = [];
  for (const from of map.locations) {
    if (!map.mayOccupy(type, from.abbrev)) continue;
    for (const to of map.locations) if (map.canMove(type, from.abbrev, to.abbrev)) moves.push(`${from.abbrev}-${to.abbrev}`);
  }
  return moves.sort();
}
