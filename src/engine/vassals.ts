import type { GameMap } from '../map/game-map.js';
import type { CenterChange, Position, TornUnit } from './types.js';
import { isBuildToken } from './builds.js';

/**
 * VASSAL_DUMMIES, applied when supply centers change hands. A dummy power never loses its home
 * centers; instead it becomes the vassal of the power whose forces (its own units or its vassals')
 * occupy every one of its homes, and stays so until another power's forces occupy them all.
 * Dummies, autonomous or vassal, never take another dummy's home, and a vassal never keeps a home
 * center of its own controller: that goes to the controller.
 */

export interface Vassalage {
  position: Position;
  changes: CenterChange[];
  /** Each controlled dummy mapped to its controller, after this year's changes. */
  controllers: Map<string, string>;
}

function occupants(map: GameMap, position: Position): Map<string, string> {
  const found = new Map<string, string>();
  for (const state of position.powers)
    for (const unit of state.units) {
      const province = map.location(unit.location)?.province;
      if (province !== undefined) found.set(province, state.name);
    }
  return found;
}

function homesOf(position: Position, name: string): readonly string[] {
  return position.powers.find((state) => state.name === name)?.homes ?? [];
}

/** The power that rules the dummy now: the one whose forces hold all its homes, or its old controller. */
function rulerOf(
  dummy: string,
  homes: readonly string[],
  held: Map<string, string>,
  dummies: ReadonlySet<string>,
  controllers: ReadonlyMap<string, string>,
): string | null {
  const forces = homes.map((home) => {
    const occupant = held.get(home);
    if (occupant === undefined) return null;
    return dummies.has(occupant) ? (controllers.get(occupant) ?? null) : occupant;
  });
  const first = forces[0];
  const unanimous = homes.length > 0 && first !== null && first !== undefined && first !== dummy && forces.every((force) => force === first);
  return unanimous ? first : (controllers.get(dummy) ?? null);
}

/** Who gets a center the occupation would hand over: `change.from` when the change is undone. */
function rightfulOwner(change: CenterChange, home: string | undefined, dummies: ReadonlySet<string>, controllers: ReadonlyMap<string, string>): string | null {
  if (change.from !== null && dummies.has(change.from) && home === change.from) return change.from;
  if (!dummies.has(change.to) || home === undefined || home === change.to) return change.to;
  if (dummies.has(home)) return change.from;
  return controllers.get(change.to) === home ? home : change.to;
}

export function applyVassalage(
  map: GameMap,
  position: Position,
  changes: readonly CenterChange[],
  dummies: ReadonlySet<string>,
  controllers: ReadonlyMap<string, string>,
): Vassalage {
  const held = occupants(map, position);
  const next = new Map(controllers);
  for (const dummy of dummies) {
    const ruler = rulerOf(dummy, homesOf(position, dummy), held, dummies, next);
    if (ruler === null) next.delete(dummy);
    else next.set(dummy, ruler);
  }
  const owner = new Map<string, string>();
  for (const state of position.powers) for (const center of state.centers) owner.set(center, state.name);
  const homeOwner = (center: string): string | undefined => position.powers.find((state) => state.homes.includes(center))?.name;
  const kept: CenterChange[] = [];
  for (const change of changes) {
    const to = rightfulOwner(change, homeOwner(change.center), dummies, next);
    if (to === null || to === change.from) {
      if (to === null) owner.delete(change.center);
      else owner.set(change.center, to);
      continue;
    }
    owner.set(change.center, to);
    kept.push({ ...change, to });
  }
  // A vassal holding its controller's home from before this year hands it over too.
  for (const [vassal, controller] of next)
    for (const home of homesOf(position, controller))
      if (owner.get(home) === vassal) {
        owner.set(home, controller);
        kept.push({ center: home, from: vassal, to: controller });
      }
  const powers = position.powers.map((state) => ({
    ...state,
    centers: [
      ...state.centers.filter((center) => isBuildToken(center)),
      ...[...owner].filter(([center, name]) => name === state.name && !isBuildToken(center)).map(([center]) => center),
    ],
  }));
  return { position: { powers }, changes: kept, controllers: next };
}

/**
 * TORN_ALLEGIANCE, once vassalage is settled: a vassal's unit standing on a supply center owned by
 * anyone but its controller or one of that controller's vassals (itself included) is destroyed.
 */
export function tearAllegiance(map: GameMap, position: Position, controllers: ReadonlyMap<string, string>): { position: Position; torn: TornUnit[] } {
  const owner = new Map<string, string>();
  for (const state of position.powers) for (const center of state.centers) owner.set(center, state.name);
  const torn: TornUnit[] = [];
  const powers = position.powers.map((state) => {
    const controller = controllers.get(state.name);
    if (controller === undefined) return state;
    const camp = (name: string | undefined) => name === controller || (name !== undefined && controllers.get(name) === controller);
    const units = state.units.filter((unit) => {
      const province = map.location(unit.location)?.province;
      if (province === undefined || !map.isCenter(province) || camp(owner.get(province))) return true;
      torn.push({ power: state.name, unit: `${unit.type} ${unit.location}`, owner: owner.get(province) ?? null });
      return false;
    });
    return units.length === state.units.length ? state : { ...state, units };
  });
  return { position: { powers }, torn };
}
