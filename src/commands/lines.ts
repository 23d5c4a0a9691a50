import { splitLines } from '../status/text.js';
import type { ParseProblem, SourceLine } from './types.js';

/**
 * The lines of a mail as the command reader sees them. DPjudge lets a mail program that cannot send
 * line breaks write `\\` and then a punctuation mark that stands for one for the rest of the line
 * (`\\; signon Egame pw;list`); each piece becomes a line of its own, numbered as the line it is on.
 */

const WIRELESS_PREFIX = '\\\\';

function wirelessPieces(line: number, text: string): SourceLine[] | ParseProblem {
  const afterPrefix = text.trimStart().slice(WIRELESS_PREFIX.length).trimStart();
  const separator = afterPrefix.charAt(0);
  if (separator === '' || /[\p{L}\p{N}]/u.test(separator))
    return { line, text, reason: 'after \\\\ must come the mark that stands for a line break, such as ; or :' };
  return afterPrefix
    .slice(1)
    .split(separator)
    .map((piece) => ({ line, text: piece }));
}

export function mailLines(body: string): { lines: SourceLine[]; problems: ParseProblem[] } {
  const lines: SourceLine[] = [];
  const problems: ParseProblem[] = [];
  splitLines(body).forEach(({ text }, index) => {
    const line = index + 1;
    if (!text.trimStart().startsWith(WIRELESS_PREFIX)) {
      lines.push({ line, text });
      return;
    }
    const pieces = wirelessPieces(line, text);
    if (Array.isArray(pieces)) lines.push(...pieces);
    else problems.push(pieces);
  });
  return { lines, problems };
}

/** `//` lines are ignored everywhere, even inside press. */
export function isComment(text: string): boolean {
  return text.trimStart().startsWith('//');
}

/** Quoted reply text: ignored outside press. */
export function isQuoted(text: string): boolean {
  return text.trimStart().startsWith('>');
}

/** `-- ` (RFC 3676), also when a mail program trimmed its trailing space: the rest is a signature. */
export function isSignatureSeparator(text: string): boolean {
  return text.trimEnd() === '--';
}

/** The English attribution mail programs write above a quote: "On <date>, <someone> wrote:". */
const ENGLISH_ATTRIBUTION = /^On\s.*\swrote:$/i;

/**
 * How many lines from `index` make a mail program's attribution of a quote, 0 when none: a line
 * ending in a colon that a `>` quote follows, or "On ... wrote:" on one line or wrapped onto a second
 * ("On Tue, 24 Nov 2026, Judge <judge@example.org>" / "wrote:"), also when no `>` quote follows (an
 * HTML mail's quote turned into plain text).
 */
export function attributionLength(texts: readonly string[], index: number): number {
  const line = texts[index]!.trim();
  if (ENGLISH_ATTRIBUTION.test(line)) return 1;
  if (/^On\s/i.test(line) && /^wrote:$/i.test(texts[index + 1]?.trim() ?? '')) return 2;
  if (!line.endsWith(':')) return 0;
  for (let next = index + 1; next < texts.length; next++) {
    if (texts[next]!.trim() === '') continue;
    return isQuoted(texts[next]!) ? 1 : 0;
  }
  return 0;
}
