import type { MapDefinition } from '../map/definition.js';
import { playedPhase, type GameStatus, type PowerStatus } from '../status/model.js';
import { orderPhaseOf, waitRequested, type LatePower } from './orders.js';
import { positionOf } from './position.js';
import type { OperationRules } from './rules.js';
import type { Variant } from './variant-record.js';

/** The late powers, each with the units it has left without an order: who owes what is the variant's to say (`Variant.lateness`). */
export function lateness(game: GameStatus, maps: MapDefinition, operationRules: OperationRules, variant: Variant): LatePower[] {
  const phase = playedPhase(game);
  if (phase === null || !orderPhaseOf(phase)) return [];
  const map = maps.at(phase);
  const rules = operationRules.of(game, map);
  // A dummy owes orders when someone controls it, or when the Master is to order it (no CD_DUMMIES).
  const owes = (power: PowerStatus) => power.player?.current !== 'DUMMY' || power.control.length > 0 || !rules.has('CD_DUMMIES');
  return variant.lateness(game, { map, position: positionOf(game, map), phase, rules }, owes);
}

/** Powers that owe orders for the current phase and lack some on file (dummies without a controller owe none). */
export function latePowers(game: GameStatus, maps: MapDefinition, rules: OperationRules, variant: Variant): string[] {
  return lateness(game, maps, rules, variant).map((late) => late.power);
}

/** The game with DELAY 1 when every power that owes orders has them and none waits, and without it when that stops being so. */
export function withReadiness(game: GameStatus, maps: MapDefinition, rules: OperationRules, variant: Variant): GameStatus {
  const waiting = waitRequested(game, rules.of(game, maps.base));
  const ready = latePowers(game, maps, rules, variant).length === 0 && !waiting;
  // Orders that complete a late phase (DELAY 24 after a late notice) process at the next check too.
  if (ready && (game.delay === null || game.delay > 1)) return { ...game, delay: 1 };
  if (!ready && game.delay === 1) return { ...game, delay: null };
  return game;
}
