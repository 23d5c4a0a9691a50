import type { UnitType } from '../map/model.js';

/** What an order word means before the phase gives it its final sense (`R` retreats or removes). */
export type Verb = 'hold' | 'move' | 'retreat' | 'support' | 'convoy' | 'proxy' | 'disband' | 'build' | 'remove' | 'waive';

/** An order word's meaning, with the word as the table spells it (`S` for `S.`). */
export type Keyword = { kind: 'type'; type: UnitType; word: string } | { kind: 'verb'; verb: Verb; word: string } | { kind: 'filler'; word: string };

const TYPE_WORDS: Record<string, UnitType> = { A: 'A', ARMY: 'A', F: 'F', FLEET: 'F' };

const VERB_WORDS: Record<string, Verb> = {
  H: 'hold',
  HOLD: 'hold',
  HOLDS: 'hold',
  STAND: 'hold',
  STANDS: 'hold',
  M: 'move',
  MOVE: 'move',
  MOVES: 'move',
  TO: 'move',
  R: 'retreat',
  RETREAT: 'retreat',
  RETREATS: 'retreat',
  S: 'support',
  SUP: 'support',
  SUPP: 'support',
  SUPPORT: 'support',
  SUPPORTS: 'support',
  C: 'convoy',
  CONVOY: 'convoy',
  CONVOYS: 'convoy',
  P: 'proxy',
  PROXY: 'proxy',
  PROXIES: 'proxy',
  PROXYING: 'proxy',
  D: 'disband',
  DISBAND: 'disband',
  DISBANDS: 'disband',
  B: 'build',
  BUILD: 'build',
  BUILDS: 'build',
  REMOVE: 'remove',
  REMOVES: 'remove',
  WAIVE: 'waive',
  WAIVES: 'waive',
  WAIVED: 'waive',
};

/** Words people put around orders that carry no meaning (`The fleet in Trieste ...`, `F NWG sea`). */
const FILLER_WORDS = new Set(['THE', 'IN', 'AT', 'FROM', 'OF', 'SEA', 'ON', 'UNIT']);

/** Words that, before CONVOY, ask for a convoyed move. */
export const VIA_WORDS = new Set(['VIA', 'BY']);

/** Every order word with its meaning, made once: reading a word allocates nothing. */
const KEYWORDS = new Map<string, Keyword>([
  ...Object.entries(TYPE_WORDS).map(([word, type]): [string, Keyword] => [word, { kind: 'type', type, word }]),
  ...Object.entries(VERB_WORDS).map(([word, verb]): [string, Keyword] => [word, { kind: 'verb', verb, word }]),
  ...[...FILLER_WORDS].map((word): [string, Keyword] => [word, { kind: 'filler', word }]),
]);

export function keyword(word: string): Keyword | null {
  return KEYWORDS.get(word.includes('.') ? word.replace(/\./g, '') : word) ?? null;
}

/** Every word with a meaning of its own in orders, whatever the map. */
export const ORDER_WORDS: readonly string[] = [...KEYWORDS.keys(), ...VIA_WORDS];
