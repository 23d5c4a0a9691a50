import { randomUUID } from 'node:crypto';
import { withoutSync, type JudgeDatabase } from './database.js';
import { journalVersion, migrateOutbox } from './outbox-migration.js';
import { attachmentChecksum, type MailAttachment, type OutgoingMail } from './outgoing-mail.js';

/**
 * The mail journal in var/judge.db: every mail received with the outcome of its handling, and the
 * outbox of mails to send. A received mail is recorded in the same transaction that queues its
 * replies, so a mail fetched again after a crash is recognised and has no second effect; an
 * outbox row lives until the SMTP server accepted it, so no mail is lost while that server is down.
 */
/**
 * The journal's `user_version` once this code's tables exist and the outbox is migrated (version 1 is
 * the migration's own mark). Raise it with every change to the tables below, so that a journal made
 * by an earlier judge gets them.
 */
const JOURNAL_SCHEMA_VERSION = 3;

export function createJournalTables(db: JudgeDatabase): void {
  // Every judge process opens the journal: one that is up to date costs one read of its header.
  if (journalVersion(db) >= JOURNAL_SCHEMA_VERSION) return;
  db.exec(`
    CREATE TABLE IF NOT EXISTS mail_received (
      id           INTEGER PRIMARY KEY,
      message_id   TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      sender       TEXT NOT NULL,
      subject      TEXT NOT NULL,
      received_at  INTEGER NOT NULL,
      outcome      TEXT NOT NULL CHECK (outcome IN ('processed', 'ignored', 'refused', 'throttled', 'failed')),
      detail       TEXT NOT NULL,
      UNIQUE (message_id, content_hash)
    );
    CREATE INDEX IF NOT EXISTS mail_received_by_sender ON mail_received (sender, received_at);

    CREATE TABLE IF NOT EXISTS outbox (
      id              INTEGER PRIMARY KEY,
      message_id      TEXT NOT NULL UNIQUE,
      origin          TEXT NOT NULL,
      created_at      INTEGER NOT NULL,
      mail            TEXT NOT NULL,
      state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'rejected')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      claimed_by      INTEGER,
      claimed_until   INTEGER,
      last_error      TEXT,
      sent_at         INTEGER
    );
    CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_attempt_at);

    CREATE TABLE IF NOT EXISTS mail_in_hand (
      mail_key TEXT PRIMARY KEY,
      pid      INTEGER NOT NULL,
      since    INTEGER NOT NULL
    );

    CREATE TABLE IF NOT EXISTS outbox_hold (
      outbox_id INTEGER PRIMARY KEY REFERENCES outbox (id) ON DELETE CASCADE,
      audit_id  INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS outbox_hold_by_audit ON outbox_hold (audit_id);

    CREATE TABLE IF NOT EXISTS outbox_attachment (
      sha256         TEXT PRIMARY KEY,
      content_base64 TEXT NOT NULL
    );
  `);
  migrateOutbox(db);
  db.pragma(`user_version = ${JOURNAL_SCHEMA_VERSION}`);
}

/**
 * What became of a received mail. `ignored`: auto-generated or from the judge itself, never
 * answered; `refused`: answered with a short refusal only (too large); `throttled`: one of too many
 * from its sender; `failed`: the responder threw, the judgekeeper was told.
 */
export type MailOutcome = 'processed' | 'ignored' | 'refused' | 'throttled' | 'failed';

export interface ReceivedMail {
  /** The Message-ID header, '' when the mail had none (the content hash alone keys it then). */
  messageId: string;
  contentHash: string;
  /** The sender's address in lower case, '' when the mail named none. */
  sender: string;
  subject: string;
  receivedAt: number;
  outcome: MailOutcome;
  detail: string;
}

export class ReceivedMails {
  private readonly selectAll;
  private readonly findOutcome;
  private readonly insert;
  private readonly deleteFailure;

