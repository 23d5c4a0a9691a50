import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import type { FollowedOrders } from '../engine/movement/followed.js';
import type { RulesInForce } from '../rules/in-force.js';
import type { GameStatus } from '../status/model.js';
import type { CollectedOrders, OrderContext, SubmissionReport } from './orders.js';

/**
 * What phase processing and order submission ask a rules variant, each answer a hook
 * (`variant.ts` has the records this judge plays). Kept apart from the records so that a variant's
 * own modules can name these types without a cycle.
 */

/** The names DPjudge's main status file gives variants. */
export type VariantName = 'standard' | 'payola' | 'xtalball';

/** A phase just adjudicated and the one the game moves to, for the steps between them. */
export interface BetweenPhases {
  /** The game as it enters `next`: the position after `played`, its orders cleared. */
  readonly game: GameStatus;
  readonly played: Phase;
  readonly next: Phase;
  /** The map of `next`. */
  readonly map: GameMap;
  /** The game as the phase was played, and its map: what Payola's charges are worked out from. */
  readonly before: GameStatus;
  readonly playedMap: GameMap;
  readonly rules: RulesInForce;
}

/** Lines a variant adds to a phase's results, and who may read them (null: everyone). */
export interface ResultsAddition {
  readonly lines: readonly string[];
  readonly readers: readonly string[] | null;
}

export interface Variant {
  readonly name: VariantName;
  /**
   * The order lists a power keeps, played first to last: the standard game's one list; Crystal
   * Ball's SOONER and LATER (status file format, section 4), where LATER moves up once SOONER is
   * played.
   */
  readonly orderLists: readonly string[];
  /** The orders the phase plays: the standard game's on file; Crystal Ball's SOONER list. */
  readonly ordersToPlay: (game: GameStatus, context: OrderContext) => CollectedOrders;
  /** Which order each unit follows: the standard game's last order of the power in charge; Payola's highest bidder. */
  readonly followedOrders: FollowedOrders;
  /** What happens between a phase and the next, after the standard steps: Payola's income after the Fall, Crystal Ball's LATER moving up. */
  readonly betweenPhases: (step: BetweenPhases) => GameStatus;
  /** What the variant adds to the results: Payola's purchases and balances. */
  readonly resultsAdditions: (game: GameStatus, played: Phase, map: GameMap, rules: RulesInForce) => readonly ResultsAddition[];
  /** A power's orders sent for the phase: the standard game's order lines; Payola's offer sheet in a movement phase. */
  readonly submitOrders: (game: GameStatus, power: string, lines: readonly string[], context: OrderContext) => SubmissionReport;
}
