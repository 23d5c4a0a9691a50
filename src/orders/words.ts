import type { UnitType } from '../map/model.js';

/** What an order word means before the phase gives it its final sense (`R` retreats or removes). */
export type Verb = 'hold' | 'move' | 'retreat' | 'support' | 'convoy' | 'disband' | 'build' | 'remove' | 'waive';

export type Keyword = { kind: 'type'; type: UnitType } | { kind: 'verb'; verb: Verb } | { kind: 'filler' };

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

export function keyword(word: string): Keyword | null {
  const bare = word.replace(/\./g, '');
  const type = TYPE_WORDS[bare];
  if (type) return { kind: 'type', type };
  const verb = VERB_WORDS[bare];
  if (verb) return { kind: 'verb', verb };
  return FILLER_WORDS.has(bare) ? { kind: 'filler' } : null;
}
