import { folder, type LoadedConfig } from '../../src/config/config.js';
import { AuditLog } from '../../src/store/audit.js';
import type { JudgeDatabase } from '../../src/store/database.js';
import { GameStore, type LoadedGame } from '../../src/store/game-store.js';
import type { GameStatus } from '../../src/status/model.js';

const TEST_SETUP = { who: 'test', command: 'SETUP' };

/**
 * Sets a test's game up by rewriting its status file through the store, as a judgekeeper's hand
 * edit would: no game operation runs, no mail is queued and the main status file is left alone.
 * A state no command reaches in one step (a team, a moved phase, a rule) is made this way.
 */
export function editGame(store: GameStore, name: string, edit: (game: GameStatus) => GameStatus): Promise<LoadedGame> {
  return store.update(name, TEST_SETUP, ({ game }) => edit(game));
}

/** The store of the games folder a configuration names, for `editGame` beside `openGameService`. */
export function configuredStore(config: LoadedConfig, db: JudgeDatabase): GameStore {
  return new GameStore({ games: folder(config, 'games'), audit: new AuditLog(db) });
}
