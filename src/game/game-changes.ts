import type { MapDefinition } from '../map/definition.js';
import type { GameStatus } from '../status/model.js';
import type { Actor, GameChanged, GameStore, LoadedGame } from '../store/game-store.js';
import { queuedMails } from '../store/journal.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import type { GameMaps } from './game-maps.js';
import type { GameListings } from './listings-service.js';
import { OperationRules } from './rules.js';

/** What changing one game's status file needs from the game API. */
export interface GameChangesParts {
  readonly store: GameStore;
  readonly maps: GameMaps;
  readonly listings: GameListings;
  /** The judge's address: the Message-IDs of the mails queued with a change are in its domain. */
  readonly judgeAddress: string;
}

/** The mails that tell of a change (`announce`, from the new status), queued with it; `origin` names the step in the journal. */
export interface Announcing {
  announce?: (game: GameStatus) => OutgoingMail[];
  origin?: string;
}

/** What a game change may add: mails that tell of it, and the rules in force it reads. */
interface ChangeOptions extends Announcing {
  rules?: OperationRules;
}

/** `ChangeOptions` for a change that reports a result, which its mails may tell of too. */
interface ReportingOptions<T> extends Omit<ChangeOptions, 'announce'> {
  announce?: (game: GameStatus, result: T) => OutgoingMail[];
}

/** A pure change of a game as it is under the lock: the new game, or null to leave it as it is. */
type GameChange = (game: GameStatus, maps: MapDefinition, rules: OperationRules) => GameStatus | null;

/**
 * Applies a pure change to a game's status file and keeps the main status file's state in step:
 * what every named operation on one game is built on, so that a game changes only through one of
 * them. The change reads the rules in force from `rules`, made once for the operation (or handed
 * over by an operation that reads them again after the change). `announce`'s mails are queued with
 * the change in one durable step, so they leave if and only if it is written.
 */
export class GameChanges {
  constructor(private readonly parts: GameChangesParts) {}

  async apply(name: string, actor: Actor, change: GameChange, options: ChangeOptions = {}): Promise<LoadedGame> {
    const changed = await this.applyReporting(name, actor, (game, maps, rules) => ({ game: change(game, maps, rules), result: undefined }), options);
    return changed.loaded;
  }

  /** `apply` for an operation that tells its caller what it did: the result of the run that was written comes back with the game. */
  async applyReporting<T>(
    name: string,
    actor: Actor,
    change: (game: GameStatus, maps: MapDefinition, rules: OperationRules) => { game: GameStatus | null; result: T },
    options: ReportingOptions<T> = {},
  ): Promise<GameChanged<T>> {
    const { store, maps, listings, judgeAddress } = this.parts;
    const rules = options.rules ?? new OperationRules();
    const { announce } = options;
    const origin = options.origin ?? `${actor.who} ${actor.command} ${name}`;
    const changed = await store.updateReporting(name, actor, (current) => {
      const run = change(current.game, maps.of(current.game), rules);
      const next = run.game;
      if (announce === undefined || next === null) return run;
      return { ...run, announce: () => queuedMails(announce(next, run.result), origin, judgeAddress) };
    });
    await listings.follow(actor, changed.loaded);
    return changed;
  }
}
