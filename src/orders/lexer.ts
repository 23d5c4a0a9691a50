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

// Sticky: matched where `lastIndex` stands, so that a long line is never copied once per token.
const ARROWS = /(?:-+>|=+>|→)/y;
const WORD = /[\p{L}\p{N}.'_]+/uy;
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

export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  let index = 0;
  let spaced = true;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s|,|;/.test(char)) {
      index++;
      spaced = true;
      continue;
    }
    const arrow = matchAt(ARROWS, text, index);
    const word = arrow ? null : matchAt(WORD, text, index);
    let kind: TokenKind;
    let length: number;
    if (arrow) {
      kind = 'dash';
      length = arrow[0].length;
    } else if (word) {
      kind = 'word';
      length = word[0].length;
    } else if (SYMBOLS[char]) {
      kind = SYMBOLS[char];
      length = 1;
    } else {
      return { ok: false, reason: `unexpected '${char}'` };
    }
    const raw = text.slice(index, index + length);
    tokens.push({ kind, text: kind === 'dash' ? '-' : raw.toUpperCase(), start: index, end: index + length, spaced });
    index += length;
    spaced = false;
  }
  return { ok: true, tokens };
}

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}
