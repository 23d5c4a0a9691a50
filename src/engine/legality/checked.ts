import { formatOrder } from '../../orders/format.js';
import type { MovementOrder, SubmittedOrder } from '../../orders/types.js';
import type { Board } from '../board.js';
import type { RuleFlags } from '../rules.js';
import type { CheckedMovement } from './movement.js';

/**
 * A movement order as an OrderReader accepted it, with the integer ids its check found. The
 * adjudicator takes them as they are when it adjudicates the very position the reader checked
 * against, under the same rules: the check that refused or completed the order at entry is not
 * made twice. `ruleFlags` gives equal rules one object, so the same rules are told by identity.
 * Positions are values, never changed once read (see `Position`).
 */
export interface CheckedSubmission extends SubmittedOrder {
  readonly order: MovementOrder;
  readonly checked: CheckedMovement;
  /** The order's canonical text, which the reader answers with and the results repeat. */
  readonly text: string;
  readonly checkedOn: Board;
  readonly flags: RuleFlags;
  readonly immobile: boolean;
  /** The power the order was checked for (under ORDER_ANY not always the unit's owner). */
  readonly checkedFor: string;
  /** That power's index on the board: the same on any board of the same map and position. */
  readonly checkedForIndex: number;
}

/** `checkedForIndex` is `power`'s index on `board`, which the reader already holds. */
export function checkedSubmission(
  power: string,
  checkedForIndex: number,
  checked: CheckedMovement,
  board: Board,
  flags: RuleFlags,
  immobile: boolean,
): CheckedSubmission {
  return { power, order: checked.order, checked, text: formatOrder(checked.order), checkedOn: board, flags, immobile, checkedFor: power, checkedForIndex };
}

/**
 * The check made at entry, when it holds here: the same map and position (so the same unit and
 * power indexes), the same rules, the order given by the power it was checked for and not changed
 * since; else null. The power's index is the one it was checked under.
 */
export function priorCheck(submitted: SubmittedOrder, board: Board, flags: RuleFlags, immobile: readonly boolean[]): CheckedSubmission | null {
  if (!('checkedOn' in submitted)) return null;
  const prior = submitted as CheckedSubmission;
  const on = prior.checkedOn;
  // Orders read for the phase were checked on this very board: one comparison then says so.
  if (on !== board && (on.position !== board.position || on.map !== board.map)) return null;
  if (prior.order !== prior.checked.order) return null;
  return prior.checkedFor === prior.power && prior.flags === flags && prior.immobile === immobile[prior.checkedForIndex] ? prior : null;
}

/** The canonical text of a submitted order: the one its check at entry made, else made now. */
export function canonicalText(submitted: SubmittedOrder): string {
  const made = 'checkedOn' in submitted && submitted.order === (submitted as CheckedSubmission).checked.order;
  return made ? (submitted as CheckedSubmission).text : formatOrder(submitted.order);
}
