import type { GameMap } from '../map/game-map.js';
import type { Position, PowerState } from '../engine/types.js';
import { MAP_POWER_ROLE, type GameStatus, type PowerStatus, type StatusUnit } from '../status/model.js';

/**
 * The board lives in the status file (units, `-->` retreat lists, OWNS, HOME); the adjudicator
 * works on a Position. These two functions are the only translation between them.
 */

function isMapPower(power: PowerStatus, map: GameMap): boolean {
  return power.role === MAP_POWER_ROLE && map.power(power.name) !== undefined;
}

function powerState(map: GameMap, power: PowerStatus): PowerState {
  const mapPower = map.power(power.name)!;
  const homes = power.homes ? [...power.homes] : [...mapPower.homes];
  const claimed = homes.filter((home) => !mapPower.homes.includes(home)).length;
  return {
    name: mapPower.name,
    units: power.units.filter((unit) => unit.retreats === null).map((unit) => ({ type: unit.type, location: unit.location })),
    retreating: power.units
      .filter((unit) => unit.retreats !== null)
      .map((unit) => ({ type: unit.type, location: unit.location, retreats: [...unit.retreats!] })),
    centers: [...power.owns],
    homes,
    claimCredits: Math.max(0, mapPower.sites.claimCredits - claimed),
    ...(power.player?.current === 'RESIGNED' && { resigned: true }),
  };
}

/** The position a status file describes: every map power, including those the file has no block for. */
export function positionOf(game: GameStatus, map: GameMap): Position {
  return {
    powers: map.powers.map((mapPower) => {
      const power = game.powers.find((candidate) => candidate.name === mapPower.name && isMapPower(candidate, map));
      return power ? powerState(map, power) : { name: mapPower.name, units: [], retreating: [], centers: [], homes: [...mapPower.homes], claimCredits: 0 };
    }),
  };
}

function statusUnits(state: PowerState): StatusUnit[] {
  return [
    ...state.units.map((unit) => ({ type: unit.type, location: unit.location, retreats: null })),
    ...state.retreating.map((unit) => ({ type: unit.type, location: unit.location, retreats: [...unit.retreats] })),
  ];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Writes a position back into the status model, touching only units, OWNS and HOME. */
export function withPosition(game: GameStatus, map: GameMap, position: Position): GameStatus {
  return {
    ...game,
    powers: game.powers.map((power) => {
      if (!isMapPower(power, map)) return power;
      const state = position.powers.find((candidate) => candidate.name === power.name);
      if (!state) return power;
      const mapHomes = map.power(power.name)!.homes;
      return {
        ...power,
        units: statusUnits(state),
        owns: [...state.centers],
        homes: sameList(state.homes, mapHomes) ? null : [...state.homes],
      };
    }),
  };
}
