import type { DateTime, Zone } from 'luxon';
import { DeadlineInputError } from './errors.js';
import { instantAt, instantMillisAt, isRealWallTime, naiveMillis, wallTimeAt, wallTimeOf, type WallTime } from './zone.js';

const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The wall time a `DEADLINE yyyymmddhhmm` value names, checked. */
function stampWallTime(text: string): WallTime {
  const match = STAMP.exec(text);
  if (!match) throw new DeadlineInputError(`DEADLINE needs yyyymmddhhmm, got '${text}'`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = { year, month, day, hour, minute };
  if (!isRealWallTime(wall)) {
    throw new DeadlineInputError(`DEADLINE names a date or time that does not exist, got '${text}'`);
  }
  return wall;
}

/**
 * Reads a status file's `DEADLINE yyyymmddhhmm`, a wall time on the game's clocks. A time repeated by
 * the autumn change is its later occurrence; a time skipped in spring moves forward (see instantAt).
 */
export function parseDeadlineStamp(text: string, zone: Zone): DateTime {
  return instantAt(stampWallTime(text), zone);
}

const twoDigits = (value: number): string => (value < 10 ? `0${value}` : String(value));

/**
 * Writes an instant as the game's `DEADLINE yyyymmddhhmm` value (seconds are not kept): the digits
 * luxon's `toFormat('yyyyMMddHHmm')` writes for any year a stamp can hold, without its formatter.
 */
export function formatDeadlineStamp(instant: DateTime, zone: Zone): string {
  const wall = wallTimeAt(instant.toMillis(), zone);
  return `${String(wall.year).padStart(4, '0')}${twoDigits(wall.month)}${twoDigits(wall.day)}${twoDigits(wall.hour)}${twoDigits(wall.minute)}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * An instant as players read it on its zone's clocks, `Mon 5 Jan 2026 12:00`: luxon's
 * `toFormat('ccc d LLL yyyy HH:mm')` in the English that every mail and page is written in
 * (game/open.ts sets it), without luxon's formatter, which cost a phase's results more than the rest of their text.
 */
export function readableTime(instant: DateTime): string {
  return readableWallTime(wallTimeOf(instant));
}

/** A `DEADLINE` value as players read it, on the game's clocks at the instant it names (a time skipped in spring reads as the time it moves to). */
export function readableStamp(text: string, zone: Zone): string {
  return readableWallTime(wallTimeAt(instantMillisAt(stampWallTime(text), zone), zone));
}

function readableWallTime(wall: WallTime): string {
  const weekday = WEEKDAYS[new Date(naiveMillis(wall)).getUTCDay()]!;
  return `${weekday} ${wall.day} ${MONTHS[wall.month - 1]!} ${String(wall.year).padStart(4, '0')} ${twoDigits(wall.hour)}:${twoDigits(wall.minute)}`;
}
