import type { JudgeConfig } from '../config/config.js';
import { withoutSync, type JudgeDatabase } from '../store/database.js';
import { diskSync, type DiskSync } from '../store/disk-sync.js';
import { Outbox, type OutboxEntry } from '../store/journal.js';
import { durableWrite } from '../store/crash-points.js';
import { processAlive } from '../store/processes.js';
import { Backoff } from './backoff.js';
import { toNodemailer } from './compose.js';
import { setImmediate, setTimeout as delay } from 'node:timers/promises';
import { wakeableSleep } from './sleep.js';
import { classifySendError, type MailTransport } from './transport.js';

/**
 * Sends the outbox. A mail is claimed, handed to the transport once the journal is on disk up to
 * the claim, and marked sent as soon as the transport accepted it, in one commit with the mails
 * accepted meanwhile (at most 10 ms later): after a crash only a mail accepted in that window can go
 * out a second time, and then under the same Message-ID, which mail programs use to drop it. While
 * the SMTP server cannot be reached, nothing is lost: the mails stay pending and the sender waits
 * with exponential backoff, then sends them all once one gets through.
 */

/** How many mails are claimed at once: enough to keep every SMTP connection busy. */
const BATCH = 64;
/** How long a claim holds: far beyond the longest send the transport's timeouts allow. */
const CLAIM_MS = 5 * 60_000;
/** Mails queued by another process (pipe mode) are noticed at the latest after this long. */
const POLL_MS = 2_000;

/**
 * The least time between two commits that mark mails sent: under load the mails the server accepts
 * meanwhile share the next one, at no cost to a light load, whose mail is marked at the next turn of
 * the event loop.
 */
const MARK_SPACING_MS = 10;

type Attempt = 'sent' | 'connection' | 'failed';

export class OutboxSender {
  private readonly outbox: Outbox;
  private readonly sending = new Set<number>();
  private readonly connectionBackoff: Backoff;
  private readonly retryDelay: Backoff;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  /** The mails accepted by the SMTP server since the last commit that marked mails sent. */
  private marking: { readonly ids: number[]; readonly done: Promise<void> } | null = null;
  private lastMarkedAt = -Infinity;
  private readonly disk: DiskSync;

  constructor(
    private readonly db: JudgeDatabase,
    private readonly transport: MailTransport,
    private readonly judge: JudgeConfig['judge'],
    backoff: { firstSeconds: number; maxSeconds: number },
    private readonly log: (line: string) => void,
  ) {
    this.outbox = new Outbox(db);
    this.disk = diskSync(db);
    this.connectionBackoff = new Backoff(backoff.firstSeconds * 1000, backoff.maxSeconds * 1000);
    this.retryDelay = new Backoff(backoff.firstSeconds * 1000, backoff.maxSeconds * 1000);
  }

  /** Starts sending in the background until `stop`. */
  start(): void {
    this.running ??= this.run();
  }

  /** Something was queued: look at the outbox now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Lets the mails being sent finish, then stops and closes the transport. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
    this.transport.close();
  }

  /** Pipe mode: sends what is due now, once, and leaves whatever fails to the next run. */
  async sendDueOnce(): Promise<void> {
    for (;;) {
      const due = await this.claim();
      if (due.length === 0) return;
      if ((await this.sendAll(due)).includes('connection')) return;
    }
  }

  /**
   * Claims due mails, and waits until the journal is on disk up to the claim: the records that
   * queued them, committed without waiting by this process or another (MailIntake.handle), are then
   * on disk before their replies leave.
   */
  private async claim(): Promise<OutboxEntry[]> {
    const due = this.outbox.claimDue(process.pid, Date.now(), BATCH, CLAIM_MS, processAlive, this.sending);
    if (due.length > 0) await this.disk.durable();
    return due;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let pause: number;
      try {
        pause = await this.sendRound();
      } catch (error) {
        this.log(`outbox: ${error instanceof Error ? error.message : String(error)}`);
        pause = this.connectionBackoff.next();
      }
      if (pause > 0 && !this.stopping) await this.sleep(pause);
    }
  }

  /** Sends one batch; returns how long to wait before the next one. */
  private async sendRound(): Promise<number> {
    const due = await this.claim();
    if (due.length === 0) {
      const next = this.outbox.nextDueAt();
      return next === null ? POLL_MS : Math.min(POLL_MS, Math.max(next - Date.now(), 1));
    }
    const attempts = await this.sendAll(due);
    if (!attempts.includes('connection')) {
      this.connectionBackoff.reset();
      return 0;
    }
    const wait = this.connectionBackoff.next();
    this.log(`outbox: SMTP server unreachable, ${this.outbox.counts().pending} mail(s) pending, next try in ${wait} ms`);
    return wait;
  }

  private sendAll(due: readonly OutboxEntry[]): Promise<Attempt[]> {
    return Promise.all(due.map((entry) => this.sendOne(entry)));
  }

  private async sendOne(entry: OutboxEntry): Promise<Attempt> {
    this.sending.add(entry.id);
    try {
      try {
        await this.transport.send(toNodemailer(entry, this.judge));
      } catch (error) {
        return this.failed(entry, error);
      }
      // Not caught: a mail the server took must not be tried again because the journal failed.
      await this.markSentSoon(entry.id);
      return 'sent';
    } finally {
      this.sending.delete(entry.id);
    }
  }

  /**
   * Marks a mail sent in the next commit, which marks every mail accepted meanwhile with it, made at
   * the next turn of the event loop or `MARK_SPACING_MS` after the one before if that is later;
   * resolves once that commit is on disk. The commit does not wait for the disk itself: the
   * journal's shared flush takes it there off the main thread (`diskSync`).
   */
  private markSentSoon(id: number): Promise<void> {
    if (this.marking === null) {
      const ids: number[] = [];
      const wait = this.lastMarkedAt + MARK_SPACING_MS - performance.now();
      const done = (wait > 0 ? delay(wait) : setImmediate()).then(() => {
        this.marking = null;
        withoutSync(this.db, () => this.outbox.markSent(ids, Date.now()));
        this.lastMarkedAt = performance.now();
        durableWrite('outbox sent');
        return this.disk.durable();
      });
      this.marking = { ids, done };
    }
    this.marking.ids.push(id);
    return this.marking.done;
  }

  private failed(entry: OutboxEntry, error: unknown): Attempt {
    const message = error instanceof Error ? error.message : String(error);
    const failure = classifySendError(error);
    if (failure === 'permanent') {
      this.outbox.reject(entry.id, message);
      this.log(`outbox: ${entry.messageId} to ${entry.mail.to.join(', ')} refused: ${message}`);
      return 'failed';
    }
    // A mail the server could not take now waits its own backoff; an unreachable server makes
    // the whole sender wait instead, and the mail stays due for the first try after that.
    const wait = failure === 'temporary' ? this.retryDelay.after(entry.attempts + 1) : 0;
    this.outbox.retryAt(entry.id, Date.now() + wait, message);
    return failure === 'connection' ? 'connection' : 'failed';
  }

  private async sleep(ms: number): Promise<void> {
    const sleep = wakeableSleep(ms);
    this.wakeUp = sleep.wake;
    await sleep.done;
    this.wakeUp = null;
  }
}
