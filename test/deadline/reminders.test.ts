import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { graceExpiry, parseTiming, warningTimes } from '../../src/deadline/index.js';

function shown(instant: DateTime): string {
  return instant.toFormat("ccc yyyy-MM-dd'T'HH:mmZZ");
}

function inZone(iso: string, zone: string): DateTime {
  return DateTime.fromISO(iso, { setZone: true }).setZone(zone);
}

const WEDNESDAY_10 = inZone('2024-01-17T10:00Z', 'GMT');
const MONDAY_10 = inZone('2024-01-15T10:00Z', 'GMT');

describe('WARN: reminders before the deadline', () => {
  it.each([
    ['no WARN: four hours before', '', ['Wed 2024-01-17T06:00+00:00']],
    ['several, earliest first', 'WARN 6H,1D,12H', ['Tue 2024-01-16T10:00+00:00', 'Tue 2024-01-16T22:00+00:00', 'Wed 2024-01-17T04:00+00:00']],
    ['WARN 0: none', 'WARN 0', []],
    ['minutes', 'WARN 40M', ['Wed 2024-01-17T09:20+00:00']],
    ['a day and 24 hours are one reminder outside daylight-saving changes', 'WARN 1D,24H', ['Tue 2024-01-16T10:00+00:00']],
  ])('%s', (_, timing, expected) => {
    expect(warningTimes(WEDNESDAY_10, parseTiming(timing)).map(shown)).toEqual(expected);
  });

  it('sends no reminder that falls before the deadline was set', () => {
    // Set on Monday 10:00 for Wednesday 10:00: three days before is Sunday, before the phase began.
    expect(warningTimes(WEDNESDAY_10, parseTiming('WARN 3D'), MONDAY_10)).toEqual([]);
    expect(warningTimes(WEDNESDAY_10, parseTiming('WARN 3D,4H'), MONDAY_10).map(shown)).toEqual(['Wed 2024-01-17T06:00+00:00']);
  });

  it('counts days on the game clocks across the spring change in New York', () => {
    const deadline = inZone('2024-03-10T12:00-04:00', 'America/New_York');
    // 1D before Sun 12:00 EDT is Sat 12:00 EST (23 hours); 24H before is Sat 11:00 EST.
    expect(warningTimes(deadline, parseTiming('WARN 1D,24H')).map(shown)).toEqual(['Sat 2024-03-09T11:00-05:00', 'Sat 2024-03-09T12:00-05:00']);
  });
});

describe('GRACE: when late players are dealt with', () => {
  it.each([
    ['GRACE 1D', 'GRACE 1D', false, 'Thu 2024-01-18T10:00+00:00'],
    ['GRACE 0H: at the deadline', 'GRACE 0H', false, 'Wed 2024-01-17T10:00+00:00'],
    ['GRACE 2H under CIVIL_DISORDER', 'GRACE 2H', true, 'Wed 2024-01-17T12:00+00:00'],
    ['no GRACE under CIVIL_DISORDER: at the deadline', '', true, 'Wed 2024-01-17T10:00+00:00'],
  ])('%s', (_, timing, civilDisorder, expected) => {
    const expiry = graceExpiry(WEDNESDAY_10, parseTiming(timing), { civilDisorder });
    expect(expiry && shown(expiry)).toBe(expected);
  });

  it('never expires without GRACE or CIVIL_DISORDER', () => {
    expect(graceExpiry(WEDNESDAY_10, parseTiming(''))).toBeUndefined();
  });

  it('counts a grace day on the game clocks across the autumn change in London', () => {
    const deadline = inZone('2024-10-26T12:00+01:00', 'Europe/London');
    expect(shown(graceExpiry(deadline, parseTiming('GRACE 1D'))!)).toBe('Sun 2024-10-27T12:00+00:00');
  });
});
