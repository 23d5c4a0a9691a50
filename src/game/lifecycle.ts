import type { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import type { GameMap } from '../map/game-map.js';
import { ADJUSTMENTS, MOVEMENT, latestPhaseOfType, phaseAbbrev } from '../map/phase.js';
import { initialPosition } from '../engine/position.js';
import type { Position } from '../engine/types.js';
import {
  playedPhase,
  findPower,
  isPowerNumber,
  MAP_POWER_ROLE,
  newGame,
  newPower,
  updatePower,
  type GameStatus,
  type PlayerHistory,
  type PlayerIdentity,
  type PowerStatus,
} from '../status/model.js';
import { dummyPowers, startingControl, teamDummies } from './control.js';
import { withPosition } from './position.js';
import { scheduleDeadline } from './schedule.js';
import { isBuildToken } from '../engine/builds.js';
import type { RulesInForce } from '../rules/in-force.js';
import { Refusal } from '../common/errors.js';

/**
 * The life of a game before and around play: CREATE, JOIN while FORMING, the start, RESIGN and
 * TAKEOVER, DUMMY and REVIVE, TERMINATE. Pure functions from a status model to the next one; a
 * refusal is a GameRuleError whose message is the reply a player gets.
 */

export class GameRuleError extends Refusal {
  override name = 'GameRuleError';
  readonly code = 'GAME_RULE';
}

export interface NewGameRequest {
  name: string;
  master: PlayerIdentity;
  masterPassword: string;
  /** Null: the standard map. */
  map: string | null;
  privacy?: string | null;
}

export function createGame(request: NewGameRequest): GameStatus {
  return {
    ...newGame(request.name),
    master: request.master,
    masterPassword: request.masterPassword,
    map: request.map === null ? null : { name: request.map, trial: false },
    privacy: request.privacy ?? null,
  };
}

export function isForming(game: GameStatus): boolean {
  return game.phase?.phase === 'FORMING';
}

export function isCompleted(game: GameStatus): boolean {
  return game.phase?.phase === 'COMPLETED';
}

/** Map powers that want a player: neither dummies of the map nor made DUMMY in the status file, nor played by a team's main power. */
export function playablePowers(game: GameStatus, map: GameMap): string[] {
  const teamed = teamDummies(game, map);
  return map.powers
    .filter((power) => !power.dummy && power.control.length === 0 && !teamed.has(power.name))
    .filter((power) => findPower(game, power.name)?.player?.current !== 'DUMMY')
    .map((power) => power.name);
}

function joinedPlayers(game: GameStatus): PowerStatus[] {
  return game.powers.filter((power) => power.role === MAP_POWER_ROLE && power.player !== null && typeof power.player.current === 'object');
}

export interface JoinRequest {
  player: PlayerIdentity;
  address: string;
  password: string;
  /** The power asked for (POWER_CHOICE games), as a map power name. */
  power?: string | null;
  privacy?: string | null;
}

/** A private game lets in (as a power, an observer or any other role) only those who give its privacy word. */
function checkPrivacy(game: GameStatus, privacy: string | null | undefined, command: string): void {
  if (game.privacy !== null && privacy?.toUpperCase() !== game.privacy.toUpperCase())
    throw new GameRuleError(`the game ${game.name} is private: ${command} needs its privacy word`);
}

export function joinGame(game: GameStatus, map: GameMap, request: JoinRequest, rules: RulesInForce): GameStatus {
  if (!isForming(game)) throw new GameRuleError(`the game ${game.name} is not forming; TAKEOVER a vacant power instead`);
  checkPrivacy(game, request.privacy, 'JOIN');
  const address = request.address.toLowerCase();
  if (game.powers.some((power) => power.addresses.some((known) => known.toLowerCase() === address)))
    throw new GameRuleError(`${request.address} has already joined the game ${game.name}`);
  if (rules.has('SOLITAIRE'))
    throw new GameRuleError(`the game ${game.name} is a SOLITAIRE game: its Master plays every power, and it starts when the Master ACTIVATEs it`);
  const open = playablePowers(game, map);
  const joined = joinedPlayers(game);
  if (joined.length >= open.length) throw new GameRuleError(`the game ${game.name} is full`);
  let name: string;
  if (request.power) {
    if (!rules.has('POWER_CHOICE')) throw new GameRuleError(`the game ${game.name} does not let players choose their power (no POWER_CHOICE)`);
    const power = map.power(request.power);
    if (!power || !open.includes(power.name)) throw new GameRuleError(`${request.power} is not a power you can play in ${game.name}`);
    if (joined.some((entry) => entry.name === power.name)) throw new GameRuleError(`${power.displayName} is taken`);
    name = power.name;
  } else {
    let number = 1;
    while (findPower(game, `POWER#${number}`)) number++;
    name = `POWER#${number}`;
  }
  const power: PowerStatus = {
    ...newPower(name),
    addresses: [request.address],
    player: { current: request.player, earlier: [] },
    password: request.password,
  };
  return { ...game, powers: [...game.powers, power] };
}

/** Whether a forming game has all its players (and so starts, unless START_MASTER waits for the Master). */
export function isFull(game: GameStatus, map: GameMap): boolean {
  return joinedPlayers(game).length >= playablePowers(game, map).length;
}

/**
 * Starts a forming game: players who joined as POWER#n get the powers nobody chose, at random;
 * unplayed powers become DUMMY; units and centers come from the map; the first deadline is twice
 * the normal delay. `rules` are those in force on its base map. `movesFirst`: the variant begins a
 * blank board (MOBILIZE, BLANK_BOARD) at the movement phase before the first builds, SKIPped
 * (Crystal Ball: Rules.txt, MOBILIZE).
 */
export function startGame(
  game: GameStatus,
  maps: MapDefinition,
  rules: RulesInForce,
  now: DateTime,
  random: () => number = Math.random,
  movesFirst = false,
): GameStatus {
  if (!isForming(game)) throw new GameRuleError(`the game ${game.name} has already started`);
  const map = maps.base;
  const taken = new Set(game.powers.filter((power) => !isPowerNumber(power.name)).map((power) => power.name));
  const free = playablePowers(game, map).filter((name) => !taken.has(name));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  const powers: PowerStatus[] = game.powers.map((power) => (isPowerNumber(power.name) ? { ...power, name: free.shift() ?? power.name } : power));
  if (powers.some((power) => isPowerNumber(power.name))) throw new GameRuleError(`the game ${game.name} has more players than powers`);
  for (const mapPower of map.powers) {
    if (powers.some((power) => power.name === mapPower.name)) continue;
    powers.push({ ...newPower(mapPower.name), player: { current: 'DUMMY', earlier: [] } });
  }
  const mobilizing = rules.has('MOBILIZE');
  const blank = rules.has('BLANK_BOARD') || rules.has('FLEX_SETUP');
  const builds = mobilizing || blank ? (latestPhaseOfType(map.data.flow, map.data.begin, ADJUSTMENTS) ?? map.data.begin) : map.data.begin;
  const skipped = movesFirst && (mobilizing || blank) ? latestPhaseOfType(map.data.flow, builds, MOVEMENT) : null;
  const phase = skipped ?? builds;
  let started: GameStatus = startingControl({ ...game, powers, phase: { mode: skipped ? 'SKIP' : 'PHASE', phase }, start: phaseAbbrev(phase) }, map);
  const startMap = maps.at(phase);
  const initial = initialPosition(startMap);
  // Some maps (ambition) list a non-center in OWNS; ownership of a non-center means nothing.
  const position = {
    powers: initial.powers.map((state) => ({ ...state, centers: state.centers.filter((center) => startMap.isCenter(center) || isBuildToken(center)) })),
  };
  started = withPosition(started, startMap, mobilizing ? mobilized(position, started, rules) : blank ? blanked(position) : position);
  return scheduleDeadline(started, phase, map.data.flow, rules, now, true);
}

/** BLANK_BOARD (FLEX_SETUP): the units on their powers' centers leave the board, to be built again as each power likes. */
function blanked(position: Position): Position {
  return {
    powers: position.powers.map((state) => ({
      ...state,
      units: state.units.filter((unit) => !state.centers.includes(unit.location.split('/')[0]!)),
    })),
  };
}

/**
 * MOBILIZE: the board starts empty and every power has one build in a home center of its choice,
 * which it then owns (`SC!`). Immobile dummies build in all their homes, as nobody chooses for them.
 */
function mobilized(position: Position, game: GameStatus, rules: RulesInForce): Position {
  const dummies = rules.has('IMMOBILE_DUMMIES') ? dummyPowers(game) : new Set<string>();
  return {
    powers: position.powers.map((state) => ({
      ...state,
      units: [],
      retreating: [],
      centers: Array<string>(dummies.has(state.name) ? Math.max(1, state.homes.length) : 1).fill('SC!'),
    })),
  };
}

/**
 * ROLLBACK FORMING (Email.txt): the game forms again, its players keeping their powers, its board
 * and deadline gone; the Master's ACTIVATE starts it anew with the same players on the same powers.
 */
export function formAgain(game: GameStatus): GameStatus {
  if (isForming(game)) throw new GameRuleError(`the game ${game.name} is forming already`);
  const powers = game.powers.map((power) =>
    power.role === MAP_POWER_ROLE ? { ...power, units: [], owns: [], orders: [], phaseOrders: [], wait: false, vote: null } : power,
  );
  return { ...game, phase: { mode: 'PHASE', phase: 'FORMING' }, deadline: null, delay: null, start: null, proposal: null, powers };
}

/** Powers with a player who has resigned: what a NEED line lists. */
function needLine(game: GameStatus): GameStatus['need'] {
  return game.powers
    .filter((power) => power.player?.current === 'RESIGNED')
    .map((power) => ({ power: power.name, units: power.units.length, centers: power.owns.length }));
}

function currentAbbrev(game: GameStatus): string {
  const phase = playedPhase(game);
  return phase ? phaseAbbrev(phase) : 'FORMING';
}

/** RESIGN: the power is vacant until someone TAKEs it OVER (a NEED line says so). */
export function resignPower(game: GameStatus, powerName: string): GameStatus {
  const power = findPower(game, powerName);
  if (!power) throw new GameRuleError(`the game has no power ${powerName}`);
  if (isForming(game)) return { ...game, powers: game.powers.filter((entry) => entry !== power) };
  if (power.player?.current === 'RESIGNED') throw new GameRuleError(`${power.name} has already resigned`);
  const current = power.player?.current ?? 'RESIGNED';
  const next = updatePower(game, power.name, (status) => ({
    ...status,
    player: { current: 'RESIGNED', earlier: [{ until: currentAbbrev(game), occupant: current }, ...(status.player?.earlier ?? [])] },
    addresses: [],
    password: null,
    wait: false,
    vote: null,
  }));
  return { ...next, need: needLine(next) };
}

/** TAKEOVER of a vacant (resigned or dummy) power by a new player. */
export function takeOverPower(game: GameStatus, powerName: string, request: JoinRequest): GameStatus {
  const power = findPower(game, powerName);
  if (!power || power.role !== MAP_POWER_ROLE) throw new GameRuleError(`the game has no power ${powerName}`);
  checkPrivacy(game, request.privacy, 'TAKEOVER');
  const current = power.player?.current;
  if (current !== 'RESIGNED' && current !== 'DUMMY') throw new GameRuleError(`${power.name} is not vacant`);
  // A resigned player's line already says until when they played; a dummy's stint is recorded now.
  const earlier: PlayerHistory['earlier'] =
    current === 'RESIGNED' ? power.player!.earlier : [{ until: currentAbbrev(game), occupant: 'DUMMY' }, ...power.player!.earlier];
  const next = updatePower(game, power.name, (status) => ({
    ...status,
    player: { current: request.player, earlier },
    addresses: [request.address],
    password: request.password,
    control: [],
  }));
  return { ...next, need: needLine(next) };
}

/** DUMMY: the Master makes a power playerless (it holds, or is played under CONTROL). */
export function dummyPower(game: GameStatus, powerName: string): GameStatus {
  const power = findPower(game, powerName);
  if (!power) throw new GameRuleError(`the game has no power ${powerName}`);
  const current = power.player?.current;
  const next = updatePower(game, power.name, (status) => ({
    ...status,
    player: {
      current: 'DUMMY',
      earlier: current && current !== 'DUMMY' ? [{ until: currentAbbrev(game), occupant: current }, ...status.player!.earlier] : (status.player?.earlier ?? []),
    },
    addresses: [],
    password: null,
  }));
  return { ...next, need: needLine(next) };
}

/** The game over: COMPLETED, its RESULT (the last phase played and the victors) and FINISH. */
export function completedGame(game: GameStatus, victors: readonly string[], today: string): GameStatus {
  const phase = playedPhase(game);
  // A game that never started has no last phase for a RESULT line.
  const result = phase ? { phase: phaseAbbrev(phase), victors } : null;
  return { ...game, proposal: null, phase: { mode: 'PHASE', phase: 'COMPLETED' }, deadline: null, result, finish: today };
}

export function terminateGame(game: GameStatus, today: string): GameStatus {
  if (isCompleted(game)) throw new GameRuleError(`the game ${game.name} is already completed`);
  return completedGame(game, [], today);
}
