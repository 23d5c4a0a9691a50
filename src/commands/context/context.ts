import type { DateTime } from 'luxon';
import type { JudgeConfig } from '../../config/config.js';
import { GameRuleError } from '../../game/lifecycle.js';
import type { GameService } from '../../game/service.js';
import type { MapDefinition } from '../../map/definition.js';
import type { GameMap } from '../../map/game-map.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { playedPhase, type GameStatus } from '../../status/model.js';
import type { OperationRules } from '../../game/rules.js';
import { NoSuchGameError, type Actor, type LoadedGame } from '../../store/game-store.js';
import type { PressArchive } from '../../store/press-archive.js';
import type { PasswordGuard } from './guessing.js';
import type { Session } from './step.js';

/** How commands reach the judge: by mail, or from its web pages. */
export type Channel = 'mail' | 'web';

/** What every command of one mail runs with: the game API, who sent the mail, and when. */
export interface ExecutionContext {
  readonly service: GameService;
  readonly judge: JudgeConfig['judge'];
  /** The sender's address, lower case. */
  readonly sender: string;
  readonly via: Channel;
  /** The moment the mail is executed, in UTC. */
  readonly now: DateTime;
  readonly guard: PasswordGuard;
  /** Every game's press, for HISTORY PRESS. */
  readonly pressArchive: PressArchive;
  readonly random: () => number;
  /** The rules in force of each game the mail's commands touch, made once and read by every command. */
  readonly rules: OperationRules;
  /** The mail has lines the parser could not read: RESIGN then waits for a mail without mistakes. */
  readonly mailHasProblems: boolean;
  /** The command being executed (`<mail key>#<index>`): recorded with every change it makes. */
  readonly cause?: string;
}

export function actorOf(context: ExecutionContext, command: string): Actor {
  return { who: context.via === 'web' ? `${context.sender} (web)` : context.sender, command, ...(context.cause !== undefined && { cause: context.cause }) };
}

/** Loads a game, with the reply a player should read when there is none (not the file's path). */
export function loadGame(context: ExecutionContext, name: string): LoadedGame {
  try {
    return context.service.load(name);
  } catch (error) {
    if (error instanceof NoSuchGameError) throw new GameRuleError(`there is no game '${name}' on this judge`);
    throw error;
  }
}

/** A game in preparation is its Master's alone until FORM: strangers may neither JOIN nor LIST it. */
export function refuseInPreparation(context: ExecutionContext, game: string): void {
  if (context.service.listings.listedState(game) === 'preparation')
    throw new GameRuleError(`game '${game}' is in preparation: its Master has not let it form yet`);
}

export function mapsOf(context: ExecutionContext, game: GameStatus): MapDefinition {
  return context.service.maps(game);
}

/** The rules in force in a game, the map's own included. */
export function gameRules(context: ExecutionContext, game: GameStatus): RulesInForce {
  return context.rules.of(game, mapsOf(context, game).base);
}

/** The rules in force in the game's current phase, on that phase's map (which IN or FROM blocks may change). */
export function phaseRules(context: ExecutionContext, game: GameStatus): RulesInForce {
  return context.rules.of(game, currentMap(context, game));
}

/** The map as it stands in the game's current phase (the base map while forming or completed). */
export function currentMap(context: ExecutionContext, game: GameStatus): GameMap {
  const maps = mapsOf(context, game);
  const phase = playedPhase(game);
  return phase ? maps.at(phase) : maps.base;
}

/** A power's name as players read it: `France`, or an observer's chosen name as stored. */
export function displayName(map: GameMap, power: string): string {
  return map.power(power)?.displayName ?? power;
}

/**
 * Who a reply is read as, for what is still hidden (builds under HIDE_BUILDS): the Master sees
 * everything, a power its own. The Master signed on as a power reads as that power: the reply
 * goes to the power's player too.
 */
export function readerOf(session: Session): { reader: string | null; master: boolean } {
  if (session.kind === 'master') return { reader: null, master: true };
  if (session.kind === 'power') return { reader: session.power, master: false };
  return { reader: null, master: false };
}
