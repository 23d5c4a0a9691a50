import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { gameZone, nextDeadline, parseDeadlineStamp, parseTiming, renderTiming, type DeadlineOutcome } from '../../src/deadline/index.js';

const MOVEMENT = 'SPRING 1901 MOVEMENT';
const RETREATS = 'SPRING 1901 RETREATS';
const ADJUSTMENTS = 'WINTER 1901 ADJUSTMENTS';

/**
 * One worked example. `from` carries its offset; `expected` is the deadline on the game clocks with its
 * weekday and offset. January 2024 begins on a Monday: Mon 15, Tue 16, Wed 17, Thu 18, Fri 19, Sat 20,
 * Sun 21, Mon 22. `why` is the hand calculation.
 */
interface Example {
  readonly name: string;
  readonly timing: string;
  readonly zone?: string;
  readonly phase: string;
  readonly from: string;
  readonly current?: string;
  readonly initial?: boolean;
  readonly realTime?: boolean;
  readonly jumpOffDays?: boolean;
  readonly phaseTypes?: readonly string[];
  readonly expected: string;
  readonly why: string;
}

function compute(example: Example): DeadlineOutcome {
  return nextDeadline({
    timing: parseTiming(example.timing, { phaseTypes: example.phaseTypes }),
    zone: example.zone,
    phase: example.phase,
    from: DateTime.fromISO(example.from, { setZone: true }),
    current: example.current === undefined ? undefined : parseDeadlineStamp(example.current, gameZone(example.zone)),
    initial: example.initial,
    realTime: example.realTime,
    jumpOffDays: example.jumpOffDays,
  });
}

function shown(instant: DateTime): string {
  return instant.toFormat("ccc yyyy-MM-dd'T'HH:mmZZ");
}

function expectExamples(examples: readonly Example[]): void {
  it.each(examples)('$name', (example) => {
    expect(shown(compute(example).deadline), example.why).toBe(example.expected);
  });
}

describe('NEXT and the phase-type delays', () => {
  expectExamples([
    {
      name: 'no TIMING: a movement phase gets 2 days',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Wed 2024-01-17T10:00+00:00',
      why: 'Mon 10:00 + 2D',
    },
    {
      name: 'no TIMING: a retreat phase gets 1 day',
      timing: '',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Tue 2024-01-16T10:00+00:00',
      why: 'Mon 10:00 + 1D',
    },
    {
      name: 'no TIMING: an adjustment phase gets 1 day',
      timing: '',
      phase: ADJUSTMENTS,
      from: '2024-01-15T10:00Z',
      expected: 'Tue 2024-01-16T10:00+00:00',
      why: 'Mon 10:00 + 1D',
    },
    {
      name: 'NEXT applies to movement phases too',
      timing: 'NEXT 3D',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Thu 2024-01-18T10:00+00:00',
      why: 'Mon 10:00 + 3D',
    },
    {
      name: 'MOVE overrides NEXT for a movement phase',
      timing: 'NEXT 1D MOVE 3D',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Thu 2024-01-18T10:00+00:00',
      why: 'MOVE matches MOVEMENT: + 3D',
    },
    {
      name: 'NEXT serves a phase no key matches',
      timing: 'NEXT 1D MOVE 3D',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Tue 2024-01-16T10:00+00:00',
      why: 'MOVE does not match RETREATS: NEXT 1D',
    },
    {
      name: 'the longest matching phase-type key wins',
      timing: 'M 1D MOVE 3D',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Thu 2024-01-18T10:00+00:00',
      why: 'M and MOVE both match; MOVE is longer: + 3D',
    },
    {
      name: 'a RETREAT key in hours',
      timing: 'RETREAT 2H',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Mon 2024-01-15T12:00+00:00',
      why: 'Mon 10:00 + 2H',
    },
    {
      name: "a map's own phase type",
      timing: 'INCOME 4H',
      phase: 'WINTER 1901 INCOME',
      phaseTypes: ['INCOME'],
      from: '2024-01-15T10:00Z',
      expected: 'Mon 2024-01-15T14:00+00:00',
      why: 'Mon 10:00 + 4H',
    },
    { name: 'a week', timing: 'NEXT 1W', phase: MOVEMENT, from: '2024-01-15T10:00Z', expected: 'Mon 2024-01-22T10:00+00:00', why: 'Mon 10:00 + 7 days' },
  ]);
});