  constructor(db: JudgeDatabase) {
    this.selectAll = db.prepare<[], ReceivedMail>(
      `SELECT message_id AS messageId, content_hash AS contentHash, sender, subject, received_at AS receivedAt, outcome, detail
         FROM mail_received ORDER BY id`,
    );
    this.deleteFailure = db.prepare<[string, string]>(`DELETE FROM mail_received WHERE message_id = ? AND content_hash = ? AND outcome = 'failed'`);
    this.findOutcome = db.prepare<[string, string], { outcome: MailOutcome }>('SELECT outcome FROM mail_received WHERE message_id = ? AND content_hash = ?');
    this.insert = db.prepare<[ReceivedMail]>(
      `INSERT INTO mail_received (message_id, content_hash, sender, subject, received_at, outcome, detail)
       VALUES (@messageId, @contentHash, @sender, @subject, @receivedAt, @outcome, @detail)`,
    );
  }

  outcomeOf(messageId: string, contentHash: string): MailOutcome | undefined {
    return this.findOutcome.get(messageId, contentHash)?.outcome;
  }

  record(mail: ReceivedMail): void {
    this.insert.run(mail);
  }

  /** Every mail recorded, oldest first: what the journal says the judge made of each. */
  recorded(): ReceivedMail[] {
    return this.selectAll.all();
  }

  /** Forgets that a mail failed, so that it is handled again when offered again; false if it had not failed. */
  forgetFailure(messageId: string, contentHash: string): boolean {
    return this.deleteFailure.run(messageId, contentHash).changes > 0;
  }
}

/**
 * The mails a judge process is handling right now, so that the same mail delivered twice at once
 * (a delivery agent's duplicate, or the daemon and pipe mode both given it) is handled by one
 * process while the other waits for its outcome. A claim dies with its process.
 */
export class MailsInHand {
  private readonly claimRow;
  private readonly releaseRow;

  constructor(
    private readonly db: JudgeDatabase,
    alive: ProcessAlive,
  ) {
    const holder = db.prepare<[string], { pid: number }>('SELECT pid FROM mail_in_hand WHERE mail_key = ?');
    const take = db.prepare<[string, number, number]>(
      'INSERT INTO mail_in_hand (mail_key, pid, since) VALUES (?, ?, ?) ON CONFLICT (mail_key) DO UPDATE SET pid = excluded.pid, since = excluded.since',
    );
    this.releaseRow = db.prepare<[string]>('DELETE FROM mail_in_hand WHERE mail_key = ?');
    this.claimRow = db.transaction((key: string, pid: number, now: number): boolean => {
      const current = holder.get(key);
      if (current !== undefined && current.pid !== pid && alive(current.pid)) return false;
      take.run(key, pid, now);
      return true;
    });
  }

  /** Claims the mail for this process; false while another live process has it. A claim need not survive a power cut: its process does not either. */
  claim(key: string, now = Date.now()): boolean {
    return withoutSync(this.db, () => this.claimRow.immediate(key, process.pid, now));
  }

  /** Call in the transaction that records the mail's outcome. */
  release(key: string): void {
    this.releaseRow.run(key);
  }
}

/** The right-hand side of the judge's Message-IDs: its own address's domain. */
export function messageDomain(judgeAddress: string): string {
  return judgeAddress.includes('@') ? judgeAddress.slice(judgeAddress.lastIndexOf('@') + 1) : 'localhost';
}

/** A Message-ID in the judge's own domain, fixed when a mail is queued so that every attempt sends the same. */
export function newMessageId(judgeAddress: string): string {
  return `<${randomUUID()}@${messageDomain(judgeAddress)}>`;
}

/** Notices as mails to queue, each under a Message-ID of the judge's domain; a notice to nobody is dropped. */
export function queuedMails(notices: readonly OutgoingMail[], origin: string, judgeAddress: string): QueuedMail[] {
  return notices.filter((notice) => notice.to.length > 0).map((notice) => ({ mail: notice, messageId: newMessageId(judgeAddress), origin }));
}

/** A mail to queue, under its Message-ID, with what caused it (`origin`, for the judgekeeper). */
export interface QueuedMail {
  readonly mail: OutgoingMail;
  readonly messageId: string;
  readonly origin: string;
}

