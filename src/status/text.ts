/**
 * The byte and line layer of status files. Everything here is exact: splitting and joining give
 * back the same text, and decoding then encoding gives back the same bytes.
 */

type LineEnding = '' | '\n' | '\r\n';

/** One line as read: its text without the ending, and the ending (empty only for an unterminated last line). */
export interface SourceLine {
  readonly text: string;
  readonly eol: LineEnding;
}

export type StatusEncoding = 'utf-8' | 'latin1';

const BYTE_ORDER_MARK = '\uFEFF';

/** Splits text into lines, keeping each line's ending so that joining them gives the text back. */
export function splitLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    if (newline < 0) {
      lines.push({ text: text.slice(start), eol: '' });
      break;
    }
    const crlf = newline > start && text.charCodeAt(newline - 1) === 13;
    lines.push({ text: text.slice(start, crlf ? newline - 1 : newline), eol: crlf ? '\r\n' : '\n' });
    start = newline + 1;
  }
  return lines;
}

/** Separates a leading byte-order mark, which editors on some systems add and expect to find again. */
export function takeByteOrderMark(text: string): { text: string; bom: boolean } {
  return text.startsWith(BYTE_ORDER_MARK) ? { text: text.slice(1), bom: true } : { text, bom: false };
}

export function withByteOrderMark(text: string, bom: boolean): string {
  return bom ? BYTE_ORDER_MARK + text : text;
}

/**
 * Status files are UTF-8, but files carried over from older judges may be Latin-1: decode strictly,
 * fall back to Latin-1, and remember which so that unchanged bytes are written back unchanged.
 */
export function decodeStatusBytes(bytes: Uint8Array): { text: string; encoding: StatusEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: Buffer.from(bytes).toString('latin1'), encoding: 'latin1' };
  }
}

const LATIN1_ONLY = /^[\u0000-\u00ff]*$/;

/** A Latin-1 file that gains a character Latin-1 cannot hold becomes UTF-8 rather than losing it. */
export function encodeStatusText(text: string, encoding: StatusEncoding): Buffer {
  if (encoding === 'latin1' && LATIN1_ONLY.test(text)) return Buffer.from(text, 'latin1');
  return Buffer.from(text, 'utf8');
}

/**
 * Characters that must never be inside a line: line breaks (which would let a value start a line of
 * its own) and other control characters. Tabs separate words in a line, so the reader allows them.
 */
const FORBIDDEN_IN_LINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
const FORBIDDEN_IN_VALUE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A single word: no white space and nothing forbidden in a value. */
const ONE_WORD = /^[^\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/;
/** Words separated by single spaces, nothing forbidden: text already as the reader leaves it. */
const NORMAL_TEXT = /^[^\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+(?: [^\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+)*$/;

/** The first forbidden character of a line, as `U+000D`, or null. */
export function forbiddenCharacterIn(line: string): string | null {
  const match = FORBIDDEN_IN_LINE.exec(line);
  return match ? codePoint(match[0]) : null;
}

export function hasForbiddenValueCharacter(value: string): boolean {
  return FORBIDDEN_IN_VALUE.test(value);
}

export function isOneWord(value: string): boolean {
  return ONE_WORD.test(value);
}

export function isNormalText(value: string): boolean {
  return NORMAL_TEXT.test(value);
}

function codePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A line on its way out: a kept line keeps its ending, a new one gets the file's. */
export interface OutputLine {
  readonly text: string;
  readonly eol: string;
}

/**
 * Joins output lines. Every line but the last ends with a line break; the last ends the way the
 * file's last line did, so a file without a final newline keeps going without one.
 */
export function joinOutputLines(output: readonly OutputLine[], read: readonly SourceLine[], newline: string): string {
  const endsOpen = read.length > 0 && read[read.length - 1]!.eol === '';
  return output.map((line, index) => line.text + (index === output.length - 1 && endsOpen ? '' : line.eol || newline)).join('');
}

/** The line ending new lines get: the file's own (its first line's), else a plain newline. */
export function preferredLineEnding(lines: readonly SourceLine[]): '\n' | '\r\n' {
  return lines.find((line) => line.eol !== '')?.eol === '\r\n' ? '\r\n' : '\n';
}

/** Words of a line: any run of white space separates, leading and trailing space is ignored. */
export function wordsOf(line: string): string[] {
  const trimmed = line.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

/** The text after the first word, with its spacing normalised to single spaces. */
export function restAfterFirstWord(words: readonly string[]): string {
  return words.slice(1).join(' ');
}
