import { Board, type BoardUnit } from '../engine/board.js';
import { adjustmentCount, buildableUnits, openBuildSites } from '../engine/builds.js';
import { fleetRouteExists } from '../engine/convoy-routes.js';
import { portageDestinations, portageShore } from '../engine/portage-routes.js';
import { canSupportInto } from '../engine/reach.js';
import { ruleFlags, type RuleFlags } from '../engine/rules.js';
import type { MapDefinition } from '../map/definition.js';
import { ADJUSTMENTS, MOVEMENT } from '../map/phase.js';
import { checkOrder } from '../engine/legality/check.js';
import { railDestinations } from '../engine/legality/ways.js';
import { formatOrder } from '../orders/format.js';
import type { Order, OrderPhase, UnitRef } from '../orders/types.js';
import { findPower, playedPhase, type GameStatus } from '../status/model.js';
import type { RulesInForce } from '../rules/in-force.js';
import { dummyPowers } from './control.js';
import { immobility, orderPhaseOf, ordersOnFile } from './orders.js';
import { positionOf } from './position.js';
import { boardSight } from './blind-view.js';
import { visiblePosition } from '../engine/visibility.js';

/**
 * Every order a power may give now, unit by unit, for the web pages to offer as choices. The
 * candidates come from the map (every place a unit might move, support or convoy into, every build
 * site) and are kept only when the check that reads mailed orders accepts them, so no choice is
 * refused at entry and none the rules allow is missing, apart from what only a written order can
 * say (explicit convoy routes, SIGNAL_SUPPORT signals, orders to units that do not exist). Under
 * PROXY_OK a unit may be proxied to each power that may take it, and the units proxied to the
 * power are offered beside its own.
 */

interface UnitOrders {
  /** `A PAR`. */
  readonly unit: string;
  /** Canonical orders: in movement the hold first, in retreats the disband last. */
  readonly choices: readonly string[];
  /** The unit's order on file, one of the choices; null when it has none. */
  readonly onFile: string | null;
  /** Its further orders on file: a NO_CHECK game keeps every order given to a unit (which then holds). */
  readonly alsoOnFile: readonly string[];
}

interface AdjustmentChoices {
  /** Builds (positive) or removals (negative) due. */
  readonly count: number;
  /** Every build (and WAIVE) or every removal. */
  readonly choices: readonly string[];
  readonly onFile: readonly string[];
}

export interface OrderChoices {
  readonly phase: OrderPhase;
  /** Movement and retreat phases: one list per unit ordered. */
  readonly units: readonly UnitOrders[];
  /** Adjustment phases: what is due and what may be picked. */
  readonly adjustment: AdjustmentChoices | null;
  /**
   * The orders on file for none of `units`: orders to units that are not there (NO_CHECK), or to
   * another power's unit that does not obey this one (ORDER_ANY). Sending orders replaces them all,
   * so they are shown for the power to send again or drop.
   */
  readonly otherOnFile: readonly string[];
}

interface Chooser {
  readonly board: Board;
  readonly power: number;
  readonly flags: RuleFlags;
  /** Made once, when the first unit asks. */
  convoyRoutes(): Map<BoardUnit, number[]>;
  /** The order's canonical text when the power may give it now, else null. */
  legal(order: Order): string | null;
}

function ref(board: Board, unit: BoardUnit): UnitRef {
  return { type: unit.type, location: board.tables.abbrev(unit.location) };
}

/** Provinces by id: the locations that are their own province (coasts are reached through them). */
function provinces(board: Board): number[] {
  const all: number[] = [];
  for (let id = 0; id < board.tables.count; id++) if (board.tables.provinceOf[id] === id) all.push(id);
  return all;
}

/**
 * Each army with the provinces some chain of fleets could carry it to now, and under PORTAGE_CONVOY
 * each fleet on a coast with the provinces armies might carry it to (with their coasts, which a
 * carried fleet names): the only convoys worth checking.
 */
function convoyRoutes(board: Board, flags: RuleFlags): Map<BoardUnit, number[]> {
  const routes = new Map<BoardUnit, number[]>();
  const all = provinces(board);
  const tables = board.tables;
  for (const unit of board.units) {
    let destinations: number[] = [];
    if (unit.type === 'A') destinations = all.filter((province) => province !== unit.province && fleetRouteExists(board, flags, unit.location, province));
    else if (flags.portageConvoy && portageShore(tables, unit.location)) {
      destinations = portageDestinations(board, unit.location).flatMap((province) => [province, ...tables.coastsOf[province]!]);
    }
    if (destinations.length > 0) routes.set(unit, destinations);
  }
  return routes;
}

function legalOf(chooser: Chooser, candidates: readonly Order[]): string[] {
  const texts = new Set<string>();
  for (const candidate of candidates) {
    const text = chooser.legal(candidate);
    if (text !== null) texts.add(text);
  }
  return [...texts];
}

