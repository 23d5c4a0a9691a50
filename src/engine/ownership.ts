import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { ADJUSTMENTS, MOVEMENT, RETREATS, nextPhase, normalisePhaseType } from '../map/phase.js';
import { filled } from './arrays.js';
import { isBuildToken } from './builds.js';
import { MapTables } from './tables.js';
import type { CenterChange, Position } from './types.js';

/**
 * Whether supply centers change hands when this phase ends: at the last movement or retreat
 * phase before an adjustment phase, a movement phase handing over to a retreat phase only when
 * no unit has to retreat (the retreat phase is skipped then).
 */
export function ownershipChangesAfter(map: GameMap, phase: Phase, retreatsPending: boolean): Phase | null {
  const flow = map.data.flow;
  let next: Phase;
  try {
    next = nextPhase(flow, phase);
  } catch {
    return null;
  }
  if (normalisePhaseType(phase.type) === MOVEMENT && normalisePhaseType(next.type) === RETREATS) {
    if (retreatsPending) return null;
    next = nextPhase(flow, next);
  }
  return normalisePhaseType(next.type) === ADJUSTMENTS ? next : null;
}

/** Each supply center occupied by a unit passes to the unit's power. */
export function updateOwnership(map: GameMap, position: Position): { position: Position; changes: CenterChange[] } {
  const tables = MapTables.of(map);
  const { changes, owner, irregular } = centerChanges(tables, position);
  if (changes.length === 0) return { position, changes };
  let lastListed: Map<string, string> | null = null;
  const owns = (center: string, power: number): boolean => {
    const id = tables.id(center);
    if (id >= 0) return owner[id] === power;
    // A center named by no location of the map stays with the last power listing it.
    lastListed ??= new Map(position.powers.flatMap((state) => state.centers.map((listed) => [listed, state.name] as const)));
    return lastListed.get(center) === position.powers[power]!.name;
  };
  const losers = new Set(changes.map((change) => change.from));
  const powers = position.powers.map((state, power) => {
    // Only a power that lost a center has centers to drop, unless the lists were irregular.
    const kept = irregular || losers.has(state.name) ? state.centers.filter((center) => isBuildToken(center) || owns(center, power)) : state.centers;
    const gained = changes.filter((change) => change.to === state.name).map((change) => change.center);
    // Positions are values: a power whose centers stay as they were keeps its state.
    return gained.length === 0 && kept.length === state.centers.length ? state : { ...state, centers: [...kept, ...gained] };
  });
  return { position: { powers }, changes };
}

/**
 * The centers that pass to the power of the unit on them, in the order of the powers and units, and
 * then each province's owner (a power index, -1 for none). Asked after every game year: it works
 * on ids, not names.
 */
function centerChanges(tables: MapTables, position: Position): { changes: CenterChange[]; owner: number[]; irregular: boolean } {
  const powers = position.powers;
  // The last power to list a center owns it.
  const owner = filled(tables.count, -1);
  let irregular = false;
  powers.forEach((state, power) => {
    for (const center of state.centers) {
      if (isBuildToken(center)) continue;
      const id = tables.id(center);
      // A center two powers list, or one off the map: every power's list is then filtered.
      if (id < 0 || owner[id]! >= 0) irregular = true;
      if (id < 0) continue;
      owner[id] = power;
    }
  });
  const changes: CenterChange[] = [];
  powers.forEach((state, power) => {
    for (const unit of state.units) {
      const location = tables.id(unit.location);
      const province = location < 0 ? -1 : tables.provinceOf[location]!;
      if (province < 0 || tables.center[province] !== 1 || owner[province] === power) continue;
      const from = owner[province]!;
      changes.push({ center: tables.abbrev(province), from: from < 0 ? null : powers[from]!.name, to: state.name });
      owner[province] = power;
    }
  });
  return { changes, owner, irregular };
}

/** NEWHOMES: in the listed years every power's home centers become the centers it owns. */
export function reassignHomes(map: GameMap, position: Position, year: number): Position {
  if (!map.data.newHomes.includes(year)) return position;
  return { powers: position.powers.map((state) => ({ ...state, homes: state.centers.filter((center) => !isBuildToken(center)) })) };
}
