import { holdOf, wildcardPays, type Offer } from './offers.js';

/**
 * Which order each unit follows in a Payola movement phase, and what each power pays for it, as
 * DPjudge's PayolaGame.determineOrders decides it:
 *
 * 1. Every power's own units without a direct bribe from it get a 0 AgP bribe to HOLD from it.
 * 2. Each unit weighs the orders it has direct bribes for (those its owner could give), adds to
 *    each the wildcard money that pays for it, and follows the highest total. A tie goes to the
 *    order with money from the power earliest in the owner's acceptance list; between two orders
 *    with that power's money, to the one it offered first; and so on down the list. The powers an
 *    acceptance list leaves to `?` take the places after the listed ones in a random order, drawn
 *    afresh for each pass. Powers off the map (investors) share the last place.
 * 3. Under EBAYOLA the winners pay one AgP more than the best losing total, the saving going to
 *    the contributors in the owner's acceptance-list order (observers after, richest first), never
 *    below a contributor's plateau; a tie therefore costs one AgP more than was offered.
 * 4. A unit of a dummy nobody controls, whose acceptance list is `?`, HOLDs when its best bids tie
 *    and differ in who paid for them; the results show the hold one AgP above the tied bids.
 * 5. RESTRICT_SIGNAL: a unit's SIGNAL_SUPPORT orders take no wildcard money, and when HOLD wins the
 *    unit gives the signal its owner (or the owner's controller) wrote instead.
 * 6. A power whose accepted bribes come to more than its treasury (less its savings requests) has
 *    every offer cut by one AgP, not below its plateau while any offer is above its own, and all
 *    units decide again; this repeats, for all overspent powers at once, until everyone can pay.
 */

export interface Bidder {
  readonly name: string;
  /** The letter acceptance lists use; null for a player off the map (an investor). */
  readonly letter: string | null;
  /** ACCEPT, `?` standing for the powers not listed; null for none. */
  readonly accept: string | null;
  readonly balance: number;
  /** The savings requests ($) of the sheet, kept back from spending. */
  readonly savings: number;
  /** The expanded offers of the sheet, in sheet order (see `offers.ts`). */
  readonly offers: readonly Offer[];
  /** The units the power owns, `A PAR`. */
  readonly units: readonly string[];
  /** A dummy no power controls: ties between different payers for its units are settled by holding. */
  readonly uncontrolledDummy: boolean;
}

export interface AuctionSetup {
  readonly bidders: readonly Bidder[];
  readonly ebayola: boolean;
  /** PUBLIC_TOTALS: plateaus do not limit EBAYOLA's savings. */
  readonly publicTotals: boolean;
  /** Whether the unit's owner could give the order (DPjudge's validOrder); the caller checks it on the board. */
  readonly isValid: (unit: string, order: string) => boolean;
  /** Puts the letters an acceptance list leaves to `?` in an order; DPjudge shuffles them at random. */
  readonly shuffle: (letters: readonly string[]) => readonly string[];
  /** RESTRICT_SIGNAL: each unit's SIGNAL_SUPPORT orders, the one that stands in for HOLD first; absent without the rule. */
  readonly restrictedSignals?: ReadonlyMap<string, readonly string[]>;
}

/** The money offered to one unit for one order. */
interface Bid {
  readonly order: string;
  /** What the unit is paid; under EBAYOLA after the saving, for a dummy's hold one above the tie. */
  readonly total: number;
  /** What each contributing power pays (0 for a power whose 0 AgP bribe counted). */
  readonly cost: ReadonlyMap<string, number>;
}

interface UnitDecision {
  readonly unit: string;
  readonly owner: string;
  /** The order the unit follows. */
  readonly order: string;
  readonly total: number;
  readonly cost: ReadonlyMap<string, number>;
  /** Every order the unit was offered money for, best first (the chart DPjudge keeps). */
  readonly bids: readonly Bid[];
  /** A dummy's unit held because its best bids tied between different payers. */
  readonly heldInTie: boolean;
}

export interface AuctionResult {
  /** One per unit, in the order of the bidders and their units. */
  readonly decisions: readonly UnitDecision[];
  /** What each power pays for its accepted bribes. */
  readonly charged: ReadonlyMap<string, number>;
  /** How many times each power's offers were cut for overspending (only powers cut at least once). */
  readonly reductions: ReadonlyMap<string, number>;
  /** Each acceptance list with its `?` filled in, as the last pass used it. */
  readonly acceptance: ReadonlyMap<string, string>;
}

interface WorkingOffer {
  readonly offer: Offer;
  amount: number;
  plateau: number;
}

interface WorkingBidder {
  readonly bidder: Bidder;
  readonly offers: WorkingOffer[];
  readonly liquid: number;
  left: number;
  reductions: number;
  fullAccept: string | null;
}