describe('rounding up to the :00/:20/:40 slots', () => {
  expectExamples([
    {
      name: 'a start off the slots',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-15T10:07Z',
      expected: 'Wed 2024-01-17T10:20+00:00',
      why: 'Wed 10:07, up to 10:20',
    },
    {
      name: 'seconds count as the next minute',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-15T10:00:30Z',
      expected: 'Wed 2024-01-17T10:20+00:00',
      why: 'Wed 10:00:30 is 10:01, up to 10:20',
    },
    { name: '90 minutes', timing: 'NEXT 90M', phase: RETREATS, from: '2024-01-15T10:00Z', expected: 'Mon 2024-01-15T11:40+00:00', why: '11:30, up to 11:40' },
    {
      name: 'a delay under 20 minutes is not rounded',
      timing: 'NEXT 10M',
      phase: RETREATS,
      from: '2024-01-15T10:07:30Z',
      expected: 'Mon 2024-01-15T10:18+00:00',
      why: '10:07:30 + 10M = 10:17:30, to the minute 10:18',
    },
    {
      name: 'a 30-minute delay is rounded',
      timing: 'NEXT 30M',
      phase: RETREATS,
      from: '2024-01-15T10:07Z',
      expected: 'Mon 2024-01-15T10:40+00:00',
      why: '10:37, up to 10:40',
    },
    {
      name: 'REAL_TIME is not rounded',
      timing: 'NEXT 30M',
      phase: RETREATS,
      from: '2024-01-15T10:07Z',
      realTime: true,
      expected: 'Mon 2024-01-15T10:37+00:00',
      why: '10:37',
    },
  ]);
});

