import type { DateTime, Zone } from 'luxon';
import { nominalMinutes, type Duration } from './duration.js';
import { TimingError } from './errors.js';
import { instantAt, isRealWallTime, naiveMillis, shiftWallTime, wallTimeFromNaive, type WallTime } from './zone.js';

/** How much of yyyymmddhhmm a NOT date gives: a whole month, a day, an hour or a minute. */
type VacationPrecision = 'month' | 'day' | 'hour' | 'minute';

export interface VacationDate extends WallTime {
  readonly precision: VacationPrecision;
}

/**
 * One NOT entry: `20040831`, `20040920-20040927`, or `-20020812` (from now until then). Every date is
 * inclusive: a day (or month) covers all of it, its days bounded by 00:00 + START like DAYS; an hour
 * covers its sixty minutes; a minute covers itself, so a deadline may fall just after it. DPjudge's
 * page says `-20020812` allows a deadline on 12 August itself; here that last day is covered too, as
 * the last day of a range is: one rule for every entry.
 */
export type Vacation =
  | { readonly kind: 'single'; readonly date: VacationDate }
  | { readonly kind: 'range'; readonly first: VacationDate; readonly last: VacationDate }
  | { readonly kind: 'until'; readonly last: VacationDate };

const LENGTH_BY_PRECISION: Readonly<Record<VacationPrecision, number>> = { month: 6, day: 8, hour: 10, minute: 12 };
const PRECISION_BY_LENGTH = new Map(Object.entries(LENGTH_BY_PRECISION).map(([precision, length]) => [length, precision as VacationPrecision]));

function parseVacationDate(entry: string, text: string): VacationDate {
  const precision = /^\d+$/.test(text) ? PRECISION_BY_LENGTH.get(text.length) : undefined;
  if (precision === undefined) {
    throw new TimingError(`NOT needs dates as yyyymm, yyyymmdd, yyyymmddhh or yyyymmddhhmm, got '${entry}'`);
  }
  const part = (from: number, fallback: number) => (text.length > from ? Number(text.slice(from, from + 2)) : fallback);
  const date: VacationDate = {
    precision,
    year: Number(text.slice(0, 4)),
    month: part(4, 1),
    day: part(6, 1),
    hour: part(8, 0),
    minute: part(10, 0),
  };
  if (!isRealWallTime(date)) throw new TimingError(`NOT names a date or time that does not exist, got '${entry}'`);
  return date;
}

function renderVacationDate(date: VacationDate): string {
  const digits = [date.year, date.month, date.day, date.hour, date.minute].map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0')).join('');
  return digits.slice(0, LENGTH_BY_PRECISION[date.precision]);
}

/** The wall time at which a NOT date stops covering: the next month, day, hour or minute. */
function wallTimeAfter(date: VacationDate): WallTime {
  switch (date.precision) {
    case 'month':
      return wallTimeFromNaive(Date.UTC(date.year, date.month, 1));
    case 'day':
      return shiftWallTime(date, 24 * 60);
    case 'hour':
      return shiftWallTime(date, 60);
    case 'minute':
      return shiftWallTime(date, 1);
  }
}

export function parseVacations(text: string): Vacation[] {
  return text.split(',').map((entry): Vacation => {
    if (entry.startsWith('-')) return { kind: 'until', last: parseVacationDate(entry, entry.slice(1)) };
    const bounds = entry.split('-');
    if (bounds.length === 1) return { kind: 'single', date: parseVacationDate(entry, entry) };
    if (bounds.length !== 2) throw new TimingError(`NOT needs date, first-last or -last, got '${entry}'`);
    const first = parseVacationDate(entry, bounds[0]!);
    const last = parseVacationDate(entry, bounds[1]!);
    if (naiveMillis(first) >= naiveMillis(wallTimeAfter(last))) {
      throw new TimingError(`NOT range ends before it begins, got '${entry}'`);
    }
    return { kind: 'range', first, last };
  });
}

export function renderVacation(vacation: Vacation): string {
  switch (vacation.kind) {
    case 'single':
      return renderVacationDate(vacation.date);
    case 'range':
      return `${renderVacationDate(vacation.first)}-${renderVacationDate(vacation.last)}`;
    case 'until':
      return `-${renderVacationDate(vacation.last)}`;
  }
}

/** Where a vacation lies on the game's timeline: no deadline may fall in [start, end). */
export interface VacationSpan {
  readonly vacation: Vacation;
  /** Absent for `-last`: the vacation covers everything before its end. */
  readonly start: DateTime | undefined;
  readonly end: DateTime;
  /** The vacation ends at a clock time (given to the hour or minute) rather than with a whole day. */
  readonly endsAtClockTime: boolean;
}

/** Whole-day (and whole-month) dates begin and end at 00:00 + START, as DAYS does. */
function dayBoundaryShift(date: VacationDate, start: Duration | undefined): number {
  const wholeDays = date.precision === 'month' || date.precision === 'day';
  return wholeDays && start !== undefined ? nominalMinutes(start) : 0;
}

export function vacationSpan(vacation: Vacation, zone: Zone, start: Duration | undefined): VacationSpan {
  const first = vacation.kind === 'single' ? vacation.date : vacation.kind === 'range' ? vacation.first : undefined;
  const last = vacation.kind === 'single' ? vacation.date : vacation.last;
  return {
    vacation,
    start: first && instantAt(shiftWallTime(first, dayBoundaryShift(first, start)), zone),
    end: instantAt(shiftWallTime(wallTimeAfter(last), dayBoundaryShift(last, start)), zone),
    endsAtClockTime: last.precision === 'hour' || last.precision === 'minute',
  };
}

export function spanCovers(span: VacationSpan, instant: DateTime): boolean {
  const at = instant.toMillis();
  return (span.start === undefined || span.start.toMillis() <= at) && at < span.end.toMillis();
}
