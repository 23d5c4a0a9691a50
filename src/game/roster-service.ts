import { findPower, MAP_POWER_ROLE, updatePower, type PlayerIdentity, type PowerStatus } from '../status/model.js';
import type { Actor, LoadedGame } from '../store/game-store.js';
import type { Announcing, GameChanges } from './game-changes.js';
import type { GameLifecycle } from './lifecycle-service.js';
import { dummyPower, GameRuleError, isForming, isFull, joinGame, resignPower, takeOverPower, type JoinRequest } from './lifecycle.js';

/** What a game's roster needs from the game API. */
export interface GameRosterParts {
  readonly changes: GameChanges;
  /** Starts a game that a JOIN fills. */
  readonly lifecycle: GameLifecycle;
}

/**
 * Who plays a game and how they are reached: JOIN, OBSERVE and the other roles, TAKEOVER, RESIGN,
 * DUMMY, SET ADDRESS and SET PASSWORD, the privacy word that JOIN needs, and REVEAL of the players.
 */
export class GameRoster {
  constructor(private readonly parts: GameRosterParts) {}

  /** JOIN: a new player in a forming game, which starts when it is full (unless START_MASTER waits for the Master). */
  async join(name: string, request: JoinRequest, actor: Actor): Promise<{ loaded: LoadedGame; started: boolean }> {
    const loaded = await this.parts.changes.apply(name, actor, (game, maps, rules) => {
      const joined = joinGame(game, maps.base, request, rules.of(game, maps.base));
      const waitForMaster = rules.of(joined, maps.base).has('START_MASTER');
      return isFull(joined, maps.base) && !waitForMaster ? this.parts.lifecycle.started(joined, maps, rules.of(joined, maps.base)) : joined;
    });
    return { loaded, started: !isForming(loaded.game) };
  }

  /** TAKEOVER and REVIVE: a new player for a power. One who observed the game leaves the observer's place. */
  async takeOver(name: string, power: string, request: JoinRequest, actor: Actor): Promise<LoadedGame> {
    const address = request.address.toLowerCase();
    const observing = (entry: PowerStatus) => entry.role !== MAP_POWER_ROLE && entry.addresses.some((known) => known.toLowerCase() === address);
    return this.parts.changes.apply(name, actor, (game) => {
      const taken = takeOverPower(game, power, request);
      return { ...taken, powers: taken.powers.filter((entry) => !observing(entry)) };
    });
  }

  /** TAKEOVER of the Master's place. */
  async replaceMaster(name: string, master: PlayerIdentity, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => ({ ...game, master }));
  }

  /** OBSERVE and the other roles beside the map's powers: the new player's block, under a name nobody has. */
  async addPlayer(name: string, block: PowerStatus, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => {
      if (findPower(game, block.name)) throw new GameRuleError(`the name ${block.name} is taken in game '${name}'`);
      return { ...game, powers: [...game.powers, block] };
    });
  }

  /** A player beside the map's powers takes another role under the same name. */
  async changeRole(name: string, player: string, role: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => updatePower(game, player, (status) => ({ ...status, role })));
  }

  /** RESIGN, the player's or the Master's for them. */
  async resign(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => resignPower(game, power));
  }

  /**
   * The grace period ended: every late power resigns in one status write, queued with the mails that
   * tell of it (`announce`), so that a crash leaves all or none of it.
   */
  async resignForLateness(name: string, powers: readonly string[], actor: Actor, options: Required<Announcing>): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => powers.reduce(resignPower, game), options);
  }

  /** DUMMY: the power has no player any more and its units hold. */
  async dummy(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => dummyPower(game, power));
  }

  /** SET ADDRESS: where a power's mail goes; the Master's (`power` null) takes the first address. */
  async setAddresses(name: string, power: string | null, addresses: readonly string[], actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => {
      if (power !== null) return updatePower(game, power, (status) => ({ ...status, addresses: [...addresses] }));
      return { ...game, master: game.master ? { ...game.master, email: addresses[0]! } : null };
    });
  }

  /** SET PASSWORD: a power's, or the Master's (`power` null). */
  async setPassword(name: string, power: string | null, password: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) =>
      power === null ? { ...game, masterPassword: password } : updatePower(game, power, (status) => ({ ...status, password })),
    );
  }

  /** SOLITAIRE: the game's privacy word, where it has none yet (JOIN and OBSERVE then need it). */
  async setPrivacy(name: string, privacy: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => (game.privacy === null ? { ...game, privacy } : null));
  }

  /** REVEAL: the players of a finished NO_REVEAL game are published. */
  async reveal(name: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => ({ ...game, rules: [...game.rules, [{ rule: 'NO_REVEAL', on: false }]] }));
  }
}
