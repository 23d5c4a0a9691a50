import type { GameMap } from '../map/game-map.js';
import type { Phase, UnitType } from '../map/model.js';
import { MOVEMENT, RETREATS, flowPhases, normalisePhaseType } from '../map/phase.js';
import { parseOrder } from '../orders/parse.js';
import { OrderReader } from '../engine/legality/reader.js';
import type { MoveOrder, MovementOrder, OrderPhase, SubmittedOrder, UnitRef } from '../orders/types.js';
import { Board, PositionError } from '../engine/board.js';
import { Battle } from '../engine/movement/battle.js';
import { lastOrderInCharge } from '../engine/movement/followed.js';
import { ruleFlags } from '../engine/rules.js';
import { retreatOptions } from '../engine/retreat-options.js';
import type { Position, PowerState, Unit } from '../engine/types.js';
import { accept, refuse, type Verdict } from '../common/verdict.js';
import { findPower } from './names.js';
import type { DatcCase, DatcLine, DatcResultLine } from './reader.js';
import { ruleInfo, withImpliedRules, type RulesInForce } from '../rules/in-force.js';

/** A DATC case turned into what the adjudicator takes. */
export interface CaseSetup {
  phase: Phase;
  position: Position;
  /** Lines that cannot be read at all count as no order, which is what the DATC expects of them. */
  orders: SubmittedOrder[];
  /** The rules a new game on the map plays by (the map's RULE lines), the case's RULES, and what they bring. */
  rules: RulesInForce;
}

export interface CaseUnit extends Unit {
  power: string;
}

/**
 * The phase a case is written for. Any season the map's FLOW has for that phase type will do
 * (`Fall 1901, Adjustment` is the standard map's WINTER ADJUSTMENTS); no phase means the first
 * movement phase of the map's first year.
 */
function casePhase(map: GameMap, written: string | null): Verdict<Phase> {
  const steps = flowPhases(map.data.flow);
  if (written === null) {
    const movement = steps.find((step) => step.type === MOVEMENT);
    return movement ? accept({ ...movement, year: map.data.begin.year }) : refuse('the map has no movement phase');
  }
  const words = written.replace(/,/g, ' ').trim().split(/\s+/);
  const year = Number(words[1]);
  if (words.length !== 3 || !Number.isInteger(year)) return refuse(`cannot read the phase '${written}'`);
  const season = words[0]!.toUpperCase();
  const type = normalisePhaseType(words[2]!);
  const step = steps.find((candidate) => candidate.season === season && candidate.type === type) ?? steps.find((candidate) => candidate.type === type);
  return step ? accept({ season: step.season, year, type: step.type }) : refuse(`the map has no ${type} phase`);
}

/** Armies stand on provinces whatever coast is written (`A spa/nc` is in SPA). */
function armyPlace(map: GameMap, unit: UnitRef): string {
  return unit.type === 'A' ? (map.location(unit.location)?.province ?? unit.location) : unit.location;
}

/** `England: F nth` as a unit of a map power. */
export function placedUnit(map: GameMap, line: DatcLine): Verdict<CaseUnit> {
  const power = findPower(map, line.power);
  if (!power) return refuse(`line ${line.line}: unknown power '${line.power}'`);
  const parsed = parseOrder(map, line.text, 'MOVEMENT');
  // A unit must be one the terrain takes: `F tyr` (Tyrolia) is no unit of the case.
  const order = parsed.ok
    ? parsed.readings.find((reading) => reading.kind === 'hold' && reading.unit.type !== null && map.mayOccupy(reading.unit.type, armyPlace(map, reading.unit)))
    : undefined;
  if (!order || order.kind !== 'hold' || order.unit.type === null) return refuse(`line ${line.line}: cannot read the unit '${line.text}'`);
  return accept({ power: power.name, type: order.unit.type, location: armyPlace(map, order.unit) });
}

function emptyPosition(map: GameMap, owners: Map<string, string[]> | null): Position {
  return {
    powers: map.powers.map((power): PowerState => ({
      name: power.name,
      units: [],
      retreating: [],
      centers: owners ? (owners.get(power.name) ?? []) : [...power.owns],
      homes: [...power.homes],
      claimCredits: power.sites.claimCredits,
    })),
  };
}

