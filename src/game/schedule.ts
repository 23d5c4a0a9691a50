import type { DateTime } from 'luxon';
import type { Phase, FlowStep } from '../map/model.js';
import { flowPhases, formatPhase } from '../map/phase.js';
import { formatDeadlineStamp, gameZone, movedDeadline, nextDeadline, parseDeadlineStamp, parseTiming, renderTiming, type Timing } from '../deadline/index.js';
import { playedPhase, type GameStatus } from '../status/model.js';
import type { RulesInForce } from '../rules/in-force.js';

/** The bridge from a game's TIMING, ZONE and DEADLINE lines to the deadline arithmetic. */

export function gameTiming(game: GameStatus, flow: readonly FlowStep[]): Timing {
  const phaseTypes = [...new Set(flowPhases(flow).map((step) => step.type))];
  return parseTiming(game.timing ?? '', { phaseTypes });
}

export function currentDeadline(game: GameStatus): DateTime | null {
  return game.deadline ? parseDeadlineStamp(game.deadline, gameZone(game.zone ?? undefined)) : null;
}

/** The game's DEADLINE moved on by `minutes` (an outage of the judge), kept to its DAYS and NOT; unchanged without one. */
export function extendDeadline(game: GameStatus, flow: readonly FlowStep[], rules: RulesInForce, minutes: number): GameStatus {
  const deadline = currentDeadline(game);
  const phase = playedPhase(game);
  if (deadline === null || phase === null) return game;
  const moved = movedDeadline({
    deadline,
    minutes,
    timing: gameTiming(game, flow),
    zone: game.zone ?? undefined,
    phase: formatPhase(phase),
    realTime: rules.has('REAL_TIME'),
  });
  return { ...game, deadline: formatDeadlineStamp(moved, gameZone(game.zone ?? undefined)) };
}

/**
 * Sets the DEADLINE for the phase the game is entering, from `now`: NO_DEADLINE games have none;
 * the first phase of a game gets twice the normal delay. Vacations that are over leave TIMING.
 */
export function scheduleDeadline(game: GameStatus, phase: Phase, flow: readonly FlowStep[], rules: RulesInForce, now: DateTime, initial = false): GameStatus {
  if (rules.has('NO_DEADLINE')) return { ...game, deadline: null };
  const timing = gameTiming(game, flow);
  const outcome = nextDeadline({
    timing,
    zone: game.zone ?? undefined,
    phase: formatPhase(phase),
    from: now,
    ...(initial ? {} : { current: currentDeadline(game) ?? undefined }),
    initial,
    realTime: rules.has('REAL_TIME'),
    jumpOffDays: rules.has('JUMP_OFF_DAYS'),
  });
  const rendered = renderTiming(outcome.timing);
  return {
    ...game,
    deadline: formatDeadlineStamp(outcome.deadline, gameZone(game.zone ?? undefined)),
    timing: game.timing === null && rendered === '' ? null : rendered === renderTiming(timing) ? game.timing : rendered,
  };
}