describe('AT and FUDGE', () => {
  expectExamples([
    {
      name: 'the 8-hour fudge pulls a deadline back to the AT time',
      timing: 'NEXT 2D AT 12:00',
      phase: MOVEMENT,
      from: '2024-01-15T13:00Z',
      expected: 'Wed 2024-01-17T12:00+00:00',
      why: 'Wed 13:00 - 8H = 05:00; next 12:00 is Wed',
    },
    {
      name: 'beyond the fudge the next day is taken',
      timing: 'NEXT 2D AT 12:00',
      phase: MOVEMENT,
      from: '2024-01-15T21:00Z',
      expected: 'Thu 2024-01-18T12:00+00:00',
      why: 'Wed 21:00 - 8H = 13:00; next 12:00 is Thu',
    },
    {
      name: 'the fudge reaches the AT time exactly',
      timing: 'NEXT 2D AT 12:00',
      phase: MOVEMENT,
      from: '2024-01-15T20:00Z',
      expected: 'Wed 2024-01-17T12:00+00:00',
      why: 'Wed 20:00 - 8H = 12:00, itself an AT time',
    },
    {
      name: 'a day delay acts as 16 hours',
      timing: 'NEXT 1D AT 12:00',
      phase: RETREATS,
      from: '2024-01-15T19:50Z',
      expected: 'Tue 2024-01-16T12:00+00:00',
      why: 'Tue 19:50 - 8H = 11:50; next 12:00 is Tue, 16h10 after Mon 19:50',
    },
    {
      name: 'a day delay past the fudge',
      timing: 'NEXT 1D AT 12:00',
      phase: RETREATS,
      from: '2024-01-15T20:10Z',
      expected: 'Wed 2024-01-17T12:00+00:00',
      why: 'Tue 20:10 - 8H = 12:10; next 12:00 is Wed',
    },
    {
      name: 'an hour delay has no fudge',
      timing: 'NEXT 24H AT 12:00',
      phase: RETREATS,
      from: '2024-01-15T12:10Z',
      expected: 'Wed 2024-01-17T12:00+00:00',
      why: 'Tue 12:10, no fudge; next 12:00 is Wed',
    },
    {
      name: 'a smaller FUDGE',
      timing: 'NEXT 2D AT 12:00 FUDGE 2H',
      phase: MOVEMENT,
      from: '2024-01-15T15:00Z',
      expected: 'Thu 2024-01-18T12:00+00:00',
      why: 'Wed 15:00 - 2H = 13:00; next 12:00 is Thu (the default 8H would give Wed)',
    },
    {
      name: 'a FUDGE above half the gap is cut to 12 hours',
      timing: 'NEXT 2D AT 12:00 FUDGE 20H',
      phase: MOVEMENT,
      from: '2024-01-16T01:00Z',
      expected: 'Thu 2024-01-18T12:00+00:00',
      why: 'Thu 01:00 - 12H (not 20H) = Wed 13:00; next 12:00 is Thu',
    },
    {
      name: 'a FUDGE under 20 minutes is raised to 20',
      timing: 'NEXT 1D AT 12:00 FUDGE 1M',
      phase: RETREATS,
      from: '2024-01-15T12:02Z',
      expected: 'Tue 2024-01-16T12:00+00:00',
      why: 'Tue 12:02 - 20M = 11:42; next 12:00 is Tue',
    },
    {
      name: 'under REAL_TIME a FUDGE of 1 minute stands',
      timing: 'NEXT 1D AT 12:00 FUDGE 1M',
      phase: RETREATS,
      from: '2024-01-15T12:02Z',
      realTime: true,
      expected: 'Wed 2024-01-17T12:00+00:00',
      why: 'Tue 12:02 - 1M = 12:01; next 12:00 is Wed',
    },
    {
      name: 'AT is ignored for a delay under 12 hours',
      timing: 'NEXT 6H AT 12:00',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Mon 2024-01-15T16:00+00:00',
      why: '6H < 12H: Mon 16:00',
    },
    {
      name: 'AT applies from a delay of 12 hours',
      timing: 'NEXT 12H AT 12:00',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Tue 2024-01-16T12:00+00:00',
      why: 'Mon 22:00; 12H is half the day; next 12:00 is Tue',
    },
    {
      name: 'two AT times: a delay over half their gap',
      timing: 'NEXT 8H AT 08:00,20:00',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Mon 2024-01-15T20:00+00:00',
      why: 'Mon 18:00 lies between 08:00 and 20:00 (gap 12H); 8H >= 6H; next is 20:00',
    },
    {
      name: 'two AT times: a delay under half their gap',
      timing: 'NEXT 5H AT 08:00,20:00',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Mon 2024-01-15T15:00+00:00',
      why: 'gap 12H; 5H < 6H: AT ignored, Mon 15:00',
    },
    {
      name: 'two AT times: the fudge is a third of their gap',
      timing: 'NEXT 1D AT 08:00,20:00',
      phase: RETREATS,
      from: '2024-01-15T21:00Z',
      expected: 'Tue 2024-01-16T20:00+00:00',
      why: 'Tue 21:00 lies between 20:00 and 08:00 (gap 12H); - 4H = 17:00; next is 20:00',
    },
    {
      name: 'uneven AT times: the gap around the deadline counts',
      timing: 'NEXT 1D AT 08:00,12:00',
      phase: RETREATS,
      from: '2024-01-15T15:00Z',
      expected: 'Tue 2024-01-16T12:00+00:00',
      why: 'Tue 15:00 lies between 12:00 and 08:00 (gap 20H); - 6H40 = 08:20; next is 12:00',
    },
    {
      name: 'an AT time between slots is rounded up',
      timing: 'NEXT 1D AT 12:05',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Tue 2024-01-16T12:20+00:00',
      why: '12:05 becomes 12:20; Tue 10:00 - 8H = 02:00; next 12:20 is Tue',
    },
    {
      name: 'AT 23:50 is rounded up to midnight',
      timing: 'NEXT 1D AT 23:50',
      phase: RETREATS,
      from: '2024-01-15T12:00Z',
      expected: 'Wed 2024-01-17T00:00+00:00',
      why: '23:50 becomes 00:00; Tue 12:00 - 8H = 04:00; next 00:00 is Wed',
    },
    {
      name: 'under REAL_TIME AT times are not rounded',
      timing: 'NEXT 1D AT 12:05',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      realTime: true,
      expected: 'Tue 2024-01-16T12:05+00:00',
      why: 'Tue 10:00 - 8H = 02:00; next 12:05 is Tue',
    },
  ]);
});

