import type { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import type { FollowedOrders } from '../engine/movement/followed.js';
import type { RuleInfo } from '../rules/catalog.js';
import type { RulesInForce } from '../rules/in-force.js';
import type { GameStatus, PowerStatus } from '../status/model.js';
import type { CollectedOrders, LatePower, OrderContext, SubmissionReport } from './orders.js';

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

/** A game ending: the game as it ends, and the phase that ended it (null when the votes or the Master end it between phases). */
export interface GameEnd {
  readonly game: GameStatus;
  readonly map: GameMap;
  readonly rules: RulesInForce;
  readonly played: { readonly phase: Phase; readonly before: GameStatus; readonly map: GameMap } | null;
}

/** A processed phase as HISTORY reads it again: the game as the phase was played (the status file the archive saved), its maps and rules. */
export interface ArchivedPhase {
  readonly game: GameStatus;
  readonly phase: Phase;
  readonly map: GameMap;
  readonly maps: MapDefinition;
  readonly rules: RulesInForce;
  /** The time of reading: the phase processed again (Payola's ledger) schedules its next deadline from it, which nobody reads. */
  readonly now: DateTime;
}

/** Who reads a game's HISTORY: a power signed on (`reader`), the Master, or anyone; and whether the game is over. */
export interface HistoryReader {
  readonly reader: string | null;
  readonly master: boolean;
  readonly ended: boolean;
}

/** Lines a variant adds to a phase's results, and who may read them (null: everyone; the Master reads them all unless `master` is false). */
export interface ResultsAddition {
  readonly lines: readonly string[];
  readonly readers: readonly string[] | null;
  /** False for one of a set of per-power copies of what the Master reads whole in another addition. */
  readonly master?: boolean;
  /** Also mailed to its readers on its own before the results, under this subject (Crystal Ball's public lists, as XtalballGame.preMoveUpdate broadcasts them). */
  readonly mailedAs?: string;
}

export interface Variant {
  readonly name: VariantName;
  /** The variant as players call it (Payola, Crystal Ball): what the web's game list and create form show. */
  readonly displayName: string;
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
  /** What the step between phases adds to the results of the phase played: Payola's income reports as the year turns. */
  readonly betweenPhasesAdditions: (step: BetweenPhases) => readonly ResultsAddition[];
  /**
   * What the variant adds for `reader` to a phase's public record in HISTORY, each part as its lines:
   * Crystal Ball's order lists the reader may read, Payola's statements and chart the results gave
   * the reader; null when it adds nothing. Never asked for the public while the game is played,
   * which reads the public record alone (`game/history-additions.ts`).
   */
  readonly historyAdditions: ((played: ArchivedPhase, reader: HistoryReader) => readonly (readonly string[])[]) | null;
  /** What the variant adds to the results: Payola's purchases and balances. */
  readonly resultsAdditions: (game: GameStatus, played: Phase, map: GameMap, rules: RulesInForce) => readonly ResultsAddition[];
  /** A power's orders from mail for the current phase: the standard game's replace those on file; Crystal Ball's movement orders fill the list being written. */
  readonly submitOrders: (game: GameStatus, power: string, lines: readonly string[], context: OrderContext) => SubmissionReport;
  /** CLEAR: what a power's orders become. */
  readonly clearOrders: (game: GameStatus, power: string) => GameStatus;
  /** The powers that owe orders now and lack some; `owes` says whether a power is to give the orders it has to give (a dummy nobody plays is not). */
  readonly lateness: (game: GameStatus, context: OrderContext, owes: (power: PowerStatus) => boolean) => LatePower[];
  /** The order lists a reply shows a power, each under its title. */
  readonly listsOnFile: (game: GameStatus, power: PowerStatus, phase: Phase) => readonly OrdersOnFile[];
  /** What a reply or the start mail tells of a power beside its orders: Payola's treasury and acceptance list (and SENT under ONE_TRANSFER). */
  readonly powerAccount?: (game: GameStatus, power: PowerStatus, map: GameMap, rules: RulesInForce) => readonly string[];
  /** Whether a blank-board start (MOBILIZE, BLANK_BOARD) begins at the movement phase before the first builds, SKIPped (Rules.txt, MOBILIZE: Crystal Ball's). */
  readonly movesBeforeBlankStart: boolean;
  /** Rules every game of the variant plays under, written into its status file at CREATE. */
  readonly broughtRules: readonly string[];
  /**
   * What a game's end asks of the variant, when it asks anything: what the phase that ended it still
   * owes the game (Payola charges its bribes) and what everyone is told (Payola's final treasuries).
   */
  readonly gameEnd?: (end: GameEnd) => { readonly game: GameStatus; readonly additions: readonly ResultsAddition[] };
  /** Why a RULE line may not be written into a game of the variant; null when it may. */
  readonly ruleRefusal: (rule: RuleInfo) => string | null;
  /** Why a game line other than RULE (by its keyword: ROTATE...) may not be written into a game of the variant; null when it may. */
  readonly lineRefusal: (keyword: string) => string | null;
}

/** A list of orders on file, as a reply shows it. */
interface OrdersOnFile {
  readonly title: string;
  readonly orders: readonly string[];
  /** Whether it is the list the power's orders now go to (and NO_LATE_CHANGES keeps once the deadline has passed). */
  readonly writing: boolean;
}
