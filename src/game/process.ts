import type { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { ADJUSTMENTS, RETREATS, isBuiltInPhaseType, nextPhase } from '../map/phase.js';
import { adjudicate } from '../engine/adjudicate.js';
import { adjustmentCounts } from '../engine/adjustments.js';
import { ruleFlags } from '../engine/rules.js';
import { settleOnTerrain, type TerrainChange } from '../engine/terrain.js';
import type { AdjustmentCount, CenterChange, OrderOutcome, Position, TornUnit } from '../engine/types.js';
import { type GameStatus } from '../status/model.js';
import { rulesInForce } from './rules.js';
import { controllers, dummyPowers, rotateControl, withVassals } from './control.js';
import { duties } from './duties.js';
import { positionOf, withPosition } from './position.js';
import { scheduleDeadline } from './schedule.js';
import { completedGame } from './lifecycle.js';
import type { GameEnd, ResultsAddition, Variant } from './variant-record.js';
import { concludeByVote } from './votes.js';
import type { RulesInForce } from '../rules/in-force.js';
import { blindRules, type BlindRules } from '../engine/visibility.js';
import { Refusal } from '../common/errors.js';

/**
 * Processing one phase, as a pure function of the status file, the map and the clock: adjudicate,
 * apply the outcome, decide whether the game ends, advance along the FLOW (skipping retreat and
 * adjustment phases nobody has anything to do in), set the next deadline and clear the orders.
 * The caller saves the new status and mails the report; a preview simply does not save.
 */

export interface PhaseReport {
  game: string;
  map: string;
  phase: Phase;
  outcomes: OrderOutcome[];
  /** Lines on file that were not legal orders when processed. */
  invalid: { power: string; message: string }[];
  /** Units dislodged this phase, with where they may retreat (none: destroyed). */
  dislodged: { power: string; unit: string; retreats: string[] }[];
  ownershipUpdated: boolean;
  centerChanges: CenterChange[];
  /** Each power's centers and units after the phase, when ownership changed. */
  centers: { power: string; centers: string[] }[];
  /** Builds and removals due in the next phase, when it is an adjustment phase. */
  adjustments: AdjustmentCount[];
  /** The phase the game moves to, or null when it ended. */
  next: Phase | null;
  deadline: string | null;
  zone: string | null;
  /** Set when the game ended with this phase; `lastMan`: LAST_MAN_STANDING's surviving unit (`A MOS`), null when none survived. */
  ended: { victors: string[]; lastMan?: string | null } | null;
  /** Builds nobody else may see (HIDE_BUILDS, `~` sites): shown only to their power. */
  hiddenBuilds: { power: string; text: string }[];
  /** Rules.txt, HIDE_BUILDS: the units built hidden in the adjustment phase before, revealed now (`A PAR`). */
  found?: { power: string; unit: string }[];
  /** Units whose space changed terrain as the next phase began (IN/FROM maps): destroyed, hibernating or adapted. */
  terrainChanges: TerrainChange[];
  /** Powers that ROTATE or VASSAL_DUMMIES passed to another controller (null: now independent). */
  controlChanges: { power: string; controller: string | null }[];
  /** HIDE_DUMMIES: which power plays which (control changes) is told to the Master only. */
  secretControl: boolean;
  /** TORN_ALLEGIANCE: vassal units destroyed for standing on a center outside their controller's camp. */
  tornAllegiance: TornUnit[];
  /** Powers the checker processed in civil disorder: still without orders when the grace period ended. */
  disorder: string[];
  /** The board as the phase began and as adjudication left it: what BLIND readers see from. */
  boards: { before: Position; after: Position };
  /** The game's BLIND rules, null when everyone sees the whole board. */
  blind: BlindRules | null;
  /** What the game's rules variant adds to the results (`Variant.resultsAdditions`); none in the standard game. */
  additions: readonly ResultsAddition[];
}

export interface ProcessedPhase {
  game: GameStatus;
  report: PhaseReport;
}

export class ProcessingError extends Refusal {
  override name = 'ProcessingError';
  readonly code = 'CANNOT_PROCESS';
}

export function currentPhase(game: GameStatus): Phase {
  const phase = game.phase?.phase;
  if (!phase || phase === 'FORMING' || phase === 'COMPLETED')
    throw new ProcessingError(`the game is ${phase === undefined ? 'without a PHASE line' : phase === 'FORMING' ? 'still forming' : 'completed'}`);
  return phase;
}

/**
 * The phase after `phase`, skipping retreat and adjustment phases in which nobody has orders to
 * give, judged on the board as each would begin (a unit its terrain no longer suits is gone).
 */
function followingPhase(maps: MapDefinition, phase: Phase, position: Position, rules: RulesInForce): Phase {
  const flow = maps.base.data.flow;
  const flags = ruleFlags(rules);
  const played = maps.at(phase);
  let candidate = nextPhase(flow, phase);
  for (let guard = 0; guard < flow.length * 4; guard++) {
    const skippable = candidate.type === RETREATS || candidate.type === ADJUSTMENTS;
    if (!skippable) return candidate;
    const map = maps.at(candidate);
    if (duties(map, candidate, settleOnTerrain(played, map, position, flags).position, rules).length > 0) return candidate;
    candidate = nextPhase(flow, candidate);
  }
  return candidate;
}

function clearedForNextPhase(game: GameStatus): GameStatus {
  return {
    ...game,
    delay: null,
    powers: game.powers.map((power) => ({ ...power, orders: [], phaseOrders: [], wait: false })),
  };
}

export interface ProcessOptions {
  /** The game's rules variant, whose hooks processing calls. */
  variant: Variant;
  now: DateTime;
  /** ISO date for FINISH when the game ends. */
  today: string;
}

function emptyReport(game: GameStatus, map: GameMap, phase: Phase, rules: RulesInForce, board: Position): PhaseReport {
  return {
    secretControl: rules.has('HIDE_DUMMIES'),
    game: game.name ?? '',
    map: map.name,
    phase,
    outcomes: [],
    invalid: [],
    dislodged: [],
    ownershipUpdated: false,
    centerChanges: [],
    centers: [],
    adjustments: [],
    next: null,
    deadline: null,
    zone: game.zone,
    ended: null,
    hiddenBuilds: [],
    controlChanges: [],
    tornAllegiance: [],
    disorder: [],
    terrainChanges: [],
    boards: { before: board, after: board },
    blind: blindRules(rules),
    additions: [],
  };
}

interface Adjudicated {
  after: Position;
  victors: string[];
  /** VASSAL_DUMMIES: each dummy's controller after the year, or null. */
  vassals: Map<string, string> | null;
}

/** Adjudicates the orders on file (a custom phase type has none: the position stands) and fills the report. */
function adjudicateOnFile(
  game: GameStatus,
  map: GameMap,
  phase: Phase,
  rules: RulesInForce,
  report: PhaseReport,
  position: Position,
  variant: Variant,
): Adjudicated {
  if (!isBuiltInPhaseType(phase.type)) return { after: position, victors: [], vassals: null };
  const collected = variant.ordersToPlay(game, { map, position, phase, rules });
  const result = adjudicate(map, phase, position, collected.orders, {
    rules,
    controllers: controllers(game),
    dummies: dummyPowers(game),
    followedOrders: variant.followedOrders,
  });
  report.outcomes = result.outcomes;
  report.invalid = collected.invalid;
  report.ownershipUpdated = result.ownershipUpdated;
  report.boards = { before: position, after: result.position };
  report.centerChanges = result.centerChanges;
  report.tornAllegiance = result.tornAllegiance;
  report.dislodged = result.position.powers.flatMap((state) =>
    state.retreating.map((unit) => ({ power: state.name, unit: `${unit.type} ${unit.location}`, retreats: [...unit.retreats] })),
  );
  report.hiddenBuilds = result.outcomes.filter((outcome) => outcome.marks.includes('hidden')).map((outcome) => ({ power: outcome.power, text: outcome.text }));
  if (result.ownershipUpdated || result.victors.length > 0)
    report.centers = result.position.powers.map((state) => ({ power: state.name, centers: state.centers.filter((center) => map.isCenter(center)) }));
  return { after: result.position, victors: result.victors, vassals: result.controllers };
}

/**
 * LAST_MAN_STANDING: the puzzle is solved (or lost) once at most one unit is left on the board,
 * dislodged units counted until they retreat or are gone; null while more stand.
 */
function lastManStanding(position: Position): { power: string | null; unit: string | null } | null {
  const standing = position.powers.flatMap((state) =>
    [...state.units, ...state.retreating].map((unit) => ({ power: state.name, unit: `${unit.type} ${unit.location}` })),
  );
  if (standing.length > 1) return null;
  return standing[0] ?? { power: null, unit: null };
}

export function processPhase(game: GameStatus, maps: MapDefinition, options: ProcessOptions): ProcessedPhase {
  const phase = currentPhase(game);
  const map = maps.at(phase);
  const rules = rulesInForce(game, map.rules());
  // The position as the phase begins, worked out once from the status file for the report and the adjudicator.
  const position = positionOf(game, map);
  const report = emptyReport(game, map, phase, rules, position);
  const { after, victors, vassals } = adjudicateOnFile(game, map, phase, rules, report, position, options.variant);
  report.additions = options.variant.resultsAdditions(game, phase, map, rules);
  let cleared = clearedForNextPhase(game);
  if (vassals !== null) {
    const vassalage = withVassals(cleared, vassals);
    cleared = vassalage.game;
    report.controlChanges.push(...vassalage.changed);
  }
  const lastMan = rules.has('LAST_MAN_STANDING') ? lastManStanding(after) : null;
  const played = { phase, before: game, map };
  if (lastMan !== null) {
    report.ended = { victors: lastMan.power === null ? [] : [lastMan.power], lastMan: lastMan.unit };
    return {
      game: settledEnd(completedGame(withPosition(cleared, map, after), report.ended.victors, options.today), played, map, rules, options, report),
      report,
    };
  }
  if (victors.length > 0) {
    report.ended = { victors };
    return { game: settledEnd(completedGame(withPosition(cleared, map, after), victors, options.today), played, map, rules, options, report), report };
  }
  return advance(cleared, maps, phase, after, rules, options, report, game);
}

/** The game as it ends, settled by its variant (`Variant.gameEnd`), whose additions go to the results. */
function settledEnd(game: GameStatus, played: GameEnd['played'], map: GameMap, rules: RulesInForce, options: ProcessOptions, report: PhaseReport): GameStatus {
  const end = options.variant.gameEnd?.({ game, map, rules, played });
  if (end === undefined) return game;
  report.additions = [...report.additions, ...end.additions];
  return end.game;
}

/**
 * Moves the game on to the next phase of the FLOW: units on terrain that changed, builds and
 * removals due, control passed on by ROTATE, an end by the votes that now agree, the new deadline.
 */
function advance(
  game: GameStatus,
  maps: MapDefinition,
  phase: Phase,
  position: Position,
  rules: RulesInForce,
  options: ProcessOptions,
  report: PhaseReport,
  before: GameStatus,
): ProcessedPhase {
  const following = followingPhase(maps, phase, position, rules);
  const followingMap = maps.at(following);
  const terrain = settleOnTerrain(maps.at(phase), followingMap, position, ruleFlags(rules));
  const after = terrain.position;
  report.terrainChanges = terrain.changes;
  if (following.type === ADJUSTMENTS) report.adjustments = adjustmentCounts(followingMap, after, { rules });
  let next: GameStatus = {
    ...withPosition(game, followingMap, after),
    phase: { mode: isBuiltInPhaseType(following.type) ? 'PHASE' : 'WAIT', phase: following },
  };
  const owing = new Set(duties(followingMap, following, after, rules).map((duty) => duty.power));
  const rotated = rotateControl(next, game.rotation ?? maps.base.data.rotation, { processed: phase, next: following, owing });
  const step = { game: rotated.game, played: phase, next: following, map: followingMap, rules, before, playedMap: maps.at(phase) };
  next = options.variant.betweenPhases(step);
  report.additions = [...report.additions, ...options.variant.betweenPhasesAdditions(step)];
  report.controlChanges.push(...rotated.changed.map((power) => ({ power: power.name, controller: power.control[0]! })));
  // Eliminations change who votes: the votes left may now agree, or a concession lose its power.
  // An end so agreed is recorded against the phase just played, not the one it would have led to.
  const voted = concludeByVote({ ...next, phase: game.phase }, rules, options.today);
  if (voted.phase?.phase === 'COMPLETED' && voted.result !== null) {
    report.ended = { victors: [...voted.result.victors] };
    return { game: settledEnd(voted, null, followingMap, rules, options, report), report };
  }
  next = scheduleDeadline({ ...voted, phase: next.phase }, following, maps.base.data.flow, rules, options.now);
  report.next = following;
  report.deadline = next.deadline;
  return { game: next, report };
}
