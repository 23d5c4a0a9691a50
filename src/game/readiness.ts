import type { MapDefinition } from '../map/definition.js';
import { findPower, playedPhase, type GameStatus } from '../status/model.js';
import { duties } from './duties.js';
import { hasOrders, orderPhaseOf, unorderedUnits, waitRequested, type LatePower } from './orders.js';
import { positionOf } from './position.js';
import type { OperationRules } from './rules.js';

/** The late powers, each with the units it has left without an order. */
export function lateness(game: GameStatus, maps: MapDefinition, operationRules: OperationRules): LatePower[] {
  const phase = playedPhase(game);
  if (phase === null) return [];
  const orderPhase = orderPhaseOf(phase);
  if (!orderPhase) return [];
  const map = maps.at(phase);
  const rules = operationRules.of(game, map);
  return (
    duties(map, phase, positionOf(game, map), rules)
      .map((duty) => findPower(game, duty.power))
      .filter((power) => power !== undefined)
      // A dummy owes orders when someone controls it, or when the Master is to order it (no CD_DUMMIES).
      .filter((power) => power.player?.current !== 'DUMMY' || power.control.length > 0 || !rules.has('CD_DUMMIES'))
      .map((power) => ({
        power: power.name,
        ordered: hasOrders(power, orderPhase),
        unordered: unorderedUnits(power, orderPhase, !rules.has('DEFAULT_UNORDERED')),
      }))
      .filter((power) => !power.ordered || power.unordered.length > 0)
      .map(({ power, ordered, unordered }) => ({ power, unordered: ordered ? unordered : [] }))
  );
}

/** Powers that owe orders for the current phase and lack some on file (dummies without a controller owe none). */
export function latePowers(game: GameStatus, maps: MapDefinition, rules: OperationRules): string[] {
  return lateness(game, maps, rules).map((late) => late.power);
}

/** The game with DELAY 1 when every power that owes orders has them and none waits, and without it when that stops being so. */
export function withReadiness(game: GameStatus, maps: MapDefinition, rules: OperationRules): GameStatus {
  const waiting = waitRequested(game, rules.of(game, maps.base));
  const ready = latePowers(game, maps, rules).length === 0 && !waiting;
  // Orders that complete a late phase (DELAY 24 after a late notice) process at the next check too.
  if (ready && (game.delay === null || game.delay > 1)) return { ...game, delay: 1 };
  if (!ready && game.delay === 1) return { ...game, delay: null };
  return game;
}
