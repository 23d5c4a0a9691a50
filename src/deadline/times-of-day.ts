import type { DateTime } from 'luxon';
import { TimingError } from './errors.js';
import { instantAt, shiftWallTime, wallTimeOf } from './zone.js';

/** A time of day of the AT key, on the game's clocks. */
export interface TimeOfDay {
  readonly hour: number;
  readonly minute: number;
}

export const MINUTES_PER_DAY = 24 * 60;

export function parseTimesOfDay(text: string): TimeOfDay[] {
  return text.split(',').map((item) => {
    const match = /^(\d{1,2}):(\d{2})$/.exec(item);
    const hour = Number(match?.[1]);
    const minute = Number(match?.[2]);
    if (!match || hour > 23 || minute > 59) throw new TimingError(`AT needs hh:mm, got '${item}'`);
    return { hour, minute };
  });
}

export function renderTimeOfDay(time: TimeOfDay): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/** Also takes a luxon DateTime, which has the same hour and minute. */
export function minuteOfDay(time: TimeOfDay): number {
  return time.hour * 60 + time.minute;
}

/**
 * The gap, in minutes, between the scheduled times of day just before (or at) and just after the given
 * minute of the day; with a single time of day the gap is a whole day.
 * `schedule` is sorted, without repeats, each in [0, 1440).
 */
export function gapAround(minute: number, schedule: readonly number[]): number {
  const lastYesterday = schedule[schedule.length - 1]! - MINUTES_PER_DAY;
  const firstTomorrow = schedule[0]! + MINUTES_PER_DAY;
  const previous = [...schedule].reverse().find((scheduled) => scheduled <= minute) ?? lastYesterday;
  const next = schedule.find((scheduled) => scheduled > minute) ?? firstTomorrow;
  return next - previous;
}

/**
 * The first instant at or after `notBefore` at which the game's clocks (the zone of `notBefore`) show
 * one of the scheduled minutes of the day. Candidates come from the day before to two days after, since
 * a time skipped by a daylight-saving jump resolves forward, possibly past the next scheduled time.
 */
export function nextScheduledTime(notBefore: DateTime, schedule: readonly number[]): DateTime {
  const wall = wallTimeOf(notBefore);
  const midnight = { ...wall, hour: 0, minute: 0 };
  const candidates = [-1, 0, 1, 2].flatMap((dayOffset) =>
    schedule.map((minute) => instantAt(shiftWallTime(midnight, dayOffset * MINUTES_PER_DAY + minute), notBefore.zone)),
  );
  const eligible = candidates.filter((candidate) => candidate.toMillis() >= notBefore.toMillis());
  return eligible.reduce((earliest, candidate) => (candidate.toMillis() < earliest.toMillis() ? candidate : earliest));
}
