import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { Command, CommandBody } from './types.js';

/**
 * What the parser is told about the commands: the keyword table and the few facts of each kind it
 * needs. Both are derived from the command registry (`run/registry.ts`), the one place a command is
 * described; this layer only reads them.
 */

/** What a keyword's reader gets: the words after the keyword, and whether a SIGNON came first. */
export interface Invocation {
  /** The keyword as looked up, upper case (for SET, `SET ADDRESS` etc.). */
  readonly keyword: string;
  readonly words: readonly string[];
  /** The words after the keyword joined by single spaces, case kept. */
  readonly rest: string;
  readonly signedOn: boolean;
}

/** Reads the words after a keyword into a command, or says why they are not one. */
export type Reader = (call: Invocation) => Verdict<CommandBody>;

/** One row of the keyword table. */
export interface KeywordRule {
  /** `signon`: the command acts for the signed-on player, so before a SIGNON it is refused. */
  readonly needs: 'nothing' | 'signon';
  readonly read: Reader;
  /** What the command the keyword mostly reads does to the session: a refused SIGNON closes it. */
  readonly session: SessionEffect;
}

export type KeywordTable = Readonly<Record<string, KeywordRule>>;

/** What a command does to the mail's session: the lines after it act for the place it opens, or for nobody. */
export type SessionEffect = 'opens' | 'closes' | 'keeps';

/** A mail's limits (`MAIL_LIMITS`): a password check is counted, a query asked twice is answered once. */
export type MailLimit = 'password check' | 'query' | 'none';

export interface KindFacts {
  readonly session: SessionEffect;
  readonly limit: MailLimit;
}

export interface Grammar {
  readonly keywords: KeywordTable;
  readonly facts: (kind: Command['kind']) => KindFacts;
}

/**
 * Why a command has the wrong number of words, or null: `missing[n]` says what is missing when only
 * `n` words were given, `tooMany` what is wrong past `most` words.
 */
export function wordCountProblem(words: readonly string[], missing: readonly string[], most: number, tooMany: string): string | null {
  if (words.length < missing.length) return missing[words.length]!;
  return words.length > most ? tooMany : null;
}

/** A command that is its keyword alone (CLEAR, FORM, SET WAIT...). */
export function alone(body: CommandBody): Reader {
  return (call) => (call.words.length === 0 ? accept(body) : refuse(`${call.keyword} takes nothing after it`));
}
