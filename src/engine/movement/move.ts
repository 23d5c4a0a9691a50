import type { Decisions } from './decided.js';
import { EMPTY, attackStrength, defender, headToHead, holdStrength, moveStrength, preventStrength } from './strength.js';

/**
 * A move succeeds when its convoy (if any) arrives and its attack beats the defence: the strength of
 * a unit moving head to head against it, or else the hold of the destination; and every other move
 * into the destination.
 */
export function moveSucceeds(decisions: Decisions, unit: number): boolean {
  const battle = decisions.battle;
  if (battle.convoyed[unit] === 1 && !decisions.path(unit)) return false;
  const dest = battle.dest[unit]!;
  const attack = attackStrength(decisions, unit);
  const occupant = defender(decisions, unit);
  if (occupant >= 0 && headToHead(decisions, unit, occupant)) {
    if (attack <= moveStrength(decisions, occupant)) return false;
  } else if (attack <= (occupant < 0 ? EMPTY : holdStrength(decisions, dest))) {
    return false;
  }
  for (let rival = battle.firstMoveInto[dest]!; rival >= 0; rival = battle.nextMoveInto[rival]!) {
    if (rival !== unit && attack <= preventStrength(decisions, rival)) return false;
  }
  return true;
}
