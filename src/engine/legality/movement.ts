import type { Board, BoardUnit } from '../board.js';
import { convoysFrom, fleetOnRoute, fleetRouteExists, routeProblem } from '../convoy-routes.js';
import { portageRouteExists, portageShore } from '../portage-routes.js';
import { canSupportInto, fleetLandings, mayOccupy, moveAbut } from '../reach.js';
import type { RuleFlags } from '../rules.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { ConvoyOrder, HoldOrder, MoveOrder, MovementOrder, ProxyOrder, SupportOrder, UnitRef } from '../../orders/types.js';
import type { Abut, UnitType } from '../../map/model.js';
import { leagueAllows } from './league.js';
import { checkPortagedMove, checkPortageOffer } from './portage.js';
import { namedUnit, ownUnit, provinceOf, typeWord, unitRef } from './units.js';
import { gatewayVerdict, railMoveProblem, railReaches, railwayOf } from './ways.js';

/** Why a direct move between two locations is refused, in the player's terms. */
function blockedReason(board: Board, unit: BoardUnit, to: number): string {
  const tables = board.tables;
  const from = tables.name(unit.location);
  const target = tables.locations[to]!;
  if (target.terrain === 'SHUT') return `${target.name} is impassable`;
  const abut = tables.abut(unit.location, to);
  if (!abut) return `${from} is not adjacent to ${target.name}`;
  if (unit.type === 'A' && !target.armiesMayOccupy) return `an army cannot enter ${target.name}`;
  if (unit.type === 'F' && !target.fleetsMayOccupy) return `a fleet cannot enter ${target.name}`;
  if (unit.type === 'A' ? !abut.armies : !abut.fleets) {
    return `${unit.type === 'A' ? 'an army' : 'a fleet'} cannot cross from ${from} to ${target.name}`;
  }
  if (abut.powers !== null && !abut.powers.includes(board.mapPower(unit.power)?.abbrev ?? '')) {
    return `${board.displayName(unit.power)} may not cross from ${from} to ${target.name}`;
  }
  return `crossing from ${from} to ${target.name} needs ${abut.centers.join(', ')} owned`;
}

/** Where a direct move lands, and the adjacency it crosses to get there. */
interface Landing {
  location: number;
  crossing: Abut;
}

/** The location a fleet lands on: the written coast, or the only coast it can reach. */
function fleetDestination(board: Board, unit: BoardUnit, to: number): Verdict<Landing> {
  const tables = board.tables;
  const province = tables.provinceOf[to]!;
  if (to !== province || tables.coastsOf[province]!.length === 0) {
    const crossing = moveAbut(board, 'F', unit.location, to, unit.power);
    return crossing ? accept({ location: to, crossing }) : refuse(blockedReason(board, unit, to));
  }
  const landings = fleetLandings(board, unit.location, province, unit.power);
  if (landings.length === 1) return accept({ location: landings[0]!, crossing: moveAbut(board, 'F', unit.location, landings[0]!, unit.power)! });
  if (landings.length === 0) return refuse(`${tables.name(unit.location)} is not adjacent to ${tables.name(province)}`);
  return refuse(`the coast of ${tables.name(province)} must be given (${landings.map((coast) => tables.abbrev(coast)).join(' or ')})`);
}

/** An army reaches a province directly, or through fleets standing ready now (DATC 6.D.32), or under FICTIONAL_OK through any convoy spaces. */
function armyCanReach(board: Board, flags: RuleFlags, army: BoardUnit, province: number): boolean {
  return moveAbut(board, 'A', army.location, province, army.power) !== null || fleetRouteExists(board, flags, army.location, province);
}

