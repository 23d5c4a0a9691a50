import type { Readable } from 'node:stream';
import type { LoadedConfig } from '../config/config.js';
import { logLine } from '../mail/intake.js';
import { fromPipe, type RawMail } from '../mail/raw-mail.js';
import { mailSettings } from '../mail/settings.js';
import type { EarlySmtpSocket } from '../mail/smtp-socket.js';
import { newIntake, openJournal, sendQueuedMail } from './wiring.js';
import { JudgeFailure } from '../common/errors.js';

/**
 * `judge mail < message.eml`: one mail from a delivery agent (procmail, `.forward`, `aliases`).
 * Resolves once the mail is handled, whatever its commands said; rejects when it could not be
 * recorded, and the command then exits with EX_TEMPFAIL so that the agent keeps the mail and tries
 * again later rather than bouncing it. Replies are sent at once where the SMTP server takes them;
 * the rest stay in the outbox for the daemon or the next pipe run. Pipe mode takes no daemon lock:
 * the journal's transactions and the outbox's claims let it run beside the daemon and beside itself.
 */

/** The mail was not handled yet and must be offered again: the delivery agent's temporary failure. */
export class MailDeferredError extends JudgeFailure {
  override name = 'MailDeferredError';
}

/** Reads the whole input, keeping no more than `maxBytes` of it: a larger mail is only refused. */
async function readPipedMail(input: Readable, maxBytes: number): Promise<RawMail> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (keptBytes < maxBytes) {
      const part = bytes.subarray(0, maxBytes - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
  }
  return fromPipe(Buffer.concat(kept), maxBytes, total);
}

/**
 * `retry`: a mail the journal recorded as failed is handled again (`judge mail --retry`). `early`:
 * a connection to the SMTP server opened while the judge loaded, for the replies.
 */
export async function handlePipedMail(
  loaded: LoadedConfig,
  input: Readable,
  log: (line: string) => void,
  options: { retry?: boolean; early?: EarlySmtpSocket } = {},
): Promise<void> {
  const settings = mailSettings(loaded);
  const raw = await readPipedMail(input, settings.mail.maxMessageBytes);
  const db = openJournal(settings);
  try {
    const intake = newIntake(db, loaded);
    const handled = options.retry ? await intake.retry(raw) : (await intake.handle([raw]))[0];
    log(logLine(handled!));
    await sendQueuedMail(loaded, db, log, options.early);
    if (handled!.folder === 'retry') throw new MailDeferredError(`the mail must wait: ${handled!.detail}`);
  } finally {
    db.close();
  }
}
