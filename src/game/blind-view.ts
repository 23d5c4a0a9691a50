import { FULL_SIGHT, NO_SIGHT, blindRules, sightOf, type BlindRules, type Sight } from '../engine/visibility.js';
import type { OrderOutcome, Position, Unit } from '../engine/types.js';
import type { GameMap } from '../map/game-map.js';
import type { UnitType } from '../map/model.js';
import { findPower, type GameStatus } from '../status/model.js';
import type { RulesInForce } from '../rules/in-force.js';
import { positionOf } from './position.js';

/**
 * What one reader of a BLIND game is shown (Rules.txt 1.6): the Master and OMNISCIENT players see
 * everything, a power what its units and centres see, observers nothing but that the game moved on.
 * Every place a player reads the board (results, LIST, MAP, the web pages) asks here.
 */

/** Who reads: a power (`reader`), or nobody's power (null: an observer, the public); `master` for the Master. */
export interface Reader {
  reader: string | null;
  master?: boolean;
  /** OMNISCIENT: shown what the Master is shown of the board (Rules.txt, BLIND). */
  omniscient?: boolean;
}

function sightFor(blind: BlindRules | null, view: Reader, power: (name: string) => Sight): Sight {
  if (blind === null || view.master === true || view.omniscient === true) return FULL_SIGHT;
  return view.reader === null ? NO_SIGHT : power(view.reader);
}

/** What a reader sees of a processed phase: from the power's units and centres before and after it. */
export function phaseSight(blind: BlindRules | null, map: GameMap, boards: { before: Position; after: Position }, view: Reader): Sight {
  return sightFor(blind, view, (power) => sightOf(map, [boards.before, boards.after], power, blind!));
}

/** What a reader sees of the game as it stands, under the `rules` in force on `map`; a power the status file makes OMNISCIENT sees it all. */
export function boardSight(game: GameStatus, map: GameMap, view: Reader, rules: RulesInForce): Sight {
  const blind = blindRules(rules);
  const omniscient = view.omniscient === true || (view.reader !== null && (findPower(game, view.reader)?.omniscient ?? 'no') !== 'no');
  return sightFor(blind, { ...view, omniscient }, (power) => sightOf(map, [positionOf(game, map)], power, blind!));
}

/**
 * How a foreign unit's order shows in BLIND results: in full when the reader saw the unit both
 * before and after the phase; otherwise only that it came into sight or went out of it, moving
 * (ARRIVES, DEPARTS) or by the reader's own moves (FOUND, LOST); null when never seen.
 */
export type OutcomeSight = { kind: 'full' } | { kind: 'glimpse'; text: string } | null;

function unitTypeAt(position: Position, location: string): UnitType | undefined {
  for (const state of position.powers) {
    const unit = [...state.units, ...state.retreating].find((candidate) => candidate.location === location);
    if (unit) return unit.type;
  }
  return undefined;
}

export function outcomeSight(outcome: OrderOutcome, sight: Sight, boards: { before: Position; after: Position }): OutcomeSight {
  const order = outcome.order;
  if (order.kind === 'waive') return null;
  const from = order.unit.location;
  const type = order.unit.type ?? unitTypeAt(boards.before, from) ?? unitTypeAt(boards.after, from);
  if (type === undefined) return null;
  const moved = outcome.succeeded && (order.kind === 'move' || order.kind === 'retreat');
  const before: Unit | null = order.kind === 'build' ? null : { type, location: from };
  const gone = order.kind === 'remove' || order.kind === 'disband' || outcome.marks.includes('destroyed') || outcome.marks.includes('disbanded');
  const after: Unit | null = gone ? null : { type, location: moved ? (order as { to: string }).to : from };
  const seenBefore = before !== null && sight.seesUnit(before);
  const seenAfter = after !== null && sight.seesUnit(after);
  if (seenBefore && (seenAfter || after === null)) return { kind: 'full' };
  if (seenAfter && before === null) return { kind: 'full' };
  if (seenBefore) return { kind: 'glimpse', text: `${type} ${from} ${moved ? 'DEPARTS' : 'LOST'}` };
  if (seenAfter) return { kind: 'glimpse', text: `${type} ${after!.location} ${moved ? 'ARRIVES' : 'FOUND'}` };
  return null;
}
