import type { DateTime } from 'luxon';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GameListing, GameState, ParsedMainStatus } from '../status/main-status.js';
import type { GameStatus } from '../status/model.js';
import { gameFolder } from '../store/game-name.js';
import type { Actor, GameStore, LoadedGame } from '../store/game-store.js';
import { GameRuleError, isCompleted, isForming } from './lifecycle.js';
import { ProcessingError } from './process.js';
import { variantNamed, type Variant } from './variant.js';

/** The state a game's status file puts it in, as the main status file lists it. */
export function gameState(game: GameStatus): GameState {
  if (isForming(game)) return 'forming';
  if (isCompleted(game)) return !game.result || game.result.victors.length === 0 ? 'terminated' : 'completed';
  return 'active';
}

/**
 * The judge's list of games, the main status file: each game's state (kept in step with its status
 * file), its variant and flags, and the games' folders coming and going by RENAME and PURGE.
 */
export class GameListings {
  /** The state each game was last given in the main status file, so unchanged states cost no write. */
  private readonly listedStates = new Map<string, GameState>();

  constructor(
    private readonly store: GameStore,
    private readonly games: string,
    private readonly now: () => DateTime,
  ) {}

  /** The main status file, as LIST shows it. */
  mainStatus(): ParsedMainStatus {
    return this.store.loadMainStatus();
  }

  /** The game's state as the main status file lists it (null for a game it does not list). */
  listedState(name: string): GameState | null {
    return this.mainStatus().status.games.find((listing) => listing.name === name)?.state ?? null;
  }

  /** The game's rules variant, as the main status file lists it (standard when unlisted). */
  variant(game: GameStatus): Variant {
    const listed = this.mainStatus().status.games.find((listing) => listing.name === game.name)?.variant ?? 'standard';
    const variant = variantNamed(listed);
    if (variant === null) throw new ProcessingError(`the game plays the rules variant ${listed}, which this judge does not play`);
    return variant;
  }

  /**
   * Keeps a game's state in the main status file in step with its status file. A game the checker
   * or the Master put in the waiting state stays waiting until it is ACTIVATEd (`reactivate`); a game
   * in preparation stays there until its Master's FORM.
   */
  async keepInStep(actor: Actor, name: string, state: GameState, reactivate = false): Promise<void> {
    if (!reactivate && this.listedStates.get(name) === state) return;
    const main = await this.store.updateMainStatus(actor, (current) => {
      const old = current.status.games.find((listing) => listing.name === name);
      const kept =
        !reactivate && ((old?.state === 'waiting' && state === 'active') || (old?.state === 'preparation' && state === 'forming')) ? old.state : state;
      if (old && old.state === kept) return null;
      const listing = { name, variant: old?.variant ?? 'standard', state: kept, flags: old?.flags ?? [], line: old?.line ?? null };
      return { ...current.status, games: old ? current.status.games.map((entry) => (entry === old ? listing : entry)) : [...current.status.games, listing] };
    });
    const listed = main.status.games.find((listing) => listing.name === name)?.state;
    if (listed !== undefined) this.listedStates.set(name, listed);
  }

  /** Keeps the state of a game just changed in step (see `keepInStep`). */
  async follow(actor: Actor, loaded: LoadedGame): Promise<void> {
    await this.keepInStep(actor, loaded.name, gameState(loaded.game));
  }

  /** FORM: a game in preparation takes JOINs from now on. */
  async form(name: string, actor: Actor): Promise<void> {
    await this.keepInStep(actor, name, 'forming', true);
  }

  /** Lists a game as waiting in the main status file: the deadline checker then only reminds its Master. */
  async markWaiting(name: string, actor: Actor): Promise<void> {
    await this.keepInStep(actor, name, 'waiting');
  }

  /** Changes a game's line in the main status file (its variant or flags), leaving its state. */
  async updateListing(name: string, actor: Actor, change: (listing: GameListing) => GameListing): Promise<void> {
    await this.store.updateMainStatus(actor, (current) => {
      const old = current.status.games.find((listing) => listing.name === name);
      if (!old) throw new GameRuleError(`the game ${name} is not in the main status file`);
      const next = change(old);
      return { ...current.status, games: current.status.games.map((entry) => (entry === old ? next : entry)) };
    });
  }

  /** RENAME: the folder, the GAME line and the main status file's listing take the new name (see `GameStore.renameGame`). */
  async rename(name: string, newName: string, actor: Actor): Promise<LoadedGame> {
    if (existsSync(gameFolder(this.games, newName))) throw new GameRuleError(`there is a game ${newName} already`);
    const loaded = await this.store.renameGame(name, newName, actor);
    this.listedStates.delete(name);
    return loaded;
  }

  /** PURGE: the game leaves the main status file and its folder is moved aside under `.purged`, not deleted. */
  async purge(name: string, actor: Actor): Promise<void> {
    await this.store.purgeGame(name, join('.purged', `${name}.${this.now().toFormat('yyyyMMddHHmmss')}`), actor);
    this.listedStates.delete(name);
  }
}
