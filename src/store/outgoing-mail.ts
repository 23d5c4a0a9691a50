import { createHash } from 'node:crypto';
/**
 * A mail the judge sends, in the one shape it keeps from where it is made (the game's results and
 * notices, a command's reply, the mail layer's refusals) through the outbox to nodemailer. Plain
 * data: the outbox keeps it as JSON, and so does the record of what a mail's commands did, which is
 * replayed after a crash.
 */
export interface OutgoingMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  /** Files sent with it: results and MAP carry the board's picture. */
  readonly attachments?: readonly MailAttachment[];
  /**
   * Set on an answer to a received mail: it is threaded under that mail and marked
   * `Auto-Submitted: auto-replied`. Without it a mail is one of its own (results, notices, copies),
   * marked `auto-generated` (RFC 3834).
   */
  readonly answers?: Thread;
}

/** The thread an answer continues: In-Reply-To the mail answered (null when it had no Message-ID), References its chain. */
export interface Thread {
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
}

/** A file a mail carries. Always base64, text (an SVG) and binary (a PNG) alike: one encoding from its making to nodemailer. */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly contentBase64: string;
}

export function mailAttachment(filename: string, contentType: string, content: string | Uint8Array): MailAttachment {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  return { filename, contentType, contentBase64: bytes.toString('base64') };
}

/** Each attachment object's checksum, computed once however many mails share it. */
const checksums = new WeakMap<MailAttachment, string>();

/** The SHA-256 of an attachment's base64 text, in hex: the outbox keeps one copy per checksum. */
export function attachmentChecksum(attachment: MailAttachment): string {
  let checksum = checksums.get(attachment);
  if (checksum === undefined) {
    checksum = createHash('sha256').update(attachment.contentBase64).digest('hex');
    checksums.set(attachment, checksum);
  }
  return checksum;
}

/**
 * An attachment with its checksum taken where it was made: a picture drawn on another thread
 * comes back with the checksum that thread computed, which spares the thread that queues it the hash.
 */
export function attachmentWithChecksum(attachment: MailAttachment, checksum: string): MailAttachment {
  checksums.set(attachment, checksum);
  return attachment;
}

/** The file's bytes, for those who show or save it rather than mail it. */
export function attachmentBytes(file: MailAttachment): Buffer {
  return Buffer.from(file.contentBase64, 'base64');
}
