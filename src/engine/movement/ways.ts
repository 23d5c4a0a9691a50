import type { GameMap } from '../../map/game-map.js';
import type { MovementOrder, SubmittedOrder } from '../../orders/types.js';
import { Board, type BoardUnit } from '../board.js';
import { isMovementOrder } from '../legality/check.js';
import { provinceOf } from '../legality/units.js';
import {
  checkGatewayOrder,
  gatewayAt,
  gatewayKeeper,
  passes,
  railMoveProblem,
  railStopsBetween,
  railwayOf,
  type Gateway,
  type Railway,
} from '../legality/ways.js';
import { newOutcome } from '../outcome.js';
import type { OrderOutcome, OutcomeMark, Position, RetreatingUnit, Unit } from '../types.js';

/**
 * A movement phase on a map with nJudge gateways or railways, adjudicated around the standard
 * adjudication as nJudge does it (its st_movement.c, read for the facts, not the code):
 *
 * - A move or support between a gateway's two provinces is blocked unless the gateway's order
 *   supports that very unit: its move to the other province, or its support in place. The gateway
 *   is ordered by the power with a unit in its controlling province; should that unit leave or be
 *   dislodged, the gateway's order is void and the moves it let through are blocked after all. A
 *   blocked unit stays where it is and holds; a support a gateway gives adds no strength.
 * - An army riding a railway is a move to its destination that no fleet carries (it does not meet a
 *   unit coming the other way head to head, and cuts support as a convoyed army does). Two rides of
 *   one railway in a turn are both blocked. A ride is cut where a unit of another power stands on
 *   the railway between its start and its end once the moves are made; it then bounces, and is
 *   adjudicated again as a unit that stays. A ride that bounced or was cut goes as far along the
 *   railway as it freely can: to the last province before anything stops it that no unit occupies
 *   (a unit of its own power that stays is passed by, one that moves in stops it). Gateways do not
 *   stop rides (the how-to says so; nJudge's code would block a ride between a gateway's provinces).
 * - A unit dislodged from one of a gateway's provinces retreats to the other only if its power holds
 *   the gateway; one dislodged by a ride does not retreat to where the rider started.
 *
 * One difference from nJudge: when it cuts a ride, nJudge also sends a notional unit of no power into
 * the province the ride was cut at, which can stand off a single unsupported move into it; here the
 * cut ride has no effect beyond its own railway.
 */

export interface Moved {
  outcomes: OrderOutcome[];
  position: Position;
}

/** One standard adjudication of the orders on the phase's position. */
export type AdjudicateOnce = (orders: readonly SubmittedOrder[]) => Moved;

/** A support by a gateway: the unit in `from` may pass to `to`, or may support from `from` when `to` is `from`. */
interface Passage {
  gateway: Gateway;
  from: number;
  to: number;
  outcome: OrderOutcome;
}

/** A unit's order of the phase, with what gateways and railways need to know of it. */
interface UnitOrder {
  submitted: SubmittedOrder;
  /** The ordering power's own unit the order names, if there is one. */
  unit: BoardUnit | undefined;
  /** The province a move goes to or a support reaches into, or -1. */
  into: number;
  /** The railway a legal ride uses. */
  railway: Railway | null;
}

interface Stop {
  mark: OutcomeMark;
  reason: string;
}

/** Whether the map has gateways or railways: only then is a movement phase adjudicated here. */
export function hasWays(map: GameMap): boolean {
  const extras = map.data.extras;
  return extras.gateways.length > 0 || extras.railways.length > 0;
}

export function adjudicateAcrossWays(map: GameMap, position: Position, orders: readonly SubmittedOrder[], adjudicate: AdjudicateOnce): Moved {
  return new WaysAdjudication(new Board(map, position), orders, adjudicate).run();
}

class WaysAdjudication {
  private readonly gatewayOutcomes: OrderOutcome[] = [];
  private readonly passages: Passage[] = [];
  private readonly unitOrders: UnitOrder[] = [];
  /** The units of the position, to tell a unit that stayed (passed on as it was) from one that moved in. */
  private readonly startUnits = new Set<Unit>();

