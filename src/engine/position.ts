import type { GameMap } from '../map/game-map.js';
import type { Position, PowerState, RetreatingUnit, Unit } from './types.js';

/**
 * A power's state with other units; built field by field, as object spread is slow on the
 * adjudicator's hot path. The centre and home lists are shared, not copied: a position is a value
 * that nothing changes once made, and a phase that changes them makes new lists.
 */
export function withUnits(state: PowerState, units: Unit[], retreating: RetreatingUnit[]): PowerState {
  const copy: PowerState = {
    name: state.name,
    units,
    retreating,
    centers: state.centers,
    homes: state.homes,
    claimCredits: state.claimCredits,
  };
  if (state.reserves !== undefined) copy.reserves = state.reserves;
  if (state.militia !== undefined) copy.militia = state.militia;
  return copy;
}

/** The position a game on this map starts from: the map's units, owned centers and homes. */
export function initialPosition(map: GameMap): Position {
  return {
    powers: map.powers.map((power) => ({
      name: power.name,
      units: power.units.map((unit) => ({ type: unit.type, location: unit.location })),
      retreating: [],
      centers: [...power.owns],
      homes: [...power.homes],
      claimCredits: power.sites.claimCredits,
    })),
  };
}
