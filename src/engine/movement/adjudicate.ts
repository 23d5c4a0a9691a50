import type { GameMap } from '../../map/game-map.js';
import type { SubmittedOrder } from '../../orders/types.js';
import { Board } from '../board.js';
import type { CheckedSubmission } from '../legality/checked.js';
import { disorderSupports } from '../civil-disorder.js';
import { withUnits } from '../position.js';
import type { OrderOutcome, Position, PowerState } from '../types.js';
import { Aftermath } from './aftermath.js';
import { Battle, type MovementRules } from './battle.js';
import { MovementDecisions } from './decisions.js';
import { movementOutcomes } from './outcomes.js';
import { adjudicateAcrossWays, hasWays } from './ways.js';

export interface MovementResult {
  outcomes: OrderOutcome[];
  /** Units moved; dislodged units wait in `retreating` with their options (those without any are gone). */
  position: Position;
}

/** Adjudicates a movement phase, across nJudge gateways and railways where the map has them. Pure: the position passed in is not changed. */
export function adjudicateMovement(map: GameMap, position: Position, orders: readonly SubmittedOrder[], rules: MovementRules): MovementResult {
  if (hasWays(map)) return adjudicateAcrossWays(map, position, orders, (given) => adjudicateStandard(map, position, given, rules));
  return adjudicateStandard(map, position, orders, rules);
}

function adjudicateStandard(map: GameMap, position: Position, orders: readonly SubmittedOrder[], rules: MovementRules): MovementResult {
  const board = boardFor(map, position, orders);
  const given = rules.flags.cdSupports ? [...orders, ...disorderSupports(board, orders)] : orders;
  const battle = new Battle(board, given, rules);
  const aftermath = new Aftermath(battle, new MovementDecisions(battle));
  const outcomes = movementOutcomes(aftermath);
  if (given !== orders) {
    // The supports CD_SUPPORTS gave are no one's orders: the results say so.
    const defaulted = new Set(given.slice(orders.length).map((submitted) => submitted.power));
    for (const outcome of outcomes) if (defaulted.has(outcome.power) && !outcome.marks.includes('unordered')) outcome.marks.push('unordered');
  }
  return { outcomes, position: nextPosition(aftermath) };
}

/**
 * The board the orders were checked on when it indexes this very map and position (a Board never
 * changes what it indexed), else a new one: orders read for the phase come with the reader's board.
 */
function boardFor(map: GameMap, position: Position, orders: readonly SubmittedOrder[]): Board {
  for (const submitted of orders) {
    if (!('checkedOn' in submitted)) continue;
    const board = (submitted as CheckedSubmission).checkedOn;
    if (board.position === position && board.map === map) return board;
  }
  return new Board(map, position);
}

function nextPosition(aftermath: Aftermath): Position {
  const battle = aftermath.battle;
  const board = battle.board;
  const tables = board.tables;
  const powers: PowerState[] = board.powers.map((state) => withUnits(state, [], []));
  for (let unit = 0; unit < battle.size; unit++) {
    const placed = board.units[unit]!;
    const state = powers[placed.power]!;
    const retreats = aftermath.retreats[unit];
    if (retreats) {
      if (retreats.length > 0) state.retreating.push({ type: placed.type, location: tables.abbrev(placed.location), retreats });
      continue;
    }
    const moved = aftermath.moved[unit] === 1;
    state.units.push(moved ? { type: placed.type, location: tables.abbrev(battle.landing[unit]!) } : placed.source);
  }
  return { powers };
}