  constructor(
    private readonly board: Board,
    orders: readonly SubmittedOrder[],
    private readonly adjudicate: AdjudicateOnce,
  ) {
    for (const state of board.position.powers) for (const unit of state.units) this.startUnits.add(unit);
    // By gateway and power: a power without the gateway (possible unchecked, under NO_CHECK) cannot replace the holder's order.
    const byGateway = new Map<string, { gateway: Gateway; submitted: SubmittedOrder; order: MovementOrder }>();
    for (const submitted of orders) {
      const order = submitted.order;
      const gateway = isMovementOrder(order) ? gatewayAt(board, order.unit.location) : undefined;
      if (gateway && isMovementOrder(order)) {
        const key = `${gateway.gateway}\n${submitted.power}`;
        const earlier = byGateway.get(key);
        if (earlier)
          this.gatewayOutcomes.push(newOutcome(earlier.submitted.power, earlier.order, false, ['void'], 'replaced by a later order for the same gateway'));
        byGateway.set(key, { gateway, submitted, order });
      } else {
        this.unitOrders.push(this.unitOrder(submitted));
      }
    }
    for (const { gateway, submitted, order } of byGateway.values()) this.gatewayOrder(gateway, submitted, order);
  }

  private unitOrder(submitted: SubmittedOrder): UnitOrder {
    const board = this.board;
    const order = submitted.order;
    const province = 'unit' in order ? provinceOf(board, order.unit.location) : -1;
    const found = province < 0 ? undefined : board.unitAt(province);
    const unit = found && board.powerName(found.power) === submitted.power ? found : undefined;
    let into = -1;
    let railway: Railway | null = null;
    if (order.kind === 'move') {
      into = provinceOf(board, order.to);
      const ridden = railwayOf(board, order.route);
      if (ridden && unit && into >= 0 && railMoveProblem(board, unit, ridden, order.route, into) === null) railway = ridden;
    } else if (order.kind === 'support') {
      into = provinceOf(board, order.to ?? order.target.location);
    }
    return { submitted, unit, into, railway };
  }

  private gatewayOrder(gateway: Gateway, submitted: SubmittedOrder, order: MovementOrder): void {
    const power = this.board.powerIndex(submitted.power);
    const checked = power < 0 ? null : checkGatewayOrder(this.board, power, gateway, order);
    if (!checked?.ok) {
      const reason = checked ? checked.reason : `${submitted.power} is not a power in this game`;
      this.gatewayOutcomes.push(newOutcome(submitted.power, order, false, ['illegal'], reason));
      return;
    }
    const outcome = newOutcome(submitted.power, checked.value, true, [], '');
    this.gatewayOutcomes.push(outcome);
    const given = checked.value;
    if (given.kind !== 'support') return;
    const from = provinceOf(this.board, given.target.location);
    this.passages.push({ gateway, from, to: given.to === null ? from : provinceOf(this.board, given.to), outcome });
  }

  run(): Moved {
    const stops = this.stopsBeforeMoving();
    let moved = this.play(stops);
    const voided = this.passages.filter((passage) => !this.keeperStays(passage.gateway, moved));
    const cuts = this.cutRides(moved, stops);
    if (voided.length > 0 || cuts.size > 0) {
      for (const passage of voided) {
        passage.outcome.succeeded = false;
        passage.outcome.marks.push('void');
        passage.outcome.reason = `nobody holds ${this.board.tables.name(this.board.tables.id(passage.gateway.controller))} any more`;
      }
      const kept = this.passages.filter((passage) => !voided.includes(passage));
      const again = new Map(stops);
      this.unitOrders.forEach((unitOrder, index) => {
        const stop = this.gatewayStop(unitOrder, kept);
        if (stop && !again.has(index)) again.set(index, stop);
      });
      for (const [index, cut] of cuts)
        again.set(index, { mark: 'bounce', reason: `the ${this.wayName(this.unitOrders[index]!.railway!.province)} is cut at ${this.board.tables.name(cut)}` });
      moved = this.play(again);
    }
    this.unitOrders.forEach((unitOrder, index) => {
      const stop = stops.get(index);
      if (unitOrder.railway && !stop) this.rideOn(moved, index, cuts.get(index) ?? -1);
    });
    this.closeGatewayRetreats(moved);
    this.closeRideOrigins(moved);
    moved.outcomes.push(...this.gatewayOutcomes);
    return moved;
  }

  /** Rides sharing a railway, and gateway crossings no gateway order lets through. */
  private stopsBeforeMoving(): Map<number, Stop> {
    const stops = new Map<number, Stop>();
    const riders = new Map<Railway, number[]>();
    this.unitOrders.forEach((unitOrder, index) => {
      if (unitOrder.railway) riders.set(unitOrder.railway, [...(riders.get(unitOrder.railway) ?? []), index]);
      const stop = this.gatewayStop(unitOrder, this.passages);
      if (stop) stops.set(index, stop);
    });
    for (const [railway, indexes] of riders) {
      if (indexes.length < 2) continue;
      for (const index of indexes) stops.set(index, { mark: 'blocked', reason: `more than one unit rode the ${this.wayName(railway.province)}` });
    }
    return stops;
  }

