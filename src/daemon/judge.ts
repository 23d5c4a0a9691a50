import { configSource, folder, type LoadedConfig } from '../config/config.js';
import { ImapSource } from '../mail/imap-source.js';
import { logLine } from '../mail/intake.js';
import { MaildirSource } from '../mail/maildir-source.js';
import type { MailResponder } from '../mail/responder.js';
import { mailSettings, type MailSettings } from '../mail/settings.js';
import type { MailHandler, MailSource } from '../mail/source.js';
import type { JudgeDatabase } from '../store/database.js';
import { JOURNAL_KEPT_DAYS, pruneJournal } from '../store/journal-pruning.js';
import { sweepLeftovers } from '../store/leftovers.js';
import { LastSettledFiles } from '../store/game-store.js';
import { startChecker } from '../checker/open.js';
import { OutboxNoticeSink } from '../mail/notice-sink.js';
import { CommandExecutor } from '../commands/run/executor.js';
import { openGameService, openGameStore, type GameServiceSetting } from '../game/open.js';
import { daemonPictureDrawer } from '../game/picture-thread.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import type { MailQueue } from '../web/commands.js';
import { startWebServer, type RunningWeb } from '../web/server.js';
import { webSettings, type WebSettings } from '../web/settings.js';
import { startHandoffServer } from './handoff-server.js';
import { acquireInstanceLock } from './instance-lock.js';
import { newIntake, newSender, openJournalAwaiting } from './wiring.js';

/**
 * The judge daemon: the journal, a mail source feeding the responder (and the mails
 * `judge mail` hands over on its socket, handoff-server.ts), the deadline checker on its cron
 * schedule, and the outbox sender that mails what both of them queue.
 * Each handled mail's log line is written once its outcome is committed and before its source files
 * it away, so whoever reads the log may rely on the line meaning "committed".
 */

export interface JudgeOptions {
  /** What handles each mail; by default the e-mail commands run against the games. */
  readonly responder?: MailResponder;
  /** One line per event; the CLI prefixes the time and prints it. */
  readonly log?: (line: string) => void;
}

export interface RunningJudge {
  /** The address the web pages are served at, once they are; null when they are turned off or their address could not be had. */
  readonly web: Promise<string | null>;
  /** Finishes the mail in hand and the mails being sent, then closes everything. */
  stop(): Promise<void>;
}

function newSource(settings: MailSettings, handle: MailHandler, log: (line: string) => void): MailSource {
  const { mail } = settings;
  if (mail.imap.host === '') return new MaildirSource(settings.maildir, mail, handle, log);
  return new ImapSource(mail, handle, log);
}

export async function startJudge(loaded: LoadedConfig, options: JudgeOptions = {}): Promise<RunningJudge> {
  const log = options.log ?? (() => undefined);
  const settings = mailSettings(loaded);
  const web = webSettings(loaded);
  const lock = acquireInstanceLock(settings.varFolder);
  let db: JudgeDatabase | null = null;
  try {
    db = await openJournalAwaiting(settings);
    const running = run(db, loaded, settings, web, options.responder, log);
    const journal = db;
    return {
      web: running.web,
      async stop() {
        await running.stop();
        journal.close();
        lock.release();
        log('judge stopped');
      },
    };
  } catch (error) {
    db?.close();
    lock.release();
    throw error;
  }
}