describe('DAYS and START', () => {
  expectExamples([
    {
      name: 'the default DAYS skips the weekend',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-18T10:00Z',
      expected: 'Mon 2024-01-22T10:00+00:00',
      why: 'Thu + 2D = Sat; Sat and Sun refused; Mon 10:00',
    },
    {
      name: 'every day allowed',
      timing: 'DAYS SMTWTFS',
      phase: MOVEMENT,
      from: '2024-01-18T10:00Z',
      expected: 'Sat 2024-01-20T10:00+00:00',
      why: 'Thu + 2D = Sat',
    },
    {
      name: 'a lower-case day takes a retreat deadline',
      timing: 'NEXT 1D DAYS -MTWTFs',
      phase: RETREATS,
      from: '2024-01-19T10:00Z',
      expected: 'Sat 2024-01-20T10:00+00:00',
      why: 'Fri + 1D = Sat, s allows non-movement phases',
    },
    {
      name: 'a lower-case day takes no movement deadline',
      timing: 'NEXT 1D DAYS -MTWTFs',
      phase: MOVEMENT,
      from: '2024-01-19T10:00Z',
      expected: 'Mon 2024-01-22T10:00+00:00',
      why: 'Fri + 1D = Sat (s: no movement), Sun refused; Mon',
    },
    {
      name: 'weekends only',
      timing: 'DAYS S-----S',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Sat 2024-01-20T10:00+00:00',
      why: 'Mon + 2D = Wed; Wed, Thu, Fri refused; Sat',
    },
    {
      name: 'START 8H: Saturday 02:00 still belongs to Friday',
      timing: 'NEXT 1D START 8H',
      phase: RETREATS,
      from: '2024-01-19T02:00Z',
      expected: 'Sat 2024-01-20T02:00+00:00',
      why: 'Sat 02:00 - 8H is Fri 18:00: Friday, allowed',
    },
    {
      name: 'START 8H: Saturday 10:00 belongs to Saturday',
      timing: 'NEXT 1D START 8H',
      phase: RETREATS,
      from: '2024-01-19T10:00Z',
      expected: 'Mon 2024-01-22T10:00+00:00',
      why: 'Sat 10:00 is Saturday, Sun 10:00 Sunday; Mon 10:00',
    },
    {
      name: 'START -2H: Friday 23:00 already belongs to Saturday',
      timing: 'NEXT 1D START -2H',
      phase: RETREATS,
      from: '2024-01-18T23:00Z',
      expected: 'Sun 2024-01-21T23:00+00:00',
      why: 'Fri 23:00 + 2H is Sat; Sat 23:00 is Sun; Sun 23:00 is Mon: allowed',
    },
    {
      name: 'START -2H: Friday 21:00 is still Friday',
      timing: 'NEXT 1D START -2H',
      phase: RETREATS,
      from: '2024-01-18T21:00Z',
      expected: 'Fri 2024-01-19T21:00+00:00',
      why: 'Fri 21:00 + 2H = 23:00 Friday',
    },
  ]);
});

