import { Settings, type DateTime } from 'luxon';
import { join } from 'node:path';
import { folder, type LoadedConfig } from '../config/config.js';
import type { JudgeDatabase } from '../store/database.js';
import { AuditLog } from '../store/audit.js';
import { GameStore, type LastSettledFiles } from '../store/game-store.js';
import { Templates } from '../templates/templates.js';
import type { PictureDrawer } from './picture-thread.js';
import { GameService } from './service.js';

/**
 * How a game API is opened: `now`, its clock (default: the system's); `pictures`, how it draws
 * results pictures (default: on the calling thread); `lastSettled`, given in the daemon only, makes
 * its reads of a status file being edited take the version last read settled instead of waiting
 * (`GameStoreOptions`).
 */
export interface GameServiceSetting {
  readonly now?: () => DateTime;
  readonly pictures?: PictureDrawer;
  readonly lastSettled?: LastSettledFiles;
}

/** The games folder a configuration names, as the game API opened with `setting` stores it. */
export function openGameStore(config: LoadedConfig, db: JudgeDatabase, { now, lastSettled }: GameServiceSetting = {}): GameStore {
  return new GameStore({
    games: folder(config, 'games'),
    audit: new AuditLog(db),
    ...(now ? { clock: () => now().toJSDate() } : {}),
    ...(lastSettled ? { lastSettled } : {}),
  });
}

/** The game API on the folders and database a configuration names. */
export function openGameService(config: LoadedConfig, db: JudgeDatabase, setting: GameServiceSetting = {}): GameService {
  const { now, pictures } = setting;
  // Mails and pages name weekdays and months in English whatever the machine's locale; luxon then
  // also skips asking Intl for that locale, whose first use costs a process 25-40 ms of ICU set-up.
  Settings.defaultLocale = 'en-US';
  const games = folder(config, 'games');
  const maps = folder(config, 'maps');
  return new GameService({
    store: openGameStore(config, db, setting),
    games,
    mapFolders: [maps, join(maps, '..', 'trials')],
    drawingCache: join(folder(config, 'var'), 'drawings'),
    templates: new Templates(folder(config, 'templates')),
    judgeAddress: config.config.judge.address,
    ...(now ? { now } : {}),
    ...(pictures ? { pictures } : {}),
  });
}