const byText = (a: string, b: string) => a.localeCompare(b);

/** Where a unit might move: the places it borders, where fleets (or, under PORTAGE_CONVOY, armies) could carry it, and where an nJudge railway could. */
function reachable(chooser: Chooser, unit: BoardUnit): number[] {
  const near = Array.from(chooser.board.tables.neighbours[unit.location]!);
  const carried = unit.type === 'A' || chooser.flags.portageConvoy ? (chooser.convoyRoutes().get(unit) ?? []) : [];
  return [...near, ...carried, ...railDestinations(chooser.board, unit)];
}

/** An army's rides on the nJudge railways its power may use from where it stands. */
function rides(board: Board, unit: BoardUnit): Order[] {
  const self = ref(board, unit);
  return board.map.data.extras.railways.flatMap((railway) =>
    railway.route.map((to): Order => ({ kind: 'move', unit: self, to, route: [railway.province], viaConvoy: true })),
  );
}

/**
 * The orders for each nJudge gateway the power holds (a unit in its controlling province): hold,
 * or let a unit in one of its two provinces pass to the other or support across from where it stands.
 */
function gatewayChoices(chooser: Chooser, unclaimed: string[]): UnitOrders[] {
  const { board } = chooser;
  const tables = board.tables;
  return board.map.data.extras.gateways.flatMap((gateway) => {
    const self: UnitRef = { type: null, location: gateway.gateway };
    const ends = [gateway.from, gateway.to];
    const passing = ends.flatMap((end, index): Order[] => {
      const unit = board.unitAt(tables.id(end));
      if (!unit) return [];
      const target = ref(board, unit);
      return [
        { kind: 'support', unit: self, target, to: null },
        { kind: 'support', unit: self, target, to: ends[1 - index]! },
      ];
    });
    const choices = [...legalOf(chooser, [{ kind: 'hold', unit: self }]), ...legalOf(chooser, passing).sort(byText)];
    return choices.length === 0 ? [] : [withOnFile(gateway.gateway, choices, unclaimed)];
  });
}

function movementChoices(chooser: Chooser, unit: BoardUnit): string[] {
  const { board } = chooser;
  const tables = board.tables;
  const self = ref(board, unit);
  const moves: Order[] = [
    ...reachable(chooser, unit).map((to): Order => ({ kind: 'move', unit: self, to: tables.abbrev(to), route: [], viaConvoy: false })),
    ...rides(board, unit),
  ];
  const supports: Order[] = [];
  const supportable = (province: number) => province !== unit.province && canSupportInto(board, unit.type, unit.location, province, unit.power);
  for (const other of board.units) {
    if (other === unit) continue;
    const target = ref(board, other);
    if (supportable(other.province)) supports.push({ kind: 'support', unit: self, target, to: null });
    const into = new Set(reachable(chooser, other).map((location) => tables.provinceOf[location]!));
    for (const province of into) if (supportable(province)) supports.push({ kind: 'support', unit: self, target, to: tables.abbrev(province) });
  }
  const convoys: Order[] = [];
  // A fleet convoys armies; under PORTAGE_CONVOY an army carries fleets, to a province, never a coast.
  if (unit.type === 'F' || chooser.flags.portageConvoy) {
    for (const [carried, destinations] of chooser.convoyRoutes()) {
      if (carried.type === unit.type) continue;
      for (const to of destinations) {
        if (tables.provinceOf[to] === to) convoys.push({ kind: 'convoy', unit: self, target: ref(board, carried), to: tables.abbrev(to) });
      }
    }
  }
  // PROXY_OK: the owner may hand the unit to any power that may take it.
  const proxies: Order[] = unit.power === chooser.power ? board.powers.map((state) => ({ kind: 'proxy', unit: self, to: state.name })) : [];
  return [
    ...legalOf(chooser, [{ kind: 'hold', unit: self }]),
    ...legalOf(chooser, moves).sort(byText),
    ...legalOf(chooser, supports).sort(byText),
    ...legalOf(chooser, convoys).sort(byText),
    ...legalOf(chooser, proxies),
  ];
}

/** PROXY_OK: the units other powers' orders on file proxy to `power`, which it may now order. */
function proxiedTo(game: GameStatus, board: Board, power: number): BoardUnit[] {
  const name = board.powerName(power);
  return board.units.filter(
    (unit) => unit.power !== power && findPower(game, board.powerName(unit.power))?.orders.includes(`${board.describe(unit)} P ${name}`),
  );
}

function retreatChoices(chooser: Chooser, unit: BoardUnit & { retreats: readonly string[] }): string[] {
  const self = ref(chooser.board, unit);
  const retreats: Order[] = unit.retreats.map((to) => ({ kind: 'retreat', unit: self, to }));
  return [...legalOf(chooser, retreats).sort(byText), ...legalOf(chooser, [{ kind: 'disband', unit: self }])];
}

