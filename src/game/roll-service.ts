import type { DateTime } from 'luxon';
import { phaseAbbrev } from '../map/phase.js';
import type { GameStatus } from '../status/model.js';
import { readStatus } from '../status/parse.js';
import type { Actor, GameStore, LoadedGame } from '../store/game-store.js';
import type { GameArchive } from './archive.js';
import type { GameMaps } from './game-maps.js';
import { formAgain, GameRuleError, isCompleted, isForming } from './lifecycle.js';
import type { GameListings } from './listings-service.js';
import { currentPhase } from './process.js';
import { keepSettings, withNewDeadline, withoutOrders, type RollSettings } from './rolling.js';

/** What rolling a game back and forward needs from the game API. */
export interface GameRollsParts {
  readonly store: GameStore;
  /** The game's archive (its history and results files). */
  readonly archive: (name: string) => GameArchive;
  readonly maps: GameMaps;
  readonly listings: GameListings;
  readonly now: () => DateTime;
}

/** ROLLBACK and ROLLFORWARD: a game moved to a phase its history saved, the archive kept in step. */
export class GameRolls {
  constructor(private readonly parts: GameRollsParts) {}

  /** ROLLBACK: the game as it was when `phase` (default: the previous one) was about to be processed. */
  async rollback(name: string, actor: Actor, phase?: string, settings: RollSettings = {}): Promise<LoadedGame> {
    const archive = this.parts.archive(name);
    return this.roll(name, actor, settings, (current) => {
      const processed = archive.resultsBlocks().map((block) => block.phase);
      const target = phase?.toUpperCase() ?? processed[processed.length - 1];
      if (!target) throw new GameRuleError(`the game ${name} has no earlier phase to roll back to`);
      if (target === 'FORMING') {
        const first = processed[0];
        return { game: formAgain(current), record: () => first !== undefined && archive.truncateResults(first) };
      }
      const bytes = archive.snapshot(target);
      if (!bytes) throw new GameRuleError(`the game ${name} has no saved phase ${target}`);
      return { game: readStatus(bytes, `${name}/history/${target}`).game, record: () => archive.truncateResults(target) };
    });
  }

  /** ROLLFORWARD: re-applies the phases saved in the history after a ROLLBACK: the next one, or those up to `phase`. */
  async rollforward(name: string, actor: Actor, phase?: string, settings: RollSettings = {}): Promise<LoadedGame> {
    const archive = this.parts.archive(name);
    return this.roll(name, actor, settings, (from) => {
      const replayed: { abbrev: string; results: string }[] = [];
      let game = from;
      // Every saved phase is found before any results are recorded again, so that a gap changes nothing.
      do {
        const abbrev = phaseAbbrev(currentPhase(game));
        const results = archive.savedResults(abbrev);
        const following = archive.snapshot(`${abbrev}.next`);
        if (!results || !following) throw new GameRuleError(`the game ${name} has nothing saved after ${abbrev}; PROCESS it instead`);
        replayed.push({ abbrev, results });
        game = readStatus(following, `${name}/history/${abbrev}.next`).game;
      } while (phase !== undefined && replayed.length < 1000 && !isForming(game) && !isCompleted(game) && phaseAbbrev(currentPhase(game)) !== phase);
      return { game, record: () => replayed.forEach(({ abbrev, results }) => archive.recordResults(abbrev, results)) };
    });
  }

  /** The game `rolled` gives, settled as `settings` ask, in one write; `record` keeps the archive in step under the lock. */
  private async roll(
    name: string,
    actor: Actor,
    settings: RollSettings,
    rolled: (game: GameStatus) => { game: GameStatus; record: () => void },
  ): Promise<LoadedGame> {
    const { store, maps, now } = this.parts;
    const loaded = await store.update(name, actor, (current) => {
      const { game, record } = rolled(current.game);
      const settled = settings.keepSettings ? keepSettings(game, current.game) : game;
      record();
      if (isForming(settled)) return settled;
      if (settings.clearOrders) return withoutOrders(settled, maps.of(settled), now());
      return settings.newDeadline ? withNewDeadline(settled, maps.of(settled), now()) : settled;
    });
    await this.parts.listings.follow(actor, loaded);
    return loaded;
  }
}
