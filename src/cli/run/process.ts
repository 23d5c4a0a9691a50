import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../config/config.js';
import { currentBoardPicture } from '../../game/board-picture.js';
import { openGameService } from '../../game/open.js';
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

/** `judge process`: processes the game's phase (or previews it) and prints the results. */
export async function processGame(name: string, options: ProcessOptions): Promise<void> {
  const config = loadConfig(options.config);
  const db = openJournal(mailSettings(config));
  try {
    const service = openGameService(config, db);
    const outcome = options.preview ? service.preview(name) : await service.process(name, KEEPER('PROCESS'), { origin: `process ${name}` });
    if (!outcome) throw new Error(`${name} was not processed`);
    const map = service.maps(outcome.game).at(outcome.report.phase);
    process.stdout.write(renderResults(outcome.report, map, service.templates, { reader: null, master: true }));
    if (!options.preview) await sendQueuedMail(config, db);
  } finally {
    db.close();
  }
}

/** `judge game show`: prints the game, and draws its board when asked. */
export function showGameOnce(name: string, options: ShowOptions): void {
  const config = loadConfig(options.config);
  const db = openJournal(mailSettings(config));
  try {
    const service = openGameService(config, db);
    const game = service.load(name).game;
    process.stdout.write(showGame(game, service.maps(game)));
    for (const [format, file] of [
      ['svg', options.svg],
      ['png', options.png],
    ] as const) {
      if (file === undefined) continue;
      const picture = currentBoardPicture(name, game, service.maps(game), service.archive(name), { reader: null, master: true }, format);
      writeFileSync(file, attachmentBytes(picture));
      process.stdout.write(`The board is drawn in ${file}.\n`);
    }
  } finally {
    db.close();
  }
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
  const config = loadConfig(options.config);
  const db = openJournal(mailSettings(config));
  try {
    const service = openGameService(config, db);
    const master = { id: null, email: options.master, name: '' };
    const request = { name, master, masterPassword: options.password, map: options.map ?? null };
    await service.create(request, KEEPER('game create'), options.form ? 'forming' : 'preparation');
    const state = options.form ? 'forming: players may JOIN it' : 'in preparation: its Master sends FORM when players may JOIN it';
    process.stdout.write(`Game '${name}' is created on the map ${options.map ?? 'standard'}, with ${options.master} as its Master; it is ${state}.\n`);
  } finally {
    db.close();
  }
}
