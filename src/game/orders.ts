import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { ADJUSTMENTS, MOVEMENT, RETREATS } from '../map/phase.js';
import { Board } from '../engine/board.js';
import { adjustmentCount } from '../engine/builds.js';
import { ruleFlags } from '../engine/rules.js';
import type { Position } from '../engine/types.js';
import { formatOrder } from '../orders/format.js';
import { isMovementOrder } from '../engine/legality/check.js';
import { OrderReader, quotedRefusal, refusal, type RefusedLine } from '../engine/legality/reader.js';
import type { Order, OrderPhase, RetreatOrAdjustmentOrder, SubmittedOrder } from '../orders/types.js';
import { findPower, updatePower, type GameStatus, type PowerStatus } from '../status/model.js';
import { dummyPowers } from './control.js';
import { duties } from './duties.js';
import type { RulesInForce } from '../rules/in-force.js';

/**
 * Where a power's orders live in its status block: movement orders as the lines after ORDERS,
 * retreat and adjustment orders as RETREAT / DISBAND / BUILD / REMOVE lines (DPjudge's layout),
 * and how they are read back for processing.
 */

export function orderPhaseOf(phase: Phase): OrderPhase | null {
  return phase.type === MOVEMENT || phase.type === RETREATS || phase.type === ADJUSTMENTS ? phase.type : null;
}

/** A retreat or adjustment order as its phase's reader accepted it: checked, so its unit is typed. */
function retreatOrAdjustment(order: Order): RetreatOrAdjustmentOrder {
  if (isMovementOrder(order)) throw new Error(`${formatOrder(order)} is not a retreat or adjustment order`);
  if ('unit' in order && order.unit.type === null) throw new Error(`a checked order names its unit type: ${formatOrder(order)}`);
  return order;
}

/** The order lines on file for a power in this phase, in canonical form: a Payola power's movement orders are its offer sheet. */
export function ordersOnFile(power: PowerStatus, phase: OrderPhase): string[] {
  if (phase !== MOVEMENT) return power.phaseOrders.map(formatOrder);
  return power.offers.length > 0 ? [...power.offers] : [...power.orders];
}

export function hasOrders(power: PowerStatus, phase: OrderPhase): boolean {
  return phase === MOVEMENT ? power.orders.length > 0 || power.offers.length > 0 : power.phaseOrders.length > 0;
}

/**
 * The units a power has ordered some of its units but not these, as `F MAO`. Without
 * DEFAULT_UNORDERED (`everyUnit`) a movement phase wants an order for every unit (canonical orders
 * name the unit's place second: `A PAR - BUR`); other phases, and games with the rule, want any
 * orders at all, so no unit is ever left out there.
 */
export function unorderedUnits(power: PowerStatus, phase: OrderPhase, everyUnit: boolean): string[] {
  // An offer sheet (Payola) speaks for every unit: a unit it does not bribe holds.
  if (phase !== MOVEMENT || !everyUnit || power.offers.length > 0) return [];
  // The type counts: under FICTIONAL_OK an order to `A BRE` is not one to the fleet in Brest. Each
  // order counts for one unit: a power's several fleets in an nJudge high sea want one each.
  const ordered = power.orders.map((line) => line.trim().split(/\s+/).slice(0, 2).join(' ').toUpperCase());
  return power.units.flatMap((unit) => {
    if (unit.retreats !== null) return [];
    const label = `${unit.type} ${unit.location}`;
    const order = ordered.indexOf(label);
    if (order < 0) return [label];
    ordered.splice(order, 1);
    return [];
  });
}

/** A power that owes orders and lacks some. */
export interface LatePower {
  readonly power: string;
  /** The units still without an order, as `F MAO`; empty when the power has no orders at all. */
  readonly unordered: readonly string[];
}

/** A late power as replies and notices name it: `FRANCE`, or `FRANCE incomplete (F MAO)` when some orders are in. */
export function lateText(late: LatePower): string {
  return late.unordered.length === 0 ? late.power : `${late.power} incomplete (${late.unordered.join(', ')})`;
}

/** Late powers as replies list them, each by the name the map gives it: `France, Germany incomplete (F KIE)`. */
export function lateList(map: GameMap, late: readonly LatePower[]): string {
  return late.map((each) => lateText({ ...each, power: map.power(each.power)?.displayName ?? each.power })).join(', ');
}