describe('NOT vacations', () => {
  expectExamples([
    {
      name: 'a single day moves the deadline to the next day, same time',
      timing: 'NOT 20240117',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Thu 2024-01-18T10:00+00:00',
      why: 'Wed 10:00 is in Wed 17; next 10:00 after Thu 00:00',
    },
    {
      name: 'with AT the deadline moves to the next AT time',
      timing: 'AT 12:00 NOT 20240117',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      expected: 'Thu 2024-01-18T12:00+00:00',
      why: 'Wed 02:00 -> Wed 12:00, in the vacation; next 12:00 after Thu 00:00',
    },
    {
      name: 'a range, inclusive, then DAYS',
      timing: 'NOT 20240116-20240119',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Mon 2024-01-22T10:00+00:00',
      why: 'Tue 10:00 in Tue-Fri; Sat 10:00 and Sun refused by DAYS; Mon',
    },
    {
      name: 'an open-ended vacation',
      timing: 'NOT -20240124',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      expected: 'Thu 2024-01-25T10:00+00:00',
      why: 'everything up to Wed 24 inclusive; Thu 10:00',
    },
    {
      name: 'a vacation ending at a minute ends just after it',
      timing: 'NOT 202401161200-202401161400',
      phase: RETREATS,
      from: '2024-01-15T13:00Z',
      expected: 'Tue 2024-01-16T14:20+00:00',
      why: 'Tue 13:00 in 12:00-14:00 inclusive; 14:01, up to 14:20',
    },
    {
      name: 'a vacation ending at an hour ends with that hour',
      timing: 'NOT 2024011612-2024011613',
      phase: RETREATS,
      from: '2024-01-15T13:00Z',
      expected: 'Tue 2024-01-16T14:00+00:00',
      why: 'Tue 13:00 in 12:00-13:59; 14:00',
    },
    {
      name: 'a whole month',
      timing: 'NEXT 1W NOT 202402',
      phase: MOVEMENT,
      from: '2024-01-29T10:00Z',
      expected: 'Fri 2024-03-01T10:00+00:00',
      why: 'Mon Feb 5 in February; next 10:00 after Mar 1 00:00, a Friday',
    },
    {
      name: 'START shifts whole-day vacations: before the shifted start',
      timing: 'NEXT 1D START 8H NOT 20240117',
      phase: RETREATS,
      from: '2024-01-16T04:00Z',
      expected: 'Wed 2024-01-17T04:00+00:00',
      why: 'the vacation is Wed 08:00 to Thu 08:00; Wed 04:00 is before it',
    },
    {
      name: 'START shifts whole-day vacations: inside',
      timing: 'NEXT 1D START 8H NOT 20240117',
      phase: RETREATS,
      from: '2024-01-16T09:00Z',
      expected: 'Thu 2024-01-18T09:00+00:00',
      why: 'Wed 09:00 in Wed 08:00-Thu 08:00; next 09:00 is Thu',
    },
  ]);

  it('drops the vacations that have ended and keeps the others', () => {
    const outcome = compute({ name: '', timing: 'NOT 20240110,20240114,20240117', phase: MOVEMENT, from: '2024-01-15T00:00Z', expected: '', why: '' });
    expect(renderTiming(outcome.timing)).toBe('NOT 20240117');
  });

  it('keeps the TIMING as it was when no vacation has ended', () => {
    const outcome = compute({ name: '', timing: 'NEXT 2D NOT 20240117', phase: MOVEMENT, from: '2024-01-15T00:00Z', expected: '', why: '' });
    expect(renderTiming(outcome.timing)).toBe('NEXT 2D NOT 20240117');
  });
});

describe('the current deadline and the initial deadline', () => {
  expectExamples([
    {
      name: 'a later current deadline stands',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      current: '202401191800',
      expected: 'Fri 2024-01-19T18:00+00:00',
      why: 'Wed 10:00 would be earlier than Fri 18:00',
    },
    {
      name: 'an earlier current deadline does not hold the new one back',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      current: '202401160000',
      expected: 'Wed 2024-01-17T10:00+00:00',
      why: 'Wed 10:00 is after Tue 00:00',
    },
    {
      name: 'the initial movement deadline is twice 2 days',
      timing: '',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      initial: true,
      expected: 'Fri 2024-01-19T10:00+00:00',
      why: 'Mon + 4D',
    },
    {
      name: 'the initial retreat deadline is twice 1 day',
      timing: '',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      initial: true,
      expected: 'Wed 2024-01-17T10:00+00:00',
      why: 'Mon + 2D',
    },
    {
      name: 'a doubled 15 minutes is 30, and rounded',
      timing: 'NEXT 15M',
      phase: RETREATS,
      from: '2024-01-15T10:00Z',
      initial: true,
      expected: 'Mon 2024-01-15T10:40+00:00',
      why: 'the initial deadline is computed with 30M: 10:30, up to 10:40',
    },
    {
      name: 'the initial deadline with AT and a weekend',
      timing: 'AT 12:00',
      phase: MOVEMENT,
      from: '2024-01-17T09:00Z',
      initial: true,
      expected: 'Mon 2024-01-22T12:00+00:00',
      why: 'Wed + 4D = Sun 09:00; - 8H = Sun 01:00; Sun 12:00; Sun refused: Mon 12:00',
    },
  ]);
});

