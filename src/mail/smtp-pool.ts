import type { Socket } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';

/**
 * Up to `size` connections to the SMTP server, kept open between mails, each sending one mail at a
 * time: nodemailer's own connection (`SMTPConnection`: the greeting, EHLO, STARTTLS, AUTH, each
 * mail's transaction, its errors) under a pool that hands it whole messages. nodemailer's pool takes
 * a mail's parts and builds the message through its composer and a stream per mail even when the
 * message is already whole, which cost the daemon more than the transaction itself.
 *
 * As nodemailer's pool does, a connection whose mail failed is closed, and a mail whose connection
 * was lost while it was being sent (an idle connection the server had closed, say) is offered once
 * more, on a new connection, before it fails: a server that drops every connection must not hold the
 * outbox for ever.
 */

export interface Envelope {
  readonly from: string;
  readonly to: readonly string[];
}

interface Job {
  readonly envelope: Envelope;
  readonly message: string | Buffer;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  retried: boolean;
}

interface Connection {
  readonly smtp: SMTPConnection;
  /** The mail it is sending, or null while idle. */
  job: Job | null;
  lost: boolean;
}

export interface PoolOptions {
  readonly connection: SMTPConnection.Options;
  readonly auth: SMTPConnection.AuthenticationCredentials | null;
  readonly size: number;
  /** A connected socket for a new connection, or null to let nodemailer open one (and report why it could not). */
  readonly socket: () => Promise<Socket | null>;
}

/** The error of a connection the server closed, coded as nodemailer codes a lost connection. */
function closedByServer(): Error {
  return Object.assign(new Error('the SMTP server closed the connection'), { code: 'ECONNECTION' });
}

export class SmtpPool {
  private readonly idle: Connection[] = [];
  private readonly queue: Job[] = [];
  /** Connections open or being opened. */
  private open = 0;
  private closing = false;

  constructor(private readonly options: PoolOptions) {}

  /** Resolves once the server accepted the message; rejects with nodemailer's error (its `code`, its `responseCode`). */
  send(envelope: Envelope, message: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, message, resolve, reject, retried: false });
      this.dispatch();
    });
  }

  /** Closes the idle connections now and the others once their mail is through. */
  close(): void {
    this.closing = true;
    for (const connection of this.idle.splice(0)) this.drop(connection);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = this.idle.pop();
      if (idle !== undefined) this.start(idle, this.queue.shift()!);
      else if (this.open < this.options.size) {
        this.open++;
        void this.connectFor(this.queue.shift()!);
      } else return;
    }
  }

  private async connectFor(job: Job): Promise<void> {
    try {
      this.start(await this.connect(), job);
    } catch (error) {
      this.open--;
      job.reject(error as Error);
      this.dispatch();
    }
  }

  private async connect(): Promise<Connection> {
    const socket = await this.options.socket();
    const smtp = new SMTPConnection({ ...this.options.connection, ...(socket === null ? {} : { connection: socket }) });
    const connection: Connection = { smtp, job: null, lost: false };
    await new Promise<void>((resolve, reject) => {
      // Rejected before it is closed: closing emits `end`, whose error would come first.
      const failed = (error: Error) => {
        reject(error);
        smtp.close();
      };
      smtp.once('error', failed);
      smtp.once('end', () => failed(closedByServer()));
      smtp.connect((error) => {
        if (error) return failed(error);
        const { auth } = this.options;
        // As nodemailer's pool: a server that offers no AUTH is not asked to log in.
        if (auth === null || !(smtp as SMTPConnection & { allowsAuth: boolean }).allowsAuth) return resolve();
        smtp.login(auth, (loginError) => (loginError ? failed(loginError) : resolve()));
      });
    });
    smtp.removeAllListeners('error').removeAllListeners('end');
    smtp.on('error', (error: Error) => this.lose(connection, error));
    smtp.on('end', () => this.lose(connection, closedByServer()));
    return connection;
  }

  private start(connection: Connection, job: Job): void {
    connection.job = job;
    connection.smtp.send({ from: job.envelope.from, to: [...job.envelope.to] }, job.message, (error) => {
      // A connection lost meanwhile has settled its mail already.
      if (connection.job !== job) return;
      connection.job = null;
      if (error) {
        this.drop(connection);
        job.reject(error);
      } else {
        job.resolve();
        if (this.closing) this.drop(connection);
        else this.idle.push(connection);
      }
      this.dispatch();
    });
  }

  /** The connection closed or failed by itself: its mail, if any, is offered again once. */
  private lose(connection: Connection, error: Error): void {
    if (connection.lost) return;
    this.drop(connection);
    const { job } = connection;
    connection.job = null;
    if (job !== null) {
      if (job.retried || this.closing) job.reject(error);
      else {
        job.retried = true;
        this.queue.unshift(job);
      }
    }
    this.dispatch();
  }

  private drop(connection: Connection): void {
    if (connection.lost) return;
    connection.lost = true;
    this.open--;
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    connection.smtp.close();
  }
}
