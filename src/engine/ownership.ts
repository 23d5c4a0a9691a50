import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { ADJUSTMENTS, MOVEMENT, RETREATS, nextPhase, normalisePhaseType } from '../map/phase.js';
import { isBuildToken } from './builds.js';
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
  const owner = new Map<string, string>();
  for (const state of position.powers) for (const center of state.centers) if (!isBuildToken(center)) owner.set(center, state.name);
  const changes: CenterChange[] = [];
  for (const state of position.powers) {
    for (const unit of state.units) {
      const province = map.location(unit.location)?.province;
      if (province === undefined || !map.isCenter(province) || owner.get(province) === state.name) continue;
      changes.push({ center: province, from: owner.get(province) ?? null, to: state.name });
      owner.set(province, state.name);
    }
  }
  if (changes.length === 0) return { position, changes };
  const powers = position.powers.map((state) => ({
    ...state,
    centers: [
      ...state.centers.filter((center) => isBuildToken(center) || owner.get(center) === state.name),
      ...changes.filter((change) => change.to === state.name).map((change) => change.center),
    ],
  }));
  return { position: { powers }, changes };
}

/** NEWHOMES: in the listed years every power's home centers become the centers it owns. */
export function reassignHomes(map: GameMap, position: Position, year: number): Position {
  if (!map.data.newHomes.includes(year)) return position;
  return { powers: position.powers.map((state) => ({ ...state, homes: state.centers.filter((center) => !isBuildToken(center)) })) };
}
