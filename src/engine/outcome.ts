import { checkOrder } from './legality/check.js';
import { formatOrder } from '../orders/format.js';
import type { Order, OrderPhase, SubmittedOrder } from '../orders/types.js';
import type { Board } from './board.js';
import type { RuleFlags } from './rules.js';
import type { OrderOutcome, OutcomeMark } from './types.js';

/** An order's outcome; `text` is the order's canonical text when it is already made. */
export function newOutcome(power: string, order: Order, succeeded: boolean, marks: OutcomeMark[], reason: string, text = formatOrder(order)): OrderOutcome {
  return { power, order, text, succeeded, marks, reason };
}

/**
 * Checks a submitted order at processing. A refused order becomes its outcome, marked `illegal`;
 * a legal one comes back completed, with its power's index.
 */
export function checkSubmitted(
  board: Board,
  submitted: SubmittedOrder,
  phase: OrderPhase,
  flags: RuleFlags,
): { ok: true; power: number; order: Order } | { ok: false; outcome: OrderOutcome } {
  const power = board.powerIndex(submitted.power);
  const checked = power < 0 ? null : checkOrder(board, power, submitted.order, phase, flags);
  if (checked?.ok) return { ok: true, power, order: checked.value };
  const reason = checked ? checked.reason : `${submitted.power} is not a power in this game`;
  return { ok: false, outcome: newOutcome(submitted.power, submitted.order, false, ['illegal'], reason) };
}
