import { parseVacations, renderTiming } from '../deadline/index.js';
import { updatePower, type GameStatus } from '../status/model.js';
import type { Actor, LoadedGame } from '../store/game-store.js';
import type { Announcing, GameChanges } from './game-changes.js';
import type { GameListings } from './listings-service.js';
import { withReadiness } from './readiness.js';
import { extendDeadline, gameTiming } from './schedule.js';

/** What a game's schedule needs from the game API. */
export interface GameScheduleParts {
  readonly changes: GameChanges;
  readonly listings: GameListings;
}

/** When a game's phase is processed: its deadline, the checker's DELAY count, the absences and the powers that wait. */
export class GameSchedule {
  constructor(private readonly parts: GameScheduleParts) {}

  /** SET DEADLINE: the phase's deadline, as a DEADLINE stamp of the game's zone. */
  async setDeadline(name: string, stamp: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => ({ ...game, deadline: stamp }));
  }

  /** SET ABSENCE: a NOT entry of the game's TIMING (`20260301-20260305`); no deadline falls in it. */
  async addAbsence(name: string, entry: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game, maps) => {
      const timing = gameTiming(game, maps.base.data.flow);
      return { ...game, timing: renderTiming({ ...timing, not: [...timing.not, ...parseVacations(entry)] }) };
    });
  }

  /** SET WAIT / SET NOWAIT: a waiting power holds the phase back even with every order in. */
  async setWait(name: string, power: string, wait: boolean, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game, maps, rules) =>
      withReadiness(
        updatePower(game, power, (status) => ({ ...status, wait })),
        maps,
        rules,
        this.parts.listings.variant(game),
      ),
    );
  }

  /**
   * The DELAY count of DPjudge's twenty-minute checks, as the checker keeps it: `delayFor` decides
   * on the game as it is under the lock and gives the new count (null: none), or undefined to leave
   * the game as it is. `announce`'s mails are queued with the change.
   */
  async setDelay(name: string, actor: Actor, delayFor: (game: GameStatus) => number | null | undefined, options: Announcing = {}): Promise<LoadedGame> {
    return this.parts.changes.apply(
      name,
      actor,
      (game) => {
        const delay = delayFor(game);
        return delay === undefined ? null : { ...game, delay };
      },
      options,
    );
  }

  /**
   * After an outage of the checker: the deadline moves on by `minutes`, kept to the game's DAYS and
   * NOT rules; a game without one is left as it is. `announce`'s mails are queued with the change.
   */
  async extendDeadline(name: string, minutes: number, actor: Actor, options: Announcing = {}): Promise<LoadedGame> {
    return this.parts.changes.apply(
      name,
      actor,
      (game, maps, rules) => (game.deadline === null ? null : extendDeadline(game, maps.base.data.flow, rules.of(game, maps.base), minutes)),
      options,
    );
  }
}
