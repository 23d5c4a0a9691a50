import type { Board } from './board.js';
import type { RuleFlags } from './rules.js';
import type { MapTables } from './tables.js';

/**
 * Which convoys are possible at all on a board: chains of fleets standing in convoy spaces (WATER,
 * PORT; COAST too under COASTAL_CONVOY), each leg one a fleet could sail. These decide whether a
 * convoy order or a convoyed move may be given; whether the convoy then works is the resolver's
 * business.
 */

/**
 * The rules that bend convoys; `RuleFlags` carries them. Under FICTIONAL_OK an order may count on
 * fleets that are not there (Rules.txt), so every convoy space is taken to hold one.
 */
export type ConvoyRules = Pick<RuleFlags, 'coastalConvoy' | 'convoyBack' | 'fictionalOk'>;

/** Fleets here may convoy: WATER or PORT, and under COASTAL_CONVOY a COAST as if it were a PORT. */
export function convoysFrom(tables: MapTables, rules: ConvoyRules, location: number): boolean {
  return tables.convoySpace[location] === 1 || (rules.coastalConvoy && tables.locations[location]!.terrain === 'COAST');
}

function isFleetSpace(board: Board, rules: ConvoyRules, location: number): boolean {
  if (!convoysFrom(board.tables, rules, location)) return false;
  if (rules.fictionalOk) return true;
  const unit = board.unitAt(board.tables.provinceOf[location]!);
  return unit !== undefined && unit.type === 'F' && unit.location === location;
}

/** The fleet spaces connected to `start` through fleet spaces, `start` first. */
function fleetGroup(board: Board, rules: ConvoyRules, start: number): number[] {
  const group = [start];
  const seen = new Set(group);
  for (let head = 0; head < group.length; head++) {
    for (const next of board.tables.sailable[group[head]!]!) {
      if (!seen.has(next) && isFleetSpace(board, rules, next)) {
        seen.add(next);
        group.push(next);
      }
    }
  }
  return group;
}

/** Some chain of fleets leads an army from `from` to the province `to`. */
export function fleetRouteExists(board: Board, rules: ConvoyRules, from: number, to: number): boolean {
  const tables = board.tables;
  const seen = new Set<number>();
  const queue: number[] = [];
  for (const space of tables.sailable[from]!) {
    if (isFleetSpace(board, rules, space) && !seen.has(space)) {
      seen.add(space);
      queue.push(space);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const space = queue[head]!;
    if (tables.sails(space, to)) return true;
    for (const next of tables.sailable[space]!) {
      if (!seen.has(next) && isFleetSpace(board, rules, next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/**
 * The fleet at `fleet` lies on some chain of distinct fleets from `from` to `to`: a convoy order
 * from a fleet that no convoy could ever use is void (DATC 6.G.7). Decided as a flow of two
 * vertex-disjoint paths from the fleet, one to each end, so it stays polynomial on any map. Under
 * CONVOY_BACK a route may pass a fleet twice (F ADR C A GRE - NAP, by GRE-ION-ADR-ION-NAP), so any
 * fleet joined to both ends lies on one.
 */
export function fleetOnRoute(board: Board, rules: ConvoyRules, fleet: number, from: number, to: number): boolean {
  if (!isFleetSpace(board, rules, fleet)) return false;
  const tables = board.tables;
  if (tables.sails(from, fleet) && tables.sails(fleet, to)) return true;
  const spaces = fleetGroup(board, rules, fleet);
  if (rules.convoyBack) return spaces.some((space) => tables.sails(from, space)) && spaces.some((space) => tables.sails(space, to));
  const index = new Map(spaces.map((space, at) => [space, at]));
  // Each space is split into an entry (2k) and an exit (2k+1) so that it carries one path only.
  const startSide = 2 * spaces.length;
  const endSide = startSide + 1;
  const sink = startSide + 2;
  const size = sink + 1;
  const capacity = new Int8Array(size * size);
  const link = (a: number, b: number, amount: number): void => {
    capacity[a * size + b] = amount;
  };
  spaces.forEach((space, k) => {
    link(2 * k, 2 * k + 1, space === fleet ? 2 : 1);
    for (const next of tables.sailable[space]!) {
      const other = index.get(next);
      if (other !== undefined) link(2 * k + 1, 2 * other, 1);
    }
    if (tables.sails(from, space)) link(2 * k + 1, startSide, 1);
    if (tables.sails(space, to)) link(2 * k + 1, endSide, 1);
  });
  link(startSide, sink, 1);
  link(endSide, sink, 1);
  const source = 2 * index.get(fleet)!;
  let flow = 0;
  const parent = new Int32Array(size);
  while (flow < 2) {
    parent.fill(-1);
    parent[source] = source;
    const queue = [source];
    for (let head = 0; head < queue.length && parent[sink] === -1; head++) {
      const node = queue[head]!;
      for (let next = 0; next < size; next++) {
        if (parent[next] === -1 && capacity[node * size + next]! > 0) {
          parent[next] = node;
          queue.push(next);
        }
      }
    }
    if (parent[sink] === -1) break;
    for (let node = sink; node !== source; node = parent[node]!) {
      const previous = parent[node]!;
      capacity[previous * size + node]!--;
      capacity[node * size + previous]!++;
    }
    flow++;
  }
  return flow === 2;
}

/** Why an army cannot be carried from one location to the next on its route, or null. */
function legProblem(tables: MapTables, from: number, to: number): string | null {
  if (!tables.abut(from, to)) return `${tables.name(from)} is not adjacent to ${tables.name(to)}`;
  return tables.sails(from, to) ? null : `no convoy can cross from ${tables.name(from)} to ${tables.name(to)}`;
}

/**
 * Why a written convoy route cannot be used, or null when every step is a fleet in a convoy space
 * next to the last. Without CONVOY_BACK a route passes each fleet once.
 */
export function routeProblem(board: Board, rules: ConvoyRules, from: number, route: readonly number[], to: number): string | null {
  const tables = board.tables;
  const seen = new Set<number>();
  let previous = from;
  for (const space of route) {
    if (seen.has(space) && !rules.convoyBack) return `the route passes ${tables.name(space)} twice`;
    seen.add(space);
    const leg = legProblem(tables, previous, space);
    if (leg) return leg;
    if (!convoysFrom(tables, rules, space)) return `no convoy can pass ${tables.name(space)}`;
    if (!isFleetSpace(board, rules, space)) return `there is no fleet in ${tables.name(space)}`;
    previous = space;
  }
  return legProblem(tables, previous, to);
}
