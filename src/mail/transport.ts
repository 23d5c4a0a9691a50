import { mkdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { MailConfig } from '../config/config.js';
import { writeFileAtomic } from '../store/atomic-write.js';

/** Where the outbox hands its mails: an SMTP server, or a folder of .eml files. */
export interface MailTransport {
  /** Resolves once the mail is accepted: the server said 250, or the file is on disk. */
  send(message: Mail.Options): Promise<void>;
  close(): void;
}

/**
 * What a failed send means for the outbox. `connection`: the server could not be reached or talked
 * to (down, restarting, refusing our login): every mail would fail alike, so the sender waits as a
 * whole. `temporary`: the server answered 4xx for this mail: it is tried again later. `permanent`:
 * the server refused this mail with 5xx: trying again cannot help.
 */
export type SendFailure = 'connection' | 'temporary' | 'permanent';

export function classifySendError(error: unknown): SendFailure {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode !== 'number' || code === 'EAUTH') return 'connection';
  if (responseCode >= 500) return 'permanent';
  return responseCode >= 400 ? 'temporary' : 'connection';
}

/** Well under the outbox's claim on a mail, so that a hung send ends before another judge may take it. */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Opens the SMTP connection for nodemailer with Nagle's algorithm off. nodemailer leaves it on, and
 * then the last small write of each mail waits for the server's delayed acknowledgement (40 ms on
 * Linux), which holds a connection to some 25 mails a second. When the connection cannot be opened,
 * nodemailer is left to open one itself: its pool loses a connection slot for good when handed an
 * error here, but cleans up after a failure of its own (and reports it the same way).
 */
function connectWithoutDelay(
  options: { host?: string | undefined; port?: number | undefined },
  callback: (error: Error | null, socketOptions: object) => void,
): void {
  const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? 25 });
  socket.setNoDelay(true);
  const failed = () => {
    socket.off('timeout', failed);
    socket.destroy();
    callback(null, {});
  };
  socket.setTimeout(TIMEOUTS.connectionTimeout);
  socket.once('timeout', failed);
  socket.once('error', failed);
  writeByTurns(socket);
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.off('timeout', failed);
    socket.off('error', failed);
    // Handed over connected: nodemailer starts TLS on it itself when `secure` asks for it.
    callback(null, { connection: socket });
  });
}

/**
 * Gathers what is written to the connection in one turn of the event loop into one system call:
 * nodemailer writes a message and the line that ends it apart, two system calls of the five a mail
 * costs.
 */
function writeByTurns(socket: Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (socket.writableCorked === 0) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    return write(...args);
  }) as Socket['write'];
}

export function smtpTransport(smtp: MailConfig['smtp']): MailTransport {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user === '' ? {} : { auth: { user: smtp.user, pass: smtp.password } }),
    pool: true,
    maxConnections: smtp.connections,
    maxMessages: Infinity,
    ...TIMEOUTS,
    getSocket: connectWithoutDelay,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
    },
  };
}

/** A file name for the mail that is the same at every attempt, so that sending it again overwrites it. */
function emlName(message: Mail.Options): string {
  const stamp =
    message.date instanceof Date
      ? message.date
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z')
      : '';
  const id = String(message.messageId ?? '')
    .replace(/[<>]/g, '')
    .replace(/[^A-Za-z0-9@._-]/g, '_');
  return `${stamp}-${id}.eml`;
}

/** The embedded default: every mail becomes an .eml file in `folder`, for the judgekeeper to read. */
export function emlFolderTransport(folder: string): MailTransport {
  mkdirSync(folder, { recursive: true });
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: eml } = await composer.sendMail(message);
      writeFileAtomic(join(folder, emlName(message)), eml as Buffer);
    },
    close() {
      composer.close();
    },
  };
}
