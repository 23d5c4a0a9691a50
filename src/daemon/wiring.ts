import type { LoadedConfig } from '../config/config.js';
import type { GameServiceSetting } from '../game/open.js';
import { MailIntake } from '../mail/intake.js';
import { OutboxSender } from '../mail/outbox-sender.js';
import type { MailResponder } from '../mail/responder.js';
import { mailSettings, type MailSettings } from '../mail/settings.js';
import type { EarlySmtpSocket } from '../mail/smtp-socket.js';
import { emlFolderTransport, smtpTransport, type MailTransport } from '../mail/transport.js';
import { openDatabase, openDatabaseAwaiting, type JudgeDatabase } from '../store/database.js';
import { createJournalTables } from '../store/journal.js';

// The parts the daemon and pipe mode both build: the journal, the intake and the outbox sender.

/** The journal (var/judge.db), opened with its tables, by a one-shot process. */
export function openJournal(settings: MailSettings): JudgeDatabase {
  return withTables(openDatabase(settings.databaseFile));
}

/** `openJournal` for the daemon, which never blocks its thread to wait for the journal. */
export async function openJournalAwaiting(settings: MailSettings): Promise<JudgeDatabase> {
  return withTables(await openDatabaseAwaiting(settings.databaseFile));
}

function withTables(db: JudgeDatabase): JudgeDatabase {
  createJournalTables(db);
  return db;
}

function outgoingTransport(settings: MailSettings, early: EarlySmtpSocket | undefined): { transport: MailTransport; description: string } {
  const { smtp } = settings.mail;
  if (smtp.host === '') return { transport: emlFolderTransport(settings.outbox), description: `.eml files in ${settings.outbox}` };
  return { transport: smtpTransport(smtp, early), description: `SMTP ${smtp.host}:${smtp.port}` };
}

/** `early`: a connection to the SMTP server opened ahead (pipe mode), for the first mail sent. */
export function newSender(db: JudgeDatabase, loaded: LoadedConfig, settings: MailSettings, log: (line: string) => void, early?: EarlySmtpSocket) {
  const { transport, description } = outgoingTransport(settings, early);
  return { sender: new OutboxSender(db, transport, loaded.config.judge, settings.mail.backoff, log), description };
}

/**
 * The e-mail commands run against the games, loaded with the first mail that reaches them: a mail
 * ignored, refused, throttled or seen before needs none of the game layer, which is most of what a
 * pipe-mode process would otherwise load.
 */
function gameCommands(loaded: LoadedConfig, db: JudgeDatabase, setting: GameServiceSetting): MailResponder {
  let commands: Promise<MailResponder> | null = null;
  return {
    async process(mail, context) {
      commands ??= import('./command-responder.js').then(({ commandResponder }) => commandResponder(loaded, db, setting));
      return (await commands).process(mail, context);
    },
  };
}

/** `setting`: how the commands' game API is opened (`openGameService`). */
export function newIntake(db: JudgeDatabase, loaded: LoadedConfig, responder?: MailResponder, setting: GameServiceSetting = {}) {
  responder ??= gameCommands(loaded, db, setting);
  return new MailIntake(db, responder, loaded.config);
}

/**
 * Sends what the outbox holds now, once, where no daemon may be running to do it (`judge process`,
 * `judge check`, pipe mode): mail a command queued must not wait for other traffic. What the SMTP
 * server will not take now stays queued for the daemon or the next run.
 */
export async function sendQueuedMail(
  loaded: LoadedConfig,
  db: JudgeDatabase,
  log: (line: string) => void = () => undefined,
  early?: EarlySmtpSocket,
): Promise<void> {
  const { sender } = newSender(db, loaded, mailSettings(loaded), log, early);
  try {
    await sender.sendDueOnce();
  } finally {
    await sender.stop();
  }
}
