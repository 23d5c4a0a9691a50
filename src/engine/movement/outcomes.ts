import { formatOrder } from '../../orders/format.js';
import type { MovementOrder } from '../../orders/types.js';
import { newOutcome } from '../outcome.js';
import type { OrderOutcome } from '../types.js';
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
  battle.entries.forEach((entry, index) => {
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
  });
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
  const result = newOutcome(
    entry.submitted.power,
    entry.checked!.order,
    false,
    ['illegal'],
    `${named(aftermath, entry.unit)} has more than one order (REORDER): it holds`,
  );
  const followed = aftermath.battle.entries[aftermath.battle.entryOf[entry.unit]!];
  // The unit's fate goes with the order it would have followed, listed at its first giving.
  if (followed?.power === entry.power && orderText(followed) === orderText(entry)) addFate(aftermath, entry.unit, result);
  return result;
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
  const placed = board.units[unit]!;
  return `${board.describe(placed)} (${board.displayName(placed.power)})`;
}

/** An order checking refused; the unit it named held instead, and shares its fate here. */
function refused(aftermath: Aftermath, entry: Entry, index: number): OrderOutcome {
  const result = newOutcome(entry.submitted.power, entry.submitted.order, false, ['illegal'], entry.refusal ?? '');
  if (entry.unit >= 0 && aftermath.battle.entryOf[entry.unit] === index) addFate(aftermath, entry.unit, result);
  return result;
}

function unitOutcome(aftermath: Aftermath, unit: number, order: MovementOrder, text: string | null = null): OrderOutcome {
  const battle = aftermath.battle;
  const decisions = aftermath.decisions;
  const power = battle.board.powerName(battle.power[unit]!);
  // An aid offered to a unit that does not exist leaves the unit holding, and it is told as a hold (DPjudge).
  const result =
    battle.heldForPhantom[unit] === true
      ? newOutcome(power, holdOf(battle, unit), true, [], '')
      : newOutcome(power, order, true, [], '', text ?? formatOrder(order));
  const kind = battle.kind[unit];
  if (kind === MOVE && aftermath.moved[unit] === 0) {
    result.succeeded = false;
    if (battle.convoyed[unit] === 1 && !decisions.path(unit)) {
      result.marks.push('no convoy');
      result.reason = 'no convoy route survived';
    } else {
      result.marks.push('bounce');
      addRivals(aftermath, unit, result);
    }
  } else if (kind === SUPPORT || kind === CONVOY) {
    const voided = battle.voidReason[unit];
    if (voided !== null) {
      result.succeeded = false;
      result.marks.push('void');
      result.reason = voided;
    } else if (kind === SUPPORT && !decisions.order(unit)) {
      const cutBy = cutter(decisions, unit);
      result.succeeded = false;
      result.marks.push('cut');
      result.cutBy = battle.board.describe(battle.board.units[cutBy]!);
      result.reason = `cut by ${named(aftermath, cutBy)}`;
    } else if (kind === CONVOY && !decisions.path(battle.target[unit]!)) {
      result.succeeded = false;
      result.marks.push('no convoy');
      result.reason = 'the convoy failed';
    }
  }
  addFate(aftermath, unit, result);
  return result;
}

/**
 * Who stood in a failed move's way: the unit it attacked, unless that one left, and every other unit
 * trying to enter; named in the outcome and its reason in one pass.
 */
function addRivals(aftermath: Aftermath, unit: number, result: OrderOutcome): void {
  const battle = aftermath.battle;
  const board = battle.board;
  const dest = battle.dest[unit]!;
  const bouncedWith: string[] = [];
  let reason = 'bounced with';
  const add = (rival: number): void => {
    reason += `${bouncedWith.length === 0 ? ' ' : ', '}${named(aftermath, rival)}`;
    bouncedWith.push(board.describe(board.units[rival]!));
  };
  const occupant = board.occupant[dest]!;
  // An army convoyed back to its own province (CONVOY_BACK) is no rival of itself.
  if (occupant >= 0 && occupant !== unit && aftermath.moved[occupant] === 0) add(occupant);
  for (let rival = battle.firstMoveInto[dest]!; rival >= 0; rival = battle.nextMoveInto[rival]!) {
    if (rival !== unit) add(rival);
  }
  result.bouncedWith = bouncedWith;
  result.reason = reason;
}

/** Adds what happened to the unit itself: dislodged, and destroyed when it has nowhere to go. */
function addFate(aftermath: Aftermath, unit: number, result: OrderOutcome): void {
  const attacker = aftermath.dislodgedBy[unit]!;
  if (attacker < 0) return;
  const board = aftermath.battle.board;
  const retreats = aftermath.retreats[unit] ?? [];
  result.succeeded = false;
  result.marks.push('dislodged');
  result.dislodgedBy = board.describe(board.units[attacker]!);
  result.retreats = retreats;
  const why = `dislodged by ${named(aftermath, attacker)}${retreats.length === 0 ? ', no retreat: destroyed' : ''}`;
  if (retreats.length === 0) result.marks.push('destroyed');
  result.reason = result.reason === '' ? why : `${result.reason}; ${why}`;
}
