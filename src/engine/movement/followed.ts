import type { MovementOrder } from '../../orders/types.js';
import type { RuleFlags } from '../rules.js';

/**
 * Which of a movement phase's orders each unit follows: the rules variant's choice (the standard
 * game: the last order of the power in charge of the unit; Payola: its highest bidder's). The
 * variant record (`game/variant.ts`) hands its choice to the adjudicator.
 */

/** A checked order as the choice sees it: the unit it is for, the power that gave it, and the order (null: refused). */
interface OrderEntry {
  readonly unit: number;
  readonly power: number;
  readonly checked: { readonly order: MovementOrder } | null;
}

interface Ordering {
  /** The index of a power of the game by its name (the board's). */
  readonly powerIndex: (power: string) => number;
  readonly flags: Pick<RuleFlags, 'orderAny' | 'proxyOk'>;
  readonly entries: readonly OrderEntry[];
  /** The power index of each unit's owner. */
  readonly owners: readonly number[];
  /** To fill: each unit's entry index, -1 when it follows none (it holds). */
  readonly entryOf: number[];
  /** To fill under ORDER_ANY or PROXY_OK: the entry of the owner's proxy order each unit is under, or -1. */
  readonly proxyEntryOf: number[];
}

export type FollowedOrders = (ordering: Ordering) => void;

const NONE = -1;

/**
 * The standard game: the owner's last order says whether the unit is proxied, and to whom; then the
 * last order of the power in charge is the one. A unit proxied to a power that gives it no order
 * holds, and may be supported in place (Rules.txt, PROXY_OK). Under ORDER_ANY other powers may
 * order any unit; the unit does not follow them (StandardGame.determineOrders).
 */
export const lastOrderInCharge: FollowedOrders = ({ powerIndex, flags, entries, owners, entryOf, proxyEntryOf }) => {
  if (!flags.orderAny && !flags.proxyOk) {
    // Every order is then for a unit of the power that gave it: the last for a unit is the one.
    entries.forEach((entry, index) => {
      if (entry.unit >= 0) entryOf[entry.unit] = index;
    });
    return;
  }
  const inCharge = owners.slice();
  entries.forEach((entry, index) => {
    const unit = entry.unit;
    if (unit < 0 || entry.power !== owners[unit]) return;
    const order = entry.checked?.order;
    proxyEntryOf[unit] = order?.kind === 'proxy' ? index : NONE;
    inCharge[unit] = order?.kind === 'proxy' ? powerIndex(order.to) : owners[unit]!;
  });
  entries.forEach((entry, index) => {
    const unit = entry.unit;
    if (unit >= 0 && entry.power === inCharge[unit] && entry.checked?.order.kind !== 'proxy') entryOf[unit] = index;
  });
};
