import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CommandExecutor } from '../../src/commands/run/executor.js';
import type { ExecutionOutcome } from '../../src/commands/run/run.js';
import { loadConfig } from '../../src/config/config.js';
import { openJournal } from '../../src/daemon/wiring.js';
import { openGameService } from '../../src/game/open.js';
import { OutboxNoticeSink } from '../../src/mail/notice-sink.js';
import { mailSettings } from '../../src/mail/settings.js';
import { Outbox } from '../../src/store/journal.js';
import type { OutgoingMail } from '../../src/store/outgoing-mail.js';
import { buildWebApp } from '../../src/web/server.js';
import { webSettings } from '../../src/web/settings.js';
import { JUDGE_ADDRESS } from './support.js';

/**
 * The judge's pages as fastify serves them, through `inject()`: no port and no daemon, for the page
 * and form tests that need no browser. A mail runs through the command executor the daemon's
 * responder uses, and what it and the forms queue stays in the journal's outbox.
 */
export interface PageJudge {
  readonly app: FastifyInstance;
  /** Runs a mail's commands as the daemon would, queueing its reply and notices. */
  mail(from: string, body: string): Promise<ExecutionOutcome>;
  /** The game's status file as it is now. */
  status(game: string): string;
  /** The main status file, `games/status`: each game's line names its variant. */
  mainStatus(): string;
  /** Every mail queued so far, oldest first, as the outbox keeps it. */
  sent(): OutgoingMail[];
  /** What the pages logged, oldest first. */
  readonly log: readonly string[];
  close(): Promise<void>;
}

let serial = 0;

export function startPageJudge(web: Readonly<Record<string, unknown>> = {}): PageJudge {
  const folder = mkdtempSync(join(tmpdir(), 'judge-pages-'));
  const configFile = join(folder, 'judge.config.json');
  const config = { judge: { name: 'WEBTEST', address: JUDGE_ADDRESS, keeper: 'keeper@web.test' }, web: { listen: 'http://127.0.0.1:0', ...web } };
  writeFileSync(configFile, JSON.stringify(config));
  const loaded = loadConfig(configFile);
  const db = openJournal(mailSettings(loaded));
  const commands = new CommandExecutor({ service: openGameService(loaded, db), judge: loaded.config.judge, db });
  const mails = new OutboxNoticeSink(db, loaded.config.judge);
  const log: string[] = [];
  const app = buildWebApp({ loaded, db, settings: webSettings(loaded), commands, mails, log: (line) => log.push(line) });
  return {
    app,
    async mail(from, body) {
      const outcome = await commands.execute({ from, text: body, mailKey: `<page-judge-${process.pid}-${++serial}@player.test> -` }, new Date());
      mails.send([outcome.reply, ...outcome.notices], 'mail');
      return outcome;
    },
    status: (game) => readFileSync(join(folder, 'games', game, 'status'), 'utf8'),
    mainStatus: () => readFileSync(join(folder, 'games', 'status'), 'utf8'),
    sent: () => new Outbox(db).entries().map((entry) => entry.mail),
    log,
    async close() {
      await app.close();
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
