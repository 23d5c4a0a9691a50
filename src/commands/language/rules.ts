import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { CommandBody } from './types.js';

/** What a keyword's reader gets: the words after the keyword, and whether a SIGNON came first. */
export interface Invocation {
  /** The keyword as looked up, upper case (for SET, `SET ADDRESS` etc.). */
  readonly keyword: string;
  readonly words: readonly string[];
  /** The words after the keyword joined by single spaces, case kept. */
  readonly rest: string;
  readonly signedOn: boolean;
}

/** One row of the keyword table. */
export interface KeywordRule {
  /** `signon`: the command acts for the signed-on player, so before a SIGNON it is refused. */
  readonly needs: 'nothing' | 'signon';
  readonly read: (call: Invocation) => Verdict<CommandBody>;
}

export type KeywordTable = Readonly<Record<string, KeywordRule>>;

/**
 * Why a command has the wrong number of words, or null: `missing[n]` says what is missing when only
 * `n` words were given, `tooMany` what is wrong past `most` words.
 */
export function wordCountProblem(words: readonly string[], missing: readonly string[], most: number, tooMany: string): string | null {
  if (words.length < missing.length) return missing[words.length]!;
  return words.length > most ? tooMany : null;
}

/** A command that is its keyword alone (CLEAR, FORM, SET WAIT...). */
export function alone(needs: KeywordRule['needs'], body: CommandBody): KeywordRule {
  return {
    needs,
    read: (call) => (call.words.length === 0 ? accept(body) : refuse(`${call.keyword} takes nothing after it`)),
  };
}