  private gatewayStop(unitOrder: UnitOrder, passages: readonly Passage[]): Stop | null {
    const unit = unitOrder.unit;
    // The how-to: a railway may run through a gateway's provinces, and rides are not affected by it.
    if (!unit || unitOrder.into < 0 || unitOrder.railway) return null;
    const kind = unitOrder.submitted.order.kind;
    for (const gateway of this.board.map.data.extras.gateways) {
      if (!passes(this.board, gateway, unit.province, unitOrder.into)) continue;
      const letThrough = passages.some(
        (passage) => passage.gateway === gateway && passage.from === unit.province && passage.to === (kind === 'move' ? unitOrder.into : unit.province),
      );
      if (!letThrough) return { mark: 'blocked', reason: `the ${this.wayName(gateway.gateway)} did not let it pass` };
    }
    return null;
  }

  private wayName(province: string): string {
    return this.board.tables.name(this.board.tables.id(province));
  }

  /** The unit in the gateway's controlling province at the start neither moved away nor was dislodged. */
  private keeperStays(gateway: Gateway, moved: Moved): boolean {
    const keeper = gatewayKeeper(this.board, gateway);
    if (keeper < 0) return false;
    const controller = this.board.tables.id(gateway.controller);
    const unit = this.board.position.powers[keeper]!.units.find((placed) => provinceOf(this.board, placed.location) === controller);
    return unit !== undefined && moved.position.powers[keeper]!.units.includes(unit);
  }

  /** Each ride (by order index) cut by a unit of another power on the railway between its ends, with where. */
  private cutRides(moved: Moved, stops: ReadonlyMap<number, Stop>): Map<number, number> {
    const cuts = new Map<number, number>();
    const occupants = this.occupants(moved.position);
    this.unitOrders.forEach((unitOrder, index) => {
      // A ride that bounced at its end is cut too: cut, it no longer stands off the moves there.
      if (!unitOrder.railway || stops.has(index) || moved.outcomes[index]!.marks.includes('illegal')) return;
      const unit = unitOrder.unit!;
      const cut = railStopsBetween(this.board, unitOrder.railway, unit.province, unitOrder.into).find((stop) => {
        const there = occupants.get(stop);
        return there !== undefined && there.power !== unit.power;
      });
      if (cut !== undefined) cuts.set(index, cut);
    });
    return cuts;
  }

  /** Province id → the power and unit standing there after the moves. */
  private occupants(position: Position): Map<number, { power: number; unit: Unit }> {
    const occupants = new Map<number, { power: number; unit: Unit }>();
    position.powers.forEach((state, power) => {
      for (const unit of state.units) occupants.set(provinceOf(this.board, unit.location), { power, unit });
    });
    return occupants;
  }

  /**
   * Adjudicates the orders with each stopped unit holding in place. Its outcome shows its own order
   * with why it was stopped; a support to hold a stopped mover is void, as the mover never held.
   */
  private play(stops: ReadonlyMap<number, Stop>): Moved {
    const stoppedMovers = new Set<number>();
    for (const index of stops.keys()) {
      const unitOrder = this.unitOrders[index]!;
      if (unitOrder.submitted.order.kind === 'move' && unitOrder.unit) stoppedMovers.add(unitOrder.unit.province);
    }
    const voidSupports = new Map<number, string>();
    const given = this.unitOrders.map(({ submitted }, index) => {
      const order = submitted.order;
      const held = (): SubmittedOrder => ({ power: submitted.power, order: { kind: 'hold', unit: (order as MovementOrder).unit } });
      if (stops.has(index)) return held();
      if (order.kind === 'support' && order.to === null) {
        const target = provinceOf(this.board, order.target.location);
        if (stoppedMovers.has(target)) {
          voidSupports.set(index, `${this.board.describe(this.board.unitAt(target)!)} did not hold`);
          return held();
        }
      }
      return submitted;
    });
    const moved = this.adjudicate(given);
    const restate = (index: number, mark: OutcomeMark, reason: string): void => {
      const held = moved.outcomes[index]!;
      const original = this.unitOrders[index]!.submitted.order;
      const fate = held.marks.filter((kept) => kept === 'dislodged' || kept === 'destroyed');
      const restated = newOutcome(held.power, original, false, [mark, ...fate], held.reason === '' ? reason : `${reason}; ${held.reason}`);
      moved.outcomes[index] = { ...held, ...restated };
    };
    for (const [index, stop] of stops) restate(index, stop.mark, stop.reason);
    for (const [index, reason] of voidSupports) restate(index, 'void', reason);
    return moved;
  }

