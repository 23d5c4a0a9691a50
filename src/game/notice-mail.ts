import type { OutboxMail } from '../store/journal.js';
import type { Notice } from './service.js';

/** A notice as the outbox keeps it: a mail of its own, not an answer to anyone's, marked automatic. */
export function noticeMail(notice: Notice): OutboxMail {
  return {
    to: notice.to.map((address) => ({ name: '', address })),
    cc: [],
    subject: notice.subject,
    text: notice.text,
    autoSubmitted: 'auto-generated',
    inReplyTo: null,
    references: [],
    attachments: (notice.attachments ?? []).map(({ filename, contentType, content, encoding }) => ({
      filename,
      contentType,
      contentBase64: encoding === 'base64' ? content : Buffer.from(content, 'utf8').toString('base64'),
    })),
  };
}
