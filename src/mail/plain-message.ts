import type { OutgoingMail } from '../store/outgoing-mail.js';

/**
 * The whole message of a mail that needs no encoding, written out as text: most of what the judge
 * sends is an English reply without attachments, and nodemailer's MIME builder spent a fifth of the
 * daemon's time on each (header by header, the body through its encoders) to produce these same
 * lines. A mail that needs more (an attachment, a letter outside ASCII, a line longer than a mail
 * line may be) is null here, and built by nodemailer.
 */

/** The longest line a mail may carry, without its CRLF (RFC 5322, 2.1.1). */
const MAX_LINE = 998;
/** The length a line should keep within (RFC 5322, 2.1.1). */
const SHORT_LINE = 78;

/** Printable ASCII and tabs: what a header value or a 7bit body may hold as it is. */
const PLAIN = /^[\t\x20-\x7e]*$/;
/** A display name that needs no quoting: RFC 5322 atoms and the spaces between them. */
const ATOMS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;
/** An address as it is, with nothing to quote or encode. */
const ADDRESS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]+@[A-Za-z0-9.-]+$/;

export interface PlainMessageHeaders {
  readonly from: { readonly name: string; readonly address: string };
  readonly messageId: string;
  readonly date: Date;
  /** Written first, as they are: the judge's own fixed headers. */
  readonly extra: Readonly<Record<string, string>>;
}

/** The Message-IDs of a thread's chain: on one line while it is short, else one a line, so that a long chain keeps within the line limit. */
function references(ids: readonly string[]): string {
  const line = ids.join(' ');
  return 'References: '.length + line.length <= SHORT_LINE ? line : ids.join('\r\n ');
}

/** The message with CRLF line ends, or null when it needs nodemailer's MIME builder. */
export function plainMessage(mail: OutgoingMail, headers: PlainMessageHeaders): string | null {
  if ((mail.attachments?.length ?? 0) > 0) return null;
  const { from } = headers;
  if (!ATOMS.test(from.name) || !ADDRESS.test(from.address) || !mail.to.every((to) => ADDRESS.test(to))) return null;
  const thread = mail.answers;
  const ids = [headers.messageId, thread?.inReplyTo ?? '', ...(thread?.references ?? [])];
  if (!ids.every((id) => PLAIN.test(id)) || !PLAIN.test(mail.subject) || mail.subject.length > MAX_LINE - 'Subject: '.length) return null;
  const lines = mail.text.split(/\r?\n/);
  if (!lines.every((line) => line.length <= MAX_LINE && PLAIN.test(line))) return null;

  const head = [
    ...Object.entries(headers.extra).map(([name, value]) => `${name}: ${value}`),
    `From: ${from.name === '' ? from.address : `${from.name} <${from.address}>`}`,
    `To: ${mail.to.join(', ')}`,
    ...(thread?.inReplyTo ? [`In-Reply-To: ${thread.inReplyTo}`] : []),
    ...(thread && thread.references.length > 0 ? [`References: ${references(thread.references)}`] : []),
    `Subject: ${mail.subject}`,
    `Message-ID: ${headers.messageId}`,
    `Date: ${headers.date.toUTCString().replace(/GMT$/, '+0000')}`,
    'Content-Transfer-Encoding: 7bit',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return `${head.join('\r\n')}\r\n\r\n${lines.join('\r\n')}`;
}