describe('daylight saving in America/New_York (10 March and 3 November 2024)', () => {
  const zone = 'America/New_York';
  expectExamples([
    {
      name: 'AT 02:20 on the spring-forward night is 03:20 EDT',
      zone,
      timing: 'NEXT 1D AT 02:20 DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-03-09T10:00-05:00',
      expected: 'Sun 2024-03-10T03:20-04:00',
      why: 'Sun 10:00 EDT - 8H = 01:00 EST; 02:20 does not exist, read as 02:20 EST = 03:20 EDT',
    },
    {
      name: 'AT 02:30 is rounded to 02:40, then moved to 03:40 EDT',
      zone,
      timing: 'NEXT 1D AT 02:30 DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-03-09T10:00-05:00',
      expected: 'Sun 2024-03-10T03:40-04:00',
      why: '02:30 -> 02:40, skipped; read as 02:40 EST = 03:40 EDT',
    },
    {
      name: 'a day delay keeps the wall time: 23 hours',
      zone,
      timing: 'NEXT 1D DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-03-09T12:00-05:00',
      expected: 'Sun 2024-03-10T12:00-04:00',
      why: 'Sat 12:00 EST + 1D = Sun 12:00 EDT',
    },
    {
      name: '24 hours is elapsed time: 13:00 EDT',
      zone,
      timing: 'NEXT 24H DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-03-09T12:00-05:00',
      expected: 'Sun 2024-03-10T13:00-04:00',
      why: 'Sat 17:00Z + 24H = Sun 17:00Z = 13:00 EDT',
    },
    {
      name: 'a day delay landing in the skipped hour',
      zone,
      timing: 'NEXT 1D DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-03-09T02:20-05:00',
      expected: 'Sun 2024-03-10T03:20-04:00',
      why: 'Sun 02:20 does not exist: 02:20 EST = 03:20 EDT',
    },
    {
      name: 'AT 01:20 in the repeated hour is its second pass (EST)',
      zone,
      timing: 'NEXT 1D AT 01:20 DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-11-02T01:00-04:00',
      expected: 'Sun 2024-11-03T01:20-05:00',
      why: 'Sun 01:00 (EST, 06:00Z) - 8H = Sat 22:00Z; next 01:20 is Sun, later pass 06:20Z',
    },
    {
      name: 'hours landing in the first pass of the repeated hour move to the second',
      zone,
      timing: 'NEXT 5H DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-11-02T20:40-04:00',
      expected: 'Sun 2024-11-03T01:40-05:00',
      why: '00:40Z + 5H = 05:40Z = 01:40 EDT; its stamp 202411030140 reads as 01:40 EST',
    },
    {
      name: 'a day delay in autumn keeps the wall time: 25 hours',
      zone,
      timing: 'NEXT 1D DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-11-02T12:00-04:00',
      expected: 'Sun 2024-11-03T12:00-05:00',
      why: 'Sat 12:00 EDT + 1D = Sun 12:00 EST',
    },
  ]);
});

describe('daylight saving in Europe/London (31 March and 27 October 2024)', () => {
  const zone = 'Europe/London';
  expectExamples([
    {
      name: 'AT 01:40 on the spring-forward night is 02:40 BST',
      zone,
      timing: 'NEXT 1D AT 01:40 DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-03-30T01:00+00:00',
      expected: 'Sun 2024-03-31T02:40+01:00',
      why: 'Sun 01:00 skipped -> 01:00Z; - 8H = Sat 17:00Z; 01:40 skipped, read as 01:40 GMT = 02:40 BST',
    },
    {
      name: '24 hours across the autumn change',
      zone,
      timing: 'NEXT 24H DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-10-26T12:00+01:00',
      expected: 'Sun 2024-10-27T11:00+00:00',
      why: 'Sat 11:00Z + 24H = Sun 11:00Z = 11:00 GMT',
    },
    {
      name: 'one day across the autumn change',
      zone,
      timing: 'NEXT 1D DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-10-26T12:00+01:00',
      expected: 'Sun 2024-10-27T12:00+00:00',
      why: 'Sat 12:00 BST + 1D = Sun 12:00 GMT',
    },
    {
      name: 'AT in the repeated hour',
      zone,
      timing: 'NEXT 1D AT 01:20 DAYS SMTWTFS',
      phase: RETREATS,
      from: '2024-10-26T01:00+01:00',
      expected: 'Sun 2024-10-27T01:20+00:00',
      why: 'Sun 01:00 (GMT) - 8H = Sat 17:00Z; next 01:20 is Sun, later pass 01:20 GMT',
    },
  ]);
});