/** A checked movement order, with the integer ids the adjudicator works on. */
export interface CheckedMovement {
  order: MovementOrder;
  /** Index in `board.units` of the unit ordered; -1 for a unit that does not exist (FICTIONAL_OK). */
  unit: number;
  /** Index of the unit supported or convoyed; -1 for other orders, and for aid offered to a unit that does not exist (FICTIONAL_OK). */
  target: number;
  /** Province moved, supported or convoyed into; -1 for holds and hold supports. */
  dest: number;
  /** A move's landing location; a support's demanded coast; otherwise -1. */
  landing: number;
  /** A move's written convoy route as location ids. */
  route: number[] | null;
  /**
   * The adjacency a move would cross going directly from the unit's location to its landing, or
   * null when it cannot (then it goes only by convoy, portage or railway). The battle takes a move's
   * strength from it, so it need not look the adjacency up again.
   */
  crossing: Abut | null;
  /** SIGNAL_SUPPORT: why the support can never be given; it is accepted as a signal and void. */
  signal: string | null;
}

function checked(
  board: Board,
  order: MovementOrder,
  unit: BoardUnit,
  target: BoardUnit | null,
  dest = -1,
  landing = -1,
  route: number[] | null = null,
  crossing: Abut | null = null,
): Verdict<CheckedMovement> {
  return accept({ order, unit: board.indexOf(unit), target: target ? board.indexOf(target) : -1, dest, landing, route, crossing, signal: null });
}

/**
 * FICTIONAL_OK: a unit an order names that is not on the board, as the order describes it. Its
 * power is the ordering power's, for the map's power-restricted crossings.
 */
function phantom(board: Board, power: number, ref: UnitRef, type: UnitType): Verdict<BoardUnit> {
  const tables = board.tables;
  const location = tables.id(ref.location);
  if (location < 0) return refuse(`there is no place called ${ref.location}`);
  if (!mayOccupy(tables, type, location)) return refuse(`${type === 'A' ? 'an army' : 'a fleet'} cannot be in ${tables.name(location)}`);
  return accept({ power, type, location, province: tables.provinceOf[location]! });
}

function checkHold(board: Board, unit: BoardUnit, order: HoldOrder): Verdict<CheckedMovement> {
  return checked(board, { kind: 'hold', unit: unitRef(board, unit, order.unit) }, unit, null);
}

/** What a refused fleet route or army convoy order adds: the rule that would allow it. */
const NO_PORTAGE = ' (armies carry fleets only in games with the rule PORTAGE_CONVOY)';

/** Why a unit of a dummy power may not move under IMMOBILE_DUMMIES. */
const IMMOBILE_REASON = 'IMMOBILE_DUMMIES: units of dummy powers may only hold, support or convoy';

/**
 * Why a unit may not move into its own province: only an army convoyed by a written route may, under
 * CONVOY_BACK; under PORTAGE_CONVOY armies may carry a fleet to another coast of its province, and
 * back to where it stands under CONVOY_BACK.
 */
function returnProblem(flags: RuleFlags, unit: BoardUnit, order: MoveOrder, to: number): string | null {
  const carried = unit.type === 'A' ? order.route.length > 0 : flags.portageConvoy;
  if (!carried) return 'a unit cannot move to the province it is in';
  if (unit.type === 'F' && to !== unit.location) return null;
  return flags.convoyBack ? null : `a ${unit.type === 'A' ? 'convoyed army' : 'carried fleet'} may not return to where it started`;
}

