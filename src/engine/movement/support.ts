import { HALF, WEAK } from './battle.js';
import type { Decisions } from './decided.js';
import { moveStrength } from './strength.js';

/** A support is given unless an attack cuts it. */
export function supportGiven(decisions: Decisions, supporter: number): boolean {
  return cutter(decisions, supporter) < 0;
}

/**
 * The unit that cut this support, or -1. An attack from the province the support is aimed at cuts
 * only by dislodging; so does a `*` half-strength attack, and a `~` attack cuts only with support of
 * its own. An army whose convoy failed cuts nothing.
 */
export function cutter(decisions: Decisions, supporter: number): number {
  const battle = decisions.battle;
  const aimedAt = battle.dest[supporter]! >= 0 ? battle.dest[supporter]! : battle.province[battle.target[supporter]!]!;
  for (let mover = battle.firstMoveInto[battle.province[supporter]!]!; mover >= 0; mover = battle.nextMoveInto[mover]!) {
    // A power does not cut its own support, unless a FIRE rule lets it: then its attacks cut like anyone's.
    if (battle.spares(mover, supporter)) continue;
    if (battle.convoyed[mover] === 1 && !decisions.path(mover)) continue;
    const mode = battle.mode[mover];
    const cuts = battle.province[mover] === aimedAt || mode === HALF ? decisions.order(mover) : mode === WEAK ? moveStrength(decisions, mover) > 0 : true;
    if (cuts) return mover;
  }
  return -1;
}
