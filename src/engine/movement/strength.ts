import { MOVE, NORMAL, WEAK } from './battle.js';
import type { Decisions } from './decided.js';

/**
 * The strengths of DATC section 5 that the order kinds weigh against each other. They are doubled
 * so that `*` half-strength moves stay integers: a unit counts 2, each support 2. An empty or vacated
 * province defends with EMPTY (-1), so that a `~` move without support (strength 0) still enters an
 * empty space but bounces off any other attempt. Under WEAK_BOUNCES a unit whose move bounced
 * defends with 0: any attack of strength dislodges it, unless the attackers stand each other off (a
 * beleaguered garrison).
 */

export const EMPTY = -1;
const NOBODY = -1;

/**
 * The unit standing in the move's destination, or -1. An army convoyed back to its own province
 * (CONVOY_BACK) finds nobody there: it left the province itself.
 */
export function defender(decisions: Decisions, unit: number): number {
  const battle = decisions.battle;
  const occupant = battle.board.occupant[battle.dest[unit]!]!;
  return occupant === unit ? NOBODY : occupant;
}

/** Both units move into each other's province without a convoy, and do not pass each other (COASTAL_CRAWL). */
export function headToHead(decisions: Decisions, unit: number, other: number): boolean {
  const battle = decisions.battle;
  return (
    battle.kind[other] === MOVE &&
    battle.dest[other] === battle.province[unit] &&
    battle.convoyed[unit] === 0 &&
    battle.convoyed[other] === 0 &&
    !battle.passEachOther(unit, other)
  );
}

/** The given supports of a unit's order; against a `victim` that stays, only those that may harm it (see `Battle.spares`). */
function supportsGiven(decisions: Decisions, unit: number, victim = NOBODY): number {
  const battle = decisions.battle;
  let supports = 0;
  for (let supporter = battle.firstSupport[unit]!; supporter >= 0; supporter = battle.nextSupport[supporter]!) {
    if ((victim === NOBODY || !battle.spares(supporter, victim)) && decisions.order(supporter)) supports++;
  }
  return supports;
}

/** Strength of a move from the unit's own weight, as its adjacency carries it, and its given supports. */
export function moveStrength(decisions: Decisions, unit: number, victim = NOBODY): number {
  const supports = supportsGiven(decisions, unit, victim);
  const mode = decisions.battle.mode[unit];
  if (mode === NORMAL) return 2 + 2 * supports;
  if (mode === WEAK) return 2 * supports;
  return 1 + supports;
}

/** A move's strength against whoever stays in its destination. */
export function attackStrength(decisions: Decisions, unit: number): number {
  const battle = decisions.battle;
  const occupant = defender(decisions, unit);
  if (occupant < 0) return moveStrength(decisions, unit);
  const leaves = battle.kind[occupant] === MOVE && !headToHead(decisions, unit, occupant) && decisions.order(occupant);
  if (leaves) return moveStrength(decisions, unit);
  // Nobody helps to dislodge their own unit, and no power dislodges its own, without a FIRE rule.
  if (battle.spares(unit, occupant)) return 0;
  return moveStrength(decisions, unit, occupant);
}

/** How strongly a province is held: EMPTY when nobody stays in it. */
export function holdStrength(decisions: Decisions, province: number): number {
  const battle = decisions.battle;
  const occupant = battle.board.occupant[province]!;
  if (occupant < 0) return EMPTY;
  if (battle.kind[occupant] === MOVE) return decisions.order(occupant) ? EMPTY : bouncedStrength(decisions, occupant);
  return 2 + 2 * supportsGiven(decisions, occupant);
}

/**
 * How a unit whose move failed holds its space: as any unit, but under WEAK_BOUNCES (Key's rule)
 * not at all once it bounced. An army whose convoy never came was not bounced, and holds as
 * usual: DPjudge weakens only the units it marks bounced (Game.boing).
 */
function bouncedStrength(decisions: Decisions, unit: number): number {
  const battle = decisions.battle;
  if (!battle.weakBounces) return 2;
  return battle.convoyed[unit] === 1 && !decisions.path(unit) ? 2 : 0;
}

/** How strongly a move keeps others out of its destination; none if its convoy failed or it lost a head-to-head. */
export function preventStrength(decisions: Decisions, unit: number): number {
  const battle = decisions.battle;
  if (battle.convoyed[unit] === 1 && !decisions.path(unit)) return EMPTY;
  const occupant = battle.board.occupant[battle.dest[unit]!]!;
  if (occupant >= 0 && headToHead(decisions, unit, occupant) && decisions.order(occupant)) return EMPTY;
  return moveStrength(decisions, unit);
}

/** The strength a move brings against a unit that stays where it is; none when its own convoy failed. */
export function attackOn(decisions: Decisions, mover: number, victim: number): number {
  if (decisions.battle.convoyed[mover] === 1 && !decisions.path(mover)) return EMPTY;
  return moveStrength(decisions, mover, victim);
}
