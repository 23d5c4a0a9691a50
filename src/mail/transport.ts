import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { MailConfig } from '../config/config.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { CONNECTION_TIMEOUT_MS, EarlySmtpSocket, openSmtpSocket } from './smtp-socket.js';

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
const TIMEOUTS = { connectionTimeout: CONNECTION_TIMEOUT_MS, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** nodemailer's `getSocket`: hands over a connection opened by `openSmtpSocket`, `early`'s the first time. */
function socketsFor(early: EarlySmtpSocket | undefined) {
  return (options: { host?: string | undefined; port?: number | undefined }, callback: (error: Error | null, socketOptions: object) => void) => {
    const socket = early?.take() ?? openSmtpSocket(options.host ?? 'localhost', options.port ?? 25);
    // Handed over connected: nodemailer starts TLS on it itself when `secure` asks for it.
    void socket.then((connection) => callback(null, connection === null ? {} : { connection }));
  };
}

/** `early`: a connection opened ahead, which the first mail sent takes (pipe mode). */
export function smtpTransport(smtp: MailConfig['smtp'], early?: EarlySmtpSocket): MailTransport {
  // maxRequeues is nodemailer's own pool option, missing from its type definitions.
  const options: SMTPPool.Options & { maxRequeues: number } = {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user === '' ? {} : { auth: { user: smtp.user, pass: smtp.password } }),
    pool: true,
    maxConnections: smtp.connections,
    maxMessages: Infinity,
    // nodemailer's pool offers a mail again on a new connection, without end, whenever the server
    // drops one before the mail is through: a server that closes every connection would hold a pipe
    // run forever and keep the daemon's backoff from ever seeing the failure. The outbox retries.
    maxRequeues: 1,
    ...TIMEOUTS,
    getSocket: socketsFor(early),
  };
  const transporter = nodemailer.createTransport(options);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
      early?.close();
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
