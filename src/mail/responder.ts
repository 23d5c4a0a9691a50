import type { JudgeConfig } from '../config/config.js';
import type { JudgeDatabase } from '../store/database.js';
import type { OutgoingMail, Thread } from '../store/outgoing-mail.js';
import { JudgeFailure } from '../common/errors.js';

/** A failure whose cause the sender may be told: `forSender` says it in their words. */
export class ExplainedFailure extends JudgeFailure {
  override name = 'ExplainedFailure';

  constructor(
    message: string,
    readonly forSender: string,
  ) {
    super(message);
  }
}

/**
 * The one entry point the mail layer calls for every mail it lets through.
 *
 * The contract, which is what makes a mail's effect happen exactly once:
 * - `process` runs outside any database transaction and may await: the command layer takes game
 *   locks and writes status files (atomically) while it runs. It sends nothing itself: it returns
 *   the mails to send.
 * - Then one SQLite transaction records the mail in the journal (keyed by Message-ID and content
 *   hash) and queues every returned mail in the outbox; only after that commit is the mail filed
 *   away at its source. The outbox sends each queued mail under a Message-ID fixed when queued.
 * - If the judge dies after `process` changed files but before that commit, the same mail is
 *   fetched and processed again with the same `context.mailKey`. The command layer must make that
 *   harmless: each state-changing command is recorded under (mailKey, command index) right after
 *   its write, and a second run reuses the recorded outcome instead of acting again.
 * - If `process` throws, the mail is recorded as `failed` and moved to the failed folder, the
 *   judgekeeper is told and the sender gets a short notice.
 */
export interface MailResponder {
  process(mail: IncomingMail, context: ProcessingContext): ProcessOutcome | Promise<ProcessOutcome>;
}

export interface IncomingMail {
  /** The Message-ID header, angle brackets included, or null when the mail had none. */
  readonly messageId: string | null;
  /** The sender (the From header). */
  readonly from: MailAddress;
  /** The Reply-To header's addresses, empty when it had none; see `replyAddresses`. */
  readonly replyTo: readonly MailAddress[];
  readonly subject: string;
  readonly date: Date | null;
  /**
   * The whole plain-text body, decoded, with line ends normalised to `\n`: quoted text, signature and
   * `//` lines included, because press is taken as written. Clean parts of it with `commandText` and
   * `withoutComments` from ./body.js.
   */
  readonly text: string;
  /** `text` as commands are read outside press: quotes, attribution lines, signature and `//` lines dropped. */
  readonly commandText: string;
  /** The References chain an answer continues: the mail's own References, then its Message-ID. */
  readonly references: readonly string[];
}

export interface ProcessingContext {
  /** The judge's database (no transaction is open while `process` runs). */
  readonly db: JudgeDatabase;
  /** `<message id or ''> <content hash>`: the same for every fetch of the same mail. */
  readonly mailKey: string;
  readonly now: Date;
  readonly judge: JudgeConfig['judge'];
}

export interface ProcessOutcome {
  /** One line for the journal and the daemon's log, e.g. `HELP answered`. */
  readonly summary: string;
  readonly mails: readonly OutgoingMail[];
}

export interface MailAddress {
  readonly name: string;
  readonly address: string;
}

/** Where an answer to `mail` goes: its Reply-To addresses if it has any, else its sender. */
function replyAddresses(mail: IncomingMail): readonly MailAddress[] {
  return mail.replyTo.length > 0 ? mail.replyTo : [mail.from];
}

/** Where an answer to `mail` sits in its thread. */
export function threadOf(mail: IncomingMail): Thread {
  return { inReplyTo: mail.messageId, references: mail.references };
}

/** A short answer to `mail`, to its Reply-To addresses or sender, under its subject. */
export function answer(mail: IncomingMail, text: string): OutgoingMail {
  return { to: replyAddresses(mail).map((to) => to.address), subject: replySubject(mail.subject), text, answers: threadOf(mail) };
}

/** The subject of an answer: `Re: ` once, however often the thread has been answered. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed || '(no subject)'}`;
}