/** The standard game's late powers: those owing orders (`duties`) with none on file, or (unless DEFAULT_UNORDERED) some units unordered. */
export function standardLateness(game: GameStatus, context: OrderContext, owes: (power: PowerStatus) => boolean): LatePower[] {
  const orderPhase = orderPhaseOf(context.phase);
  if (!orderPhase) return [];
  return duties(context.map, context.phase, context.position, context.rules)
    .map((duty) => findPower(game, duty.power))
    .filter((power): power is PowerStatus => power !== undefined && owes(power))
    .map((power) => ({
      power: power.name,
      ordered: hasOrders(power, orderPhase),
      unordered: unorderedUnits(power, orderPhase, !context.rules.has('DEFAULT_UNORDERED')),
    }))
    .filter((power) => !power.ordered || power.unordered.length > 0)
    .map(({ power, ordered, unordered }) => ({ power, unordered: ordered ? unordered : [] }));
}

export interface OrderContext {
  map: GameMap;
  position: Position;
  phase: Phase;
  rules: RulesInForce;
}

/** Whether a power's units may not move: it is a dummy, under IMMOBILE_DUMMIES. Made once per reading of the game. */
export function immobility(game: GameStatus, context: OrderContext): (power: string) => boolean {
  const immobile = ruleFlags(context.rules).immobileDummies ? dummyPowers(game) : new Set<string>();
  return (power) => immobile.has(findPower(game, power)?.name ?? power);
}

function reader(game: GameStatus, context: OrderContext, power: string, orderPhase: OrderPhase, immobile: boolean, board?: Board): OrderReader {
  // Retreats and builds are always checked: NO_CHECK is about movement orders, and the status file needs typed units.
  const rules = orderPhase === MOVEMENT ? context.rules : context.rules.without('NO_CHECK');
  const dummies = dummyPowers(game);
  return new OrderReader({ map: context.map, position: context.position, power, phase: orderPhase, rules, immobile, dummies }, board);
}

export interface SubmissionReport {
  game: GameStatus;
  /** The orders now on file, canonical. */
  onFile: string[];
  /** Each refused line with its reason. */
  refused: RefusedLine[];
  /**
   * What becomes of accepted orders: under ORDER_ANY, for each order to another power's unit,
   * whether the unit follows it; under NO_CHECK, each unit given more than one order, which holds.
   */
  notes: string[];
  /** What everyone is to be told of this submission (Crystal Ball: every first-turn list is in, and locked). */
  broadcast?: readonly string[];
  /** The phase's deadline starts again from now, with the phase's usual delay (Crystal Ball's lock: XtalballGame.updateOrders calls setDeadline). */
  restartsDeadline?: boolean;
}

/**
 * ORDER_ANY: what becomes of orders to other powers' units, told when they are entered. A unit
 * follows its owner's order, or under PROXY_OK the order of the power its owner proxied it to
 * (StandardGame.determineOrders); any other power's order for it is not used. Units that do not
 * exist (FICTIONAL_OK) are not mentioned: players are not told of them (Rules.txt).
 */
function foreignOrderNotes(game: GameStatus, power: string, orders: readonly Order[], context: OrderContext): string[] {
  if (!context.rules.has('ORDER_ANY')) return [];
  const board = new Board(context.map, context.position);
  const name = (who: string): string => context.map.power(who)?.displayName ?? who;
  const notes: string[] = [];
  for (const order of orders) {
    if (!isMovementOrder(order) || order.kind === 'proxy') continue;
    const id = board.tables.id(order.unit.location);
    const unit = id < 0 ? undefined : board.unitAt(board.tables.provinceOf[id]!);
    if (unit === undefined || unit.type !== order.unit.type || board.powerName(unit.power) === power) continue;
    const owner = board.powerName(unit.power);
    const label = board.describe(unit);
    const what = `${formatOrder(order)}: the ${unit.type === 'A' ? 'army' : 'fleet'} in ${board.tables.name(unit.province)} is ${name(owner)}'s`;
    const proxied = findPower(game, owner)?.orders.includes(`${label} P ${power}`) ?? false;
    if (proxied) notes.push(`${what}, proxied to ${name(power)}: it follows this order.`);
    else if (context.rules.has('PROXY_OK'))
      notes.push(`${what}: it follows this order only if ${name(owner)} proxies it to ${name(power)} (${label} P ${power}).`);
    else notes.push(`${what}: it follows ${name(owner)}'s order, not this one.`);
  }
  return notes;
}

