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

/** How many UTF-16 units the word character at `index` takes (letters, digits, `.'_`), or 0. */
function wordCharLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) {
    const word = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 46 || code === 39 || code === 95;
    return word ? 1 : 0;
  }
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

const SYMBOLS: Record<string, TokenKind> = {
  '-': 'dash',
  '–': 'dash',
  '—': 'dash',
  '/': 'slash',
  '(': 'open',
  '[': 'open',
  ')': 'close',
  ']': 'close',
  '+': 'plus',
  '*': 'star',
  ':': 'colon',
};

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; reason: string };

/** Scanned by character codes: a regular expression per character made lexing a tenth of reading an order. */
export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  let index = 0;
  let spaced = true;
  while (index < text.length) {
    if (isSeparator(text, index)) {
      index++;
      spaced = true;
      continue;
    }
    const char = text[index]!;
    let kind: TokenKind;
    let length = arrowLength(text, index);
    if (length > 0) {
      kind = 'dash';
    } else if ((length = wordCharLength(text, index)) > 0) {
      kind = 'word';
      for (let more = length; more > 0 && index + length < text.length; length += more) more = wordCharLength(text, index + length);
    } else if (SYMBOLS[char]) {
      kind = SYMBOLS[char];
      length = 1;
    } else {
      return { ok: false, reason: `unexpected '${char}'` };
    }
    const end = index + length;
    tokens.push({ kind, text: kind === 'dash' ? '-' : text.slice(index, end).toUpperCase(), start: index, end, spaced });
    index = end;
    spaced = false;
  }
  return { ok: true, tokens };
}
