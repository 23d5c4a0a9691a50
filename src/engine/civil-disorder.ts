import type { BuildOrder, SubmittedOrder } from '../orders/types.js';
import { filled } from './arrays.js';
import type { Board } from './board.js';
import type { BoardRetreat, BoardUnit } from './board.js';
import { buildableUnits, openBuildSites } from './builds.js';
import { canSupportInto, moveAbut } from './reach.js';
import type { RuleFlags } from './rules.js';

/**
 * Which units a power that ordered too few removals loses (DATC 4.D.8 as DATC v2 prefers it, the
 * 1982 rulebook's "farthest from the nearest home supply center"): the farthest first, among
 * equals fleets before armies, then by province name. A fleet counts the moves it could make
 * itself; an army counts every province as a step, water too, as if it were convoyed (DATC
 * 6.J.10, 6.J.11). Every home counts, owned or not; a unit that can reach none is farthest.
 */
export function disorderRemovals(board: Board, power: number, candidates: readonly number[], count: number): number[] {
  const homes = homeProvinces(board, power);
  const armySteps = armyDistances(board, homes);
  const distance = new Map(
    candidates.map((candidate) => {
      const unit = board.units[candidate]!;
      return [candidate, unit.type === 'A' ? armySteps[unit.province]! : fleetDistance(board, unit, homes)];
    }),
  );
  const tables = board.tables;
  const ranked = [...candidates].sort((a, b) => {
    const unitA = board.units[a]!;
    const unitB = board.units[b]!;
    const far = distance.get(a)!;
    const farther = distance.get(b)!;
    if (far !== farther) return far > farther ? -1 : 1;
    if (unitA.type !== unitB.type) return unitA.type === 'F' ? -1 : 1;
    return tables.name(unitA.province).localeCompare(tables.name(unitB.province));
  });
  return ranked.slice(0, count);
}

/** Province ids of the power's home centers. */
function homeProvinces(board: Board, power: number): Set<number> {
  const tables = board.tables;
  const homes = new Set<number>();
  for (const home of board.powers[power]!.homes) {
    const id = tables.id(home);
    if (id >= 0) homes.add(tables.provinceOf[id]!);
  }
  return homes;
}

/** Province id → steps to the nearest home for an army that may cross any province, land or water; unreachable is infinitely far. */
function armyDistances(board: Board, homes: ReadonlySet<number>): number[] {
  const tables = board.tables;
  const distance = filled(tables.count, Number.POSITIVE_INFINITY);
  const queue = [...homes];
  for (const home of homes) distance[home] = 0;
  for (let head = 0; head < queue.length; head++) {
    const province = queue[head]!;
    for (const reached of tables.passableProvinces[province]!) {
      if (distance[reached] === Number.POSITIVE_INFINITY) {
        distance[reached] = distance[province]! + 1;
        queue.push(reached);
      }
    }
  }
  return distance;
}

/**
 * Fleet moves from the fleet's own location (its coast counts) to the nearest location of a home,
 * each move one the fleet could make with its power's rights; infinitely far when none leads there.
 */
