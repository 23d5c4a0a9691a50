import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 that keeps every mail it accepts, for
 * the tests and the benchmark. It behaves as an MTA does: a mail is delivered when the server
 * answers 250 to its data, and it is in `accepted` by then. With `holdReplies` on, the sink reads a
 * mail's data and then says nothing; a client that disappears meanwhile never got its 250, and its
 * mail is dropped, as an MTA drops a transaction whose client went away. Unless told not to (the
 * benchmark, which must not slow the server down), the sink also parses each accepted mail into
 * `captured`, after answering.
 */

export interface AcceptedMail {
  readonly raw: Buffer;
  readonly envelopeTo: readonly string[];
  /** performance.now() just before the sink answered 250. */
  readonly acceptedAt: number;
}

export interface CapturedMail extends AcceptedMail {
  readonly parsed: ParsedMail;
  readonly messageId: string | null;
}

interface HeldMail {
  readonly accept: () => void;
}

export class SmtpSink extends EventEmitter {
  readonly accepted: AcceptedMail[] = [];
  readonly captured: CapturedMail[] = [];
  /** Mails whose client went away while the sink held its answer. */
  dropped = 0;
  holdReplies = false;
  /** Recipients the sink refuses, with the SMTP reply code it refuses them with. */
  readonly refusedRecipients = new Map<string, number>();
  private readonly held = new Map<string, HeldMail>();
  private server: SMTPServer | null = null;

  private constructor(
    public port: number,
    private readonly parse: boolean,
  ) {
    super();
  }

  static async start(options: { port?: number; parse?: boolean } = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(options.port ?? 0, options.parse ?? true);
    await sink.listen();
    return sink;
  }

  private listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      // A real MTA looks the client up; on loopback that only measures the resolver.
      disableReverseLookup: true,
      onRcptTo: (address, _session, callback) => {
        const code = this.refusedRecipients.get(address.address);
        if (code === undefined) return callback();
        callback(Object.assign(new Error(`recipient ${address.address} refused`), { responseCode: code }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          // The session's envelope is reset by the next transaction on the same connection.
          const envelopeTo = session.envelope.rcptTo.map(({ address }) => address);
          const accept = () => {
            this.held.delete(session.id);
            const mail: AcceptedMail = { raw, envelopeTo, acceptedAt: performance.now() };
            this.accepted.push(mail);
            this.emit('accepted', mail);
            callback(null, 'queued');
            if (this.parse) void this.capture(mail);
          };
          if (!this.holdReplies) return accept();
          this.held.set(session.id, { accept });
          this.emit('held', raw);
        });
      },
      onClose: (session) => {
        if (this.held.delete(session.id)) this.dropped++;
      },
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private async capture(mail: AcceptedMail): Promise<void> {
    const parsed = await simpleParser(mail.raw);
    const captured: CapturedMail = { ...mail, parsed, messageId: parsed.messageId ?? null };
    this.captured.push(captured);
    this.emit('captured', captured);
  }

  /** Forgets what was accepted, captured and dropped so far. */
  clear(): void {
    this.accepted.length = 0;
    this.captured.length = 0;
    this.dropped = 0;
  }

  /** Answers the mails held so far, as if the sink had never paused. */
  releaseHeld(): void {
    this.holdReplies = false;
    for (const held of [...this.held.values()]) held.accept();
  }

  /** Resolves once `count` mails in all have been captured (accepted and parsed). */
  waitFor(count: number, timeoutMs = 20_000): Promise<CapturedMail[]> {
    return waitUntil(
      this,
      'captured',
      () => this.captured.length >= count,
      timeoutMs,
      () => `${this.captured.length} of ${count} mails captured`,
    ).then(() => this.captured);
  }

  /** Resolves once `count` mails in all have been accepted. */
  waitForAccepted(count: number, timeoutMs = 20_000): Promise<void> {
    return waitUntil(
      this,
      'accepted',
      () => this.accepted.length >= count,
      timeoutMs,
      () => `${this.accepted.length} of ${count} mails accepted`,
    );
  }

  /** Resolves when the sink holds a mail's answer back. */
  nextHeld(timeoutMs = 20_000): Promise<void> {
    return waitUntil(
      this,
      'held',
      () => this.held.size > 0,
      timeoutMs,
      () => 'no mail held',
    );
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port, keeping what was captured. */
  restart(): Promise<void> {
    return this.listen();
  }
}

function waitUntil(emitter: EventEmitter, event: string, done: () => boolean, timeoutMs: number, what: () => string) {
  return new Promise<void>((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => {
      emitter.off(event, check);
      reject(new Error(`timed out after ${timeoutMs} ms: ${what()}`));
    }, timeoutMs);
    function check(): void {
      if (!done()) return;
      clearTimeout(timer);
      emitter.off(event, check);
      resolve();
    }
    emitter.on(event, check);
  });
}
