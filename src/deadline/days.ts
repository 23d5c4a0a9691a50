import type { DateTime } from 'luxon';
import { nominalMinutes, type Duration } from './duration.js';
import { TimingError } from './errors.js';
import { naiveMillis, wallTimeOf } from './zone.js';

/** Deadlines on weekdays only, when a game has no DAYS key. */
export const DEFAULT_DAYS = '-MTWTF-';

const DAY_LETTERS = 'SMTWTFS';
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * Checks a DAYS value: seven places from Sunday, each the day's initial (upper case: any deadline;
 * lower case: no movement deadline) or a dash (no deadline).
 */
export function parseDays(text: string): string {
  if (text.length !== 7) throw new TimingError(`DAYS needs seven places from Sunday such as -MTWTF-, got '${text}'`);
  for (const [place, letter] of [...DAY_LETTERS].entries()) {
    const given = text[place]!;
    if (given !== '-' && given.toUpperCase() !== letter) {
      const choices = `'${letter}', '${letter.toLowerCase()}' or '-'`;
      throw new TimingError(`DAYS needs ${choices} for ${DAY_NAMES[place]}, got '${text}'`);
    }
  }
  if (!/[A-Z]/.test(text)) {
    throw new TimingError(`DAYS needs at least one upper-case day for movement deadlines, got '${text}'`);
  }
  return text;
}

export function weekdayName(weekday: number): string {
  return DAY_NAMES[weekday]!;
}

/**
 * The day of the week (0 = Sunday) an instant belongs to when days begin at 00:00 + START on the
 * game's clocks: with START 8H, Saturday 07:59 still belongs to Friday.
 */
export function logicalWeekday(instant: DateTime, start: Duration | undefined): number {
  const shift = start === undefined ? 0 : nominalMinutes(start);
  return new Date(naiveMillis(wallTimeOf(instant)) - shift * 60_000).getUTCDay();
}

export function takesDeadline(days: string, weekday: number, movement: boolean): boolean {
  const letter = days[weekday]!;
  return movement ? letter !== '-' && letter === letter.toUpperCase() : letter !== '-';
}
