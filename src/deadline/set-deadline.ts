import type { DateTime } from 'luxon';
import { DEFAULT_DAYS, logicalWeekday, takesDeadline, weekdayName } from './days.js';
import { isMovementPhaseType, phaseTypeOf } from './phase.js';
import type { Timing } from './timing.js';
import { renderVacation, spanCovers, vacationSpan } from './vacation.js';
import { gameZone } from './zone.js';

/** Who sends SET DEADLINE: the Master, or a player (allowed only under the PLAYER_DEADLINES rule). */
export type DeadlineSetter = { readonly role: 'master' } | { readonly role: 'player'; readonly playerDeadlines: boolean };

export interface SetDeadlineRequest {
  readonly requested: DateTime;
  readonly timing: Timing;
  /** The game's ZONE; GMT when absent. */
  readonly zone?: string;
  readonly phase: string;
  readonly now: DateTime;
  /** The game's current DEADLINE, if it has one. */
  readonly current?: DateTime;
  readonly setter: DeadlineSetter;
}

export type SetDeadlineVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

function refuse(reason: string): SetDeadlineVerdict {
  return { allowed: false, reason };
}

/**
 * Whether a SET DEADLINE may stand. Players (under PLAYER_DEADLINES) may only set a later deadline, in
 * the future; the Master may set any deadline, even a past one to have the next check process the
 * phase. Everyone's deadline must fall on a day DAYS allows for the phase and outside NOT vacations.
 */
export function checkSetDeadline(request: SetDeadlineRequest): SetDeadlineVerdict {
  const { requested, timing, setter } = request;
  if (setter.role === 'player') {
    if (!setter.playerDeadlines) {
      return refuse('only the Master may set the deadline (the game does not use PLAYER_DEADLINES)');
    }
    if (requested.toMillis() <= request.now.toMillis()) return refuse('a player may only set a deadline in the future');
    if (request.current !== undefined && requested.toMillis() < request.current.toMillis()) {
      return refuse('only the Master may move the deadline earlier');
    }
  }
  const zone = gameZone(request.zone);
  const local = requested.setZone(zone);
  const days = timing.days ?? DEFAULT_DAYS;
  const weekday = logicalWeekday(local, timing.start);
  const movement = isMovementPhaseType(phaseTypeOf(request.phase));
  if (!takesDeadline(days, weekday, movement)) {
    const what = days[weekday] === '-' ? 'deadlines' : 'movement deadlines';
    return refuse(`${weekdayName(weekday)} takes no ${what} (DAYS ${days})`);
  }
  const vacation = timing.not.map((entry) => vacationSpan(entry, zone, timing.start)).find((span) => spanCovers(span, local));
  if (vacation !== undefined) {
    return refuse(`the deadline falls in the vacation NOT ${renderVacation(vacation.vacation)}`);
  }
  return { allowed: true };
}