function adjustmentChoices(chooser: Chooser, count: number): string[] {
  const { board, power } = chooser;
  if (count < 0) {
    const removals: Order[] = board.units.filter((unit) => unit.power === power).map((unit) => ({ kind: 'remove', unit: ref(board, unit) }));
    // Several fleets in an nJudge high sea are one choice: each removal slot may take it.
    return [...new Set(legalOf(chooser, removals))].sort(byText);
  }
  const builds: Order[] = openBuildSites(board, power, chooser.flags).flatMap((province) =>
    buildableUnits(board.tables, province).map((unit): Order => ({ kind: 'build', unit })),
  );
  return [...legalOf(chooser, builds).sort(byText), ...legalOf(chooser, [{ kind: 'waive' }])];
}

/**
 * The unit's order on file, taken from `unclaimed` so that each of a power's fleets in an nJudge
 * high sea shows an order of its own; one the choices lack (entered unchecked, or as a signal) is
 * offered too, so that resending keeps it.
 */
function withOnFile(unit: string, choices: string[], unclaimed: string[]): UnitOrders {
  const index = unclaimed.findIndex((line) => line.startsWith(`${unit} `));
  const own = index < 0 ? null : unclaimed.splice(index, 1)[0]!;
  return { unit, choices: own === null || choices.includes(own) ? choices : [own, ...choices], onFile: own, alsoOnFile: [] };
}

/** Shares out the orders on file no unit took as its first (`unclaimed`): each is a further order of the first unit it names, or one for none. */
function withTheRest(units: readonly UnitOrders[], unclaimed: readonly string[]): { units: UnitOrders[]; otherOnFile: string[] } {
  const further = new Map<UnitOrders, string[]>();
  const otherOnFile: string[] = [];
  for (const line of unclaimed) {
    const unit = units.find((candidate) => line.startsWith(`${candidate.unit} `));
    if (unit === undefined) otherOnFile.push(line);
    else further.set(unit, [...(further.get(unit) ?? []), line]);
  }
  return { units: units.map((unit) => ({ ...unit, alsoOnFile: further.get(unit) ?? [] })), otherOnFile };
}

/** What `power` may order in the game's current phase, under the `rules` in force on that phase's map; null when it orders nothing now. */
export function orderChoices(game: GameStatus, maps: MapDefinition, powerName: string, rules: RulesInForce): OrderChoices | null {
  const phase = playedPhase(game);
  if (phase === null) return null;
  const orderPhase = orderPhaseOf(phase);
  const status = findPower(game, powerName);
  if (orderPhase === null || status === undefined) return null;
  const map = maps.at(phase);
  // BLIND: the choices are made on the board as the power sees it, so that none names a unit out of its sight.
  const position = visiblePosition(positionOf(game, map), status.name, boardSight(game, map, { reader: status.name }, rules));
  const board = new Board(map, position);
  const power = board.powerIndex(status.name);
  if (power < 0) return null;
  const flags = ruleFlags(rules);
  const immobile = immobility(game, { map, position, phase, rules })(status.name);
  const dummies = dummyPowers(game);
  let routes: Map<BoardUnit, number[]> | undefined;
  const chooser: Chooser = {
    board,
    power,
    flags,
    convoyRoutes() {
      // Routes through fleets that are there: FICTIONAL_OK would take every sea as held, and offer every coast.
      routes ??= convoyRoutes(board, { ...flags, fictionalOk: false });
      return routes;
    },
    legal(order) {
      const verdict = checkOrder(board, power, order, orderPhase, flags, immobile, dummies);
      return verdict.ok ? formatOrder(verdict.value) : null;
    },
  };
  const onFile = ordersOnFile(status, orderPhase);
  if (orderPhase === ADJUSTMENTS) {
    const count = adjustmentCount(board, power, flags).change;
    if (count === 0) return null;
    return { phase: orderPhase, units: [], adjustment: { count, choices: adjustmentChoices(chooser, count), onFile }, otherOnFile: [] };
  }
  const unclaimed = [...onFile];
  const units =
    orderPhase === MOVEMENT
      ? [
          ...[...board.units.filter((unit) => unit.power === power), ...(flags.proxyOk ? proxiedTo(game, board, power) : [])].map((unit) =>
            withOnFile(board.describe(unit), movementChoices(chooser, unit), unclaimed),
          ),
          ...gatewayChoices(chooser, unclaimed),
        ]
      : board.retreating.filter((unit) => unit.power === power).map((unit) => withOnFile(board.describe(unit), retreatChoices(chooser, unit), unclaimed));
  return units.length === 0 ? null : { phase: orderPhase, ...withTheRest(units, unclaimed), adjustment: null };
}
