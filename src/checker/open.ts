import { join } from 'node:path';
import { folder, type LoadedConfig } from '../config/config.js';
import { openGameService, type GameServiceSetting } from '../game/open.js';
import type { JudgeDatabase } from '../store/database.js';
import { startScheduler, type RunningScheduler } from './scheduler.js';
import { deadlineSettings } from './settings.js';
import type { NoticeSink } from './sink.js';
import { DeadlineChecker } from './sweep.js';

/**
 * The deadline checker on the folders, database and settings a configuration names. `setting.now` is the
 * game API's clock (new deadlines are set from it); a sweep is given its own `now`, which should
 * read the same clock.
 */
export function openChecker(loaded: LoadedConfig, db: JudgeDatabase, sink: NoticeSink, setting: GameServiceSetting = {}): DeadlineChecker {
  return new DeadlineChecker({
    service: openGameService(loaded, db, setting),
    db,
    games: folder(loaded, 'games'),
    sink,
    judge: loaded.config.judge,
    deadlines: deadlineSettings(loaded),
    lockFile: join(folder(loaded, 'var'), 'checker.lock'),
  });
}

/** The checker as the daemon runs it: sweeps on the configured cron expression until `stop`. */
export function startChecker(
  loaded: LoadedConfig,
  db: JudgeDatabase,
  sink: NoticeSink,
  log: (line: string) => void,
  setting: GameServiceSetting = {},
): RunningScheduler {
  return startScheduler(openChecker(loaded, db, sink, setting), { cron: deadlineSettings(loaded).cron, log });
}
