import type { Board } from './board.js';

/**
 * Which convoys are possible at all on a board: chains of fleets standing in convoy spaces (WATER,
 * PORT). These decide whether a convoy order or a convoyed move may be given; whether the convoy
 * then works is the resolver's business.
 */

function isFleetSpace(board: Board, location: number): boolean {
  if (board.tables.convoySpace[location] === 0) return false;
  const unit = board.unitAt(board.tables.provinceOf[location]!);
  return unit !== undefined && unit.type === 'F' && unit.location === location;
}

/** The fleet spaces connected to `start` through fleet spaces, `start` first. */
function fleetGroup(board: Board, start: number): number[] {
  const group = [start];
  const seen = new Set(group);
  for (let head = 0; head < group.length; head++) {
    for (const next of board.tables.neighbours[group[head]!]!) {
      if (!seen.has(next) && isFleetSpace(board, next)) {
        seen.add(next);
        group.push(next);
      }
    }
  }
  return group;
}

/** Some chain of fleets leads an army from `from` to the province `to`. */
export function fleetRouteExists(board: Board, from: number, to: number): boolean {
  const tables = board.tables;
  const seen = new Set<number>();
  const queue: number[] = [];
  for (const space of tables.neighbours[from]!) {
    if (isFleetSpace(board, space) && !seen.has(space)) {
      seen.add(space);
      queue.push(space);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const space = queue[head]!;
    if (tables.abut(space, to)) return true;
    for (const next of tables.neighbours[space]!) {
      if (!seen.has(next) && isFleetSpace(board, next)) {
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
 * vertex-disjoint paths from the fleet, one to each end, so it stays polynomial on any map.
 */
export function fleetOnRoute(board: Board, fleet: number, from: number, to: number): boolean {
  if (!isFleetSpace(board, fleet)) return false;
  const tables = board.tables;
  if (tables.abut(from, fleet) && tables.abut(fleet, to)) return true;
  const spaces = fleetGroup(board, fleet);
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
    for (const next of tables.neighbours[space]!) {
      const other = index.get(next);
      if (other !== undefined) link(2 * k + 1, 2 * other, 1);
    }
    if (tables.abut(from, space)) link(2 * k + 1, startSide, 1);
    if (tables.abut(space, to)) link(2 * k + 1, endSide, 1);
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

/** Why a written convoy route cannot be used, or null when every step is a fleet at sea next to the last. */
export function routeProblem(board: Board, from: number, route: readonly number[], to: number): string | null {
  const tables = board.tables;
  const seen = new Set<number>();
  let previous = from;
  for (const space of route) {
    if (seen.has(space)) return `the route passes ${tables.name(space)} twice`;
    seen.add(space);
    if (!tables.abut(previous, space)) return `${tables.name(previous)} is not adjacent to ${tables.name(space)}`;
    if (tables.convoySpace[space] === 0) return `no convoy can pass ${tables.name(space)}`;
    if (!isFleetSpace(board, space)) return `there is no fleet in ${tables.name(space)}`;
    previous = space;
  }
  if (!tables.abut(previous, to)) return `${tables.name(previous)} is not adjacent to ${tables.name(to)}`;
  return null;
}
