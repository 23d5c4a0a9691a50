import type { MailAttachment } from '../game/attachment.js';
import type { OutgoingAttachment } from './processor.js';

/**
 * The files of a notice or reply as the outbox takes them. Spread into an OutgoingMail: a mail
 * without files gets no `attachments` field at all, as before files existed.
 */
export function outgoingAttachments(files: readonly MailAttachment[] | undefined): { attachments?: OutgoingAttachment[] } {
  if (files === undefined || files.length === 0) return {};
  return {
    attachments: files.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content, file.encoding) })),
  };
}
