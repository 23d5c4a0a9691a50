/**
 * The kinds of line a mail program writes around what its user typed: comments, `>` quotes, the
 * signature separator, the attribution above a quote. The mail layer (which text of a mail carries
 * commands) and the command reader (which lines it reads) judge them by the same rules.
 */

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
