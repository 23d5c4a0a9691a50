import { BUILT_IN_ROLES, MAP_POWER_ROLE } from './model.js';

const GAME_KEYWORD_LIST = [
  'GAME',
  'PHASE',
  'AWAIT',
  'SKIP',
  'WAIT',
  'DEADLINE',
  'ZONE',
  'TIMING',
  'DELAY',
  'PRIVATE',
  'RULE',
  'MAP',
  'TRIAL',
  'MORPH',
  'TEAM',
  'TEAMS',
  'MASTER',
  'PASSWORD',
  'TESTER',
  'START',
  'FINISH',
  'RESULT',
  'DESC',
  'DESCRIPTION',
  'NAME',
  'ALLOW',
  'PROPOSAL',
  'NEED',
  'ROTATE',
  'CAP',
  'TAX',
] as const;

/** Units start with their type, A or F; every other line of a power block with one of these. */
const POWER_KEYWORD_LIST = [
  'ADDRESS',
  'PLAYER',
  'PASSWORD',
  'CONTROL',
  'VOTE',
  'OWNS',
  'WAIT',
  'RETREAT',
  'DISBAND',
  'BUILD',
  'REMOVE',
  'MSG',
  'OMNISCIENT',
  'OMNISCIENT!',
  'HOME',
  'FUNDS',
  'SEES',
  'ORDERS',
  'SOONER',
  'LATER',
  'ACCEPT',
  'SENT',
] as const;

export type GameKeyword = (typeof GAME_KEYWORD_LIST)[number];
export type PowerKeyword = (typeof POWER_KEYWORD_LIST)[number];

const GAME_KEYWORDS: ReadonlySet<string> = new Set(GAME_KEYWORD_LIST);
const POWER_KEYWORDS: ReadonlySet<string> = new Set(POWER_KEYWORD_LIST);

/** Upper-case words that start game lines. */
export function isGameKeyword(word: string): word is GameKeyword {
  return GAME_KEYWORDS.has(word);
}

/** Upper-case words that start the lines of a power block. */
export function isPowerKeyword(word: string): word is PowerKeyword {
  return POWER_KEYWORDS.has(word);
}

/** The three order lists of a power, by the word that starts each. */
export const ORDER_LISTS = { ORDERS: 'orders', SOONER: 'sooner', LATER: 'later' } as const;
type OrderListKeyword = keyof typeof ORDER_LISTS;
export type OrderList = (typeof ORDER_LISTS)[OrderListKeyword];

/** Every word that means something at the start of a line; any other lone word names a power. */
const RESERVED: ReadonlySet<string> = new Set([...GAME_KEYWORDS, ...POWER_KEYWORDS, ...BUILT_IN_ROLES, MAP_POWER_ROLE, 'END', 'A', 'F']);

export function isReservedWord(word: string): boolean {
  return RESERVED.has(word.toUpperCase());
}

/**
 * Whether a line starts a power block: `[POWER] name` (the word POWER is optional, so any lone word
 * that is not a keyword), or `role name` for OBSERVER, MONITOR and the ALLOWed roles.
 */
export function readsAsPowerHeader(words: readonly string[], roles: ReadonlySet<string>): boolean {
  if (words.length === 1) return !isReservedWord(words[0]!);
  if (words.length !== 2) return false;
  const first = words[0]!.toUpperCase();
  return first === MAP_POWER_ROLE || roles.has(first);
}

export function orderListOf(words: readonly string[]): OrderList | null {
  if (words.length !== 1) return null;
  const upper = words[0]!.toUpperCase();
  return upper in ORDER_LISTS ? ORDER_LISTS[upper as OrderListKeyword] : null;
}

export function rolesOf(allow: readonly string[]): Set<string> {
  return new Set([...BUILT_IN_ROLES, ...allow]);
}
