import { formatOrder } from '../../orders/format.js';
import type { MovementOrder, Order } from '../../orders/types.js';
import { newOutcome } from '../outcome.js';
import type { OrderOutcome, OutcomeMark } from '../types.js';
import type { Aftermath } from './aftermath.js';
import { CONVOY, MOVE, SUPPORT, orderText, type Battle, type Entry } from './battle.js';
import { cutter } from './support.js';

/**
 * The results of a movement phase: one per order given, and one per unit nobody ordered. As on
 * DPjudge, the results say nothing of orders to units that do not exist (FICTIONAL_OK) or of
 * orders a unit does not follow because another power gave them (ORDER_ANY), but in a NO_CHECK
 * game both are listed as invalid, as every unusable order is there (Rules.txt, NO_CHECK;
 * StandardGame.determineOrders); a unit proxied to a power that gave it no order holds unordered,
 * under its owner's proxy order.
 */
export function movementOutcomes(aftermath: Aftermath): OrderOutcome[] {
  const battle = aftermath.battle;
  const outcomes: OrderOutcome[] = [];
  for (let index = 0; index < battle.entries.length; index++) {
    const entry = battle.entries[index]!;
    if (entry.checked === null) outcomes.push(refused(aftermath, entry, index));
    else if (entry.unit >= 0 && battle.reordered[entry.unit] === true && battle.ordersUnit(entry.power, entry.unit)) {
      if (!repeated(battle, index)) outcomes.push(reorder(aftermath, entry));
    } else if (battle.entryOf[entry.unit] === index) outcomes.push(unitOutcome(aftermath, entry.unit, entry.checked.order, entry.text));
    else if (battle.proxyEntryOf[entry.unit] === index) outcomes.push(newOutcome(entry.submitted.power, entry.checked.order, true, [], ''));
    else if (entry.unit >= 0 && battle.ordersUnit(entry.power, entry.unit)) {
      // Under NO_CHECK such an order repeats the one the unit follows (different ones make it hold): it is that order.
      if (!battle.noCheck)
        outcomes.push(newOutcome(entry.submitted.power, entry.checked.order, false, ['void'], 'replaced by a later order for the same unit'));
    } else if (battle.noCheck) {
      const reason = entry.unit >= 0 ? `${named(aftermath, entry.unit)} follows ${inCharge(battle, entry.unit)}'s order` : 'the unit ordered does not exist';
      outcomes.push(newOutcome(entry.submitted.power, entry.checked.order, false, ['illegal'], reason));
    }
  }
  for (let unit = 0; unit < battle.size; unit++) {
    if (battle.entryOf[unit]! >= 0) continue;
    const result = unitOutcome(aftermath, unit, holdOf(battle, unit));
    result.marks.unshift('unordered');
    outcomes.push(result);
  }
  return outcomes;
}

/** An order given before for the same unit by the same power: listed once. */
function repeated(battle: Battle, index: number): boolean {
  const entry = battle.entries[index]!;
  const text = orderText(entry);
  return battle.entries.slice(0, index).some((earlier) => earlier.unit === entry.unit && earlier.power === entry.power && orderText(earlier) === text);
}

/** One of the orders of a unit given more than one, which holds: each is listed invalid, as every unusable order is (Rules.txt, NO_CHECK). */
function reorder(aftermath: Aftermath, entry: Entry): OrderOutcome {
  const order = entry.checked!.order;
  const reason = `${named(aftermath, entry.unit)} has more than one order (REORDER): it holds`;
  const followed = aftermath.battle.entries[aftermath.battle.entryOf[entry.unit]!];
  // The unit's fate goes with the order it would have followed, listed at its first giving.
  const fate = followed?.power === entry.power && orderText(followed) === orderText(entry) ? fateOf(aftermath, entry.unit) : null;
  return finished(entry.submitted.power, order, formatOrder(order), { mark: 'illegal', reason }, fate);
}

/** The power whose order the unit follows: the one its owner proxied it to, else the owner. */
function inCharge(battle: Battle, unit: number): string {
  const proxy = battle.proxyEntryOf[unit] ?? -1;
  const order = proxy < 0 ? null : battle.entries[proxy]!.checked!.order;
  const power = order?.kind === 'proxy' ? battle.board.powerIndex(order.to) : battle.power[unit]!;
  return battle.board.displayName(power);
}

function holdOf(battle: Battle, unit: number): MovementOrder {
  const placed = battle.board.units[unit]!;
  return { kind: 'hold', unit: { type: placed.type, location: battle.board.tables.abbrev(placed.location) } };
}

function named(aftermath: Aftermath, unit: number): string {
  const board = aftermath.battle.board;
  return board.ownedLabel(board.units[unit]!);
}

/** An order checking refused; the unit it named held instead, and shares its fate here. */
function refused(aftermath: Aftermath, entry: Entry, index: number): OrderOutcome {
  const order = entry.submitted.order;
  const fate = entry.unit >= 0 && aftermath.battle.entryOf[entry.unit] === index ? fateOf(aftermath, entry.unit) : null;
  return finished(entry.submitted.power, order, formatOrder(order), { mark: 'illegal', reason: entry.refusal ?? '' }, fate);
}

function unitOutcome(aftermath: Aftermath, unit: number, order: MovementOrder, text: string | null = null): OrderOutcome {
  const battle = aftermath.battle;
  const power = battle.board.powerName(battle.power[unit]!);
  const fate = fateOf(aftermath, unit);
  // An aid offered to a unit that does not exist leaves the unit holding, and it is told as a hold (DPjudge).
  if (battle.heldForPhantom[unit] === true) {
    const hold = holdOf(battle, unit);
    return finished(power, hold, formatOrder(hold), null, fate);
  }
  return finished(power, order, text ?? formatOrder(order), failureOf(aftermath, unit), fate);
}

