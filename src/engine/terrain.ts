import type { GameMap } from '../map/game-map.js';
import type { UnitType } from '../map/model.js';
import type { RuleFlags } from './rules.js';
import type { Position, Unit } from './types.js';

/**
 * Units on maps whose terrain changes with the phase (IN/FROM directives), as the new phase's map
 * begins. A unit its space no longer suits (a fleet on land, anything on a SHUT space, an army at
 * sea) is destroyed, unless:
 * - HIBERNATE: it stays, holding, on a space that is now SHUT or, for a fleet, landlocked, until
 *   the space suits it again;
 * - UNITS_ADAPT: it becomes the other kind of unit if that kind may stand there (HIBERNATE first,
 *   so only armies at sea adapt when both rules apply); a fleet whose space gains or loses coasts
 *   moves to a coast (the first its map lists) or to the province.
 */

export interface TerrainChange {
  power: string;
  /** The unit as it stood (`F ARC`). */
  unit: string;
  /** What became of it: `destroyed`, `hibernates`, or the unit it became (`A BLA`). */
  became: string;
}

function sameProvinceSpot(map: GameMap, type: UnitType, location: string): string | null {
  const province = map.location(location)?.province;
  if (province === undefined) return null;
  const spots = map.provinceLocations(province).filter((spot) => map.mayOccupy(type, spot.abbrev));
  const coast = spots.find((spot) => spot.coast !== null);
  return (type === 'F' && coast ? coast : spots[0])?.abbrev ?? null;
}

function settle(map: GameMap, unit: Unit, flags: RuleFlags): Unit | 'destroyed' | 'hibernates' {
  if (map.mayOccupy(unit.type, unit.location)) return unit;
  const moved = sameProvinceSpot(map, unit.type, unit.location);
  if (moved !== null && flags.unitsAdapt) return { type: unit.type, location: moved };
  if (flags.hibernate && map.mayHibernate(unit.type, unit.location)) return 'hibernates';
  if (flags.unitsAdapt) {
    const other: UnitType = unit.type === 'A' ? 'F' : 'A';
    const spot = sameProvinceSpot(map, other, unit.location);
    if (spot !== null) return { type: other, location: spot };
  }
  return 'destroyed';
}

/**
 * The position as the phase played on `map` begins, with every unit whose terrain changed since the
 * phase played on `before` (a unit already hibernating is not reported again).
 */
export function settleOnTerrain(before: GameMap, map: GameMap, position: Position, flags: RuleFlags): { position: Position; changes: TerrainChange[] } {
  const changes: TerrainChange[] = [];
  const powers = position.powers.map((state) => {
    const units: Unit[] = [];
    for (const unit of state.units) {
      const settled = settle(map, unit, flags);
      if (settled === unit) {
        units.push(unit);
        continue;
      }
      const text = `${unit.type} ${unit.location}`;
      if (settled === 'destroyed') changes.push({ power: state.name, unit: text, became: 'destroyed' });
      else if (settled === 'hibernates') {
        units.push(unit);
        if (before.mayOccupy(unit.type, unit.location)) changes.push({ power: state.name, unit: text, became: 'hibernates' });
      } else {
        units.push(settled);
        changes.push({ power: state.name, unit: text, became: `${settled.type} ${settled.location}` });
      }
    }
    return units.length === state.units.length && units.every((unit, index) => unit === state.units[index]) ? state : { ...state, units };
  });
  return { position: changes.length === 0 ? position : { powers }, changes };
}