export interface OutboxEntry {
  id: number;
  messageId: string;
  createdAt: number;
  mail: OutgoingMail;
  attempts: number;
}

interface OutboxRecord {
  id: number;
  message_id: string;
  created_at: number;
  mail: string;
  attempts: number;
  claimed_by: number | null;
  claimed_until: number | null;
}

/** Tells whether the process holding a claim still runs; a dead one's claims are free again. */
export type ProcessAlive = (pid: number) => boolean;

/**
 * An attachment as an outbox row keeps it: its content is kept once in `outbox_attachment`, by its
 * checksum, however many mails carry it. A phase's results mails all carry the same board picture
 * (about 90 KB in base64), so each would otherwise write its own copy in the commit that queues them.
 */
interface StoredAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly contentSha256: string;
}

type StoredMail = Omit<OutgoingMail, 'attachments'> & { readonly attachments?: readonly (StoredAttachment | MailAttachment)[] };

export class Outbox {
  private readonly insert;
  private readonly insertOnce;
  private readonly selectDue;
  private readonly claim;
  private readonly sent;
  private readonly retryLater;
  private readonly rejected;
  private readonly earliestDue;
  private readonly stateCounts;
  private readonly claimDueRows;
  private readonly markSentRows;
  private readonly holdRow;
  private readonly releaseHeld;
  private readonly dropHeldRows;
  private readonly insertAttachment;
  private readonly selectAttachment;

  constructor(private readonly db: JudgeDatabase) {
    this.insertAttachment = db.prepare<[string, string]>('INSERT OR IGNORE INTO outbox_attachment (sha256, content_base64) VALUES (?, ?)');
    this.selectAttachment = db.prepare<[string], { content_base64: string }>('SELECT content_base64 FROM outbox_attachment WHERE sha256 = ?');
    this.insert = db.prepare<[string, string, number, string, number]>(
      `INSERT INTO outbox (message_id, origin, created_at, mail, next_attempt_at) VALUES (?, ?, ?, ?, ?)`,
    );
    this.insertOnce = db.prepare<[string, string, number, string, number]>(
      `INSERT OR IGNORE INTO outbox (message_id, origin, created_at, mail, next_attempt_at) VALUES (?, ?, ?, ?, ?)`,
    );
    this.selectDue = db.prepare<[number, number], OutboxRecord>(
      `SELECT id, message_id, created_at, mail, attempts, claimed_by, claimed_until FROM outbox
        WHERE state = 'pending' AND next_attempt_at <= ?
          AND NOT EXISTS (SELECT 1 FROM outbox_hold WHERE outbox_id = outbox.id)
        ORDER BY id LIMIT ?`,
    );
    this.claim = db.prepare<[number, number, number]>('UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = ?');
    this.sent = db.prepare<[number, number]>(
      `UPDATE outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL
        WHERE id = ?`,
    );
    this.retryLater = db.prepare<[number, string, number]>(
      `UPDATE outbox SET next_attempt_at = ?, last_error = ?, attempts = attempts + 1, claimed_by = NULL,
              claimed_until = NULL WHERE id = ?`,
    );
    this.rejected = db.prepare<[string, number]>(
      `UPDATE outbox SET state = 'rejected', last_error = ?, attempts = attempts + 1, claimed_by = NULL,
              claimed_until = NULL WHERE id = ?`,
    );
    this.earliestDue = db.prepare<[], { due: number | null }>(
      `SELECT min(next_attempt_at) AS due FROM outbox WHERE state = 'pending'
          AND NOT EXISTS (SELECT 1 FROM outbox_hold WHERE outbox_id = outbox.id)`,
    );
    this.stateCounts = db.prepare<[], { state: string; count: number }>('SELECT state, count(*) AS count FROM outbox GROUP BY state');
    this.holdRow = db.prepare<[number, number]>('INSERT INTO outbox_hold (outbox_id, audit_id) VALUES (?, ?)');
    this.releaseHeld = db.prepare<[number]>('DELETE FROM outbox_hold WHERE audit_id = ?');
    this.dropHeldRows = db.prepare<[number]>('DELETE FROM outbox WHERE id IN (SELECT outbox_id FROM outbox_hold WHERE audit_id = ?)');
    this.markSentRows = db.transaction((ids: readonly number[], now: number) => {
      for (const id of ids) this.sent.run(now, id);
    });
    this.claimDueRows = db.transaction((owner: number, now: number, limit: number, leaseMs: number, alive: ProcessAlive, own: ReadonlySet<number>) => {
      // Scanning twice the limit lets rows held by live claimants be passed over without starving.
      const claimed: OutboxEntry[] = [];
      for (const row of this.selectDue.all(now, limit * 2)) {
        if (claimed.length === limit) break;
        if (!claimable(row, owner, now, alive, own)) continue;
        this.claim.run(owner, now + leaseMs, row.id);
        claimed.push(this.entryOf(row));
      }
      return claimed;
    });
  }

