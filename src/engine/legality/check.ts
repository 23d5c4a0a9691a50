import type { Board } from '../board.js';
import type { RuleFlags } from '../rules.js';
import { refuse, type Verdict } from '../../common/verdict.js';
import type { MovementOrder, Order, OrderPhase } from '../../orders/types.js';
import { checkAdjustmentOrder } from './adjustment.js';
import { checkMovementOrder } from './movement.js';
import { checkRetreatOrder } from './retreat.js';

const PHASE_OF_KIND: Record<Order['kind'], OrderPhase> = {
  hold: 'MOVEMENT',
  move: 'MOVEMENT',
  support: 'MOVEMENT',
  convoy: 'MOVEMENT',
  proxy: 'MOVEMENT',
  retreat: 'RETREATS',
  disband: 'RETREATS',
  build: 'ADJUSTMENTS',
  remove: 'ADJUSTMENTS',
  waive: 'ADJUSTMENTS',
};

const PHASE_WORDS: Record<OrderPhase, string> = { MOVEMENT: 'movement', RETREATS: 'retreat', ADJUSTMENTS: 'adjustment' };

export function isMovementOrder(order: Order): order is MovementOrder {
  return PHASE_OF_KIND[order.kind] === 'MOVEMENT';
}

/** Why an order of this kind cannot be given in this phase, or null when it can. */
export function phaseMismatch(order: Order, phase: OrderPhase): string | null {
  const orderPhase = PHASE_OF_KIND[order.kind];
  return orderPhase === phase ? null : `a ${order.kind} order belongs in a ${PHASE_WORDS[orderPhase]} phase, not a ${PHASE_WORDS[phase]} phase`;
}

/**
 * Whether `power` may give this order now, and the order completed from the board (unit types,
 * the fleet's coast, the unit's real location). The same check refuses orders at entry and voids
 * them at processing in NO_CHECK games. An `immobile` power (a dummy under IMMOBILE_DUMMIES) may
 * not order a move; the rules in `flags` widen what may be ordered (CONVOY_BACK, COASTAL_CONVOY,
 * SIGNAL_SUPPORT) and which builds are allowed; the game's `dummies` may not be proxied to.
 */
export function checkOrder(
  board: Board,
  power: number,
  order: Order,
  phase: OrderPhase,
  flags: RuleFlags,
  immobile = false,
  dummies?: ReadonlySet<string>,
): Verdict<Order> {
  const mismatch = phaseMismatch(order, phase);
  if (mismatch) return refuse(mismatch);
  switch (order.kind) {
    case 'hold':
    case 'move':
    case 'support':
    case 'convoy':
    case 'proxy':
      return checkMovementOrder(board, power, order, flags, immobile, dummies);
    case 'retreat':
    case 'disband':
      return checkRetreatOrder(board, power, order);
    case 'build':
    case 'remove':
    case 'waive':
      return checkAdjustmentOrder(board, power, order, flags);
  }
}
