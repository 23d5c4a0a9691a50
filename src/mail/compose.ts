import type Mail from 'nodemailer/lib/mailer/index.js';
import type { JudgeConfig } from '../config/config.js';
import type { OutboxEntry, OutboxMail } from '../store/journal.js';
import type { OutgoingMail } from './processor.js';

/**
 * Outgoing mail from the processor's shape to the outbox's, and from the outbox to nodemailer's.
 * Everything that must not change between two attempts to send a mail (its Message-ID, its Date,
 * its threading) is fixed when it is queued.
 */

/** The thread an answer continues: In-Reply-To the mail answered, References its chain. */
export interface Thread {
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
}

export function toOutboxMail(mail: OutgoingMail, thread: Thread): OutboxMail {
  const reply = mail.kind === 'reply';
  return {
    to: [...mail.to],
    cc: [...(mail.cc ?? [])],
    subject: mail.subject,
    text: mail.text,
    autoSubmitted: reply ? 'auto-replied' : 'auto-generated',
    inReplyTo: reply ? thread.inReplyTo : null,
    references: reply ? [...thread.references] : [],
    attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      contentBase64: content.toString('base64'),
    })),
  };
}

export function toNodemailer(entry: OutboxEntry, judge: JudgeConfig['judge']): Mail.Options {
  const { mail } = entry;
  return {
    from: { name: judge.name, address: judge.address },
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    text: mail.text,
    messageId: entry.messageId,
    date: new Date(entry.createdAt),
    ...(mail.inReplyTo === null ? {} : { inReplyTo: mail.inReplyTo }),
    ...(mail.references.length === 0 ? {} : { references: mail.references }),
    headers: {
      'Auto-Submitted': mail.autoSubmitted,
      // Asks Exchange and its kin not to send their out-of-office replies back to the judge.
      'X-Auto-Response-Suppress': 'All',
    },
    attachments: mail.attachments.map(({ filename, contentType, contentBase64 }) => ({
      filename,
      contentType,
      content: contentBase64,
      encoding: 'base64',
    })),
  };
}
