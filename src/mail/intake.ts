import type { JudgeConfig, MailConfig } from '../config/config.js';
import { StatusConflictError } from '../store/game-store.js';
import { LockTimeoutError } from '../store/lock.js';
import { MailsInHand, messageDomain, newMessageId, Outbox, ReceivedMails, type MailOutcome, type ReceivedMail } from '../store/journal.js';
import { Arrivals, type Admission } from '../store/arrivals.js';
import { durableWrite } from '../store/crash-points.js';
import { withoutSync, type JudgeDatabase } from '../store/database.js';
import { diskSync, type DiskSync } from '../store/disk-sync.js';
import { processAlive } from '../store/processes.js';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { failureNotice, keeperFailureNotice, keeperStorageNotice, oversizedRefusal, throttleNotice, type FailedMail } from './notices.js';
import { parseMail, type ParsedMail } from './parse.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import { KeysInHand } from './keys-in-hand.js';
import { ExplainedFailure, type MailResponder, type ProcessingContext, type ProcessOutcome } from './responder.js';
import { contentHash, isHeaderOnly, type RawMail } from './raw-mail.js';
import { reasonNotToAnswer } from './screening.js';

/**
 * The one door every received mail goes through, whatever its source: parse, screen, process, and
 * commit the outcome. Each mail's outcome is committed in its own transaction; the source files the
 * mails away only after `handle` resolved, so a crash at any instant leaves each mail either
 * committed or untouched (and a mail processed but not committed is processed again, which the
 * command layer makes harmless: see responder.ts).
 */

export interface HandledMail {
  /**
   * `duplicate`: the journal already had this mail, nothing was done again. `deferred`: its game was
   * busy (locked by another judge process for longer than a lock is waited for): nothing of it was
   * recorded, and the source offers it again later.
   */
  readonly outcome: MailOutcome | 'duplicate' | 'deferred';
  /** Where the source puts the mail: failed mails go where the judgekeeper looks; `retry` leaves it where it is. */
  readonly folder: 'processed' | 'failed' | 'retry';
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

/** A parsed mail with the throttle's decision on it, made once when it arrived (null: not counted, see `admission`). */
interface Arrived extends ParsedRaw {
  readonly admission: Admission | null;
}

/** What the responder made of a mail, settled before the transaction that records it. */
/**
 * `storage`: the error code when the judge could not write its files (the judgekeeper is told).
 * `forSender`: what the responder could tell the sender of a failure.
 */
type Settled = { ok: true; outcome: ProcessOutcome } | { ok: false; error: string; temporary: boolean; storage?: string; forSender?: string };

/** A mail that is not for the responder: what to record, and what to answer. */
interface Refusal {
  outcome: MailOutcome;
  detail: string;
  answers: OutgoingMail[];
}

export class MailIntake {
  private readonly received: ReceivedMails;
  private readonly outbox: Outbox;
  private readonly inHand: MailsInHand;
  private readonly arrivals: Arrivals;
  private readonly inThisProcess = new KeysInHand();
  private readonly applyOne;
  private readonly disk: DiskSync;

  constructor(
    private readonly db: JudgeDatabase,
    private readonly responder: MailResponder,
    private readonly settings: IntakeSettings,
  ) {
    this.received = new ReceivedMails(db);
    this.outbox = new Outbox(db);
    this.inHand = new MailsInHand(db, processAlive);
    this.arrivals = new Arrivals(db);
    this.disk = diskSync(db);
    this.applyOne = db.transaction((item: Arrived, now: number, settled: Settled | null) => this.apply(item, now, settled));
  }

