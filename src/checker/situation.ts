import type { DateTime, Zone } from 'luxon';
import { gameZone, graceExpiry, warningTimes } from '../deadline/index.js';
import type { Phase } from '../map/model.js';
import { MOVEMENT } from '../map/phase.js';
import { waitRequested } from '../game/orders.js';
import type { GameService } from '../game/service.js';
import { currentDeadline, gameTiming } from '../game/schedule.js';
import { playedPhase, type GameStatus } from '../status/model.js';
import type { OperationRules } from '../game/rules.js';
import type { RulesInForce } from '../rules/in-force.js';
import { lateness } from '../game/readiness.js';

/** What happens to powers still late when the GRACE period after the deadline is over. */
type LatenessRegime = 'civil-disorder' | 'civil-preview' | 'resign';

/** An active game as the deadline checker sees it: its clock, who is late, and the rules that matter. */
export interface Situation {
  readonly phase: Phase;
  readonly zone: Zone;
  readonly deadline: DateTime | null;
  /** WARN times before the deadline, earliest first. */
  readonly warnings: readonly DateTime[];
  /** When late powers are resigned or put in civil disorder; null: never. */
  readonly graceExpiry: DateTime | null;
  /** Powers that owe orders and lack some on file. */
  readonly late: readonly string[];
  /** The units still without an order of each late power that has sent some orders. */
  readonly incomplete: ReadonlyMap<string, readonly string[]>;
  /** Someone asked to wait for the deadline (or ALWAYS_WAIT), where waiting applies to this phase. */
  readonly waitForDeadline: boolean;
  readonly delay: number;
  readonly regime: LatenessRegime;
  /** PREVIEW: the Master sees the results first and releases them with PROCESS. */
  readonly preview: boolean;
  /** A phase the judge cannot adjudicate (PHASE line WAIT): only the Master's PROCESS moves it on. */
  readonly masterProcesses: boolean;
  /** HIDE_LATE_POWERS: each late player hears only of his own lateness. */
  readonly hideLatePowers: boolean;
}

function regimeOf(rules: RulesInForce): LatenessRegime {
  if (rules.has('CIVIL_DISORDER')) return 'civil-disorder';
  if (rules.has('CIVIL_PREVIEW')) return 'civil-preview';
  return 'resign';
}

/**
 * Reads the checker's view of a game; null when the game is not in a phase the checker acts on
 * (forming, completed, or AWAIT: results being made). Throws on a TIMING, ZONE or DEADLINE it cannot
 * read, which the checker reports as a status-file error.
 */
export function readSituation(game: GameStatus, service: GameService, operationRules: OperationRules): Situation | null {
  const line = game.phase;
  const phase = playedPhase(game);
  if (!line || phase === null || line.mode === 'AWAIT') return null;
  const maps = service.maps(game);
  const rules = operationRules.of(game, maps.at(phase));
  const timing = gameTiming(game, maps.base.data.flow);
  const zone = gameZone(game.zone ?? undefined);
  const deadline = currentDeadline(game);
  const regime = regimeOf(rules);
  const masterProcesses = line.mode === 'WAIT';
  const waitingApplies = !rules.has('NO_MINOR_WAIT') || phase.type === MOVEMENT;
  const wanted = rules.has('ALWAYS_WAIT') || waitRequested(game, rules);
  // In a phase only the Master processes, players owe nothing: the Master is the one late.
  const owing = masterProcesses ? [] : lateness(game, service.maps(game), operationRules, service.listings.variant(game));
  return {
    phase,
    zone,
    deadline,
    warnings: deadline ? warningTimes(deadline, timing) : [],
    graceExpiry: (deadline && graceExpiry(deadline, timing, { civilDisorder: regime !== 'resign' })) ?? null,
    late: owing.map((late) => late.power),
    incomplete: new Map(owing.filter((late) => late.unordered.length > 0).map((late) => [late.power, late.unordered])),
    waitForDeadline: waitingApplies && wanted,
    delay: game.delay ?? 0,
    regime,
    preview: rules.has('PREVIEW'),
    masterProcesses,
    hideLatePowers: rules.has('HIDE_LATE_POWERS'),
  };
}

export function deadlinePassed(situation: Situation, now: DateTime): boolean {
  return situation.deadline !== null && situation.deadline.toMillis() <= now.toMillis();
}

/** Ready to process: nobody late, nobody waiting for a deadline still to come, and not the Master's to move. */
export function isReady(situation: Situation, now: DateTime): boolean {
  if (situation.masterProcesses || situation.late.length > 0) return false;
  return !situation.waitForDeadline || deadlinePassed(situation, now);
}