/**
 * ORDER_ANY: a line that opens with a power's name (`GERMANY: A MUN - RUH`, `[NEW YORK] A ...`),
 * as a controlled power's orders may on DPjudge. Another power's units, proxied ones included, are
 * ordered without it (Format.txt), and the refusal says so rather than that the name is no place.
 */
function powerNamedProblem(line: string, context: OrderContext): RefusedLine | null {
  if (!context.rules.has('ORDER_ANY')) return null;
  const named = /^\s*(?:\[([^\]]+)\]|\(([^)]+)\)|([^\s:[(]+)):?\s+(\S.*)$/.exec(line);
  const power = named ? context.map.power((named[1] ?? named[2] ?? named[3])!.trim()) : undefined;
  if (!named || !power) return null;
  return refusal(line, `write the order without the power's name (${named[4]!.trim()}): another power's unit, proxied or not, is ordered as your own`);
}

/** The place of the unit an order is for; null for orders that name no unit (WAIVE, builds). */
function orderedPlace(order: Order): string | null {
  return 'unit' in order && order.kind !== 'build' ? order.unit.location : null;
}

/** How many orders a power's units at a place take: one, but one per fleet of its own in an nJudge high sea. */
function unitsAt(power: PowerStatus | undefined, place: string | null): number {
  const units = power?.units.filter((unit) => unit.retreats === null && unit.location === place).length ?? 0;
  return Math.max(1, units);
}

/**
 * NO_CHECK: the units given more than one order (`orders` has one of each) that obey the power,
 * its own or proxied to it: they will hold. Other units do not follow its orders anyway, and units
 * that are not there (FICTIONAL_OK) are not mentioned.
 */
function reorderNotes(game: GameStatus, power: string, orders: readonly Order[], context: OrderContext): string[] {
  if (orders.length === 0) return [];
  const board = new Board(context.map, context.position);
  return orders.flatMap((order) => {
    if (!isMovementOrder(order)) return [];
    const id = board.tables.id(order.unit.location);
    const unit = id < 0 ? undefined : board.unitAt(board.tables.provinceOf[id]!);
    if (unit === undefined || (context.rules.has('FICTIONAL_OK') && unit.type !== order.unit.type)) return [];
    const label = board.describe(unit);
    const owner = board.powerName(unit.power);
    const obeys = owner === power || (findPower(game, owner)?.orders.includes(`${label} P ${power}`) ?? false);
    return obeys ? [`${label} has more than one order: it will hold, and its orders will be listed as invalid in the results.`] : [];
  });
}

/**
 * Builds beyond the builds due are void when the phase is processed (DATC 6.I): the
 * player is told now, while there is time to choose which to keep.
 */
function excessBuildNotes(power: string, orders: readonly Order[], context: OrderContext): string[] {
  if (context.phase.type !== ADJUSTMENTS) return [];
  const board = new Board(context.map, context.position);
  const index = board.powers.findIndex((entry) => entry.name === power);
  if (index < 0) return [];
  const due = Math.max(0, adjustmentCount(board, index, ruleFlags(context.rules)).change);
  const builds = orders.filter((order) => order.kind === 'build');
  if (builds.length <= due) return [];
  const beyond = builds.slice(due).map(formatOrder);
  const allowed = due === 0 ? 'no build is due' : `only ${due} build${due === 1 ? ' is' : 's are'} due`;
  return [`${builds.length} builds are ordered but ${allowed}: ${beyond.join(', ')} will be void when the phase is processed.`];
}

/**
 * Submitting orders replaces every order on file for the power (DPjudge's rule). Refused lines are
 * reported and left out; a submission with nothing acceptable still clears the old orders.
 */