interface WorkingBid {
  readonly order: string;
  total: number;
  /** Per place in the owner's acceptance list, and a last one for powers off it: that power's earliest offer here. */
  readonly sequences: (number | null)[];
  readonly cost: Map<string, number>;
  readonly plateau: Map<string, number>;
}

export function runAuction(setup: AuctionSetup): AuctionResult {
  return new Auction(setup).run();
}

class Auction {
  private readonly working: WorkingBidder[];
  private readonly byName: Map<string, WorkingBidder>;
  private readonly letters: string[];

  constructor(private readonly setup: AuctionSetup) {
    this.working = setup.bidders.map((bidder) => ({
      bidder,
      offers: withDefaultHolds(bidder).map((offer) => ({ offer, amount: offer.amount, plateau: offer.plateau })),
      liquid: Math.max(bidder.balance - bidder.savings, 0),
      left: 0,
      reductions: 0,
      fullAccept: null,
    }));
    this.byName = new Map(this.working.map((entry) => [entry.bidder.name, entry]));
    this.letters = setup.bidders.flatMap((bidder) => (bidder.letter === null ? [] : [bidder.letter]));
  }

  run(): AuctionResult {
    for (;;) {
      for (const entry of this.working) {
        entry.left = entry.liquid;
        entry.fullAccept = entry.bidder.accept === null ? null : this.filledIn(entry.bidder.accept);
      }
      const decisions: UnitDecision[] = [];
      let overspent = false;
      for (const owner of this.working)
        for (const unit of owner.bidder.units) {
          const decision = this.decide(owner, unit);
          decisions.push(decision);
          for (const [payer, amount] of decision.cost) {
            const paying = this.byName.get(payer)!;
            paying.left -= amount;
            overspent ||= paying.left < 0;
          }
        }
      if (!overspent) return this.result(decisions);
      for (const entry of this.working) if (entry.left < 0) reduce(entry);
    }
  }

  private filledIn(accept: string): string {
    const unlisted = this.letters.filter((letter) => !accept.includes(letter));
    return accept.replace('?', this.setup.shuffle(unlisted).join(''));
  }

  private decide(owner: WorkingBidder, unit: string): UnitDecision {
    const bids = this.directBids(owner, unit);
    const signals = this.setup.restrictedSignals?.get(unit) ?? [];
    for (const entry of this.working)
      for (const working of entry.offers)
        if (working.offer.unit === unit && working.offer.code !== ':')
          for (const bid of bids.values()) if (!signals.includes(bid.order) && wildcardPays(working.offer, bid.order)) this.add(owner, bid, working);
    const ranked = [...bids.values()].sort(compareBids);
    const best = ranked[0]!;
    if (this.setup.ebayola) this.saveOnWinningBid(owner, ranked);
    const held = owner.bidder.uncontrolledDummy && owner.bidder.accept === '?' && tiedBetweenPayers(ranked);
    const chosen = held ? holdAbove(ranked, unit, best.total) : ranked;
    const winner = chosen[0]!;
    const signal = !held && winner.order === holdOf(unit) ? signals[0] : undefined;
    return {
      unit,
      owner: owner.bidder.name,
      order: signal ?? winner.order,
      total: winner.total,
      cost: winner.cost,
      bids: chosen.map((bid) => ({ order: bid.order, total: bid.total, cost: bid.cost })),
      heldInTie: held,
    };
  }

  /** The orders with direct bribes the owner could follow; with none, the owner's own 0 AgP HOLD. */
  private directBids(owner: WorkingBidder, unit: string): Map<string, WorkingBid> {
    const bids = new Map<string, WorkingBid>();
    for (const entry of this.working)
      for (const working of entry.offers) {
        const order = working.offer.orders[0]!;
        if (working.offer.unit !== unit || working.offer.code !== ':' || !this.setup.isValid(unit, order)) continue;
        this.add(owner, bidFor(bids, order, this.letters.length), working);
      }
    if (bids.size > 0) return bids;
    const hold: Offer = { power: owner.bidder.name, code: ':', unit, orders: [holdOf(unit)], amount: 0, plateau: 0, sequence: owner.offers.length };
    const working = { offer: hold, amount: 0, plateau: 0 };
    owner.offers.push(working);
    this.add(owner, bidFor(bids, holdOf(unit), this.letters.length), working);
    return bids;
  }

  private add(owner: WorkingBidder, bid: WorkingBid, working: WorkingOffer): void {
    const payer = this.byName.get(working.offer.power)!.bidder;
    const place = payer.letter === null || owner.fullAccept === null ? -1 : owner.fullAccept.indexOf(payer.letter);
    const slot = place < 0 ? bid.sequences.length - 1 : place;
    const earlier = bid.sequences[slot];
    bid.sequences[slot] = earlier === null || earlier === undefined ? working.offer.sequence : Math.min(earlier, working.offer.sequence);
    bid.total += working.amount;
    bid.cost.set(payer.name, (bid.cost.get(payer.name) ?? 0) + working.amount);
    bid.plateau.set(payer.name, (bid.plateau.get(payer.name) ?? 0) + (this.setup.publicTotals ? 0 : working.plateau));
  }

