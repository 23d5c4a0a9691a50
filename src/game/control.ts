import type { GameMap } from '../map/game-map.js';
import type { Phase, Rotation } from '../map/model.js';
import { rotationCovers } from '../map/rotation.js';
import { findPower, MAP_POWER_ROLE, type GameStatus, type PowerStatus } from '../status/model.js';
import { testedAddresses } from './tester.js';

/**
 * Powers played by other powers: a dummy's CONTROL line lists who may play it, the one in control
 * first (missing-man and team games). The first entry plays it until ROTATE passes control on.
 * MASTER in first place means the Master plays it, which gives no other power any say.
 */

const MASTER = 'MASTER';

/** The power in control of `power`, or null when it plays for itself or the Master plays it. */
export function controllerOf(power: PowerStatus): string | null {
  const first = power.control[0];
  return first === undefined || first === MASTER ? null : first;
}

/** Every controlled power mapped to its controller. */
export function controllers(game: GameStatus): Map<string, string> {
  const map = new Map<string, string>();
  for (const power of game.powers) {
    const controller = controllerOf(power);
    if (controller !== null) map.set(power.name, controller);
  }
  return map;
}

/** The map powers nobody plays (PLAYER DUMMY), controlled or not. */
export function dummyPowers(game: GameStatus): Set<string> {
  return new Set(game.powers.filter((power) => power.role === MAP_POWER_ROLE && power.player?.current === 'DUMMY').map((power) => power.name));
}

/** The powers `controller` plays besides its own. */
export function vassalsOf(game: GameStatus, controller: string): PowerStatus[] {
  const wanted = controller.toUpperCase();
  return game.powers.filter((power) => controllerOf(power) === wanted);
}

/**
 * At the start: the map's CONTROL lines and the status file's TEAMS (`FRANCE-ITALY`: France plays
 * the dummy Italy) put the dummies under control, unless the status file already gives them a CONTROL.
 */
export function startingControl(game: GameStatus, map: GameMap): GameStatus {
  const wanted = new Map<string, string[]>();
  for (const mapPower of map.powers) if (mapPower.control.length > 0) wanted.set(mapPower.name, [...mapPower.control]);
  for (const line of game.teams)
    for (const [main, ...dummies] of line) for (const dummy of dummies) wanted.set(map.power(dummy)?.name ?? dummy.toUpperCase(), [main!.toUpperCase()]);
  if (wanted.size === 0) return game;
  const powers = game.powers.map((power) => {
    const control = wanted.get(power.name);
    return control && power.control.length === 0 && power.player?.current === 'DUMMY' ? { ...power, control } : power;
  });
  return { ...game, powers };
}

/** Dummies a team game assigns to a main power, which nobody JOINs. */
export function teamDummies(game: GameStatus, map: GameMap): Set<string> {
  return new Set(game.teams.flatMap((line) => line.flatMap(([, ...dummies]) => dummies.map((dummy) => map.power(dummy)?.name ?? dummy.toUpperCase()))));
}

export interface RotationMoment {
  /** The phase just processed. */
  processed: Phase;
  /** The phase the game moves to. */
  next: Phase;
  /** Powers that owe orders in `next`. */
  owing: ReadonlySet<string>;
}

function passOn(control: readonly string[], times: number): string[] {
  const shift = times % control.length;
  return [...control.slice(shift), ...control.slice(0, shift)];
}

/**
 * ROTATE: control passes to the next power in each CONTROL list. AFTER rotates after a processed
 * phase (of the types given), BEFORE before a phase of the types given, FOR (and CONTROL, for
 * every phase) before a phase in which the controlled power owes orders. Each clause that applies
 * passes control on once.
 */
export function rotateControl(game: GameStatus, rotation: Rotation | null, moment: RotationMoment): { game: GameStatus; changed: PowerStatus[] } {
  if (rotation === null) return { game, changed: [] };
  const changed: PowerStatus[] = [];
  const powers = game.powers.map((power) => {
    if (power.role !== MAP_POWER_ROLE || power.control.length < 2) return power;
    let times = 0;
    for (const clause of rotation.clauses) {
      if (clause.when === 'AFTER') times += rotationCovers(clause, moment.processed.type) ? 1 : 0;
      else if (clause.when === 'BEFORE') times += rotationCovers(clause, moment.next.type) ? 1 : 0;
      else times += rotationCovers(clause, moment.next.type) && moment.owing.has(power.name) ? 1 : 0;
    }
    const control = passOn(power.control, times);
    if (control[0] === power.control[0]) return power;
    const rotated = { ...power, control };
    changed.push(rotated);
    return rotated;
  });
  return { game: changed.length === 0 ? game : { ...game, powers }, changed };
}

/** The power whose player answers for `power`: itself when a person plays it, else its controller's when a person plays that. */
export function answerableFor(game: GameStatus, power: string): string | null {
  const status = findPower(game, power);
  if (!status) return null;
  if (typeof status.player?.current === 'object') return status.name;
  const controller = controllerOf(status);
  const played = controller === null ? undefined : findPower(game, controller);
  return played && typeof played.player?.current === 'object' ? played.name : null;
}

/** Where mail for `power` goes: its own addresses, or for a power without any, its controller's. */
export function mailAddressesOf(game: GameStatus, power: string): string[] {
  const status = findPower(game, power);
  if (!status) return [];
  if (status.addresses.length > 0) return testedAddresses(game, status.addresses);
  const controller = controllerOf(status);
  return controller === null ? [] : testedAddresses(game, findPower(game, controller)?.addresses ?? []);
}

/**
 * VASSAL_DUMMIES: each dummy's CONTROL after the year's occupations, the adjudicator's `vassals`
 * naming the controller of every vassal; a dummy not named is independent.
 */
export function withVassals(
  game: GameStatus,
  vassals: ReadonlyMap<string, string>,
): { game: GameStatus; changed: { power: string; controller: string | null }[] } {
  const dummies = dummyPowers(game);
  const changed: { power: string; controller: string | null }[] = [];
  const powers = game.powers.map((power) => {
    if (!dummies.has(power.name)) return power;
    const controller = vassals.get(power.name) ?? null;
    // Unchanged rule keeps the CONTROL line as written: a rotation list, or the Master in control.
    if (controller === controllerOf(power)) return power;
    changed.push({ power: power.name, controller });
    return { ...power, control: controller === null ? [] : [controller] };
  });
  return { game: changed.length === 0 ? game : { ...game, powers }, changed };
}
