import { ImapFlow } from 'imapflow';
import type { MailConfig } from '../config/config.js';
import { Backoff } from './backoff.js';
import type { HandledMail } from './intake.js';
import { limited, type RawMail } from './raw-mail.js';
import { wakeableSleep } from './sleep.js';
import { BATCH_SIZE, type MailHandler, type MailSource } from './source.js';

/** While mail keeps coming (the last one no longer ago than the window), the mailbox is asked this often. */
const BUSY_POLL_MS = 20;
const BUSY_WINDOW_MS = 2_000;

/**
 * Reads the judge's IMAP mailbox. New mail is noticed through IDLE where the server offers it; without
 * IDLE imapflow polls with NOOP, and the source asks the server every `pollSeconds` anyway. Mails are
 * handled in order of arrival, and only once their outcome is committed are they flagged and moved
 * out of the mailbox, so a mail still in it after a crash is fetched again and recognised by the
 * journal. A lost connection is opened again after an exponential backoff.
 */
export class ImapSource implements MailSource {
  readonly description: string;
  private stopping = false;
  private news = false;
  private wake: () => void = () => undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly mail: Pick<MailConfig, 'imap' | 'processedFolder' | 'failedFolder' | 'maxMessageBytes' | 'backoff'>,
    private readonly handle: MailHandler,
    private readonly log: (line: string) => void,
  ) {
    const { user, host, port, mailbox } = mail.imap;
    this.description = `IMAP ${user}@${host}:${port}/${mailbox}`;
  }

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
  }

  private async run(): Promise<void> {
    const backoff = new Backoff(this.mail.backoff.firstSeconds * 1000, this.mail.backoff.maxSeconds * 1000);
    while (!this.stopping) {
      try {
        await this.session(() => backoff.reset());
      } catch (error) {
        this.log(`imap: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (this.stopping) break;
      const wait = backoff.next();
      this.log(`imap: disconnected, connecting again in ${wait} ms`);
      const sleep = wakeableSleep(wait);
      this.wake = sleep.wake;
      await sleep.done;
    }
  }

  /** One connection: drains the mailbox, waits for news, drains again; returns when it closes or on stop. */
  private async session(connected: () => void): Promise<void> {
    const { imap } = this.mail;
    const client = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: imap.tls,
      auth: { user: imap.user, pass: imap.password },
      logger: false,
      disableAutoIdle: true,
      // The judge uses none of the extensions imapflow would ENABLE; with CONDSTORE on, the server
      // adds a MODSEQ to every message fetched, and a FETCH response to every flag stored.
      disableAutoEnable: true,
      maxIdleTime: imap.pollSeconds * 1000,
    });
    client.on('error', (error: Error) => this.log(`imap: ${error.message}`));
    client.on('exists', () => {
      this.news = true;
      this.wake();
    });
    client.on('close', () => this.wake());
    try {
      await client.connect();
      connected();
      await client.mailboxCreate(this.mail.processedFolder);
      await client.mailboxCreate(this.mail.failedFolder);
      await client.mailboxOpen(imap.mailbox);
      this.log(`imap: reading ${this.description}`);
      let lastMailAt = -Infinity;
      while (!this.stopping && client.usable) {
        this.news = false;
        if ((await this.drain(client)) > 0) lastMailAt = Date.now();
        if (this.stopping || this.news || !client.usable) continue;
        // While mail keeps coming the server is asked again soon: Dovecot, for one, holds back
        // IDLE's news of a new mail for half a second, to report several at once.
        const busy = Date.now() - lastMailAt < BUSY_WINDOW_MS;
        await this.waitForNews(client, busy ? BUSY_POLL_MS : this.mail.imap.pollSeconds * 1000, !busy);
      }
    } finally {
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
    }
  }

  /** Waits for news, in IDLE if `idle`, at most `ms`; then asks the server what is new. */
  private async waitForNews(client: ImapFlow, ms: number, idle: boolean): Promise<void> {
    // An IDLE ends by itself when the next command is sent.
    if (idle) client.idle().catch(() => undefined);
    const sleep = wakeableSleep(ms);
    this.wake = sleep.wake;
    await sleep.done;
    if (!this.stopping && !this.news && client.usable) await client.noop();
  }

  /**
   * Handles the mails in the mailbox, oldest first, a batch at a time; returns how many it handled.
   * The next batch is fetched while one is handled, and a batch is filed away while the next is
   * handled: the server's work on them overlaps the judge's. Batches are fetched by UID (in one
   * mailbox UIDs rise in order of arrival), so that a batch in hand, still in the mailbox until
   * it is filed away, does not move the next one.
   */
  private async drain(client: ImapFlow): Promise<number> {
    const waiting = await this.waitingUids(client);
    let count = 0;
    let filing: Promise<void> = Promise.resolve();
    let next = this.fetchBatch(client, waiting.splice(0, BATCH_SIZE));
    try {
      while (!this.stopping) {
        const batch = await next;
        if (batch.length === 0) break;
        const handling = this.handle(batch.map(({ raw }) => raw));
        next = this.fetchBatch(client, waiting.splice(0, BATCH_SIZE));
        next.catch(() => undefined);
        const handled = await handling;
        await filing;
        filing = this.fileAway(
          client,
          batch.map(({ uid }, index) => ({ uid, folder: handled[index]!.folder })),
        );
        filing.catch(() => undefined);
        count += batch.length;
        // A mail that must wait (its game busy) stays in the mailbox, and so keeps its turn until the next look.
        if (handled.some((mail) => mail.folder === 'retry')) break;
      }
    } finally {
      await filing;
    }
    return count;
  }

  /** The UIDs of the mails in the mailbox, oldest first. */
  private async waitingUids(client: ImapFlow): Promise<number[]> {
    if (!client.mailbox || client.mailbox.exists === 0) return [];
    const uids = await client.search({ all: true }, { uid: true });
    return (uids || []).sort((a, b) => a - b);
  }

  /**
   * The mails of these UIDs, oldest first, in one FETCH: each whole, or of a mail over the size
   * limit its first bytes, of which only the header block is kept. The UIDs are a run of the
   * mailbox's, so the range from the first to the last holds them and no other mail.
   */
  private async fetchBatch(client: ImapFlow, uids: readonly number[]): Promise<{ uid: number; raw: RawMail }[]> {
    if (uids.length === 0) return [];
    const max = this.mail.maxMessageBytes;
    const range = `${uids[0]}:${uids[uids.length - 1]}`;
    const messages = await client.fetchAll(range, { uid: true, size: true, source: { maxLength: max } }, { uid: true });
    return messages
      .sort((a, b) => a.uid - b.uid)
      .flatMap(({ uid, size, source }) => (source ? [{ uid, raw: limited(source, size ?? source.length, max) }] : []));
  }

  private async fileAway(client: ImapFlow, mails: readonly { uid: number; folder: HandledMail['folder'] }[]): Promise<void> {
    const processed = mails.filter(({ folder }) => folder === 'processed').map(({ uid }) => uid);
    const failed = mails.filter(({ folder }) => folder === 'failed').map(({ uid }) => uid);
    if (processed.length > 0) {
      // Silent: the server does not answer with each message's flags, which the judge does not read.
      await client.messageFlagsAdd(processed, ['\\Seen'], { uid: true, silent: true });
      await client.messageMove(processed, this.mail.processedFolder, { uid: true });
    }
    if (failed.length > 0) {
      await client.messageFlagsAdd(failed, ['\\Flagged'], { uid: true, silent: true });
      await client.messageMove(failed, this.mail.failedFolder, { uid: true });
    }
  }
}