  /** Queues a mail; call it inside the transaction that records what caused the mail. */
  queue(mail: OutgoingMail, messageId: string, origin: string, now: number): OutboxEntry {
    return this.queueRow(mail, messageId, origin, now, new Set());
  }

  /** `kept`: the checksums of the attachments this transaction has stored already. */
  private queueRow(mail: OutgoingMail, messageId: string, origin: string, now: number, kept: Set<string>): OutboxEntry {
    const { lastInsertRowid } = this.insert.run(messageId, origin, now, this.stored(mail, kept), now);
    return { id: Number(lastInsertRowid), messageId, createdAt: now, mail, attempts: 0 };
  }

  /**
   * The mail's JSON for its row, each attachment's content kept once in `outbox_attachment`. An
   * attachment in `kept` is not handed to SQLite again: binding a 90 KB picture costs its copy
   * even when the row is there already, and a phase's results mails all carry the same one.
   */
  private stored(mail: OutgoingMail, kept: Set<string> = new Set()): string {
    if (mail.attachments === undefined || mail.attachments.length === 0) return JSON.stringify(mail);
    const attachments = mail.attachments.map((attachment): StoredAttachment => {
      const contentSha256 = attachmentChecksum(attachment);
      if (!kept.has(contentSha256)) {
        this.insertAttachment.run(contentSha256, attachment.contentBase64);
        kept.add(contentSha256);
      }
      return { filename: attachment.filename, contentType: attachment.contentType, contentSha256 };
    });
    return JSON.stringify({ ...mail, attachments });
  }

  /** A row's mail with its attachments' contents put back. */
  private mailOf(json: string): OutgoingMail {
    const stored = JSON.parse(json) as StoredMail;
    if (stored.attachments === undefined) return stored as OutgoingMail;
    const attachments = stored.attachments.map((attachment): MailAttachment => {
      if (!('contentSha256' in attachment)) return attachment;
      const content = this.selectAttachment.get(attachment.contentSha256);
      if (content === undefined) throw new Error(`the outbox has lost the attachment ${attachment.filename} (${attachment.contentSha256})`);
      return { filename: attachment.filename, contentType: attachment.contentType, contentBase64: content.content_base64 };
    });
    return { ...stored, attachments };
  }

  private entryOf(row: OutboxRecord): OutboxEntry {
    return { id: row.id, messageId: row.message_id, createdAt: row.created_at, mail: this.mailOf(row.mail), attempts: row.attempts };
  }

  /** The attachments kept (each content once, however many mails carry it) and their size in base64. */
  keptAttachments(): { count: number; bytes: number } {
    return this.db
      .prepare<[], { count: number; bytes: number }>('SELECT count(*) AS count, coalesce(sum(length(content_base64)), 0) AS bytes FROM outbox_attachment')
      .get()!;
  }

  /** Every mail ever queued and not yet pruned, oldest first, with where it stands. */
  entries(): (OutboxEntry & { state: 'pending' | 'sent' | 'rejected' })[] {
    return this.db
      .prepare<[], OutboxRecord & { state: 'pending' | 'sent' | 'rejected' }>(
        'SELECT id, message_id, created_at, mail, attempts, claimed_by, claimed_until, state FROM outbox ORDER BY id',
      )
      .all()
      .map((row) => ({ ...this.entryOf(row), state: row.state }));
  }

