import type Mail from 'nodemailer/lib/mailer/index.js';
import type { JudgeConfig } from '../config/config.js';
import type { OutboxEntry } from '../store/journal.js';
import { plainMessage } from './plain-message.js';

/**
 * An outbox mail as nodemailer sends it. Everything that must not change between two attempts to
 * send a mail (its Message-ID, its Date, its threading) was fixed when it was queued. A mail that
 * needs no encoding goes as the text of its whole message (`plainMessage`), which nodemailer sends
 * as it is; any other is built by nodemailer from its parts.
 */
export function toNodemailer(entry: OutboxEntry, judge: JudgeConfig['judge']): Mail.Options {
  const { mail } = entry;
  const thread = mail.answers;
  const from = { name: judge.name, address: judge.address };
  const date = new Date(entry.createdAt);
  const headers = {
    'Auto-Submitted': thread ? 'auto-replied' : 'auto-generated',
    // Asks Exchange and its kin not to send their out-of-office replies back to the judge.
    'X-Auto-Response-Suppress': 'All',
  };
  const raw = plainMessage(mail, { from, messageId: entry.messageId, date, extra: headers });
  // The Message-ID and Date are given beside the message too: the .eml transport names its file by them.
  if (raw !== null) return { envelope: { from: judge.address, to: [...mail.to] }, raw, messageId: entry.messageId, date };
  return {
    from,
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    // Chosen, not detected: the judge writes English, which quoted-printable keeps readable, and
    // nodemailer would otherwise count the letters of every text to choose (a tenth of a millisecond a reply).
    textEncoding: 'quoted-printable',
    messageId: entry.messageId,
    date,
    ...(thread?.inReplyTo ? { inReplyTo: thread.inReplyTo } : {}),
    ...(thread && thread.references.length > 0 ? { references: [...thread.references] } : {}),
    headers,
    attachments: (mail.attachments ?? []).map(({ filename, contentType, contentBase64 }) => ({
      filename,
      contentType,
      content: contentBase64,
      encoding: 'base64',
    })),
  };
}
