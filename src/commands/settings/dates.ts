import { DateTime, type Zone } from 'luxon';
import { GameRuleError } from '../../game/lifecycle.js';
import type { TimeOfDay } from '../../deadline/index.js';
import type { DateSpec } from '../language/types.js';

/**
 * DPjudge's short dates made whole: what is left out is the first fitting value from the moment
 * of the mail on, on the game's clocks (a day alone is this month or the next, a time alone today
 * or tomorrow, a weekday the next such day). A time left out is `defaultTime`.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A month or a year later at most: beyond that nothing fits (31 FEB). */
const MOST_TRIES = 48;

function at(zone: Zone, year: number, month: number, day: number, time: TimeOfDay): DateTime | null {
  const candidate = DateTime.fromObject({ year, month, day, hour: time.hour, minute: time.minute }, { zone });
  return candidate.isValid && candidate.day === day ? candidate : null;
}

/** `notBefore`: the earliest acceptable moment (now for a deadline, the start of today for an absence). */
export function resolveDate(spec: DateSpec, zone: Zone, notBefore: DateTime, defaultTime: TimeOfDay): DateTime {
  const time = spec.time ?? defaultTime;
  const from = notBefore.setZone(zone);
  const fits = (candidate: DateTime | null): candidate is DateTime => candidate !== null && candidate.toMillis() >= from.toMillis();
  let found: DateTime | null = null;
  if (spec.day !== undefined && spec.month !== undefined && spec.year !== undefined) {
    found = at(zone, spec.year, spec.month, spec.day, time);
    if (found === null) throw new GameRuleError(`${spec.day}/${spec.month}/${spec.year} is not a date`);
  } else if (spec.day !== undefined && spec.month !== undefined) {
    for (let year = from.year; found === null && year < from.year + 5; year++) {
      const candidate = at(zone, year, spec.month, spec.day, time);
      if (fits(candidate)) found = candidate;
    }
  } else if (spec.day !== undefined) {
    for (let step = 0; found === null && step < MOST_TRIES; step++) {
      const month = from.startOf('month').plus({ months: step });
      const candidate = at(zone, month.year, month.month, spec.day, time);
      if (fits(candidate)) found = candidate;
    }
  } else {
    for (let step = 0; found === null && step < 8; step++) {
      const day = from.startOf('day').plus({ days: step });
      const candidate = at(zone, day.year, day.month, day.day, time);
      if (fits(candidate) && (spec.weekday === undefined || candidate.weekday % 7 === spec.weekday)) found = candidate;
    }
  }
  if (found === null) throw new GameRuleError('no date fits what was written');
  if (spec.weekday !== undefined && found.weekday % 7 !== spec.weekday)
    throw new GameRuleError(`${found.toFormat('d LLL yyyy')} is a ${WEEKDAYS[found.weekday % 7]}, not a ${WEEKDAYS[spec.weekday]}`);
  return found;
}
