import type { JudgeConfig, MailConfig } from '../config/config.js';
import type { JudgeDatabase } from '../store/database.js';
import { Outbox, ReceivedMails, type MailOutcome, type ReceivedMail } from '../store/journal.js';
import { newMessageId, toOutboxMail, type Thread } from './compose.js';
import { failureNotice, keeperFailureNotice, oversizedRefusal, throttleNotice, type FailedMail } from './notices.js';
import { parseMail, type ParsedMail } from './parse.js';
import type { CommandProcessor, IncomingMail, OutgoingMail, ProcessingContext, ProcessOutcome } from './processor.js';
import { contentHash, isHeaderOnly, type RawMail } from './raw-mail.js';
import { reasonNotToAnswer } from './screening.js';

/**
 * The one door every received mail goes through, whatever its source: parse, screen, process, and
 * commit the outcome. A batch of mails is committed in one transaction (one disk sync for all of
 * them), each mail's processing in its own savepoint; the source files the mails away only after
 * `handle` resolved, so a crash at any instant leaves each mail either committed or untouched.
 */

export interface HandledMail {
  /** `duplicate`: the journal already had this mail, nothing was done again. */
  readonly outcome: MailOutcome | 'duplicate';
  /** Which folder the source files the mail in: failed mails go where the judgekeeper looks. */
  readonly folder: 'processed' | 'failed';
  readonly sender: string;
  readonly subject: string;
  readonly detail: string;
  /** How many mails were queued in the outbox because of this one. */
  readonly queued: number;
}

export type IntakeSettings = Pick<JudgeConfig, 'judge'> & {
  mail: Pick<MailConfig, 'maxMessageBytes' | 'throttle' | 'failedFolder'>;
};

interface ParsedRaw {
  readonly raw: RawMail;
  readonly parsed: ParsedMail | null;
  readonly parseError: string | null;
}

export class MailIntake {
  private readonly received: ReceivedMails;
  private readonly outbox: Outbox;
  private readonly applyBatch;
  private readonly processInSavepoint;

  constructor(
    private readonly db: JudgeDatabase,
    private readonly processor: CommandProcessor,
    private readonly settings: IntakeSettings,
  ) {
    this.received = new ReceivedMails(db);
    this.outbox = new Outbox(db);
    this.applyBatch = db.transaction((batch: readonly ParsedRaw[]) => batch.map((item) => this.apply(item, Date.now())));
    this.processInSavepoint = db.transaction((mail: IncomingMail, context: ProcessingContext) =>
      this.processor.process(mail, context),
    );
  }

  /** Handles a batch in arrival order; resolves once the batch's outcome is committed. */
  async handle(batch: readonly RawMail[]): Promise<HandledMail[]> {
    const parsed = await Promise.all(batch.map(parseRaw));
    return this.applyBatch.immediate(parsed);
  }

  private apply({ raw, parsed, parseError }: ParsedRaw, now: number): HandledMail {
    if (parsed === null) return this.unparseable(raw, parseError ?? 'unknown error', now);
    const { mail } = parsed;
    const entry: Arrival = {
      messageId: mail.messageId ?? '',
      contentHash: parsed.contentHash,
      sender: mail.from.address.toLowerCase(),
      subject: mail.subject,
      receivedAt: now,
    };
    const known = this.received.outcomeOf(entry.messageId, entry.contentHash);
    if (known !== undefined) return handled(entry, 'duplicate', `already ${known}`, 0, folderFor(known));
    const thread: Thread = { inReplyTo: mail.messageId, references: parsed.thread };
    const queue = (mails: readonly OutgoingMail[]) => this.queue(mails, thread, entry, now);
    return this.refuse(parsed, raw, entry, queue) ?? this.process(mail, entry, queue);
  }