  /**
   * A ride that did not arrive goes as far along the railway as it freely can; it is then no longer
   * dislodged from where it started, and no retreat leads to where it stopped.
   */
  private rideOn(moved: Moved, index: number, cutAt: number): void {
    const unitOrder = this.unitOrders[index]!;
    const outcome = moved.outcomes[index]!;
    if (outcome.succeeded || outcome.marks.includes('illegal') || outcome.marks.includes('blocked')) return;
    const unit = unitOrder.unit!;
    const occupants = this.occupants(moved.position);
    let landing = -1;
    for (const stop of railStopsBetween(this.board, unitOrder.railway!, unit.province, unitOrder.into)) {
      if (stop === cutAt) break;
      const there = occupants.get(stop);
      if (there === undefined) landing = stop;
      else if (there.power !== unit.power || !this.startUnits.has(there.unit)) break;
    }
    if (landing < 0) return;
    const tables = this.board.tables;
    const state = moved.position.powers[unit.power]!;
    const start = this.board.position.powers[unit.power]!.units.find((placed) => provinceOf(this.board, placed.location) === unit.province)!;
    state.units = [...state.units.filter((placed) => placed !== start), { type: 'A', location: tables.abbrev(landing) }];
    state.retreating = state.retreating.filter((retreating) => provinceOf(this.board, retreating.location) !== unit.province);
    const base = outcome.marks.includes('dislodged') ? outcome.reason.replace(/(; )?dislodged by .*$/, '') : outcome.reason;
    const { dislodgedBy: _dislodgedBy, retreats: _retreats, ...rest } = outcome;
    moved.outcomes[index] = {
      ...rest,
      marks: outcome.marks.filter((mark) => mark !== 'dislodged' && mark !== 'destroyed'),
      reason: `${base}; it rode the ${this.wayName(unitOrder.railway!.province)} as far as ${tables.name(landing)}`,
    };
    this.closeRetreats(moved, (_power, _from, option) => provinceOf(this.board, option) !== landing);
  }

  /** A unit dislodged from one of a gateway's provinces retreats through it only if its power holds the gateway. */
  private closeGatewayRetreats(moved: Moved): void {
    const gateways = this.board.map.data.extras.gateways;
    if (gateways.length === 0) return;
    this.closeRetreats(moved, (power, from, option) => {
      const to = provinceOf(this.board, option);
      return gateways.every((gateway) => !passes(this.board, gateway, from, to) || gatewayKeeper(this.board, gateway) === power);
    });
  }

  /**
   * A unit dislodged by a ride may not retreat to where the rider started: to nJudge a ride is no
   * convoy, and no unit retreats to its attacker's origin.
   */
  private closeRideOrigins(moved: Moved): void {
    const origins = new Map<number, number>();
    this.unitOrders.forEach((unitOrder, index) => {
      if (unitOrder.railway && moved.outcomes[index]!.succeeded) origins.set(unitOrder.into, unitOrder.unit!.province);
    });
    if (origins.size > 0) this.closeRetreats(moved, (_power, from, option) => origins.get(from) !== provinceOf(this.board, option));
  }

  /** Keeps the retreat options `open` allows; a unit left with none is destroyed, and its outcome says so. */
  private closeRetreats(moved: Moved, open: (power: number, from: number, option: string) => boolean): void {
    moved.position.powers.forEach((state, power) => {
      const kept: RetreatingUnit[] = [];
      for (const retreating of state.retreating) {
        const from = provinceOf(this.board, retreating.location);
        const retreats = retreating.retreats.filter((option) => open(power, from, option));
        if (retreats.length === retreating.retreats.length) {
          kept.push(retreating);
          continue;
        }
        if (retreats.length > 0) kept.push({ ...retreating, retreats });
        this.restateRetreats(moved, state.name, from, retreats);
      }
      state.retreating = kept;
    });
  }

  private restateRetreats(moved: Moved, power: string, from: number, retreats: string[]): void {
    const index = moved.outcomes.findIndex(
      (outcome) =>
        outcome.power === power && outcome.retreats !== undefined && 'unit' in outcome.order && provinceOf(this.board, outcome.order.unit.location) === from,
    );
    if (index < 0) return;
    const outcome = moved.outcomes[index]!;
    const destroyed = retreats.length === 0 && !outcome.marks.includes('destroyed');
    moved.outcomes[index] = {
      ...outcome,
      retreats,
      marks: destroyed ? [...outcome.marks, 'destroyed'] : outcome.marks,
      reason: destroyed ? `${outcome.reason}, no retreat: destroyed` : outcome.reason,
    };
  }
}
