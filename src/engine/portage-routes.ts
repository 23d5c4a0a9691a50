import type { Board } from './board.js';
import type { RuleFlags } from './rules.js';
import type { MapTables } from './tables.js';

/**
 * PORTAGE_CONVOY: armies carry fleets overland, the roles of a convoy reversed. A fleet on a COAST
 * or PORT is carried from its province through a chain of provinces each holding an army, each
 * next to the last, to a coastal province next to the last army. Every step is reckoned by
 * provinces, as Rules.txt describes the rule (a fleet lands on any coast of a province next to the
 * army, and goes from one coast of a province to another through an army in any province next to
 * it): F SPA/NC can be carried to SPA/SC by an army in Marseilles. Like the convoy routes beside
 * it, these decide whether an order may be given; whether the portage then works is the resolver's.
 */

/**
 * The rules that bend portage routes. Under FICTIONAL_OK an order may count on armies that are not
 * there, as a convoy may on fleets (convoy-routes.ts): every province an army may stand in is taken to hold one.
 */
export type PortageRules = Pick<RuleFlags, 'convoyBack' | 'fictionalOk'>;

/** Two locations' provinces touch through any of their locations, for any unit (what a portage step crosses). */
export function portageStep(tables: MapTables, from: number, to: number): boolean {
  return tables.passableProvinces[tables.provinceOf[from]!]!.includes(tables.provinceOf[to]!);
}

/** A fleet may be carried from, or landed on, this location: a COAST or PORT a fleet may stand on. */
export function portageShore(tables: MapTables, location: number): boolean {
  const terrain = tables.locations[tables.provinceOf[location]!]!.terrain;
  return (terrain === 'COAST' || terrain === 'PORT') && tables.locations[location]!.fleetsMayOccupy;
}

function armyIn(board: Board, rules: Pick<PortageRules, 'fictionalOk'>, province: number): boolean {
  if (rules.fictionalOk) return board.tables.locations[province]!.armiesMayOccupy;
  return board.unitAt(province)?.type === 'A';
}

/** The army provinces reached from `start`'s province one army after another, nearest first. */
function armiesReached(board: Board, rules: Pick<PortageRules, 'fictionalOk'>, start: number): number[] {
  const tables = board.tables;
  const reached: number[] = [];
  const seen = new Set<number>([tables.provinceOf[start]!]);
  let frontier = [tables.provinceOf[start]!];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const province of frontier) {
      for (const neighbour of tables.passableProvinces[province]!) {
        if (seen.has(neighbour)) continue;
        seen.add(neighbour);
        if (!armyIn(board, rules, neighbour)) continue;
        reached.push(neighbour);
        next.push(neighbour);
      }
    }
    frontier = next;
  }
  return reached;
}

/** Some chain of armies could carry a fleet from the location `from` to the province `to`. */
export function portageRouteExists(board: Board, rules: PortageRules, from: number, to: number): boolean {
  return armiesReached(board, rules, from).some((army) => portageStep(board.tables, army, to));
}

/** The provinces next to some chain of armies standing now from the location `from`: where a fleet there might be carried. */
export function portageDestinations(board: Board, from: number): number[] {
  const destinations = new Set<number>();
  for (const army of armiesReached(board, { fictionalOk: false }, from))
    for (const province of board.tables.passableProvinces[army]!) destinations.add(province);
  return [...destinations];
}

/**
 * The army in province `army` lies on some chain of armies from the fleet's location to the
 * province `to`, so its offer to carry the fleet could be used. As DPjudge checks it (without its
 * NO_RETURN rule), a chain may pass an army twice; an offer no chain could use is illegal.
 */
export function armyOnPortage(board: Board, rules: PortageRules, army: number, from: number, to: number): boolean {
  if (!armiesReached(board, rules, from).includes(army)) return false;
  return portageStep(board.tables, army, to) || armiesReached(board, rules, army).some((next) => portageStep(board.tables, next, to));
}

/**
 * Why a written portage route (army provinces, in order) cannot carry a fleet from `from` to the
 * province `to`, or null. Without CONVOY_BACK a route passes each army once.
 */
export function portageRouteProblem(board: Board, rules: PortageRules, from: number, route: readonly number[], to: number): string | null {
  const tables = board.tables;
  const seen = new Set<number>();
  let previous = from;
  for (const province of route) {
    if (seen.has(province) && !rules.convoyBack) return `the route passes ${tables.name(province)} twice`;
    seen.add(province);
    if (!portageStep(tables, previous, province)) return `${tables.name(tables.provinceOf[previous]!)} is not adjacent to ${tables.name(province)}`;
    if (!armyIn(board, rules, province)) return `there is no army in ${tables.name(province)} to carry the fleet`;
    previous = province;
  }
  return portageStep(tables, previous, to) ? null : `${tables.name(previous)} is not adjacent to ${tables.name(to)}`;
}
