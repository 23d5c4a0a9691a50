import { simpleParser, type AddressObject, type ParsedMail as MailparserMail } from 'mailparser';
import { commandText } from './body.js';
import type { IncomingMail, MailAddress } from './processor.js';
import { contentHash, type RawMail } from './raw-mail.js';

/** A received mail, parsed: what the processor sees, and what the judge screens it by. */
export interface ParsedMail {
  readonly mail: IncomingMail;
  readonly contentHash: string;
  /** The first value of a header, unfolded, or undefined when the mail lacks it. */
  readonly header: (name: string) => string | undefined;
  /** The envelope sender (or the Return-Path header) without brackets; '' is the null return path. */
  readonly returnPath: string | null;
}

const NO_ADDRESS: MailAddress = { name: '', address: '' };

function addresses(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const found: MailAddress[] = [];
  for (const { value } of objects) {
    for (const entry of value) {
      if (entry.address) found.push({ name: entry.name ?? '', address: entry.address });
      for (const member of entry.group ?? []) {
        if (member.address) found.push({ name: member.name ?? '', address: member.address });
      }
    }
  }
  return found;
}

function headerReader(parsed: MailparserMail): (name: string) => string | undefined {
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

function referencesOf(parsed: MailparserMail): string[] {
  const references = parsed.references === undefined ? [] : [parsed.references].flat();
  return parsed.messageId ? [...references, parsed.messageId] : references;
}

export async function parseMail(raw: RawMail): Promise<ParsedMail> {
  const parsed = await simpleParser(raw.bytes, { skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  const header = headerReader(parsed);
  const returnPathHeader = header('return-path');
  const text = (parsed.text ?? '').replace(/\r\n?/g, '\n');
  const mail: IncomingMail = {
    messageId: parsed.messageId ?? null,
    from: addresses(parsed.from)[0] ?? NO_ADDRESS,
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    date: parsed.date ?? null,
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