  /**
   * Handles a batch in arrival order, one mail at a time: the responder runs first, outside any
   * transaction (it takes game locks and writes status files), then one transaction records the
   * mail and queues its answers. The records are committed without waiting for the disk, which the
   * journal's flushes reach off the main thread, shared by every mail committed meanwhile
   * (`diskSync`): a mail alone waits for one flush, a backlog's mails go on being handled while the
   * earlier ones are flushed. `committed` hears of each mail, in order, once its record is on disk,
   * and the event loop is let go before the next mail, so that answers leave while the batch goes
   * on. Resolves once every mail's outcome is on disk. The same mail arriving by another path of
   * this process meanwhile (the daemon's mailbox and its socket) waits until this one's outcome is
   * on disk, and is then a duplicate.
   */
  async handle(batch: readonly RawMail[], committed: (mail: HandledMail) => void = () => undefined): Promise<HandledMail[]> {
    const results: HandledMail[] = [];
    let told = Promise.resolve();
    for (const [index, raw] of batch.entries()) {
      // Parsed only when its turn comes: a batch parsed at once would keep every parsed mail alive for the whole batch.
      const parsedRaw = await parseRaw(raw);
      const release = parsedRaw.parsed === null ? () => undefined : await this.inThisProcess.hold(keyOf(parsedRaw.parsed));
      let onDisk: Promise<unknown>;
      try {
        const now = Date.now();
        const item = { ...parsedRaw, admission: this.admission(parsedRaw, now) };
        const settled = await this.settle(item, now);
        const mustReachDisk = this.mustReachDisk(item, settled, now);
        const mail = withoutSync(this.db, () => this.applyOne.immediate(item, now, settled));
        durableWrite('mail recorded');
        results.push(mail);
        onDisk = mustReachDisk ? this.disk.durable() : told;
        told = Promise.all([told, onDisk]).then(() => committed(mail));
      } catch (error) {
        release();
        throw error;
      }
      // The same mail arriving meanwhile by another path is a duplicate only once this outcome is on disk.
      onDisk.then(release, release);
      // Awaited at the end; a failed flush must not count as unhandled while the next mail is handled.
      told.catch(() => undefined);
      if (index < batch.length - 1) await setImmediate();
    }
    await told;
    return results;
  }

  /**
   * `judge mail --retry`: a mail recorded as failed is handled again, its cause mended; any other
   * mail as `handle` handles it (one already handled is a duplicate). Exactly once still holds: the
   * commands the failed attempt completed are recorded, and are not done again.
   */
  async retry(raw: RawMail): Promise<HandledMail> {
    const { parsed } = await parseRaw(raw);
    if (parsed !== null) this.received.forgetFailure(parsed.mail.messageId ?? '', parsed.contentHash);
    const [handled] = await this.handle([raw]);
    return handled!;
  }

  private arrival(parsed: ParsedMail, now: number): Arrival {
    const { mail } = parsed;
    return {
      messageId: mail.messageId ?? '',
      contentHash: parsed.contentHash,
      sender: mail.from.address.toLowerCase(),
      subject: mail.subject,
      receivedAt: now,
    };
  }

  private context(entry: Arrival): ProcessingContext {
    return { db: this.db, mailKey: mailKey(entry), now: new Date(entry.receivedAt), judge: this.settings.judge };
  }

  /** Waits a while for another process handling the same mail; false if it still has it. */
  private async claimWhenFree(key: string): Promise<boolean> {
    for (let waited = 0; waited <= IN_HAND_WAIT_MS; waited += IN_HAND_POLL_MS) {
      if (this.inHand.claim(key)) return true;
      await sleep(IN_HAND_POLL_MS);
    }
    return false;
  }

  /**
   * The throttle counts a mail when it arrives, before anything is done with it, so that mails
   * arriving at once (pipe mode's processes side by side) are counted one after the other. Not
   * counted: a mail seen before, and one never to be answered.
   */
  private admission({ parsed }: ParsedRaw, now: number): Admission | null {
    if (parsed === null) return null;
    const entry = this.arrival(parsed, now);
    if (this.received.outcomeOf(entry.messageId, entry.contentHash) !== undefined) return null;
    if (reasonNotToAnswer(parsed, this.settings.judge.address) !== null) return null;
    const { mails, minutes } = this.settings.mail.throttle;
    return this.arrivals.admit(`mail ${mailKey(entry)}`, [entry.sender], now, { count: mails, windowMs: minutes * 60_000 });
  }

