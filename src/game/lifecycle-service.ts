import type { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import type { RulesInForce } from '../rules/in-force.js';
import type { GameState } from '../status/main-status.js';
import { playedPhase, type GameStatus } from '../status/model.js';
import type { Actor, GameStore, LoadedGame } from '../store/game-store.js';
import type { GameChanges } from './game-changes.js';
import type { GameMaps } from './game-maps.js';
import { createGame, GameRuleError, startGame, terminateGame, type NewGameRequest } from './lifecycle.js';
import { gameState, type GameListings } from './listings-service.js';
import { rulesInForce } from './rules.js';
import { scheduleDeadline } from './schedule.js';

/** What a game's course from creation to its end needs from the game API. */
export interface GameLifecycleParts {
  readonly store: GameStore;
  readonly changes: GameChanges;
  readonly maps: GameMaps;
  readonly listings: GameListings;
  readonly now: () => DateTime;
  /** Deals the free powers, when the game starts, to the players who joined without one. */
  readonly random?: () => number;
}

/** A game's course: created, started, waiting and active again at the Master's word, and ended by TERMINATE. */
export class GameLifecycle {
  constructor(private readonly parts: GameLifecycleParts) {}

  /** A game is created forming, or in preparation (a CREATE by mail: hidden until its Master's FORM). */
  async create(request: NewGameRequest, actor: Actor, state: Extract<GameState, 'preparation' | 'forming'> = 'forming'): Promise<LoadedGame> {
    const loaded = await this.parts.store.create(request.name, actor, createGame(request));
    await this.parts.listings.keepInStep(actor, request.name, state);
    return loaded;
  }

  async start(name: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game, maps, rules) => this.started(game, maps, rules.of(game, maps.base)));
  }

  /** The game as START leaves it (a JOIN that fills a game starts it the same way): its first phase, its units and its deadline. */
  started(game: GameStatus, maps: MapDefinition, rules: RulesInForce): GameStatus {
    return startGame(game, maps, rules, this.parts.now(), this.parts.random, this.parts.listings.variant(game).movesBeforeBlankStart);
  }

  /** WAIT: the game's phase is in the WAIT mode and the game listed as waiting: nothing is processed until the Master says so. */
  async wait(name: string, actor: Actor): Promise<LoadedGame> {
    const loaded = await this.parts.store.update(name, actor, ({ game }) => {
      if (playedPhase(game) === null) throw new GameRuleError(`game '${name}' is not being played, so it cannot wait`);
      return { ...game, phase: { ...game.phase!, mode: 'WAIT' } };
    });
    await this.parts.listings.markWaiting(name, actor);
    return loaded;
  }

  /** ACTIVATE: a waiting game is active again, from a fresh deadline, and out of the WAIT mode the Master put it in. */
  async activate(name: string, actor: Actor): Promise<LoadedGame> {
    const { store, maps, listings, now } = this.parts;
    const loaded = await store.update(name, actor, (current) => {
      const game = current.game;
      const phase = playedPhase(game);
      if (phase === null) return null;
      const base = maps.of(game).base;
      const line = game.phase!;
      const resumed = { ...game, phase: line.mode === 'WAIT' ? { ...line, mode: 'PHASE' as const } : line, deadline: null, delay: null };
      return scheduleDeadline(resumed, phase, base.data.flow, rulesInForce(game, base.rules()), now());
    });
    await listings.keepInStep(actor, name, gameState(loaded.game), true);
    return loaded;
  }

  /** TERMINATE: the game ends without victors. */
  async terminate(name: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => terminateGame(game, this.parts.now().toISODate()!));
  }
}
