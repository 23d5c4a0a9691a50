import type { GameMap } from '../../map/game-map.js';
import { formatUnit } from '../../orders/format.js';
import type { Order } from '../../orders/types.js';
import { readOfferLine, savedAmount, type BribeAmount, type BribeCode, type OfferLine } from '../../orders/offer-line.js';
import { RulesInForce } from '../../rules/in-force.js';
import { OrderReader, refusal, type ReadOrderResult, type RefusedLine } from '../legality/reader.js';
import type { CheckedSubmission } from '../legality/checked.js';
import type { Position } from '../types.js';
import { expandBribe, type Offer } from './offers.js';

/**
 * A power's offer sheet read against the board: each bribe's orders parsed with the order language
 * and checked as orders to the unit (Payola is always played with ORDER_ANY), expanded into the
 * offers the units weigh (`offers.ts`), with the checks of the Payola rules in force. Every refusal
 * quotes the sheet's line.
 */

export interface SheetContext {
  readonly map: GameMap;
  readonly position: Position;
  readonly rules: RulesInForce;
  /** The power whose sheet it is. */
  readonly power: string;
  /** Its treasury now: LIMIT_OFFERS keeps the offers within it. */
  readonly balance: number;
  /** The dummy powers (PAY_DUMMIES lets only their units be bribed). */
  readonly dummies: ReadonlySet<string>;
  /** The powers it controls: under RESTRICT_SIGNAL it may give their units SIGNAL_SUPPORT orders, as its own. */
  readonly controlled?: ReadonlySet<string>;
}

export interface OfferSheet {
  readonly offers: readonly Offer[];
  /** The total of the savings requests ($). */
  readonly savings: number;
  /** Each line as the judge writes it back (amount, code, canonical orders, comment). */
  readonly lines: readonly string[];
  /** One per refused line; a sheet with errors is refused whole. */
  readonly errors: readonly RefusedLine[];
  /** Each unit's first SIGNAL_SUPPORT order on the sheet (under RESTRICT_SIGNAL its only one, which stands in for its HOLD). */
  readonly signals: ReadonlyMap<string, string>;
}

export function readOfferSheet(context: SheetContext, lines: readonly string[]): OfferSheet {
  const reader = new SheetReader(context);
  for (const line of lines) if (line.trim() !== '') reader.read(line);
  return reader.sheet();
}

class SheetReader {
  private readonly offers: Offer[] = [];
  private readonly lines: string[] = [];
  private readonly errors: RefusedLine[] = [];
  private savings = 0;
  private readonly signals = new Map<string, string>();
  private readonly orders: OrderReader;
  private readonly owners = new Map<string, string>();

  constructor(private readonly context: SheetContext) {
    const rules = new RulesInForce([...context.rules.names, 'ORDER_ANY']);
    this.orders = new OrderReader({ map: context.map, position: context.position, power: context.power, phase: 'MOVEMENT', rules });
    for (const power of context.position.powers) for (const unit of power.units) this.owners.set(`${unit.type} ${unit.location}`, power.name);
  }

  read(line: string): void {
    const read = readOfferLine(line);
    if (!read.ok) return this.refuse(line, read.reason);
    const offer = read.value;
    if (offer.kind === 'comment') return void this.lines.push(`% ${offer.comment}`.trimEnd());
    const has = (rule: Parameters<RulesInForce['has']>[0]) => this.context.rules.has(rule);
    if (offer.kind === 'savings') {
      if (has('NO_SAVINGS')) return this.refuse(line, 'savings requests ($) are not allowed in this game (NO_SAVINGS)');
      this.savings += savedAmount(offer);
      return void this.lines.push(withComment(`${amountText(offer.amounts)} $`, offer.comment));
    }
    const rule = this.context.rules.first('NO_PLATEAU', 'NO_SAVINGS');
    if (offer.plateaued && rule) return this.refuse(line, `bribe plateaus (#) are not allowed in this game (${rule})`);
    if (has('DIRECT_ONLY') && (offer.code !== ':' || offer.alternatives.length > 0))
      return this.refuse(line, 'only direct bribes (:) to one order are allowed in this game (DIRECT_ONLY)');
    if (has('DIRECT_ONLY') && offer.augmented) return this.refuse(line, 'repeated and added amounts (* +) are not allowed in this game (DIRECT_ONLY)');
    this.readBribe(line, offer);
  }