function placeAll(map: GameMap, lines: readonly DatcLine[]): Verdict<CaseUnit[]> {
  const units: CaseUnit[] = [];
  for (const line of lines) {
    const unit = placedUnit(map, line);
    if (!unit.ok) return unit;
    units.push(unit.value);
  }
  return accept(units);
}

/** Sets a case up as a game on the map would be, with the case's rules added: its rules read the orders and judge them. */
export function buildCase(map: GameMap, datc: DatcCase): Verdict<CaseSetup> {
  const unknown = datc.rules.find((rule) => ruleInfo(rule.name) === undefined);
  if (unknown) return refuse(`line ${unknown.line}: there is no DPjudge rule called ${unknown.name}`);
  const rules = withImpliedRules([...map.rules(), ...datc.rules.map((rule) => ruleInfo(rule.name)!.name)]);
  const phase = casePhase(map, datc.phase);
  if (!phase.ok) return phase;
  const phaseType = normalisePhaseType(phase.value.type) as OrderPhase;
  let owners: Map<string, string[]> | null = null;
  if (datc.owners) {
    const listed = placeAll(map, datc.owners);
    if (!listed.ok) return listed;
    owners = new Map();
    for (const unit of listed.value) owners.set(unit.power, [...(owners.get(unit.power) ?? []), map.location(unit.location)!.province]);
  }
  const position = emptyPosition(map, owners);
  const stateOf = (name: string): PowerState => position.powers.find((state) => state.name === name)!;
  const units = placeAll(map, datc.prestate);
  if (!units.ok) return units;
  for (const unit of units.value) stateOf(unit.power).units.push({ type: unit.type, location: unit.location });
  if (phaseType === RETREATS) {
    const dislodged = placeAll(map, datc.dislodged);
    if (!dislodged.ok) return dislodged;
    const retreats = retreatsFromResults(map, position, dislodged.value, datc.results, rules);
    if (!retreats.ok) return retreats;
    dislodged.value.forEach((unit, index) => {
      const options = retreats.value[index]!;
      if (options.length > 0) stateOf(unit.power).retreating.push({ type: unit.type, location: unit.location, retreats: options });
    });
  }
  const orders: SubmittedOrder[] = [];
  const readers = new Map<string, OrderReader>();
  let board: Board;
  try {
    board = new Board(map, position);
  } catch (error) {
    // Two units in one province, say: this case cannot be set up, and the file's other cases still run.
    if (error instanceof PositionError) return refuse(`the case's position is impossible: ${error.message}`);
    throw error;
  }
  for (const line of datc.orders) {
    const power = findPower(map, line.power);
    if (!power) return refuse(`line ${line.line}: unknown power '${line.power}'`);
    let reader = readers.get(power.name);
    if (!reader) {
      reader = new OrderReader({ map, position, power: power.name, phase: phaseType, rules }, board);
      readers.set(power.name, reader);
    }
    const checked = reader.read(line.text);
    const parsed = checked.ok ? null : parseOrder(map, line.text, phaseType);
    if (checked.ok) orders.push(checked.submitted);
    else if (parsed?.ok) orders.push({ power: power.name, order: parsed.readings[0]! });
  }
  return accept({ phase: phase.value, position, orders, rules });
}

interface PastOrder {
  power: string;
  order: MovementOrder & { unit: { type: UnitType } };
  succeeded: boolean;
}

function pastOrders(map: GameMap, results: readonly DatcResultLine[]): Verdict<PastOrder[]> {
  const orders: PastOrder[] = [];
  for (const line of results) {
    const power = findPower(map, line.power);
    if (!power) return refuse(`line ${line.line}: unknown power '${line.power}'`);
    const parsed = parseOrder(map, line.text, 'MOVEMENT');
    if (!parsed.ok) return refuse(`line ${line.line}: ${parsed.reason}`);
    // Read as a movement phase's order, it is one; its unit type places it on the board before the moves.
    const order = parsed.readings[0] as MovementOrder;
    const type = order.unit.type;
    if (type === null) return refuse(`line ${line.line}: say whether the unit is an army or a fleet`);
    orders.push({ power: power.name, order: { ...order, unit: { ...order.unit, type } }, succeeded: line.succeeded });
  }
  return accept(orders);
}

/**
 * Retreat options of the dislodged units, from the previous movement's orders and whether each
 * worked: the successful move into a unit's province dislodged it (its origin is closed to the
 * retreat unless it came by convoy), and an empty province that two or more failed moves aimed at
 * saw a standoff. A dislodged unit's failed move into its attacker's origin made no standoff.
 */