  /** Records and answers a mail that is not for the processor; null for one that is. */
  private refuse(parsed: ParsedMail, raw: RawMail, entry: Arrival, queue: Queue): HandledMail | null {
    const { mail } = parsed;
    const reason = reasonNotToAnswer(parsed, this.settings.judge.address);
    if (reason !== null) return this.record(entry, 'ignored', reason, 0);

    const { mails: limit, minutes } = this.settings.mail.throttle;
    const recent = this.received.recentFrom(entry.sender, entry.receivedAt - minutes * 60_000);
    if (recent.counted >= limit) {
      const notified = recent.throttled > 0;
      const detail = `more than ${limit} mails in ${minutes} minutes${notified ? '' : ', sender told'}`;
      return this.record(entry, 'throttled', detail, notified ? 0 : queue([throttleNotice(mail, limit, minutes)]));
    }

    if (!isHeaderOnly(raw)) return null;
    const { maxMessageBytes } = this.settings.mail;
    const detail = `${raw.size} bytes, over the ${maxMessageBytes} limit`;
    return this.record(entry, 'refused', detail, queue([oversizedRefusal(mail, raw.size, maxMessageBytes)]));
  }

  private process(mail: IncomingMail, entry: Arrival, queue: Queue): HandledMail {
    const context = {
      db: this.db,
      mailKey: `${entry.messageId} ${entry.contentHash}`,
      now: new Date(entry.receivedAt),
      judge: this.settings.judge,
    };
    let outcome: ProcessOutcome;
    try {
      outcome = this.processInSavepoint(mail, context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = { sender: entry.sender, subject: entry.subject, messageId: mail.messageId, error: message };
      return this.record(entry, 'failed', message, queue([failureNotice(mail), this.keeperNotice(failed)]));
    }
    return this.record(entry, 'processed', outcome.summary, queue(outcome.mails));
  }

  /** A mail mailparser could not read: kept for the judgekeeper under the hash of its bytes alone. */
  private unparseable(raw: RawMail, error: string, now: number): HandledMail {
    const entry: Arrival = { messageId: '', contentHash: contentHash(raw), sender: '', subject: '', receivedAt: now };
    const known = this.received.outcomeOf(entry.messageId, entry.contentHash);
    if (known !== undefined) return handled(entry, 'duplicate', `already ${known}`, 0, folderFor(known));
    const failed = { sender: '', subject: '', messageId: null, error: `unreadable mail: ${error}` };
    const queued = this.queue([this.keeperNotice(failed)], { inReplyTo: null, references: [] }, entry, now);
    return this.record(entry, 'failed', failed.error, queued);
  }

  private keeperNotice(failed: FailedMail): OutgoingMail {
    const keeper = { name: 'Judgekeeper', address: this.settings.judge.keeper };
    return keeperFailureNotice(keeper, failed, this.settings.mail.failedFolder);
  }

  private record(entry: Arrival, outcome: MailOutcome, detail: string, queued: number): HandledMail {
    this.received.record({ ...entry, outcome, detail });
    return handled(entry, outcome, detail, queued, folderFor(outcome));
  }

  private queue(mails: readonly OutgoingMail[], thread: Thread, cause: Arrival, now: number): number {
    const origin = `mail ${cause.messageId || cause.contentHash}`;
    for (const mail of mails) {
      this.outbox.queue(toOutboxMail(mail, thread), newMessageId(this.settings.judge.address), origin, now);
    }
    return mails.length;
  }
}

type Arrival = Omit<ReceivedMail, 'outcome' | 'detail'>;
type Queue = (mails: readonly OutgoingMail[]) => number;

function folderFor(outcome: MailOutcome): HandledMail['folder'] {
  return outcome === 'failed' ? 'failed' : 'processed';
}

function handled(
  entry: Arrival,
  outcome: HandledMail['outcome'],
  detail: string,
  queued: number,
  folder: HandledMail['folder'],
): HandledMail {
  return { outcome, folder, sender: entry.sender, subject: entry.subject, detail, queued };
}

async function parseRaw(raw: RawMail): Promise<ParsedRaw> {
  try {
    return { raw, parsed: await parseMail(raw), parseError: null };
  } catch (error) {
    return { raw, parsed: null, parseError: error instanceof Error ? error.message : String(error) };
  }
}

/** The daemon's log line for a handled mail. */
export function logLine(handled: HandledMail): string {
  const queued = handled.queued === 0 ? '' : `, ${handled.queued} mail${handled.queued === 1 ? '' : 's'} queued`;
  return `mail from ${handled.sender || '(unknown)'} "${handled.subject}": ${handled.outcome} (${handled.detail})${queued}`;
}
