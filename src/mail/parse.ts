import PostalMime, { type Address, type Email } from 'postal-mime';
import { commandText } from './body.js';
import type { IncomingMail, MailAddress } from './responder.js';
import { contentHash, type RawMail } from './raw-mail.js';

/** A received mail, parsed: what the responder sees, and what the judge screens it by. */
export interface ParsedMail {
  readonly mail: IncomingMail;
  readonly contentHash: string;
  /** The first value of a header, unfolded, or undefined when the mail lacks it. */
  readonly header: (name: string) => string | undefined;
  /** The envelope sender (or the Return-Path header) without brackets; '' is the null return path. */
  readonly returnPath: string | null;
}

const NO_ADDRESS: MailAddress = { name: '', address: '' };

function addresses(field: Address | readonly Address[] | undefined): MailAddress[] {
  const found: MailAddress[] = [];
  for (const entry of field === undefined ? [] : [field].flat()) {
    for (const mailbox of entry.group ?? [entry]) {
      if (mailbox.address) found.push({ name: mailbox.name, address: mailbox.address });
    }
  }
  return found;
}

function headerReader(parsed: Email): (name: string) => string | undefined {
  return (name) => {
    const wanted = name.toLowerCase();
    const found = parsed.headerLines.find(({ key }) => key === wanted);
    if (found === undefined) return undefined;
    const value = found.line.slice(found.line.indexOf(':') + 1);
    return value.replace(/\r?\n[ \t]+/g, ' ').trim();
  };
}

function unbracketed(path: string): string {
  return path
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
}

/** A Message-ID as the judge keeps it: trimmed, in angle brackets. */
function bracketed(id: string): string {
  return `<${unbracketed(id)}>`;
}

function referencesOf(parsed: Email): string[] {
  const references = (parsed.references ?? '')
    .split(/\s+/)
    .filter((id) => id !== '')
    .map(bracketed);
  return parsed.messageId ? [...references, bracketed(parsed.messageId)] : references;
}

/** The Date header's time, or null when the mail has none or it is no date. */
function dateOf(parsed: Email): Date | null {
  const date = parsed.date === undefined ? null : new Date(parsed.date);
  return date !== null && Number.isFinite(date.getTime()) ? date : null;
}

/** How deep HTML may nest before the converter stops descending: a hostile mail cannot exhaust the stack. */
const MAX_HTML_DEPTH = 50;

/**
 * The mail's text; of a mail written only in HTML, that HTML as plain text. The converter is loaded
 * only for such a mail: it and its parser cost more to load than everything else a mail needs.
 */
async function textOf(parsed: Email): Promise<string> {
  if (parsed.text !== undefined || parsed.html === undefined) return parsed.text ?? '';
  const { htmlToText } = await import('html-to-text');
  return htmlToText(parsed.html, { limits: { maxDepth: MAX_HTML_DEPTH } });
}

export async function parseMail(raw: RawMail): Promise<ParsedMail> {
  const parsed = await PostalMime.parse(raw.bytes);
  const header = headerReader(parsed);
  const returnPathHeader = header('return-path');
  const text = (await textOf(parsed)).replace(/\r\n?/g, '\n');
  const mail: IncomingMail = {
    messageId: parsed.messageId ? bracketed(parsed.messageId) : null,
    from: addresses(parsed.from)[0] ?? NO_ADDRESS,
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    date: dateOf(parsed),
    text,
    commandText: commandText(text),
    references: referencesOf(parsed),
  };
  return {
    mail,
    contentHash: contentHash(raw),
    header,
    returnPath: raw.envelopeSender ?? (returnPathHeader === undefined ? null : unbracketed(returnPathHeader)),
  };
}
