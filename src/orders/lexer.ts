/**
 * Splits an order line into words and symbols, keeping each token's offsets so that place names
 * can be matched against the raw text they span (`Mid-Atlantic Ocean`, `spa(nc)`, `st. petersburg`).
 */

type TokenKind = 'word' | 'dash' | 'slash' | 'open' | 'close' | 'plus' | 'star' | 'colon';

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

const WORD = 1;
const SEPARATOR = 2;

/**
 * ASCII characters by code: WORD for letters, digits and `.'_`; SEPARATOR for white space, commas
 * and semicolons, which only separate tokens; 0 for the rest.
 */
const ASCII_CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  if (letter || (code >= 48 && code <= 57) || code === 46 || code === 39 || code === 95) ASCII_CLASS[code] = WORD;
  else if (code === 32 || code === 44 || code === 59 || (code >= 9 && code <= 13)) ASCII_CLASS[code] = SEPARATOR;
}

/** How many UTF-16 units the letter or digit outside ASCII at `index` takes, or 0 for another character. */
function nonAsciiWordLength(text: string, index: number): number {
  const point = text.codePointAt(index)!;
  return NON_ASCII_WORD.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

/** White space outside ASCII. */
function isNonAsciiSeparator(text: string, index: number): boolean {
  return /\s/.test(text[index]!);
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

/**
 * Scanned by character codes, each read once where it can be: a regular expression per character
 * made lexing a tenth of reading an order. A line is upper-cased once, when its first word that
 * needs it is met (one with a lower-case letter or a letter outside ASCII), and its words cut from
 * that copy; a line written in capitals, as most are, is not copied. When upper-casing changes the
 * line's length (`ß` is `SS`), its words are upper-cased one by one.
 */
export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  let upper: string | null = null;
  let index = 0;
  let spaced = true;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    const asciiClass = code < 128 ? ASCII_CLASS[code]! : 0;
    if (asciiClass === SEPARATOR || (code > 127 && isNonAsciiSeparator(text, index))) {
      index++;
      spaced = true;
      continue;
    }
    let kind: TokenKind;
    let end: number;
    let cased = false;
    if (asciiClass === WORD || (code > 127 && nonAsciiWordLength(text, index) > 0)) {
      kind = 'word';
      end = index;
      while (end < length) {
        const next = text.charCodeAt(end);
        if (next < 128) {
          if (ASCII_CLASS[next] !== WORD) break;
          // Of the ASCII word characters only the lower-case letters come from `a` on.
          if (next >= 97) cased = true;
          end++;
        } else {
          const more = nonAsciiWordLength(text, end);
          if (more === 0) break;
          cased = true;
          end += more;
        }
      }
    } else {
      const arrow = arrowLength(text, index);
      if (arrow > 0) {
        kind = 'dash';
        end = index + arrow;
      } else {
        const symbol = SYMBOLS.get(code);
        if (symbol === undefined) return { ok: false, reason: `unexpected '${text[index]}'` };
        kind = symbol;
        end = index + 1;
      }
    }
    let word: string;
    if (kind === 'dash') word = '-';
    else if (!cased) word = text.slice(index, end);
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
