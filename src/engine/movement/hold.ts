import type { Decisions } from './decided.js';

/** A unit that holds (or has no valid order) holds when nobody dislodges it. */
export function holds(decisions: Decisions, unit: number): boolean {
  return dislodger(decisions, unit) < 0;
}

/** The unit that moved into this unit's province, or -1. */
export function dislodger(decisions: Decisions, unit: number): number {
  const battle = decisions.battle;
  for (let mover = battle.firstMoveInto[battle.province[unit]!]!; mover >= 0; mover = battle.nextMoveInto[mover]!) {
    if (decisions.order(mover)) return mover;
  }
  return -1;
}