function fleetDistance(board: Board, fleet: BoardUnit, homes: ReadonlySet<number>): number {
  const tables = board.tables;
  const steps = new Map([[fleet.location, 0]]);
  const queue = [fleet.location];
  for (let head = 0; head < queue.length; head++) {
    const location = queue[head]!;
    if (homes.has(tables.provinceOf[location]!)) return steps.get(location)!;
    for (const next of tables.sailable[location]!) {
      if (steps.has(next) || moveAbut(board, 'F', location, next, fleet.power) === null) continue;
      steps.set(next, steps.get(location)! + 1);
      queue.push(next);
    }
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The builds a power in civil disorder makes under CD_BUILDS, to be tried in this order until its
 * builds run out: every site open to it once, in a random order, each with a random unit it may
 * hold there (a fleet on a random usable coast). The randomness is seeded by the power and the
 * position, so that processing the same phase again (after a ROLLBACK) builds the same units.
 */
export function disorderBuilds(board: Board, power: number, flags: RuleFlags): BuildOrder[] {
  const random = seededRandom(`${board.powerName(power)}|${positionKey(board)}`);
  const builds: BuildOrder[] = [];
  for (const province of shuffled(openBuildSites(board, power, flags), random)) {
    const units = buildableUnits(board.tables, province);
    if (units.length > 0) builds.push({ kind: 'build', unit: units[Math.floor(random() * units.length)]! });
  }
  return builds;
}

/** Units and centers of every power: what identifies an adjustment phase's position. */
function positionKey(board: Board): string {
  return board.powers
    .map((state) => `${state.name}:${state.units.map((unit) => `${unit.type} ${unit.location}`).join(',')}:${state.centers.join(',')}`)
    .join(';');
}

/** A Fisher–Yates shuffle of a copy. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A small deterministic PRNG (mulberry32) seeded by a string's FNV-1a hash; numbers in [0, 1). */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Where a unit of a power in civil disorder retreats under CD_RETREATS: at random, but a supply
 * center before any other space, the power's own unowned homes first, then other centers it does
 * not own, then its owned homes, then its other owned centers (DPjudge's preference).
 */
export function disorderRetreat(board: Board, unit: BoardRetreat): string | null {
  const power = unit.power;
  const homes = new Set(board.powers[power]!.homes);
  const rank = (option: string): number => {
    const province = board.tables.provinceOf[board.tables.id(option)]!;
    const abbrev = board.tables.abbrev(province);
    if (!board.map.isCenter(abbrev)) return 4;
    const owned = board.owner[province] === power;
    return (owned ? 2 : 0) + (homes.has(abbrev) ? 0 : 1);
  };
  const best = Math.min(...unit.retreats.map(rank));
  const choices = unit.retreats.filter((option) => rank(option) === best);
  if (choices.length === 0) return null;
  const random = seededRandom(`${board.powerName(power)}|${unit.type} ${board.tables.abbrev(unit.location)}|${positionKey(board)}`);
  return choices[Math.floor(random() * choices.length)]!;
}

/** Foreign units that could attack the province or support an attack on it. */
function threats(board: Board, target: BoardUnit): number {
  return board.units.filter((other) => other.power !== target.power && canSupportInto(board, other.type, other.location, target.province, other.power)).length;
}

/**
 * CD_SUPPORTS: the units of powers that gave no orders support each other in place instead of
 * holding, the units in most danger first: a unit is in danger when enough foreign units stand
 * next to it to dislodge it (an attack and a support). Supporters are shared out a round at a
 * time; each supports once, and a unit left without a task holds.
 */
export function disorderSupports(board: Board, orders: readonly SubmittedOrder[]): SubmittedOrder[] {
  const ordering = new Set(orders.map((submitted) => submitted.power));
  const supports: SubmittedOrder[] = [];
  board.powers.forEach((state, power) => {
    if (ordering.has(state.name)) return;
    const units = board.units.filter((unit) => unit.power === power);
    const danger = new Map(units.map((unit) => [unit, threats(board, unit)]));
    const endangered = units.filter((unit) => danger.get(unit)! >= 2).sort((a, b) => danger.get(b)! - danger.get(a)!);
    const busy = new Set<BoardUnit>();
    const ref = (unit: BoardUnit) => ({ type: unit.type, location: board.tables.abbrev(unit.location) });
    // Round by round, each endangered unit gets one more supporter while any is free to give it.
    for (let assigned = true; assigned;) {
      assigned = false;
      for (const target of endangered) {
        const helper = units
          .filter((unit) => unit !== target && !busy.has(unit) && canSupportInto(board, unit.type, unit.location, target.province, power))
          .sort((a, b) => danger.get(a)! - danger.get(b)!)[0];
        if (!helper) continue;
        busy.add(helper);
        assigned = true;
        supports.push({ power: state.name, order: { kind: 'support', unit: ref(helper), target: ref(target), to: null } });
      }
    }
  });
  return supports;
}
