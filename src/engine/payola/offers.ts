import type { BribeCode } from '../../orders/offer-line.js';

/**
 * A bribe as the units weigh it. A sheet line expands into several of these the way DPjudge's
 * PayolaPower.addOffer expands it, which is what the tie-breaks and the reductions count:
 *
 * - a direct bribe (`:`) is one offer per listed order;
 * - a wildcard bribe (`>`, `@`, `&`) is a direct offer per listed order, carrying the amount only
 *   where the wildcard would not already pay it (a listed stay-put order under `>`, a listed move
 *   under `@`, never under `&`), followed by the wildcard itself;
 * - a negative bribe (`!`) is a hidden 0 AgP direct bribe to HOLD (unless HOLD is one of the
 *   orders it pays against), followed by the negative bribe over its listed orders.
 */
export interface Offer {
  /** The power paying. */
  readonly power: string;
  readonly code: BribeCode;
  /** The unit, `A PAR`. */
  readonly unit: string;
  /**
   * `:`: the one order paid for, unit included (`A PAR - BUR`); `!`: the orders paid against; the
   * other wildcards: none (they pay for any order of their kind).
   */
  readonly orders: readonly string[];
  readonly amount: number;
  readonly plateau: number;
  /** Its place among the power's offers, from 0: earlier offers win ties of the same power. */
  readonly sequence: number;
}

export function holdOf(unit: string): string {
  return `${unit} H`;
}

/** Whether an order in its canonical text (`A PAR - BUR`) is a move: what `>` and `@` tell apart. */
function moves(unit: string, order: string): boolean {
  return order.startsWith(`${unit} - `);
}

/** Appends the offers one sheet bribe of one amount makes to `offers` (the power's list so far). */
export function expandBribe(offers: Offer[], power: string, code: BribeCode, unit: string, orders: readonly string[], amount: number, plateau: number): void {
  const add = (offerCode: BribeCode, texts: readonly string[], paid: number, floor: number) =>
    offers.push({ power, code: offerCode, unit, orders: texts, amount: paid, plateau: floor, sequence: offers.length });
  if (code === '!') {
    if (!orders.includes(holdOf(unit))) add(':', [holdOf(unit)], 0, 0);
    add('!', orders, amount, plateau);
    return;
  }
  for (const order of orders) {
    const paidDirectly = code === ':' || (code === '>' && !moves(unit, order)) || (code === '@' && moves(unit, order));
    add(':', [order], paidDirectly ? amount : 0, paidDirectly ? plateau : 0);
  }
  if (code !== ':') add(code, [], amount, plateau);
}

/** Whether a wildcard offer pays a unit for following `order`. */
export function wildcardPays(offer: Offer, order: string): boolean {
  switch (offer.code) {
    case '!':
      return !offer.orders.includes(order);
    case '>':
      return moves(offer.unit, order);
    case '@':
      return !moves(offer.unit, order);
    case '&':
      return true;
    case ':':
      return false;
  }
}
