import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { ADJUSTMENTS, MOVEMENT, RETREATS, formatPhase, normalisePhaseType } from '../map/phase.js';
import type { SubmittedOrder } from '../orders/types.js';
import { adjudicateAdjustments } from './adjustments.js';
import { adjudicateMovement } from './movement/adjudicate.js';
import { lastOrderInCharge } from './movement/followed.js';
import { ownershipChangesAfter, reassignHomes, updateOwnership } from './ownership.js';
import { adjudicateRetreats } from './retreats.js';
import { ruleFlags } from './rules.js';
import type { AdjudicationOptions, PhaseResult, Position } from './types.js';
import { applyVassalage, tearAllegiance } from './vassals.js';
import { victors } from './victory.js';

const NO_DUMMIES: ReadonlySet<string> = new Set();

/**
 * Adjudicates one phase of a game: the orders of every power against the position, giving each
 * order's outcome and the position after the phase. At the end of the last movement or retreat
 * phase before an adjustment phase, supply centers change hands (and NEWHOMES apply), and the
 * VICTORY list is consulted. Pure: nothing is read or written, the input is not changed.
 */
export function adjudicate(map: GameMap, phase: Phase, position: Position, orders: readonly SubmittedOrder[], options: AdjudicationOptions = {}): PhaseResult {
  const flags = ruleFlags(options.rules);
  const type = normalisePhaseType(phase.type);
  let result: { outcomes: PhaseResult['outcomes']; position: Position };
  if (type === MOVEMENT)
    result = adjudicateMovement(map, position, orders, {
      flags,
      dummies: options.dummies ?? NO_DUMMIES,
      followedOrders: options.followedOrders ?? lastOrderInCharge,
    });
  else if (type === RETREATS) result = adjudicateRetreats(map, position, orders, flags);
  else if (type === ADJUSTMENTS) result = adjudicateAdjustments(map, position, orders, flags);
  else throw new Error(`${formatPhase(phase)} is not a phase the judge adjudicates`);
  const retreatsPending = result.position.powers.some((state) => state.retreating.length > 0);
  const adjustmentPhase = type === ADJUSTMENTS ? null : ownershipChangesAfter(map, phase, retreatsPending);
  if (!adjustmentPhase)
    return {
      phase,
      outcomes: result.outcomes,
      position: result.position,
      ownershipUpdated: false,
      centerChanges: [],
      victors: [],
      controllers: null,
      tornAllegiance: [],
    };
  let updated = updateOwnership(map, result.position);
  let controllers = options.controllers ?? new Map<string, string>();
  let vassals: Map<string, string> | null = null;
  let tornAllegiance: PhaseResult['tornAllegiance'] = [];
  if (flags.vassalDummies) {
    const vassalage = applyVassalage(map, updated.position, updated.changes, options.dummies ?? new Set(), controllers);
    updated = vassalage;
    vassals = vassalage.controllers;
    controllers = vassals;
    if (flags.tornAllegiance) {
      const torn = tearAllegiance(map, updated.position, vassals);
      updated = { ...updated, position: torn.position };
      tornAllegiance = torn.torn;
    }
  }
  return {
    phase,
    outcomes: result.outcomes,
    position: reassignHomes(map, updated.position, adjustmentPhase.year),
    ownershipUpdated: true,
    centerChanges: updated.changes,
    victors: victors(map, result.position, updated.position, phase.year, { flags, controllers }),
    controllers: vassals,
    tornAllegiance,
  };
}