  /** The newest row's id: `queuedAfter` with it later reads what was queued since. */
  newestId(): number {
    return this.db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM outbox').get()?.id ?? 0;
  }

  /** The mails queued after row `id` that may leave (not held for a change still in progress), oldest first. */
  queuedAfter(id: number): { id: number; origin: string; mail: OutgoingMail }[] {
    return this.db
      .prepare<[number], { id: number; origin: string; mail: string }>(
        'SELECT id, origin, mail FROM outbox WHERE id > ? AND id NOT IN (SELECT outbox_id FROM outbox_hold) ORDER BY id',
      )
      .all(id)
      .map((row) => ({ id: row.id, origin: row.origin, mail: this.mailOf(row.mail) }));
  }

  /** Queues a mail unless one with the same Message-ID was ever queued: for alerts that must not repeat. Whether it was queued. */
  queueOnce(mail: OutgoingMail, messageId: string, origin: string, now: number): boolean {
    return this.insertOnce.run(messageId, origin, now, this.stored(mail), now).changes === 1;
  }

  /**
   * Queues mails that may leave only once the status-file change `auditId` records has reached the
   * disk: call it in the transaction that begins that entry, then `release` or `dropHeld` with it.
   */
  hold(auditId: number, mails: readonly QueuedMail[], now: number): void {
    const kept = new Set<string>();
    for (const { mail, messageId, origin } of mails) this.holdRow.run(this.queueRow(mail, messageId, origin, now, kept).id, auditId);
  }

  /** The change `auditId` records is on disk: its mails may leave. */
  release(auditId: number): void {
    this.releaseHeld.run(auditId);
  }

  /** The change `auditId` records never reached the disk: its mails are forgotten. */
  dropHeld(auditId: number): void {
    this.dropHeldRows.run(auditId);
    this.releaseHeld.run(auditId);
  }

  /**
   * Claims up to `limit` due mails for `owner` (a process id) for `leaseMs`, so that a pipe-mode
   * judge and the daemon never send the same row at once. A claim expires, or dies with its owner.
   * `own` lists the rows this process is sending right now. The claim is committed without waiting
   * for the disk (a claim dies with its process, and a power cut ends every process); the caller
   * waits for the journal's flush (`diskSync`) before it hands a claimed mail over, so that no mail
   * leaves before the record that queued it is on disk, even one committed without waiting.
   */
  claimDue(owner: number, now: number, limit: number, leaseMs: number, alive: ProcessAlive, own: ReadonlySet<number>) {
    return withoutSync(this.db, () => this.claimDueRows.immediate(owner, now, limit, leaseMs, alive, own));
  }

  /** Marks mails sent, all in one commit. */
  markSent(ids: readonly number[], now: number): void {
    this.markSentRows(ids, now);
  }

  /** Gives the claim back; the mail is due again at `at`. */
  retryAt(id: number, at: number, error: string): void {
    this.retryLater.run(at, error, id);
  }

  /** The server refused the mail for good: it stays in the journal, marked, and is not tried again. */
  reject(id: number, error: string): void {
    this.rejected.run(error, id);
  }

  /** When the next pending mail falls due, or null when none is pending. */
  nextDueAt(): number | null {
    return this.earliestDue.get()?.due ?? null;
  }

  counts(): { pending: number; sent: number; rejected: number } {
    const counts = { pending: 0, sent: 0, rejected: 0 };
    for (const { state, count } of this.stateCounts.all()) counts[state as keyof typeof counts] = count;
    return counts;
  }
}

function claimable(row: OutboxRecord, owner: number, now: number, alive: ProcessAlive, own: ReadonlySet<number>): boolean {
  if (row.claimed_by === null || row.claimed_until === null || row.claimed_until <= now) return true;
  // A restarted judge can get the pid of the one that died; its claims are not ours to keep.
  if (row.claimed_by === owner) return !own.has(row.id);
  return !alive(row.claimed_by);
}
