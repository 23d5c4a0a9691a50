import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { logicalWeekday, takesDeadline, DEFAULT_DAYS } from '../../src/deadline/days.js';
import type { Duration, DurationUnit } from '../../src/deadline/duration.js';
import {
  formatDeadlineStamp,
  gameZone,
  isMovementPhaseType,
  nextDeadline,
  parseDeadlineStamp,
  parseTiming,
  phaseTypeOf,
  renderTiming,
  type Timing,
  type Vacation,
  type VacationDate,
} from '../../src/deadline/index.js';
import { spanCovers, vacationSpan } from '../../src/deadline/vacation.js';

const LONGEST: Readonly<Record<DurationUnit, number>> = { M: 366 * 24 * 60, H: 366 * 24, D: 366, W: 52 };

function duration(units: readonly DurationUnit[], longest: Readonly<Record<DurationUnit, number>>, least = 1): fc.Arbitrary<Duration> {
  return fc.constantFrom(...units).chain((unit) => fc.integer({ min: least, max: longest[unit] }).map((amount) => ({ amount, unit })));
}

const start: fc.Arbitrary<Duration> = fc.oneof(
  fc.integer({ min: -23, max: 23 }).map((amount) => ({ amount, unit: 'H' as const })),
  fc.integer({ min: -1439, max: 1439 }).map((amount) => ({ amount, unit: 'M' as const })),
);

const days = fc
  .tuple(...[...'SMTWTFS'].map((letter) => fc.constantFrom(letter, letter.toLowerCase(), '-')))
  .map((places) => places.join(''))
  .filter((text) => /[A-Z]/.test(text));

const timeOfDay = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });

const vacationDate: fc.Arbitrary<VacationDate> = fc
  .record({
    precision: fc.constantFrom('month', 'day', 'hour', 'minute') as fc.Arbitrary<VacationDate['precision']>,
    year: fc.integer({ min: 2024, max: 2025 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
  })
  .map((date) => ({
    ...date,
    day: date.precision === 'month' ? 1 : date.day,
    hour: date.precision === 'hour' || date.precision === 'minute' ? date.hour : 0,
    minute: date.precision === 'minute' ? date.minute : 0,
  }));

function startsAt(date: VacationDate): number {
  return Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute);
}

const vacation: fc.Arbitrary<Vacation> = fc.oneof(
  vacationDate.map((date): Vacation => ({ kind: 'single', date })),
  vacationDate.map((last): Vacation => ({ kind: 'until', last })),
  fc.tuple(vacationDate, vacationDate).map(([a, b]): Vacation => {
    const [first, last] = startsAt(a) <= startsAt(b) ? [a, b] : [b, a];
    return { kind: 'range', first, last };
  }),
);

const PHASE_TYPE_KEYS = ['M', 'MOVE', 'MOVEMENT', 'R', 'RETREAT', 'A', 'ADJUST', 'ADJUSTMENTS'];

function timingWith(delay: fc.Arbitrary<Duration>): fc.Arbitrary<Timing> {
  return fc.record({
    next: fc.option(delay, { nil: undefined }),
    phaseDelays: fc
      .uniqueArray(fc.constantFrom(...PHASE_TYPE_KEYS), { maxLength: 3 })
      .chain((keys) => fc.tuple(...keys.map((phaseType) => delay.map((d) => ({ phaseType, delay: d }))))),
    at: fc.array(timeOfDay, { maxLength: 3 }),
    fudge: fc.option(duration(['M', 'H'], LONGEST), { nil: undefined }),
    days: fc.option(days, { nil: undefined }),
    start: fc.option(start, { nil: undefined }),
    warn: fc.option(fc.array(duration(['M', 'H', 'D', 'W'], LONGEST), { maxLength: 3 }), { nil: undefined }),
    grace: fc.option(duration(['M', 'H', 'D', 'W'], LONGEST, 0), { nil: undefined }),
    not: fc.array(vacation, { maxLength: 3 }),
  });
}

describe('TIMING lines, for any TIMING', () => {
  const anyTiming = timingWith(duration(['M', 'H', 'D', 'W'], LONGEST));

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(anyTiming, (timing) => {
        expect(parseTiming(renderTiming(timing))).toEqual(timing);
      }),
    );
  });

  it('writes what it reads from its own writing', () => {
    fc.assert(
      fc.property(anyTiming, (timing) => {
        const line = renderTiming(timing);
        expect(renderTiming(parseTiming(line))).toBe(line);
      }),
    );
  });
});