/** Why the unit's own order failed, or null when it worked (a dislodgement aside: see `fateOf`). */
function failureOf(aftermath: Aftermath, unit: number): Failure | null {
  const battle = aftermath.battle;
  const decisions = aftermath.decisions;
  const kind = battle.kind[unit];
  if (kind === MOVE && aftermath.moved[unit] === 0) {
    if (battle.convoyed[unit] === 1 && !decisions.path(unit)) return { mark: 'no convoy', reason: 'no convoy route survived' };
    return rivals(aftermath, unit);
  }
  if (kind !== SUPPORT && kind !== CONVOY) return null;
  const voided = battle.voidReason[unit];
  if (voided !== null) return { mark: 'void', reason: voided };
  if (kind === SUPPORT && !decisions.order(unit)) {
    const cutBy = cutter(decisions, unit);
    return { mark: 'cut', reason: `cut by ${named(aftermath, cutBy)}`, cutBy: battle.board.describe(battle.board.units[cutBy]!) };
  }
  if (kind === CONVOY && !decisions.path(battle.target[unit]!)) return { mark: 'no convoy', reason: 'the convoy failed' };
  return null;
}

/**
 * Who stood in a failed move's way: the unit it attacked, unless that one left, and every other unit
 * trying to enter; named in the outcome and its reason in one pass.
 */
function rivals(aftermath: Aftermath, unit: number): Failure {
  const battle = aftermath.battle;
  const dest = battle.dest[unit]!;
  const bounce: Failure = { mark: 'bounce', reason: 'bounced with', bouncedWith: [] };
  const occupant = battle.board.occupant[dest]!;
  // An army convoyed back to its own province (CONVOY_BACK) is no rival of itself.
  if (occupant >= 0 && occupant !== unit && aftermath.moved[occupant] === 0) addRival(aftermath, bounce, occupant);
  for (let rival = battle.firstMoveInto[dest]!; rival >= 0; rival = battle.nextMoveInto[rival]!) {
    if (rival !== unit) addRival(aftermath, bounce, rival);
  }
  return bounce;
}

/** Names a rival among the units a move bounced with and in its reason. */
function addRival(aftermath: Aftermath, bounce: Failure, rival: number): void {
  const board = aftermath.battle.board;
  const bouncedWith = bounce.bouncedWith!;
  bounce.reason += (bouncedWith.length === 0 ? ' ' : ', ') + named(aftermath, rival);
  const label = board.describe(board.units[rival]!);
  // A list of one rival, the usual case, is made as such: pushing onto an empty list makes room for 17.
  if (bouncedWith.length === 0) bounce.bouncedWith = [label];
  else bouncedWith.push(label);
}

/** Why an order failed: its mark and reason, and the units named for the results. */
interface Failure {
  mark: OutcomeMark;
  reason: string;
  bouncedWith?: string[];
  cutBy?: string;
}

/** What happened to a dislodged unit: by whom, and where it may retreat (nowhere: it is destroyed). */
interface Fate {
  dislodgedBy: string;
  retreats: string[];
  reason: string;
}

function fateOf(aftermath: Aftermath, unit: number): Fate | null {
  const attacker = aftermath.dislodgedBy[unit]!;
  if (attacker < 0) return null;
  const board = aftermath.battle.board;
  const retreats = aftermath.retreats[unit] ?? [];
  const reason = `dislodged by ${named(aftermath, attacker)}${retreats.length === 0 ? ', no retreat: destroyed' : ''}`;
  return { dislodgedBy: board.describe(board.units[attacker]!), retreats, reason };
}

/**
 * The outcome, made at once with every field it has and its marks as a list literal: V8 gives an
 * object a new property store for each field added after it is made, and a list pushed onto from
 * empty room for 17 marks; adding them one by one made a third of a phase's allocation.
 */
function finished(power: string, order: Order, text: string, failure: Failure | null, fate: Fate | null): OrderOutcome {
  if (fate === null) {
    if (failure === null) return { power, order, text, succeeded: true, marks: [], reason: '' };
    const { mark, reason } = failure;
    if (failure.bouncedWith) return { power, order, text, succeeded: false, marks: [mark], reason, bouncedWith: failure.bouncedWith };
    if (failure.cutBy !== undefined) return { power, order, text, succeeded: false, marks: [mark], reason, cutBy: failure.cutBy };
    return { power, order, text, succeeded: false, marks: [mark], reason };
  }
  const { dislodgedBy, retreats } = fate;
  const fateMarks: OutcomeMark[] = retreats.length === 0 ? ['dislodged', 'destroyed'] : ['dislodged'];
  if (failure === null) return { power, order, text, succeeded: false, marks: fateMarks, reason: fate.reason, dislodgedBy, retreats };
  const marks: OutcomeMark[] = retreats.length === 0 ? [failure.mark, 'dislodged', 'destroyed'] : [failure.mark, 'dislodged'];
  const reason = failure.reason === '' ? fate.reason : `${failure.reason}; ${fate.reason}`;
  if (failure.bouncedWith) return { power, order, text, succeeded: false, marks, reason, bouncedWith: failure.bouncedWith, dislodgedBy, retreats };
  if (failure.cutBy !== undefined) return { power, order, text, succeeded: false, marks, reason, cutBy: failure.cutBy, dislodgedBy, retreats };
  return { power, order, text, succeeded: false, marks, reason, dislodgedBy, retreats };
}