function retreatsFromResults(
  map: GameMap,
  position: Position,
  dislodged: readonly CaseUnit[],
  results: readonly DatcResultLine[],
  rules: RulesInForce,
): Verdict<string[][]> {
  const past = pastOrders(map, results);
  if (!past.ok) return past;
  // Without PRESTATE_RESULTS nothing is known of the moves: no attacker's origin is closed, and no
  // board before them is set up (it would put each dislodged unit beside its attacker).
  const convoyed = past.value.length === 0 ? accept(new Set<PastOrder>()) : convoyedAttackers(map, position, dislodged, past.value, rules);
  if (!convoyed.ok) return convoyed;
  const board = new Board(map, position);
  const tables = board.tables;
  const provinceOf = (location: string): number => tables.provinceOf[tables.id(location)]!;
  const moves = past.value.filter((entry): entry is PastOrder & { order: MoveOrder } => entry.order.kind === 'move');
  const attackerOrigin = new Map<number, number>();
  for (const entry of moves) {
    if (entry.succeeded) attackerOrigin.set(provinceOf(entry.order.to), convoyed.value.has(entry) ? -1 : provinceOf(entry.order.unit.location));
  }
  const failedInto = new Map<number, number>();
  for (const entry of moves) {
    if (entry.succeeded) continue;
    const from = provinceOf(entry.order.unit.location);
    const to = provinceOf(entry.order.to);
    const wasDislodged = dislodged.some((unit) => provinceOf(unit.location) === from);
    if (wasDislodged && attackerOrigin.get(from) === to) continue;
    failedInto.set(to, (failedInto.get(to) ?? 0) + 1);
  }
  const closed = (province: number): boolean => board.occupant[province]! >= 0 || (failedInto.get(province) ?? 0) >= 2;
  return accept(
    dislodged.map((unit) => {
      const location = tables.id(unit.location);
      const placed = { power: board.powerIndex(unit.power), type: unit.type, location, province: tables.provinceOf[location]! };
      return retreatOptions(board, placed, closed, attackerOrigin.get(placed.province) ?? -1);
    }),
  );
}

/**
 * The successful moves that went by convoy, decided as the movement phase decided them: the board
 * before the moves is set up again (each unit of the results where its order was given, the
 * dislodged and the other units where they stand) and its orders read by the movement rules.
 */
function convoyedAttackers(
  map: GameMap,
  position: Position,
  dislodged: readonly CaseUnit[],
  past: readonly PastOrder[],
  rules: RulesInForce,
): Verdict<Set<PastOrder>> {
  const provinceOf = (location: string): string => map.location(location)?.province ?? location;
  const ordered = new Set(past.map((entry) => provinceOf(entry.order.unit.location)));
  const entered = new Set(past.flatMap((entry) => (entry.succeeded && entry.order.kind === 'move' ? [provinceOf(entry.order.to)] : [])));
  const before: Position = {
    powers: position.powers.map((state) => ({
      ...state,
      units: [
        ...state.units.filter((unit) => !ordered.has(provinceOf(unit.location)) && !entered.has(provinceOf(unit.location))),
        ...dislodged.filter((unit) => unit.power === state.name && !ordered.has(provinceOf(unit.location))),
        ...past.filter((entry) => entry.power === state.name).map((entry) => ({ type: entry.order.unit.type, location: armyPlace(map, entry.order.unit) })),
      ].map((unit) => ({ type: unit.type, location: unit.location })),
      retreating: [],
    })),
  };
  let board: Board;
  try {
    board = new Board(map, before);
  } catch (error) {
    if (error instanceof PositionError) return refuse(`the results do not fit the position: ${error.message}`);
    throw error;
  }
  const battle = new Battle(board, past, { flags: ruleFlags(rules), dummies: new Set(), followedOrders: lastOrderInCharge });
  const tables = board.tables;
  return accept(
    new Set(
      past.filter((entry) => {
        if (!entry.succeeded || entry.order.kind !== 'move') return false;
        const unit = board.occupant[tables.provinceOf[tables.id(entry.order.unit.location)]!]!;
        return unit >= 0 && battle.convoyed[unit] === 1;
      }),
    ),
  );
}
