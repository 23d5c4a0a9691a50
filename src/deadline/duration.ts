import type { DateTime } from 'luxon';
import { TimingError } from './errors.js';
import { plusCalendarDays, plusMilliseconds } from './zone.js';

/** Minutes, hours, days or weeks, as TIMING writes them (`20M`, `8H`, `2D`, `1W`). */
export type DurationUnit = 'M' | 'H' | 'D' | 'W';

/** A TIMING delay. Only START may have a negative amount. */
export interface Duration {
  readonly amount: number;
  readonly unit: DurationUnit;
}

const UNIT_MINUTES: Readonly<Record<DurationUnit, number>> = { M: 1, H: 60, D: 24 * 60, W: 7 * 24 * 60 };

/** A delay longer than a year is certainly a typing error, and its deadline would not fit a yyyymmddhhmm stamp. */
const LONGEST_MINUTES = 366 * UNIT_MINUTES.D;

/** Length in minutes, counting a day as 24 hours (only for comparisons: days are calendar days). */
export function nominalMinutes(duration: Duration): number {
  return duration.amount * UNIT_MINUTES[duration.unit];
}

export function renderDuration(duration: Duration): string {
  return `${duration.amount}${duration.unit}`;
}

export interface DurationRule {
  readonly units: readonly DurationUnit[];
  readonly zero: 'allowed' | 'refused';
  readonly sign: 'signed' | 'unsigned';
}

function unitList(units: readonly DurationUnit[]): string {
  return units.length === 1 ? units[0]! : `${units.slice(0, -1).join(', ')} or ${units[units.length - 1]}`;
}

/** Reads the value of a TIMING key such as `NEXT 2D`; `key` only serves the error message. */
export function parseDuration(key: string, text: string, rule: DurationRule): Duration {
  const match = /^([+-]?)(\d{1,7})([A-Z])$/i.exec(text);
  const unit = match?.[3]?.toUpperCase() as DurationUnit | undefined;
  const hasSign = match !== null && match[1] !== '';
  if (!match || unit === undefined || !rule.units.includes(unit) || (hasSign && rule.sign === 'unsigned')) {
    const number = rule.sign === 'signed' ? 'a whole number (may be negative)' : 'a whole number';
    throw new TimingError(`${key} needs ${number} followed by ${unitList(rule.units)}, got '${text}'`);
  }
  const amount = (match[1] === '-' ? -1 : 1) * Number(match[2]);
  const duration: Duration = { amount: amount === 0 ? 0 : amount, unit };
  if (amount === 0 && rule.zero === 'refused') throw new TimingError(`${key} must be above zero, got '${text}'`);
  if (Math.abs(nominalMinutes(duration)) > LONGEST_MINUTES) {
    throw new TimingError(`${key} must be at most 366 days, got '${text}'`);
  }
  return duration;
}

/**
 * Moves an instant by a TIMING delay. Minutes and hours are elapsed time; days and weeks are calendar
 * days in the instant's zone, so `1D` keeps the wall-clock time across a daylight-saving change (23 or
 * 25 hours) while `24H` is always 24 hours.
 */
export function plusDuration(instant: DateTime, duration: Duration, direction: 1 | -1): DateTime {
  const amount = direction * duration.amount;
  switch (duration.unit) {
    case 'M':
      return plusMilliseconds(instant, amount * 60_000);
    case 'H':
      return plusMilliseconds(instant, amount * 3_600_000);
    case 'D':
      return plusCalendarDays(instant, amount);
    case 'W':
      return plusCalendarDays(instant, 7 * amount);
  }
}
