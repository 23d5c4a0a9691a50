import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { CONFIG_OPTION_HELP, loadConfig } from '../../config/config.js';
import { currentBoardPicture } from '../../game/board-picture.js';
import { openGameService } from '../../game/open.js';
import { renderResults } from '../../game/results.js';
import { showGame } from '../../game/show.js';
import { mailSettings } from '../../mail/settings.js';
import { openJournal, sendQueuedMail } from '../../daemon/wiring.js';
import { gameCommand } from './game.js';

const KEEPER = (command: string) => ({ who: 'judgekeeper', command });

export function registerProcessCommands(program: Command): void {
  program
    .command('process')
    .description("process a game's current phase now (results are mailed through the outbox); --preview shows them without changing the game")
    .argument('<game>', 'the game name')
    .option('--preview', 'adjudicate and print the results; change nothing, mail nothing')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action(async (name: string, options: { preview?: boolean; config?: string }) => {
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
    });
  gameCommand(program)
    .command('create')
    .description('create a game as CREATE by mail does: in preparation (hidden, no JOIN) until its Master sends FORM, or forming at once with --form')
    .argument('<game>', 'the new game name')
    .requiredOption('--master <address>', "the Master's mail address")
    .requiredOption('--password <password>', "the Master's password (kept hashed)")
    .option('--map <map>', 'the map (default: standard)')
    .option('--form', 'let players JOIN at once')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action(async (name: string, options: { master: string; password: string; map?: string; form?: boolean; config?: string }) => {
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
    });
  gameCommand(program)
    .command('show')
    .description('print a game: phase, deadline, every power with its units and centers; --svg or --png also draws the board')
    .argument('<game>', 'the game name')
    .option('--svg <file>', 'write a picture of the board (hidden builds included) as SVG to the file')
    .option('--png <file>', 'write the same picture as PNG')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .action((name: string, options: { config?: string; svg?: string; png?: string }) => {
      const config = loadConfig(options.config);
      const db = openJournal(mailSettings(config));
      try {
        const service = openGameService(config, db);
        const game = service.load(name).game;
        process.stdout.write(showGame(game, service.maps(game)));
        for (const [format, file] of [['svg', options.svg], ['png', options.png]] as const) {
          if (file === undefined) continue;
          const picture = currentBoardPicture(name, game, service.maps(game), service.archive(name), { reader: null, master: true }, format);
          writeFileSync(file, Buffer.from(picture.content, picture.encoding));
          process.stdout.write(`The board is drawn in ${file}.\n`);
        }
      } finally {
        db.close();
      }
    });
}