  private saveOnWinningBid(owner: WorkingBidder, ranked: readonly WorkingBid[]): void {
    const best = ranked[0]!;
    for (const other of ranked.slice(1)) for (const [payer, amount] of other.cost) other.cost.set(payer, amount - Math.min(amount, best.cost.get(payer) ?? 0));
    let saving = best.total - 1 - Math.max(ranked[1]?.total ?? 0, 0);
    const listed: [number, string][] = [];
    const unlisted: string[] = [];
    for (const [payer, amount] of best.cost) {
      if (amount === 0) continue;
      const letter = this.byName.get(payer)!.bidder.letter;
      const place = letter === null || owner.fullAccept === null ? -1 : owner.fullAccept.indexOf(letter);
      if (place < 0) unlisted.push(payer);
      else listed.push([place, payer]);
    }
    unlisted.sort((a, b) => best.cost.get(b)! - best.cost.get(a)!);
    const savers = [...listed.sort((a, b) => a[0] - b[0]).map(([, payer]) => payer), ...unlisted];
    for (const saver of savers) {
      const rebate = Math.min(best.cost.get(saver)! - best.plateau.get(saver)!, saving);
      best.cost.set(saver, best.cost.get(saver)! - rebate);
      best.total -= rebate;
      saving -= rebate;
    }
  }

  private result(decisions: UnitDecision[]): AuctionResult {
    const charged = new Map(this.working.map((entry) => [entry.bidder.name, entry.liquid - entry.left]));
    const reductions = new Map(this.working.filter((entry) => entry.reductions > 0).map((entry) => [entry.bidder.name, entry.reductions]));
    const acceptance = new Map(this.working.flatMap((entry) => (entry.fullAccept === null ? [] : [[entry.bidder.name, entry.fullAccept] as const])));
    return { decisions, charged, reductions, acceptance };
  }
}

function withDefaultHolds(bidder: Bidder): Offer[] {
  const offers = [...bidder.offers];
  const bribed = new Set(offers.filter((offer) => offer.code === ':').map((offer) => offer.unit));
  for (const unit of bidder.units)
    if (!bribed.has(unit)) offers.push({ power: bidder.name, code: ':', unit, orders: [holdOf(unit)], amount: 0, plateau: 0, sequence: offers.length });
  return offers;
}

function bidFor(bids: Map<string, WorkingBid>, order: string, letters: number): WorkingBid {
  let bid = bids.get(order);
  if (!bid) {
    bid = { order, total: 0, sequences: new Array<number | null>(letters + 1).fill(null), cost: new Map(), plateau: new Map() };
    bids.set(order, bid);
  }
  return bid;
}

/** Higher total first; then the bid whose money comes from earlier in the acceptance list, and earlier on that power's sheet. */
function compareBids(a: WorkingBid, b: WorkingBid): number {
  if (a.total !== b.total) return b.total - a.total;
  for (let place = 0; place < a.sequences.length; place++) {
    const first = a.sequences[place] ?? Infinity;
    const second = b.sequences[place] ?? Infinity;
    if (first !== second) return first - second;
  }
  return 0;
}

/** The best bid ties with another that different powers paid for. */
function tiedBetweenPayers(ranked: readonly WorkingBid[]): boolean {
  const best = ranked[0]!;
  const payers = (bid: WorkingBid) => bid.sequences.map((sequence) => sequence !== null).join();
  for (const other of ranked.slice(1)) {
    if (other.total !== best.total) return false;
    if (payers(other) !== payers(best)) return true;
  }
  return false;
}

/** The unit's HOLD bid moved to the top, shown one AgP above the tie (its payers pay what they offered for it). */
function holdAbove(ranked: readonly WorkingBid[], unit: string, tie: number): WorkingBid[] {
  const existing = ranked.find((bid) => bid.order === holdOf(unit));
  const hold: WorkingBid = existing
    ? { ...existing, total: tie + 1 }
    : { order: holdOf(unit), total: tie + 1, sequences: [], cost: new Map(), plateau: new Map() };
  return [hold, ...ranked.filter((bid) => bid !== existing)];
}

/** One AgP off every offer above its plateau; when none is, off every offer, plateaus forgotten. */
function reduce(entry: WorkingBidder): void {
  entry.reductions += 1;
  const aboveFloor = entry.offers.filter((working) => working.amount > working.plateau);
  if (aboveFloor.length > 0) {
    for (const working of aboveFloor) working.amount -= 1;
    return;
  }
  for (const working of entry.offers) {
    working.plateau = 0;
    working.amount = Math.max(working.amount - 1, 0);
  }
}