export function submitOrders(game: GameStatus, power: string, lines: readonly string[], context: OrderContext): SubmissionReport {
  const status = findPower(game, power);
  const orderPhase = orderPhaseOf(context.phase);
  if (!orderPhase) throw new Error(`no orders are taken in a ${context.phase.type} phase`);
  const read = reader(game, context, power, orderPhase, immobility(game, context)(power));
  const accepted: Order[] = [];
  const acceptedLines: string[] = [];
  const refused: RefusedLine[] = [];
  const keepsEveryOrder = orderPhase === MOVEMENT && context.rules.has('NO_CHECK');
  const reordered: Order[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const result = read.read(line);
    if (!result.ok) {
      refused.push(powerNamedProblem(line, context) ?? result.refused);
      continue;
    }
    const text = formatOrder(result.order);
    // A repeated order is the same order: it counts once (and under NO_CHECK does not make the unit hold).
    if (keepsEveryOrder && accepted.some((order) => formatOrder(order) === text)) continue;
    // A unit has one order: a later line for it replaces the earlier, which is reported, not kept
    // beside it; but under NO_CHECK both are kept and the unit holds (Rules.txt, NO_CHECK). A power
    // with several fleets in an nJudge high sea gives one order to each: a line beyond them replaces
    // the earliest for the place (movement/high-seas.ts).
    const place = orderedPlace(result.order);
    const forPlace = place === null || orderPhase === ADJUSTMENTS ? [] : accepted.flatMap((order, index) => (orderedPlace(order) === place ? [index] : []));
    const earlier = forPlace.length >= unitsAt(status, place) ? (forPlace[0] ?? -1) : -1;
    if (earlier >= 0 && keepsEveryOrder) {
      if (!reordered.some((order) => orderedPlace(order) === orderedPlace(result.order))) reordered.push(result.order);
    } else if (earlier >= 0) {
      refused.push(refusal(acceptedLines[earlier]!, `replaced by the later order for the same unit, "${text}"`));
      accepted.splice(earlier, 1);
      acceptedLines.splice(earlier, 1);
    }
    accepted.push(result.order);
    acceptedLines.push(line);
  }
  const next = updatePower(game, power, (status) =>
    orderPhase === MOVEMENT ? { ...status, orders: accepted.map(formatOrder) } : { ...status, phaseOrders: accepted.map(retreatOrAdjustment) },
  );
  const notes = orderPhase === MOVEMENT ? foreignOrderNotes(game, power, accepted, context) : excessBuildNotes(power, accepted, context);
  notes.push(...reorderNotes(game, power, reordered, context));
  return { game: next, onFile: ordersOnFile(findPower(next, power)!, orderPhase), refused, notes };
}

export function clearOrders(game: GameStatus, power: string): GameStatus {
  return updatePower(game, power, (status) => ({ ...status, orders: [], phaseOrders: [], offers: [] }));
}

export interface CollectedOrders {
  orders: SubmittedOrder[];
  /** Lines on file that no longer read as legal orders (a hand edit, or NO_CHECK), with the reason. */
  invalid: { power: string; message: string }[];
}

/** Every map power's orders on file, read for the adjudicator. */
export function collectOrders(game: GameStatus, context: OrderContext): CollectedOrders {
  const orderPhase = orderPhaseOf(context.phase);
  if (!orderPhase) return { orders: [], invalid: [] };
  const collected: CollectedOrders = { orders: [], invalid: [] };
  const immobile = immobility(game, context);
  const board = new Board(context.map, context.position);
  for (const mapPower of context.map.powers) {
    const power = findPower(game, mapPower.name);
    if (!power) continue;
    const read = reader(game, context, mapPower.name, orderPhase, immobile(mapPower.name), board);
    // Movement orders are kept as written and read; retreat and adjustment orders are kept as orders.
    const results = orderPhase === MOVEMENT ? power.orders.map((line) => read.read(line)) : power.phaseOrders.map((order) => read.given(order));
    for (const result of results) {
      if (result.ok) collected.orders.push(result.submitted);
      else collected.invalid.push({ power: mapPower.name, message: quotedRefusal(result.refused) });
    }
  }
  return collected;
}

/** Whether a player's SET WAIT holds the phase back: NO_WAIT and REAL_TIME games ignore a WAIT flag left in the file. */
export function waitRequested(game: GameStatus, rules: RulesInForce): boolean {
  if (rules.has('NO_WAIT') || rules.has('REAL_TIME')) return false;
  return game.powers.some((power) => power.wait);
}