  private readBribe(line: string, offer: Extract<OfferLine, { kind: 'bribe' }>): void {
    const first = this.orders.read(unmarked(offer.first));
    if (!first.ok) return this.refuse(line, first.refused.reason);
    const unit = unitOf(first.order);
    const owner = this.owners.get(unit) ?? null;
    const problem = this.unitProblem(unit, owner, offer);
    if (problem) return this.refuse(line, problem);
    const orders = [first.text];
    const signals = isSignal(first) ? [first.text] : [];
    for (const alternative of offer.alternatives) {
      const written = `${unit} ${unmarked(alternative)}`;
      const read = this.orders.read(written);
      if (!read.ok) return this.refuse(line, read.refused.reason);
      if (unitOf(read.order) !== unit) return this.refuse(line, `'${alternative}' is an order for another unit than ${unit}`);
      if (orders.includes(read.text)) return this.refuse(line, `the order ${read.text} is offered twice in one bribe`);
      orders.push(read.text);
      if (isSignal(read)) signals.push(read.text);
    }
    const signalProblem = signals.length > 0 && this.context.rules.has('RESTRICT_SIGNAL') ? this.restrictedSignalProblem(unit, owner, offer) : null;
    if (signalProblem) return this.refuse(line, signalProblem);
    if (signals.length > 0 && !this.signals.has(unit)) this.signals.set(unit, signals[0]!);
    for (const piece of offer.amounts)
      for (let repeat = 0; repeat < piece.repeat; repeat++) expandBribe(this.offers, this.context.power, offer.code, unit, orders, piece.amount, piece.plateau);
    // DPjudge marks a SIGNAL_SUPPORT order with a `?` on the sheet line, and reads the mark back.
    const written = orders.map((order) => (signals.includes(order) ? `${order} ?` : order));
    const alternatives = written.slice(1).map((order) => order.slice(unit.length + 1));
    this.lines.push(withComment([`${amountText(offer.amounts)} ${offer.code} ${written[0]}`, ...alternatives].join(' | '), offer.comment));
  }

  /**
   * RESTRICT_SIGNAL: a SIGNAL_SUPPORT order is a 0 AgP direct bribe of the unit's owner or its
   * controller, alone in its line, one per unit (DPjudge's parseOffer, in its order of checks).
   */
  private restrictedSignalProblem(unit: string, owner: string | null, offer: Extract<OfferLine, { kind: 'bribe' }>): string | null {
    const { power, controlled } = this.context;
    if (offer.code !== ':' || offer.augmented || offer.amounts.some((piece) => piece.amount !== 0))
      return 'under RESTRICT_SIGNAL a SIGNAL_SUPPORT order is a direct bribe of 0 AgP (0 : ...)';
    if (owner === null || (owner !== power && !(controlled?.has(owner) ?? false)))
      return `${unit} is not yours: under RESTRICT_SIGNAL only its owner or the owner's controller gives it a SIGNAL_SUPPORT order`;
    if (offer.alternatives.length > 0) return 'under RESTRICT_SIGNAL a SIGNAL_SUPPORT order is not one of alternatives (|)';
    if (this.signals.has(unit)) return `${unit} has a SIGNAL_SUPPORT order on this sheet already, and RESTRICT_SIGNAL allows one per unit`;
    return null;
  }

