import type { Board, BoardUnit } from '../board.js';
import { armyOnPortage, portageRouteExists, portageRouteProblem, portageShore } from '../portage-routes.js';
import type { RuleFlags } from '../rules.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { ConvoyOrder, MoveOrder } from '../../orders/types.js';
import { provinceOf, unitRef } from './units.js';

/**
 * The orders PORTAGE_CONVOY adds: an army's offer to carry a fleet (`A MUN C F KIE - BER`) and the
 * fleet's carried move (`F KIE - MUN - BER`, or `F KIE - BER` when some chain of armies could carry
 * it). As with supports, the army's order names no coast; only the fleet's move may.
 */

/** A carried move as checked: the completed order, where it lands and its written route (province ids). */
export interface CheckedPortage {
  order: MoveOrder;
  landing: number;
  route: number[] | null;
}

/** Where a carried fleet lands: the written coast or coastal province, or the only coast of the province it may land on. */
function landingOf(board: Board, to: number): Verdict<number> {
  const tables = board.tables;
  const province = tables.provinceOf[to]!;
  const coasts = tables.coastsOf[province]!;
  if (to !== province || coasts.length === 0) {
    return portageShore(tables, to) ? accept(to) : refuse(`a carried fleet must land on a coast, and ${tables.name(to)} is none`);
  }
  const shores = Array.from(coasts).filter((coast) => portageShore(tables, coast));
  if (shores.length === 1) return accept(shores[0]!);
  if (shores.length === 0) return refuse(`a carried fleet must land on a coast, and ${tables.name(to)} has none`);
  return refuse(`the coast of ${tables.name(province)} must be given (${shores.map((coast) => tables.abbrev(coast)).join(' or ')})`);
}

/**
 * A fleet's move that armies are to carry: it wrote a route or VIA CONVOY, or cannot sail there
 * (`unsailable` says why, and is the answer when no armies could carry it either).
 */
export function checkPortagedMove(board: Board, fleet: BoardUnit, order: MoveOrder, flags: RuleFlags, unsailable: string | null): Verdict<CheckedPortage> {
  const tables = board.tables;
  if (!portageShore(tables, fleet.location)) return refuse(`the fleet in ${tables.name(fleet.location)} is not on a coast: armies cannot carry it`);
  const to = tables.id(order.to);
  const landing = landingOf(board, to);
  if (!landing.ok) return landing;
  const province = tables.provinceOf[to]!;
  let route: number[] | null = null;
  if (order.route.length > 0) {
    const ids = order.route.map((space) => tables.id(space));
    if (ids.includes(-1)) return refuse('the route names an unknown place');
    route = ids.map((id) => tables.provinceOf[id]!);
    const problem = portageRouteProblem(board, flags, fleet.location, route, province);
    if (problem) return refuse(problem);
  } else if (!portageRouteExists(board, flags, fleet.location, province)) {
    return refuse(unsailable ?? `no armies stand ready to carry the fleet from ${tables.name(fleet.province)} to ${tables.name(province)}`);
  }
  const move: MoveOrder = {
    kind: 'move',
    unit: unitRef(board, fleet, order.unit),
    to: tables.abbrev(landing.value),
    route: route ? route.map((id) => tables.abbrev(id)) : [],
    viaConvoy: order.viaConvoy || route !== null,
  };
  return accept({ order: move, landing: landing.value, route });
}

/** An army's offer to carry `fleet` (the unit the order names, or under FICTIONAL_OK a phantom): the province it is to be carried to. */
export function checkPortageOffer(board: Board, army: BoardUnit, fleet: BoardUnit, order: ConvoyOrder, flags: RuleFlags): Verdict<number> {
  const tables = board.tables;
  if (fleet.type !== 'F') return refuse('an army carries only fleets');
  if (!portageShore(tables, fleet.location)) return refuse(`the fleet in ${tables.name(fleet.location)} is not on a coast: armies cannot carry it`);
  const to = tables.id(order.to);
  if (to < 0) return refuse(`there is no place called ${order.to}`);
  const province = provinceOf(board, order.to);
  if (to !== province) return refuse(`only the fleet's own move may name the coast it lands on`);
  const coasts = tables.coastsOf[province]!;
  const shores = coasts.length === 0 ? [province] : Array.from(coasts);
  if (!shores.some((shore) => portageShore(tables, shore))) return refuse(`a fleet cannot land in ${tables.name(province)}`);
  // Another coast of its own province is a move; the very place it stands only under CONVOY_BACK.
  if (province === fleet.province && coasts.length < 2 && !flags.convoyBack) return refuse('a fleet cannot be carried to where it is');
  if (!armyOnPortage(board, flags, army.province, fleet.location, province)) {
    return refuse(`the army in ${tables.name(army.province)} is on no chain of armies from ${tables.name(fleet.province)} to ${tables.name(province)}`);
  }
  return accept(province);
}
