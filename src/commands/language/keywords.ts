import type { KeywordRule, KeywordTable } from './grammar.js';

/**
 * Looking a line's keyword up in the keyword table. The table holds every command but the press
 * commands, whose bodies span several lines and are read by the parser itself; SET commands are
 * looked up by their two words (`SET ADDRESS`).
 */

export type KeywordMatch =
  | { readonly found: 'command'; readonly keyword: string; readonly rule: KeywordRule; readonly words: readonly string[] }
  /** A SET line with nothing or something unknown after SET. */
  | { readonly found: 'bad SET'; readonly reason: string }
  | { readonly found: 'nothing' };

/** The keyword a line starts with: its first word, or its first two for SET. */
export function keywordOf(words: readonly string[]): string {
  const first = (words[0] ?? '').toUpperCase();
  return first === 'SET' && words.length > 1 ? `SET ${words[1]!.toUpperCase()}` : first;
}

function setWords(keywords: KeywordTable): string {
  return Object.keys(keywords)
    .filter((keyword) => keyword.startsWith('SET '))
    .map((keyword) => keyword.slice('SET '.length))
    .join(', ');
}

export function matchKeyword(keywords: KeywordTable, words: readonly string[]): KeywordMatch {
  const keyword = keywordOf(words);
  const rule = Object.hasOwn(keywords, keyword) ? keywords[keyword] : undefined;
  if (rule !== undefined) return { found: 'command', keyword, rule, words: words.slice(keyword.split(' ').length) };
  if (keyword === 'SET') return { found: 'bad SET', reason: `SET needs what to set: ${setWords(keywords)}` };
  if (keyword.startsWith('SET ')) return { found: 'bad SET', reason: `${keyword} is not a command; SET takes ${setWords(keywords)}` };
  return { found: 'nothing' };
}