function run(
  db: JudgeDatabase,
  loaded: LoadedConfig,
  settings: MailSettings,
  webSettings: WebSettings,
  responder: MailResponder | undefined,
  log: (line: string) => void,
): RunningJudge {
  const swept = sweepLeftovers(folder(loaded, 'games'), settings.outbox);
  if (swept.outboxFiles + swept.gameFolders > 0)
    log(`removed what killed judge processes left: ${swept.outboxFiles} half-written outbox files, ${swept.gameFolders} game folders of an unfinished CREATE`);
  const { sender, description: sending } = newSender(db, loaded, settings, log);
  // One thread draws every results picture: phases processed by mail, by the checker or on the web.
  const pictures = daemonPictureDrawer();
  // The daemon must keep answering: a status file being edited by hand is never waited for while
  // reading. Each game's file is read settled once now, in the background, so that there is a
  // version to answer with should an edit begin before anyone asked for the game.
  const lastSettled = new LastSettledFiles();
  const games: GameServiceSetting = { pictures, lastSettled };
  const settledOnce = openGameStore(loaded, db, games)
    .readAllSettled()
    .catch((error: unknown) => log(`the games' status files were not all read at start: ${(error as Error).message}`));
  const intake = newIntake(db, loaded, responder, games);
  // Each mail's answers leave as soon as it is committed, not when its batch is done.
  const handle: MailHandler = (batch) =>
    intake.handle(batch, (mail) => {
      log(logLine(mail));
      if (mail.queued > 0) sender.wake();
    });
  const source = newSource(settings, handle, log);
  const handoff = startHandoffServer(settings.varFolder, settings.mail.maxMessageBytes, async (raw) => (await handle([raw]))[0]!, log);
  const outbox = new OutboxNoticeSink(db, loaded.config.judge);
  const mails = {
    send(notices: readonly OutgoingMail[], origin: string) {
      outbox.send(notices, origin);
      // Whatever caused these may have queued mails of its own with a status file (a phase's results).
      sender.wake();
    },
  };
  const checker = startChecker(loaded, db, mails, log, games);
  sender.start();
  source.start();
  const pruning = startPruning(db, log);
  log(startLine(loaded, settings, source.description, sending));
  const web = serveWebPages(db, loaded, webSettings, mails, games, log);
  return {
    web: web.then((running) => running?.url ?? null),
    async stop() {
      await settledOnce;
      await handoff.stop();
      clearInterval(pruning);
      await (await web)?.close();
      await source.stop();
      await checker.stop();
      await sender.stop();
      await pictures.close();
    },
  };
}

/** Everything a judgekeeper needs to see that the judge runs on the configuration they meant. */
function startLine(loaded: LoadedConfig, settings: MailSettings, receiving: string, sending: string): string {
  return (
    `judge ${loaded.config.judge.name} started: mail in from ${receiving}, out as ${sending}; ` +
    `configuration ${configSource(loaded)}; games in ${folder(loaded, 'games')}, journal in ${settings.varFolder}; ` +
    `deadlines checked at cron '${loaded.config.deadlines.cron}' (UTC)`
  );
}

/**
 * The web pages, on their own command executor over the same games and journal (as the deadline
 * checker has its own). An address that cannot be had costs the pages, not the mail: the judge goes
 * on by mail and says why.
 */
async function serveWebPages(
  db: JudgeDatabase,
  loaded: LoadedConfig,
  settings: WebSettings,
  mails: MailQueue,
  games: GameServiceSetting,
  log: (line: string) => void,
): Promise<RunningWeb | null> {
  if (!settings.enabled) return null;
  const commands = new CommandExecutor({ service: openGameService(loaded, db, games), judge: loaded.config.judge, db });
  try {
    const web = await startWebServer({ loaded, db, settings, commands, mails, log });
    log(`web pages on ${web.url}`);
    return web;
  } catch (error) {
    log(`web pages not served: ${loaded.config.web.listen}: ${(error as Error).message}; the judge goes on by mail only`);
    return null;
  }
}

const PRUNING_INTERVAL_MS = 6 * 3_600_000;

/** Prunes the journal now and every six hours (see journal-pruning.ts). */
function startPruning(db: JudgeDatabase, log: (line: string) => void): NodeJS.Timeout {
  const prune = () => {
    const pruned = pruneJournal(db, Date.now());
    if (pruned.sentMails + pruned.commandOutcomes > 0)
      log(`journal pruned: ${pruned.sentMails} mails sent over ${JOURNAL_KEPT_DAYS} days ago, ${pruned.commandOutcomes} old command outcomes`);
  };
  prune();
  const timer = setInterval(prune, PRUNING_INTERVAL_MS);
  timer.unref();
  return timer;
}