/** Daylight-saving changes of 2024 in New York, London and Lord Howe (a half-hour change). */
const CLOCK_CHANGES = ['2024-03-10T07:00Z', '2024-11-03T06:00Z', '2024-03-31T01:00Z', '2024-10-27T01:00Z', '2024-04-06T15:00Z', '2024-10-05T15:30Z'];
const DAY_MS = 86_400_000;
const anyMoment = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2025, 11, 31) }).map((millis) => DateTime.fromMillis(millis));
const momentNearClockChange = fc
  .tuple(fc.constantFrom(...CLOCK_CHANGES), fc.integer({ min: -3 * DAY_MS, max: DAY_MS }))
  .map(([change, offset]) => DateTime.fromISO(change).plus({ milliseconds: offset }));

describe('computed deadlines, for any TIMING, zone, phase and moment', () => {
  const SHORT: Readonly<Record<DurationUnit, number>> = { M: 600, H: 72, D: 10, W: 2 };
  const request = fc.record({
    timing: timingWith(duration(['M', 'H', 'D', 'W'], SHORT)),
    zone: fc.constantFrom('GMT', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe'),
    phase: fc.constantFrom('SPRING 1901 MOVEMENT', 'SPRING 1901 RETREATS', 'WINTER 1901 ADJUSTMENTS'),
    from: fc.oneof(anyMoment, momentNearClockChange),
    initial: fc.boolean(),
    realTime: fc.boolean(),
  });

  it('are never before the moment they are set, fall on whole minutes, and on slots unless real time', () => {
    fc.assert(
      fc.property(request, (input) => {
        const { deadline, realTime } = nextDeadline(input);
        expect(deadline.toMillis()).toBeGreaterThanOrEqual(input.from.toMillis());
        expect(deadline.second * 1000 + deadline.millisecond).toBe(0);
        if (!realTime) expect(deadline.minute % 20).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('fall on a day DAYS allows for the phase and outside every NOT vacation', () => {
    fc.assert(
      fc.property(request, (input) => {
        const { deadline } = nextDeadline(input);
        const { timing } = input;
        const movement = isMovementPhaseType(phaseTypeOf(input.phase));
        expect(takesDeadline(timing.days ?? DEFAULT_DAYS, logicalWeekday(deadline, timing.start), movement)).toBe(true);
        const zone = gameZone(input.zone);
        for (const entry of timing.not) expect(spanCovers(vacationSpan(entry, zone, timing.start), deadline)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('read back unchanged from their DEADLINE stamp', () => {
    fc.assert(
      fc.property(request, (input) => {
        const { deadline } = nextDeadline(input);
        const zone = gameZone(input.zone);
        expect(parseDeadlineStamp(formatDeadlineStamp(deadline, zone), zone).toMillis()).toBe(deadline.toMillis());
      }),
      { numRuns: 300 },
    );
  });

  it('are never earlier than the current deadline', () => {
    const withCurrent = fc.tuple(request, fc.integer({ min: -5 * 24 * 60, max: 20 * 24 * 60 }));
    fc.assert(
      fc.property(withCurrent, ([input, minutesAhead]) => {
        const current = input.from.plus({ minutes: minutesAhead }).startOf('minute');
        const { deadline } = nextDeadline({ ...input, current });
        expect(deadline.toMillis()).toBeGreaterThanOrEqual(current.toMillis());
      }),
      { numRuns: 200 },
    );
  });

  it('keep only the vacations that have not ended', () => {
    fc.assert(
      fc.property(request, (input) => {
        const zone = gameZone(input.zone);
        const kept = nextDeadline(input).timing.not;
        for (const entry of input.timing.not) {
          const ended = vacationSpan(entry, zone, input.timing.start).end.toMillis() <= input.from.toMillis();
          expect(kept.includes(entry)).toBe(!ended);
        }
      }),
    );
  });
});