function checkMove(board: Board, unit: BoardUnit, order: MoveOrder, flags: RuleFlags, immobile: boolean): Verdict<CheckedMovement> {
  if (immobile) return refuse(IMMOBILE_REASON);
  const tables = board.tables;
  const to = tables.id(order.to);
  if (to < 0) return refuse(`there is no place called ${order.to}`);
  const province = tables.provinceOf[to]!;
  const returning = province === unit.province ? returnProblem(flags, unit, order, to) : null;
  if (returning) return refuse(returning);
  const railway = railwayOf(board, order.route);
  if (railway) {
    // A ride needs no fleets: its route of sea spaces is empty, and nothing can break it but the railway's own rules (movement/ways.ts).
    const problem = railMoveProblem(board, unit, railway, order.route, province);
    if (problem) return refuse(problem);
    const ride: MoveOrder = { kind: 'move', unit: unitRef(board, unit, order.unit), to: tables.abbrev(province), route: [railway.province], viaConvoy: true };
    return checked(board, ride, unit, null, province, province, [], moveAbut(board, unit.type, unit.location, province, unit.power));
  }
  if (unit.type === 'F') {
    const landing = province === unit.province ? refuse('a fleet cannot sail to the province it is in') : fleetDestination(board, unit, to);
    if (flags.portageConvoy && (order.route.length > 0 || order.viaConvoy || !landing.ok)) {
      const carried = checkPortagedMove(board, unit, order, flags, landing.ok || order.viaConvoy ? null : landing.reason);
      if (!carried.ok) return carried;
      const { order: portaged, landing: carriedTo, route } = carried.value;
      return checked(board, portaged, unit, null, province, carriedTo, route, moveAbut(board, 'F', unit.location, carriedTo, unit.power));
    }
    if (order.route.length > 0 || order.viaConvoy) return refuse(`a fleet cannot be convoyed${NO_PORTAGE}`);
    if (!landing.ok) return landing;
    const { location, crossing } = landing.value;
    const move: MoveOrder = { kind: 'move', unit: unitRef(board, unit, order.unit), to: tables.abbrev(location), route: [], viaConvoy: false };
    return checked(board, move, unit, null, province, location, null, crossing);
  }
  if (!tables.locations[province]!.armiesMayOccupy) return refuse(blockedReason(board, unit, province));
  const normal: MoveOrder = {
    kind: 'move',
    unit: unitRef(board, unit, order.unit),
    to: tables.abbrev(province),
    route: order.route,
    viaConvoy: order.viaConvoy || order.route.length > 0,
  };
  if (order.route.length > 0) {
    const route = order.route.map((space) => tables.id(space));
    const problem = route.includes(-1) ? 'the route names an unknown place' : routeProblem(board, flags, unit.location, route, province);
    return problem ? refuse(problem) : checked(board, normal, unit, null, province, province, route, moveAbut(board, 'A', unit.location, province, unit.power));
  }
  // armyCanReach, keeping the adjacency found.
  const crossing = moveAbut(board, 'A', unit.location, province, unit.power);
  if (crossing || fleetRouteExists(board, flags, unit.location, province)) return checked(board, normal, unit, null, province, province, null, crossing);
  const coastal = (location: number): boolean => tables.sailable[location]!.some((space) => convoysFrom(tables, flags, space));
  if (tables.abut(unit.location, province) || !coastal(unit.location) || !coastal(province)) {
    return refuse(blockedReason(board, unit, province));
  }
  return refuse(`no fleets stand ready to convoy from ${tables.name(unit.location)} to ${tables.name(province)}`);
}

/** Why the supporter cannot give support into the province, or null. */
function supportReachProblem(board: Board, supporter: BoardUnit, province: number): string | null {
  if (canSupportInto(board, supporter.type, supporter.location, province, supporter.power)) return null;
  const tables = board.tables;
  return `the ${typeWord(supporter.type)} in ${tables.name(supporter.province)} cannot support into ${tables.name(province)}`;
}

/** Why no support can be given to the target's move to `to`, or null. */
function moveSupportProblem(board: Board, flags: RuleFlags, supporter: BoardUnit, target: BoardUnit, to: number): string | null {
  const tables = board.tables;
  const province = tables.provinceOf[to]!;
  // Under CONVOY_BACK an army may be convoyed back to its own province, and supported there.
  const goesHome = province === target.province && !(flags.convoyBack && target.type === 'A');
  if (goesHome) return 'a unit cannot be supported to move to where it is';
  if (province === supporter.province) return 'a unit cannot support a move into its own province';
  const reach = supportReachProblem(board, supporter, province);
  if (reach) return reach;
  const reachable =
    target.type === 'F'
      ? (to === province
          ? fleetLandings(board, target.location, province, target.power).length > 0
          : moveAbut(board, 'F', target.location, to, target.power) !== null) ||
        (flags.portageConvoy && portageShore(tables, target.location) && portageRouteExists(board, flags, target.location, province))
      : armyCanReach(board, flags, target, province) || railReaches(board, target, province);
  return reachable ? null : `the ${typeWord(target.type)} in ${tables.name(target.province)} cannot reach ${tables.name(to)}`;
}

