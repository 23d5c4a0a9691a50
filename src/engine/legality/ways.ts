import type { MapExtras } from '../../map/model.js';
import type { Board, BoardUnit } from '../board.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { MovementOrder, UnitRef } from '../../orders/types.js';
import { provinceOf, unitRef } from './units.js';

/**
 * nJudge gateways and railways as orders meet them (nJudge's map how-to, "Movement control" and
 * "Railways"). A gateway is a province no unit enters; whoever has a unit in its controlling
 * province orders it, with a support order that lets one unit pass between the gateway's two
 * provinces (`SC S F MED - RED`). A railway is a province no unit enters either; an army of a
 * power it admits rides it from one of its provinces to another in one move (`A MOS - TSR - IRK`).
 */

export type Gateway = MapExtras['gateways'][number];
export type Railway = MapExtras['railways'][number];

/** The gateway whose own province a written location names, if any. */
export function gatewayAt(board: Board, location: string): Gateway | undefined {
  const gateways = board.map.data.extras.gateways;
  if (gateways.length === 0) return undefined;
  const province = provinceOf(board, location);
  return province < 0 ? undefined : gateways.find((gateway) => board.tables.id(gateway.gateway) === province);
}

/** The railway a move's written route rides, if any. */
export function railwayOf(board: Board, route: readonly string[]): Railway | undefined {
  const railways = board.map.data.extras.railways;
  if (railways.length === 0) return undefined;
  return railways.find((railway) => route.some((space) => provinceOf(board, space) === board.tables.id(railway.province)));
}

/** The power (index) holding a gateway: the owner of the unit in its controlling province, or -1. */
export function gatewayKeeper(board: Board, gateway: Gateway): number {
  return board.unitAt(board.tables.id(gateway.controller))?.power ?? -1;
}

/** Whether a move or support between two provinces passes the gateway. */
export function passes(board: Board, gateway: Gateway, from: number, to: number): boolean {
  const ends = [board.tables.id(gateway.from), board.tables.id(gateway.to)];
  return from !== to && ends.includes(from) && ends.includes(to);
}

/** The gateway's own name in orders: a gateway has no unit type. */
function gatewayRef(gateway: Gateway): UnitRef {
  return { type: null, location: gateway.gateway };
}

/**
 * Checks an order for a gateway: only the power holding its controlling province gives one, and it
 * holds or supports a unit in one of the gateway's provinces, in place or moving to the other.
 */
export function checkGatewayOrder(board: Board, power: number, gateway: Gateway, order: MovementOrder): Verdict<MovementOrder> {
  const tables = board.tables;
  const name = tables.name(tables.id(gateway.gateway));
  if (order.unit.type !== null) return refuse(`the ${name} is a gateway, not an army or a fleet: order it without a unit type`);
  const keeper = gatewayKeeper(board, gateway);
  if (keeper !== power) {
    const controller = tables.name(tables.id(gateway.controller));
    return refuse(`the ${name} is ordered by whoever has a unit in ${controller}, which ${board.displayName(power)} has not`);
  }
  if (order.kind === 'hold') return accept({ kind: 'hold', unit: gatewayRef(gateway) });
  if (order.kind !== 'support') return refuse(`the ${name} may only hold or support a unit passing it`);
  const province = provinceOf(board, order.target.location);
  const target = province < 0 ? undefined : board.unitAt(province);
  if (!target) return refuse(`there is no unit in ${province < 0 ? order.target.location : tables.name(province)}`);
  const to = order.to === null ? province : provinceOf(board, order.to);
  if (to < 0) return refuse(`there is no place called ${order.to}`);
  const ends = [tables.id(gateway.from), tables.id(gateway.to)];
  if (!ends.includes(province) || !ends.includes(to)) {
    return refuse(`the ${name} only lets units pass between ${tables.name(ends[0]!)} and ${tables.name(ends[1]!)}`);
  }
  const supported = unitRef(board, target, order.target);
  return accept({ kind: 'support', unit: gatewayRef(gateway), target: supported, to: to === province ? null : tables.abbrev(to) });
}

/** The check of an order for a gateway (see `checkGatewayOrder`), or null when the order names no gateway. */
export function gatewayVerdict(board: Board, power: number, order: MovementOrder): Verdict<MovementOrder> | null {
  const gateway = gatewayAt(board, order.unit.location);
  return gateway ? checkGatewayOrder(board, power, gateway, order) : null;
}

/** The provinces (ids) an army could ride to from where it stands, on every railway its power may use there. */
export function railDestinations(board: Board, unit: BoardUnit): number[] {
  if (unit.type !== 'A') return [];
  return board.map.data.extras.railways.flatMap((railway) =>
    railway.route
      .map((stop) => board.tables.id(stop))
      .filter((to) => to !== unit.province && railMoveProblem(board, unit, railway, [railway.province], to) === null),
  );
}

/** Why an army may not ride the railway to `to` (a province id), or null. */
export function railMoveProblem(board: Board, unit: BoardUnit, railway: Railway, route: readonly string[], to: number): string | null {
  const tables = board.tables;
  const name = tables.name(tables.id(railway.province));
  if (unit.type !== 'A') return `only armies can ride the ${name}`;
  if (route.length !== 1) return `a move along the ${name} names the railway alone between where the army starts and where it ends`;
  const stops = railway.route.map((stop) => tables.id(stop));
  if (!stops.includes(unit.province)) return `${tables.name(unit.province)} is not on the ${name}`;
  if (!stops.includes(to)) return `${tables.name(to)} is not on the ${name}`;
  const letter = board.mapPower(unit.power)?.abbrev;
  if (letter === undefined || !railway.powers.includes(letter)) return `${board.displayName(unit.power)} may not use the ${name}`;
  return null;
}

/** Whether the army could ride some railway from where it stands to the province (an id): a ride may be supported. */
export function railReaches(board: Board, unit: BoardUnit, to: number): boolean {
  return board.map.data.extras.railways.some((railway) => railMoveProblem(board, unit, railway, [railway.province], to) === null);
}

/** The provinces a ride passes between its start and its end, from the start on (ids). */
export function railStopsBetween(board: Board, railway: Railway, from: number, to: number): number[] {
  const stops = railway.route.map((stop) => board.tables.id(stop));
  const start = stops.indexOf(from);
  const end = stops.indexOf(to);
  return start < end ? stops.slice(start + 1, end) : stops.slice(end + 1, start).reverse();
}
