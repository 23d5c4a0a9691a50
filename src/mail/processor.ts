import type { JudgeConfig } from '../config/config.js';
import type { JudgeDatabase } from '../store/database.js';
import type { MailAddress } from '../store/journal.js';

/**
 * The one entry point the mail layer calls for every mail it lets through.
 *
 * The contract, which is what makes a mail's effect happen exactly once:
 * - The judge opens one SQLite transaction (`BEGIN IMMEDIATE` on var/judge.db), checks the journal
 *   for the mail's key (Message-ID and content hash), calls `process` inside a savepoint, and then,
 *   still in that transaction, records the mail as received and queues every mail of the outcome in
 *   the outbox. Whatever `process` writes through `context.db` (the audit log, indexes) commits or
 *   rolls back together with the journal row: either all of it happened, or none of it did.
 * - `process` is synchronous: a transaction of better-sqlite3 cannot stay open across an `await`.
 * - If `process` throws, its database writes are rolled back, the mail is recorded as `failed` and
 *   moved to the failed folder, the judgekeeper is told and the sender gets a short notice.
 * - Files outside the database (game status files) are not covered by the transaction. The command
 *   layer writes them atomically, before `process` returns, and idempotently: if the judge dies after
 *   such a write but before the commit, the same mail is processed again, and applying it to the files
 *   it already changed must give the same files. `context.mailKey` identifies the mail for that.
 * - `process` sends nothing itself: it returns the mails to send, and the outbox sends them after the
 *   commit, with retries, each exactly once under a Message-ID fixed when it was queued.
 */
export interface CommandProcessor {
  process(mail: IncomingMail, context: ProcessingContext): ProcessOutcome;
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
}

export interface ProcessingContext {
  /** The judge's database, inside the transaction that will record this mail. */
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

export interface OutgoingMail {
  readonly to: readonly MailAddress[];
  readonly cc?: readonly MailAddress[];
  readonly subject: string;
  readonly text: string;
  /**
   * `reply`: an answer to the incoming mail, threaded under it (In-Reply-To, References) and marked
   * `Auto-Submitted: auto-replied`. `notice`: anything else caused by it (results, mails to other
   * players, the judgekeeper), marked `Auto-Submitted: auto-generated`.
   */
  readonly kind: 'reply' | 'notice';
  readonly attachments?: readonly OutgoingAttachment[];
}

export interface OutgoingAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** Where an answer to `mail` goes: its Reply-To addresses if it has any, else its sender. */
export function replyAddresses(mail: IncomingMail): readonly MailAddress[] {
  return mail.replyTo.length > 0 ? mail.replyTo : [mail.from];
}

/** The subject of an answer: `Re: ` once, however often the thread has been answered. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed || '(no subject)'}`;
}
