import { createHash } from 'node:crypto';

/**
 * A mail as a source hands it over. For a mail larger than the configured limit only its header
 * block is read (`bytes` is then shorter than `size`): enough to answer it, no more.
 */
export interface RawMail {
  readonly bytes: Buffer;
  /** The size of the whole mail in bytes. */
  readonly size: number;
  /** The envelope sender when the source knows it apart from the headers (an mbox `From ` line). */
  readonly envelopeSender: string | null;
}

export function isHeaderOnly(raw: RawMail): boolean {
  return raw.bytes.length < raw.size;
}

/** Where the header block ends (after its blank line), or the whole length when there is no body. */
function headerEnd(bytes: Buffer): number {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return crlf + 4;
  if (lf >= 0) return lf + 2;
  return bytes.length;
}

/**
 * Delivery agents (procmail, `.forward` pipes) hand the mail over in mbox form, with a first line
 * `From <envelope sender> <date>` that is no header; it is the only place the return path shows.
 */
export function fromPipe(bytes: Buffer, maxBytes: number, size = bytes.length): RawMail {
  let envelopeSender: string | null = null;
  let mail = bytes;
  if (bytes.subarray(0, 5).toString('latin1') === 'From ') {
    const lineEnd = bytes.indexOf('\n');
    const line = bytes.subarray(5, lineEnd < 0 ? bytes.length : lineEnd).toString('latin1');
    envelopeSender = line.trim().split(/\s+/)[0] ?? '';
    mail = lineEnd < 0 ? Buffer.alloc(0) : bytes.subarray(lineEnd + 1);
    size -= bytes.length - mail.length;
  }
  return limited(mail, size, maxBytes, envelopeSender);
}

/** A mail read from a file or a server: the whole of it, or only its header block when too large. */
export function limited(bytes: Buffer, size: number, maxBytes: number, envelopeSender: string | null = null): RawMail {
  if (size <= maxBytes) return { bytes, size, envelopeSender };
  return { bytes: bytes.subarray(0, Math.min(headerEnd(bytes), maxBytes)), size, envelopeSender };
}

/** Headers each hop of a delivery adds or rewrites: the same mail delivered twice differs in them. */
const TRACE_HEADERS = new Set(['received', 'return-path', 'delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-from', 'x-envelope-to']);

/**
 * A hash of what the sender wrote: the headers less the delivery trace, and the body, with line ends
 * normalised, so that a redelivery or a fetch over another route gives the same hash.
 */
export function contentHash(raw: RawMail): string {
  const end = headerEnd(raw.bytes);
  const header = raw.bytes.subarray(0, end).toString('latin1').replace(/\r\n/g, '\n');
  const fields = header.replace(/\n[ \t]+/g, ' ').split('\n');
  const kept = fields.filter((field) => {
    const name = field.slice(0, field.indexOf(':')).trim().toLowerCase();
    return field.trim() !== '' && !TRACE_HEADERS.has(name);
  });
  const hash = createHash('sha256').update(kept.join('\n')).update('\n\n');
  if (isHeaderOnly(raw)) hash.update(`[${raw.size} bytes not read]`);
  else hash.update(raw.bytes.subarray(end).toString('latin1').replace(/\r\n/g, '\n'));
  return hash.digest('hex');
}