describe('a game in Asia/Kolkata (UTC+05:30)', () => {
  const zone = 'Asia/Kolkata';
  expectExamples([
    {
      name: 'AT 20:00 is 20:00 IST, 14:30 UTC',
      zone,
      timing: 'AT 20:00',
      phase: MOVEMENT,
      from: '2024-01-15T10:07+05:30',
      expected: 'Wed 2024-01-17T20:00+05:30',
      why: 'Wed 10:07 - 8H = 02:07; next 20:00 is Wed',
    },
    {
      name: 'slots are on the game clocks',
      zone,
      timing: 'NEXT 5H',
      phase: RETREATS,
      from: '2024-01-15T10:07+05:30',
      expected: 'Mon 2024-01-15T15:20+05:30',
      why: '15:07 IST, up to 15:20 IST (09:50 UTC)',
    },
    {
      name: 'AT 23:50 becomes midnight IST',
      zone,
      timing: 'NEXT 1D AT 23:50',
      phase: RETREATS,
      from: '2024-01-15T12:00+05:30',
      expected: 'Wed 2024-01-17T00:00+05:30',
      why: 'Tue 12:00 - 8H = 04:00; next 00:00 is Wed (Tue 18:30 UTC)',
    },
    {
      name: 'days are days on the game clocks',
      zone,
      timing: 'NEXT 1D',
      phase: RETREATS,
      from: '2024-01-19T03:00+05:30',
      expected: 'Mon 2024-01-22T03:00+05:30',
      why: 'Sat 03:00 IST (Fri 21:30 UTC) is a Saturday in Kolkata; Sun refused; Mon',
    },
  ]);
});

describe('keys together', () => {
  expectExamples([
    {
      name: 'MOVE with AT, START and a vacation, in New York',
      zone: 'America/New_York',
      timing: 'NEXT 1D MOVE 3D AT 18:00 DAYS -MTWTF- START 6H NOT 20240125 WARN 1D,2H GRACE 2D',
      phase: MOVEMENT,
      from: '2024-01-22T19:00-05:00',
      expected: 'Fri 2024-01-26T18:00-05:00',
      why: 'Mon 19:00 + 3D = Thu 19:00 - 8H = 11:00; Thu 18:00 is in Thu 06:00-Fri 06:00; next 18:00 after is Fri',
    },
    {
      name: 'a retreat on a lower-case Saturday after a vacation',
      timing: 'NEXT 1D MOVE 3D DAYS SmTWTFs NOT 20240119',
      phase: RETREATS,
      from: '2024-01-18T10:00Z',
      expected: 'Sat 2024-01-20T10:00+00:00',
      why: 'Fri 10:00 is in the vacation; Sat 10:00 is lower-case s: allowed for a retreat',
    },
    {
      name: 'a movement phase on the same line skips lower-case days',
      timing: 'NEXT 1D MOVE 3D DAYS SmTWTFs NOT 20240119',
      phase: MOVEMENT,
      from: '2024-01-17T10:00Z',
      expected: 'Sun 2024-01-21T10:00+00:00',
      why: 'Wed + 3D = Sat 10:00, s refuses movement; Sun is upper-case S',
    },
  ]);
});

describe('JUMP_OFF_DAYS', () => {
  expectExamples([
    {
      name: 'off days are not counted: three playing days after a Friday end on Wednesday',
      timing: 'NEXT 3D DAYS -MTWTF-',
      phase: MOVEMENT,
      from: '2024-01-19T10:00Z',
      jumpOffDays: true,
      expected: 'Wed 2024-01-24T10:00+00:00',
      why: 'Sat and Sun are off: Mon, Tue, Wed are the three days',
    },
    {
      name: 'without the rule the deadline lands on the first playing day',
      timing: 'NEXT 3D DAYS -MTWTF-',
      phase: MOVEMENT,
      from: '2024-01-19T10:00Z',
      expected: 'Mon 2024-01-22T10:00+00:00',
      why: 'Fri + 3D = Mon',
    },
    {
      name: 'an absence is jumped over too',
      timing: 'NEXT 2D NOT 20240116',
      phase: MOVEMENT,
      from: '2024-01-15T10:00Z',
      jumpOffDays: true,
      expected: 'Thu 2024-01-18T10:00+00:00',
      why: 'Tue is away: Wed and Thu are the two days',
    },
  ]);
});
