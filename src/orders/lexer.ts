/**
 * Splits an order line into words and symbols, keeping each token's offsets so that place names
 * can be matched against the raw text they span (`Mid-Atlantic Ocean`, `spa(nc)`, `st. petersburg`).
 */

export type TokenKind = 'word' | 'dash' | 'slash' | 'open' | 'close' | 'plus' | 'star' | 'colon';

export interface Token {
  kind: TokenKind;
  /** Upper-case text; for a dash always `-`. */
  text: string;
  start: number;
  end: number;
  /** White space separates it from the previous token. */
  spaced: boolean;
}

/** Letters and digits outside ASCII, by code point, so that astral letters count too. */
const NON_ASCII_WORD = /^[\p{L}\p{N}]/u;

/** ASCII letters, digits and `.'_`, by character code. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  ASCII_WORD[code] = letter || (code >= 48 && code <= 57) || code === 46 || code === 39 || code === 95 ? 1 : 0;
}

/** How many UTF-16 units the word character at `index` takes (letters, digits, `.'_`), or 0. */
function wordCharLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII_WORD[code]!;
  const point = text.codePointAt(index)!;
  return NON_ASCII_WORD.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

/** White space, commas and semicolons only separate tokens. */
function isSeparator(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code === 32 || code === 44 || code === 59 || (code >= 9 && code <= 13)) return true;
  return code > 127 && /\s/.test(text[index]!);
}

/** Length of an arrow (`->`, `-->`, `=>`, `→`) starting at `index`, or 0. */
function arrowLength(text: string, index: number): number {
  const first = text.charCodeAt(index);
  if (first === 0x2192) return 1;
  if (first !== 45 && first !== 61) return 0;
  let end = index;
  while (text.charCodeAt(end) === first) end++;
  return text.charCodeAt(end) === 62 ? end + 1 - index : 0;
}

/** The symbols by character code, so that telling one needs no string made of the character. */
const SYMBOLS = new Map<number, TokenKind>(
  (
    [
      ['-', 'dash'],
      ['–', 'dash'],
      ['—', 'dash'],
      ['/', 'slash'],
      ['(', 'open'],
      ['[', 'open'],
      [')', 'close'],
      [']', 'close'],
      ['+', 'plus'],
      ['*', 'star'],
      [':', 'colon'],
    ] as const
  ).map(([symbol, kind]) => [symbol.charCodeAt(0), kind]),
);

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; reason: string };

/** Whether upper-casing may change a word: of its characters only lower-case letters and those outside ASCII come at or after `a`. */
function mayChangeCase(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (text.charCodeAt(index) >= 97) return true;
  return false;
}

/**
 * Scanned by character codes: a regular expression per character made lexing a tenth of reading an
 * order. A line is upper-cased once, when its first word that needs it is met, and its words cut
 * from that copy; a line written in capitals, as most are, is not copied. When upper-casing changes
 * the line's length (`ß` is `SS`), its words are upper-cased one by one.
 */
export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  let upper: string | null = null;
  let index = 0;
  let spaced = true;
  while (index < text.length) {
    if (isSeparator(text, index)) {
      index++;
      spaced = true;
      continue;
    }
    let kind: TokenKind;
    let length = arrowLength(text, index);
    if (length > 0) {
      kind = 'dash';
    } else if ((length = wordCharLength(text, index)) > 0) {
      kind = 'word';
      for (let more = length; more > 0 && index + length < text.length; length += more) more = wordCharLength(text, index + length);
    } else {
      const symbol = SYMBOLS.get(text.charCodeAt(index));
      if (symbol === undefined) return { ok: false, reason: `unexpected '${text[index]}'` };
      kind = symbol;
      length = 1;
    }
    const end = index + length;
    let word: string;
    if (kind === 'dash') word = '-';
    else if (!mayChangeCase(text, index, end)) word = text.slice(index, end);
    else {
      upper ??= text.toUpperCase();
      word = upper.length === text.length ? upper.slice(index, end) : text.slice(index, end).toUpperCase();
    }
    tokens.push({ kind, text: word, start: index, end, spaced });
    index = end;
    spaced = false;
  }
  return { ok: true, tokens };
}