/**
 * A support that failed the reach checks (`blocked`) is refused, unless SIGNAL_SUPPORT accepts it
 * as a signal that never counts. The map's leagues apply to signals too.
 */
function supportVerdict(
  board: Board,
  flags: RuleFlags,
  blocked: string | null,
  order: SupportOrder,
  supporter: BoardUnit,
  target: BoardUnit,
  dest = -1,
  demanded = -1,
): Verdict<CheckedMovement> {
  if (blocked !== null && !flags.signalSupport) return refuse(blocked);
  // FICTIONAL_OK obviates the map's LEAGUE settings (Rules.txt).
  const league = flags.fictionalOk ? accept(undefined) : leagueAllows(board, supporter.power, target, dest < 0 ? null : dest);
  if (!league.ok) return league;
  const accepted = checked(board, order, supporter, target, dest, demanded);
  return accepted.ok && blocked !== null ? accept({ ...accepted.value, signal: blocked }) : accepted;
}

/**
 * FICTIONAL_OK: the units a support may be for where none of the type written stands in the place
 * named: of the type written, else of each type the place allows. The support goes to whatever unit
 * stands in the province when the phase is adjudicated (DPjudge's Game.resolveMoves, step 2).
 */
function phantomTargets(board: Board, power: number, ref: UnitRef): BoardUnit[] {
  if (provinceOf(board, ref.location) < 0) return [];
  const types: UnitType[] = ref.type !== null ? [ref.type] : ['A', 'F'];
  return types.flatMap((type) => {
    const verdict = phantom(board, power, ref, type);
    return verdict.ok ? [verdict.value] : [];
  });
}

/** The unit a support names in a province: in a high sea, a fleet there other than the supporter, its own power's first (the battle settles which). */
function supportedUnitAt(board: Board, province: number, supporter: BoardUnit): BoardUnit | undefined {
  const found = board.unitAt(province, supporter.power);
  if (found !== supporter) return found;
  const other = board.unitsIn(province).find((index) => board.units[index] !== supporter);
  return other === undefined ? found : board.units[other];
}

function checkSupport(board: Board, supporter: BoardUnit, order: SupportOrder, flags: RuleFlags): Verdict<CheckedMovement> {
  const named = namedUnit(board, order.target, (province) => supportedUnitAt(board, province, supporter));
  if (named.ok) return supportFor(board, supporter, order, flags, named.value);
  const phantoms = flags.fictionalOk ? phantomTargets(board, supporter.power, order.target) : [];
  let first: Verdict<CheckedMovement> = named;
  for (const target of phantoms) {
    const verdict = supportFor(board, supporter, order, flags, target);
    if (verdict.ok) return verdict;
    if (first === named) first = verdict;
  }
  return first;
}

function supportFor(board: Board, supporter: BoardUnit, order: SupportOrder, flags: RuleFlags, target: BoardUnit): Verdict<CheckedMovement> {
  const tables = board.tables;
  if (target === supporter || (target.province === supporter.province && !tables.isHighSea(target.province))) return refuse('a unit cannot support itself');
  const unit = unitRef(board, supporter, order.unit);
  const existing = board.indexOf(target) >= 0 ? target : board.unitAt(target.province);
  // A phantom's support is for the unit standing there, if any: it is named as that unit.
  const supported = unitRef(board, existing ?? target, existing === target ? order.target : undefined);
  const aided = existing ?? target;
  if (order.to === null) {
    const blocked = supportReachProblem(board, supporter, target.province);
    return supportVerdict(board, flags, blocked, { kind: 'support', unit, target: supported, to: null }, supporter, aided);
  }
  const to = tables.id(order.to);
  if (to < 0) return refuse(`there is no place called ${order.to}`);
  const province = tables.provinceOf[to]!;
  const blocked = moveSupportProblem(board, flags, supporter, target, to);
  const demanded = aided.type === 'F' && to !== province ? to : -1;
  const support: SupportOrder = { kind: 'support', unit, target: supported, to: tables.abbrev(demanded < 0 ? province : to) };
  return supportVerdict(board, flags, blocked, support, supporter, aided, province, demanded);
}

