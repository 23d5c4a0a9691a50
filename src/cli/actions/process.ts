import { OperationRules } from '../../game/rules.js';
import { writeFileSync } from 'node:fs';
import { loadConfig, type LoadedConfig } from '../../config/config.js';
import { currentBoardPicture } from '../../game/board-picture.js';
import { openGameService } from '../../game/open.js';
import type { GameService } from '../../game/service.js';
import type { JudgeDatabase } from '../../store/database.js';
import { renderResults } from '../../game/results.js';
import { showGame } from '../../game/show.js';
import { mailSettings } from '../../mail/settings.js';
import { openJournal, sendQueuedMail } from '../../daemon/wiring.js';
import { attachmentBytes } from '../../store/outgoing-mail.js';

const KEEPER = (command: string) => ({ who: 'judgekeeper', command });

export interface ProcessOptions {
  readonly preview?: boolean;
  readonly config?: string;
}

export interface ShowOptions {
  readonly config?: string;
  readonly svg?: string;
  readonly png?: string;
}

/** Runs `work` on the game layer of the configuration `configFile` names, with its journal open until it ends. */
async function withGames<T>(
  configFile: string | undefined,
  work: (service: GameService, config: LoadedConfig, db: JudgeDatabase) => T | Promise<T>,
): Promise<T> {
  const config = loadConfig(configFile);
  const db = openJournal(mailSettings(config));
  try {
    return await work(openGameService(config, db), config, db);
  } finally {
    db.close();
  }
}

/** `judge process`: processes the game's phase (or previews it) and prints the results. */
export async function processGame(name: string, options: ProcessOptions): Promise<void> {
  await withGames(options.config, async (service, config, db) => {
    const outcome = options.preview ? service.phases.preview(name) : await service.phases.process(name, KEEPER('PROCESS'), { origin: `process ${name}` });
    if (!outcome) throw new Error(`${name} was not processed`);
    const map = service.maps(outcome.game).at(outcome.report.phase);
    process.stdout.write(renderResults(outcome.report, map, service.templates, { reader: null, master: true }));
    if (!options.preview) await sendQueuedMail(config, db);
  });
}

/** `judge game show`: prints the game, and draws its board when asked. */
export async function showGameOnce(name: string, options: ShowOptions): Promise<void> {
  await withGames(options.config, (service) => {
    const game = service.load(name).game;
    const rules = new OperationRules().inPlay(game, service.maps(game));
    process.stdout.write(showGame(game, service.maps(game), rules));
    for (const [format, file] of [
      ['svg', options.svg],
      ['png', options.png],
    ] as const) {
      if (file === undefined) continue;
      const picture = currentBoardPicture(name, game, service.maps(game), rules, service.archive(name), { reader: null, master: true }, format);
      writeFileSync(file, attachmentBytes(picture));
      process.stdout.write(`The board is drawn in ${file}.\n`);
    }
  });
}

export interface CreateOptions {
  readonly master: string;
  readonly password: string;
  readonly map?: string;
  readonly form?: boolean;
  readonly config?: string;
}

/** `judge game create`: a game made as CREATE by mail makes it, in preparation unless `form`. */
export async function createGameOnce(name: string, options: CreateOptions): Promise<void> {
  await withGames(options.config, async (service) => {
    const master = { id: null, email: options.master, name: '' };
    const request = { name, master, masterPassword: options.password, map: options.map ?? null };
    await service.lifecycle.create(request, KEEPER('game create'), options.form ? 'forming' : 'preparation');
    const state = options.form ? 'forming: players may JOIN it' : 'in preparation: its Master sends FORM when players may JOIN it';
    process.stdout.write(`Game '${name}' is created on the map ${options.map ?? 'standard'}, with ${options.master} as its Master; it is ${state}.\n`);
  });
}
