import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config/config.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { SmtpPool, type Envelope } from './smtp-pool.js';
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

/** The envelope and whole message of a mail: as written when it needs no encoding, else built by nodemailer's composer. */
async function wholeMessage(message: Mail.Options, composer: Transporter): Promise<{ envelope: Envelope; raw: string | Buffer }> {
  const { envelope, raw } = message;
  if (typeof raw === 'string' && envelope !== undefined && typeof envelope.from === 'string' && Array.isArray(envelope.to)) {
    return { envelope: { from: envelope.from, to: envelope.to as string[] }, raw };
  }
  const built = await composer.sendMail(message);
  return { envelope: { from: built.envelope.from || '', to: built.envelope.to }, raw: built.message as Buffer };
}

/** `early`: a connection opened ahead, which the first connection of the pool takes (pipe mode). */
export function smtpTransport(smtp: MailConfig['smtp'], early?: EarlySmtpSocket): MailTransport {
  const pool = new SmtpPool({
    connection: { host: smtp.host, port: smtp.port, secure: smtp.secure, ...TIMEOUTS },
    auth: smtp.user === '' ? null : { credentials: { user: smtp.user, pass: smtp.password } },
    size: smtp.connections,
    // Handed over connected: nodemailer starts TLS on it itself when `secure` asks for it.
    socket: () => early?.take() ?? openSmtpSocket(smtp.host, smtp.port),
  });
  // Builds the messages that need MIME (their line ends are made CRLF by the connection as it sends them).
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const { envelope, raw } = await wholeMessage(message, composer);
      await pool.send(envelope, raw);
    },
    close() {
      pool.close();
      composer.close();
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
