import type { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import { findPower, MAP_POWER_ROLE, playedPhase, type GameStatus } from '../status/model.js';
import { rulesInForce } from './rules.js';
import { scheduleDeadline } from './schedule.js';

/** What ROLLBACK and ROLLFORWARD do to the game they bring back, unless FULL or RESTORE ask otherwise. */

export interface RollSettings {
  /** Without FULL: what the Master set since the phase rolled to stays set. */
  readonly keepSettings?: boolean;
  /** Without RESTORE: the orders of the phase rolled to are cleared and a new deadline is set. */
  readonly clearOrders?: boolean;
  /** With RESTORE: the orders stay, but a new deadline is still set (the Master's commands; a by-hand rollback keeps the saved one). */
  readonly newDeadline?: boolean;
}

/** The players, their addresses and passwords, and the game's settings of `before`, on the board of `rolled`. */
export function keepSettings(rolled: GameStatus, before: GameStatus): GameStatus {
  const powers = rolled.powers.map((power) => {
    const kept = findPower(before, power.name);
    return kept
      ? { ...power, player: kept.player, addresses: kept.addresses, password: kept.password, omniscient: kept.omniscient, control: kept.control }
      : power;
  });
  const joinedSince = before.powers.filter((power) => power.role !== MAP_POWER_ROLE && !findPower(rolled, power.name));
  const { rules, descriptions, master, masterPassword, privacy, allow, timing, zone, need } = before;
  return { ...rolled, rules, descriptions, master, masterPassword, privacy, allow, timing, zone, need, powers: [...powers, ...joinedSince] };
}

/** A phase rolled back to is played again with a new deadline from `now` (Email.txt, ROLLBACK), its orders restored or not. */
export function withNewDeadline(game: GameStatus, maps: MapDefinition, now: DateTime): GameStatus {
  const phase = playedPhase(game);
  if (phase === null) return game;
  return scheduleDeadline(game, phase, maps.base.data.flow, rulesInForce(game, maps.base.rules()), now);
}

/**
 * The phase to be played again from scratch: no orders, no waiting, a new deadline from `now`. A
 * Crystal Ball power's LATER list, written in the phase, goes too; its SOONER list was locked in before.
 * A Payola power's offer sheet is its orders; its treasury, SENT lines and acceptance list stay as the
 * phase had them.
 */
export function withoutOrders(game: GameStatus, maps: MapDefinition, now: DateTime): GameStatus {
  const cleared = { ...game, delay: null, powers: game.powers.map((power) => ({ ...power, orders: [], phaseOrders: [], offers: [], later: [], wait: false })) };
  return withNewDeadline(cleared, maps, now);
}