function checkConvoy(board: Board, fleet: BoardUnit, order: ConvoyOrder, flags: RuleFlags): Verdict<CheckedMovement> {
  const tables = board.tables;
  if (fleet.type === 'A' && flags.portageConvoy) {
    const fleetFound = namedUnit(board, order.target);
    // FICTIONAL_OK: armies may offer to carry a fleet that is not there, as fleets may convoy an army that is not.
    const phantomFleet = !fleetFound.ok && flags.fictionalOk && order.target.type !== 'A' && provinceOf(board, order.target.location) >= 0;
    const carried = phantomFleet ? phantom(board, fleet.power, order.target, 'F') : fleetFound;
    if (!carried.ok) return carried;
    const portage = checkPortageOffer(board, fleet, carried.value, order, flags);
    return portage.ok ? convoyOffer(board, flags, fleet, carried.value, portage.value, order) : portage;
  }
  if (fleet.type !== 'F') return refuse(`only fleets can convoy${NO_PORTAGE}`);
  if (!convoysFrom(tables, flags, fleet.location)) return refuse(`the fleet in ${tables.name(fleet.province)} is not at sea and cannot convoy`);
  if (order.target.type === 'F') return refuse('only armies can be convoyed');
  const armyFound = namedUnit(board, { ...order.target, type: 'A' });
  // FICTIONAL_OK: a convoy may be offered to an army that is not there.
  const phantomArmy = !armyFound.ok && flags.fictionalOk && provinceOf(board, order.target.location) >= 0;
  const found = phantomArmy ? phantom(board, fleet.power, order.target, 'A') : armyFound;
  if (!found.ok) return board.unitAt(provinceOf(board, order.target.location))?.type === 'F' ? refuse('only armies can be convoyed') : found;
  const army = found.value;
  const province = provinceOf(board, order.to);
  if (province < 0) return refuse(`there is no place called ${order.to}`);
  // CONVOY_BACK lets a convoy bring the army back to where it started.
  if (province === army.province && !flags.convoyBack) return refuse('an army cannot be convoyed to where it is');
  if (!tables.locations[province]!.armiesMayOccupy) return refuse(`an army cannot land in ${tables.name(province)}`);
  if (!fleetOnRoute(board, flags, fleet.location, army.location, province)) {
    return refuse(`the fleet in ${tables.name(fleet.province)} is on no convoy route from ${tables.name(army.province)} to ${tables.name(province)}`);
  }
  return convoyOffer(board, flags, fleet, army, province, order);
}

/**
 * A convoy offer (or, under PORTAGE_CONVOY, an army's offer to carry a fleet) that the map's leagues
 * allow; FICTIONAL_OK obviates the leagues (Rules.txt).
 */
function convoyOffer(board: Board, flags: RuleFlags, convoyer: BoardUnit, carried: BoardUnit, province: number, order: ConvoyOrder): Verdict<CheckedMovement> {
  const league = flags.fictionalOk ? accept(undefined) : leagueAllows(board, convoyer.power, carried, province);
  if (!league.ok) return league;
  const convoy: ConvoyOrder = {
    kind: 'convoy',
    unit: unitRef(board, convoyer, order.unit),
    target: unitRef(board, carried, order.target),
    to: board.tables.abbrev(province),
  };
  return checked(board, convoy, convoyer, carried, province);
}

/** A unit its space no longer suits (kept there by HIBERNATE) may only hold until the space suits it again. */
function hibernation(board: Board, unit: BoardUnit): string | null {
  if (mayOccupy(board.tables, unit.type, unit.location)) return null;
  return `the ${typeWord(unit.type)} in ${board.tables.name(unit.location)} hibernates: it may only hold until the space suits it again`;
}