  /** Runs the responder for a mail that is new and not refused; null for every other mail. */
  private async settle(item: Arrived, now: number): Promise<Settled | null> {
    const { parsed } = item;
    if (parsed === null) return null;
    const entry = this.arrival(parsed, now);
    if (this.received.outcomeOf(entry.messageId, entry.contentHash) !== undefined) return null;
    if (this.refusal(item) !== null) return null;
    const key = mailKey(entry);
    if (!(await this.claimWhenFree(key))) return { ok: false, error: 'the same mail is being handled by another judge process', temporary: true };
    // Handled meanwhile by the process that had it: the journal answers `duplicate`.
    if (this.received.outcomeOf(entry.messageId, entry.contentHash) !== undefined) return null;
    try {
      return { ok: true, outcome: await this.responder.process(parsed.mail, this.context(entry)) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const storage = storageFailure(error);
      if (storage !== null) return { ok: false, error: message, temporary: true, storage };
      const forSender = error instanceof ExplainedFailure ? { forSender: error.forSender } : {};
      return { ok: false, error: message, temporary: isTemporary(error), ...forSender };
    }
  }

  private apply(item: Arrived, now: number, settled: Settled | null): HandledMail {
    const { raw, parsed, parseError } = item;
    if (parsed === null) return this.unparseable(raw, parseError ?? 'unknown error', now);
    const { mail } = parsed;
    const entry = this.arrival(parsed, now);
    this.inHand.release(mailKey(entry));
    const known = this.received.outcomeOf(entry.messageId, entry.contentHash);
    if (known !== undefined) return handled(entry, 'duplicate', `already ${known}`, 0, folderFor(known));
    const queue = (mails: readonly OutgoingMail[]) => this.queue(mails, entry, now);
    if (settled === null) {
      const refusal = this.refusal(item);
      if (refusal) return this.record(entry, refusal.outcome, refusal.detail, queue(refusal.answers));
      throw new Error('a mail for the responder reached the journal without being processed');
    }
    if (!settled.ok && settled.storage !== undefined) {
      const failed = { sender: entry.sender, subject: entry.subject, messageId: mail.messageId, error: settled.error };
      return handled(entry, 'deferred', settled.error, this.alertKeeperOfStorage(failed, settled.storage, now) ? 1 : 0, 'retry');
    }
    if (!settled.ok && settled.temporary) return handled(entry, 'deferred', settled.error, 0, 'retry');
    if (!settled.ok) {
      const failed = { sender: entry.sender, subject: entry.subject, messageId: mail.messageId, error: settled.error };
      return this.record(entry, 'failed', settled.error, queue([failureNotice(mail, settled.forSender), this.keeperNotice(failed)]));
    }
    return this.record(entry, 'processed', settled.outcome.summary, queue(settled.outcome.mails));
  }

  /**
   * Whether a mail's record must survive a power cut: it must when the mail was processed or its
   * record queues a mail. The record of a mail that is only ignored (a bounce, an auto-reply), seen
   * before, or throttled once its sender was told, is committed without waiting for the disk: lost,
   * it is a mail nobody hears of, handled the same way if it comes again (docs/durability.md).
   */
  private mustReachDisk(item: Arrived, settled: Settled | null, now: number): boolean {
    const { parsed } = item;
    if (parsed === null || settled !== null) return true;
    const entry = this.arrival(parsed, now);
    if (this.received.outcomeOf(entry.messageId, entry.contentHash) !== undefined) return false;
    return (this.refusal(item)?.answers.length ?? 1) > 0;
  }

  /** Why a mail is not for the responder (and what to answer), or null for one that is. */
  private refusal({ parsed, raw, admission }: Arrived): Refusal | null {
    if (parsed === null) return null;
    const { mail } = parsed;
    const reason = reasonNotToAnswer(parsed, this.settings.judge.address);
    if (reason !== null) return { outcome: 'ignored', detail: reason, answers: [] };

    const { mails: limit, minutes } = this.settings.mail.throttle;
    if (admission !== null && !admission.admitted) {
      const notified = !admission.firstRefused;
      const detail = `more than ${limit} mails in ${minutes} minutes${notified ? '' : ', sender told'}`;
      return { outcome: 'throttled', detail, answers: notified ? [] : [throttleNotice(mail, limit, minutes)] };
    }

    if (!isHeaderOnly(raw)) return null;
    const { maxMessageBytes } = this.settings.mail;
    return { outcome: 'refused', detail: `${raw.size} bytes, over the ${maxMessageBytes} limit`, answers: [oversizedRefusal(mail, raw.size, maxMessageBytes)] };
  }

  /** A mail mailparser could not read: kept for the judgekeeper under the hash of its bytes alone. */
  private unparseable(raw: RawMail, error: string, now: number): HandledMail {
    const entry: Arrival = { messageId: '', contentHash: contentHash(raw), sender: '', subject: '', receivedAt: now };
    const known = this.received.outcomeOf(entry.messageId, entry.contentHash);
    if (known !== undefined) return handled(entry, 'duplicate', `already ${known}`, 0, folderFor(known));
    const failed = { sender: '', subject: '', messageId: null, error: `unreadable mail: ${error}` };
    const queued = this.queue([this.keeperNotice(failed)], entry, now);
    return this.record(entry, 'failed', failed.error, queued);
  }

  private keeperNotice(failed: FailedMail): OutgoingMail {
    return keeperFailureNotice(this.settings.judge.keeper, failed, this.settings.mail.failedFolder);
  }

  /** One alert an hour for each kind of write failure, under a Message-ID made of both. */
  private alertKeeperOfStorage(failed: FailedMail, code: string, now: number): boolean {
    const hour = new Date(now).toISOString().slice(0, 13).replace(/\D/g, '');
    const messageId = `<storage-${code.toLowerCase()}-${hour}@${messageDomain(this.settings.judge.address)}>`;
    return this.outbox.queueOnce(keeperStorageNotice(this.settings.judge.keeper, failed), messageId, 'judge storage', now);
  }

  private record(entry: Arrival, outcome: MailOutcome, detail: string, queued: number): HandledMail {
    this.received.record({ ...entry, outcome, detail });
    return handled(entry, outcome, detail, queued, folderFor(outcome));
  }

  private queue(mails: readonly OutgoingMail[], cause: Arrival, now: number): number {
    const origin = `mail ${cause.messageId || cause.contentHash}`;
    for (const mail of mails) {
      this.outbox.queue(mail, newMessageId(this.settings.judge.address), origin, now);
    }
    return mails.length;
  }
}

type Arrival = Omit<ReceivedMail, 'outcome' | 'detail'>;

/** How long a mail waits for another process handling the same mail before it is deferred. */
const IN_HAND_WAIT_MS = 10_000;
const IN_HAND_POLL_MS = 50;

/** `<message id or ''> <content hash>`: the same for every fetch of the same mail. */
function mailKey(entry: Pick<Arrival, 'messageId' | 'contentHash'>): string {
  return `${entry.messageId} ${entry.contentHash}`;
}

function keyOf(parsed: ParsedMail): string {
  return mailKey({ messageId: parsed.mail.messageId ?? '', contentHash: parsed.contentHash });
}

/** A failure that passes by itself: a game locked by another judge process, a status file being edited. */
function isTemporary(error: unknown): boolean {
  return error instanceof LockTimeoutError || error instanceof StatusConflictError;
}

/** Errors of the file system the judge writes to that pass once the judgekeeper frees space or makes it writable. */
const STORAGE_ERRORS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** The error code of a failed write to the judge's own files, or null for any other failure. */
function storageFailure(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && STORAGE_ERRORS.has(code)) return code;
  // better-sqlite3's codes for a full disk and an unwritable journal.
  if (code === 'SQLITE_FULL' || code === 'SQLITE_READONLY' || code === 'SQLITE_IOERR') return code;
  return null;
}

function folderFor(outcome: MailOutcome): 'processed' | 'failed' {
  return outcome === 'failed' ? 'failed' : 'processed';
}

function handled(entry: Arrival, outcome: HandledMail['outcome'], detail: string, queued: number, folder: HandledMail['folder']): HandledMail {
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