  /** Why the sheet's power may not bribe this unit with this offer, or null. */
  private unitProblem(
    unit: string,
    owner: string | null,
    offer: { code: BribeCode; amounts: readonly BribeAmount[]; alternatives: readonly string[] },
  ): string | null {
    const { rules, power, dummies } = this.context;
    const own = owner === power;
    if (rules.has('DIRECT_ONLY') && this.offers.some((earlier) => earlier.unit === unit))
      return `only one bribe to each unit is allowed in this game (DIRECT_ONLY), and ${unit} has one already`;
    if (rules.has('PAY_DUMMIES')) {
      const plainOrder = offer.code === ':' && offer.alternatives.length === 0 && offer.amounts.every((piece) => piece.amount === 0);
      if (own && (!plainOrder || this.offers.some((earlier) => earlier.unit === unit)))
        return `${unit} is your own unit: under PAY_DUMMIES you order it (one order, no amount) rather than bribe it`;
      if (!own && owner !== null && !dummies.has(owner))
        return `${unit} belongs to ${this.context.map.power(owner)?.displayName ?? owner}: under PAY_DUMMIES only dummies' units take bribes`;
    }
    if (!own && !rules.has('ZERO_FOREIGN') && offer.amounts.some((piece) => piece.amount === 0))
      return `a bribe of 0 AgP may be offered only to your own units, and ${unit} is not yours`;
    return this.distanceProblem(unit, owner);
  }

  /**
   * TOUCH_BRIBE: a foreign unit takes bribes only within hold-support range of one of the power's
   * units (either could support the other to hold); REMOTE_BRIBE: only outside it. Under CD_DUMMIES
   * dummies' units take bribes from anywhere.
   */
  private distanceProblem(unit: string, owner: string | null): string | null {
    const { rules, power, dummies, position } = this.context;
    const rule = rules.first('TOUCH_BRIBE', 'REMOTE_BRIBE');
    if (!rule || owner === null || owner === power || (rules.has('CD_DUMMIES') && dummies.has(owner))) return null;
    const mine = position.powers.find((each) => each.name === power)?.units.map((each) => `${each.type} ${each.location}`) ?? [];
    const touching = mine.some((own) => this.orders.read(`${own} S ${unit}`).ok || this.orders.read(`${unit} S ${own}`).ok);
    if (rule === 'TOUCH_BRIBE' && !touching) return `${unit} is not next to any of your units, and under TOUCH_BRIBE only units next to yours take your bribes`;
    if (rule === 'REMOTE_BRIBE' && touching) return `${unit} is next to one of your units, and under REMOTE_BRIBE only units away from yours take your bribes`;
    return null;
  }

  private refuse(line: string, reason: string): void {
    this.errors.push(refusal(line, reason));
  }

  sheet(): OfferSheet {
    const errors = [...this.errors];
    if (this.context.rules.has('LIMIT_OFFERS')) {
      const total = this.offers.reduce((sum, offer) => sum + offer.amount, 0);
      const available = Math.max(this.context.balance - this.savings, 0);
      if (total > available)
        errors.push({ line: null, reason: `your offers come to ${total} AgP, more than the ${available} AgP your treasury holds for them (LIMIT_OFFERS)` });
    }
    return { offers: this.offers, savings: this.savings, lines: this.lines, errors, signals: this.signals };
  }
}

/** An order without DPjudge's `?` mark of a SIGNAL_SUPPORT order. */
function unmarked(order: string): string {
  return order.replace(/\s+\?\s*$/, '');
}

/** Whether the reader took the order as a SIGNAL_SUPPORT signal: a support no unit could give. */
function isSignal(read: Extract<ReadOrderResult, { ok: true }>): boolean {
  return 'checked' in read.submitted && (read.submitted as CheckedSubmission).checked.signal !== null;
}

/** The unit a movement-phase order is for, `A PAR` (a WAIVE is never read in a movement phase). */
function unitOf(order: Order): string {
  return order.kind === 'waive' ? '' : formatUnit(order.unit);
}

function amountText(amounts: readonly BribeAmount[]): string {
  return amounts.map((piece) => `${piece.repeat > 1 ? `${piece.repeat}*` : ''}${piece.amount}${piece.plateau > 0 ? `#${piece.plateau}` : ''}`).join('+');
}

function withComment(text: string, comment: string | null): string {
  return comment === null ? text : `${text} % ${comment}`.trimEnd();
}