/**
 * PROXY_OK: the owner hands the unit to another power for this phase (Format.txt). Only the owner
 * may (no re-proxying, which `orderedUnit` sees to), and not to itself, to a dummy or to a power
 * that is out of the game.
 */
function checkProxy(board: Board, unit: BoardUnit, order: ProxyOrder, flags: RuleFlags, dummies: ReadonlySet<string>): Verdict<CheckedMovement> {
  if (!flags.proxyOk) return refuse('proxy orders are taken only in games with the rule PROXY_OK');
  const to = board.powerIndex(order.to);
  if (to < 0) return refuse(`${order.to} is not a power in this game`);
  const name = board.displayName(to);
  if (to === unit.power) return refuse(`a unit cannot be proxied to its own power`);
  if (dummies.has(order.to)) return refuse(`${name} is a dummy: no unit may be proxied to it`);
  const state = board.powers[to]!;
  if (state.units.length === 0 && state.centers.length === 0) return refuse(`${name} is out of the game: no unit may be proxied to it`);
  return checked(board, { kind: 'proxy', unit: unitRef(board, unit, order.unit), to: order.to }, unit, null);
}

/**
 * The unit an order is for: the ordering power's own; under ORDER_ANY any power's; under
 * FICTIONAL_OK, where no unit of the type written stands, the unit as written (a phantom, whose
 * type must then be given: Rules.txt). A proxy order is the owner's alone.
 */
function orderedUnit(board: Board, power: number, order: MovementOrder, flags: RuleFlags): Verdict<BoardUnit> {
  const ref = order.unit;
  if (flags.fictionalOk && order.kind !== 'proxy') {
    if (ref.type === null) return refuse('the game has FICTIONAL_OK: say whether the unit is an army (A) or a fleet (F)');
    const province = provinceOf(board, ref.location);
    if (province < 0) return refuse(`there is no place called ${ref.location}`);
    if (board.unitAt(province)?.type !== ref.type) return phantom(board, power, ref, ref.type);
  }
  return flags.orderAny && order.kind !== 'proxy' ? namedUnit(board, ref) : ownUnit(board, power, ref);
}

const NO_DUMMIES: ReadonlySet<string> = new Set();

/**
 * Checks a movement-phase order against the board and the game's rules; the order comes back
 * completed (types, coasts), with its ids. A power orders its own units, and under ORDER_ANY any
 * unit (`orderedUnit`); an `immobile` power (a dummy under IMMOBILE_DUMMIES) may not order a move,
 * nor may anyone move a unit of one of the `dummies` then.
 */
export function checkMovement(
  board: Board,
  power: number,
  order: MovementOrder,
  flags: RuleFlags,
  immobile = false,
  dummies: ReadonlySet<string> = NO_DUMMIES,
): Verdict<CheckedMovement> {
  const found = orderedUnit(board, power, order, flags);
  if (!found.ok) return found;
  const unit = found.value;
  if (order.kind !== 'hold') {
    const sleeping = hibernation(board, unit);
    if (sleeping !== null) return refuse(sleeping);
  }
  const unmovable = unit.power === power ? immobile : flags.immobileDummies && dummies.has(board.powerName(unit.power));
  switch (order.kind) {
    case 'hold':
      return checkHold(board, unit, order);
    case 'move':
      return checkMove(board, unit, order, flags, unmovable);
    case 'support':
      return checkSupport(board, unit, order, flags);
    case 'convoy':
      return checkConvoy(board, unit, order, flags);
    case 'proxy':
      return checkProxy(board, unit, order, flags, dummies);
  }
}

/** `checkMovement`, for callers that want only the completed order; an nJudge gateway order is checked as one. */
export function checkMovementOrder(...args: Parameters<typeof checkMovement>): Verdict<MovementOrder> {
  const [board, power, order] = args;
  const gateway = gatewayVerdict(board, power, order);
  if (gateway) return gateway;
  const result = checkMovement(...args);
  return result.ok ? accept(result.value.order) : result;
}
