import { describe, expect, it } from 'vitest';
import { parseTiming, renderTiming, TimingError, type Timing } from '../../src/deadline/index.js';

const EMPTY: Timing = { phaseDelays: [], at: [], not: [] };

describe('parseTiming reads every key', () => {
  it('reads a line with every key into its typed form', () => {
    const line =
      'TIMING NEXT 1D MOVE 2D RETREAT 12H AT 09:00,21:30 FUDGE 2H DAYS SMTWTFs START -2H WARN 1D,6H GRACE 0H ' + 'NOT 20040831,20040920-20040927,-20020812';
    expect(parseTiming(line)).toEqual({
      next: { amount: 1, unit: 'D' },
      phaseDelays: [
        { phaseType: 'MOVE', delay: { amount: 2, unit: 'D' } },
        { phaseType: 'RETREAT', delay: { amount: 12, unit: 'H' } },
      ],
      at: [
        { hour: 9, minute: 0 },
        { hour: 21, minute: 30 },
      ],
      fudge: { amount: 2, unit: 'H' },
      days: 'SMTWTFs',
      start: { amount: -2, unit: 'H' },
      warn: [
        { amount: 1, unit: 'D' },
        { amount: 6, unit: 'H' },
      ],
      grace: { amount: 0, unit: 'H' },
      not: [
        { kind: 'single', date: { precision: 'day', year: 2004, month: 8, day: 31, hour: 0, minute: 0 } },
        {
          kind: 'range',
          first: { precision: 'day', year: 2004, month: 9, day: 20, hour: 0, minute: 0 },
          last: { precision: 'day', year: 2004, month: 9, day: 27, hour: 0, minute: 0 },
        },
        { kind: 'until', last: { precision: 'day', year: 2002, month: 8, day: 12, hour: 0, minute: 0 } },
      ],
    });
  });

  it.each([
    ['an empty line', '', EMPTY],
    ['the TIMING word alone', 'TIMING', EMPTY],
    ['lower-case keys and units', 'next 3d', { ...EMPTY, next: { amount: 3, unit: 'D' } }],
    ['a one-digit hour', 'AT 9:05', { ...EMPTY, at: [{ hour: 9, minute: 5 }] }],
    ['WARN 0 as no warning', 'WARN 0', { ...EMPTY, warn: [] }],
    ['WARN 0H as no warning', 'WARN 0H', { ...EMPTY, warn: [] }],
    ['a positive START with its sign', 'START +8H', { ...EMPTY, start: { amount: 8, unit: 'H' } }],
    ['START in minutes', 'START -90M', { ...EMPTY, start: { amount: -90, unit: 'M' } }],
    ['a one-letter phase type', 'M 1D', { ...EMPTY, phaseDelays: [{ phaseType: 'M', delay: { amount: 1, unit: 'D' } }] }],
    ['a week delay', 'ADJUST 1W', { ...EMPTY, phaseDelays: [{ phaseType: 'ADJUST', delay: { amount: 1, unit: 'W' } }] }],
  ])('reads %s', (_, line, expected) => {
    expect(parseTiming(line)).toEqual(expected);
  });

  it.each([
    ['a month', '202412', { precision: 'month', year: 2024, month: 12, day: 1, hour: 0, minute: 0 }],
    ['a day', '20241224', { precision: 'day', year: 2024, month: 12, day: 24, hour: 0, minute: 0 }],
    ['an hour', '2024122413', { precision: 'hour', year: 2024, month: 12, day: 24, hour: 13, minute: 0 }],
    ['a minute', '202412241330', { precision: 'minute', year: 2024, month: 12, day: 24, hour: 13, minute: 30 }],
  ])('reads a NOT date given to %s', (_, text, date) => {
    expect(parseTiming(`NOT ${text}`).not).toEqual([{ kind: 'single', date }]);
  });

  it("accepts a map's own phase type when told about it", () => {
    expect(parseTiming('INCOME 4H', { phaseTypes: ['INCOME'] }).phaseDelays).toEqual([{ phaseType: 'INCOME', delay: { amount: 4, unit: 'H' } }]);
  });
});

describe('parseTiming names the offending key and value', () => {
  it.each([
    ['NXT 1D', "TIMING: unknown key 'NXT'"],
    ['MOVES 2D', "TIMING: unknown key 'MOVES'"],
    ['INCOME 1D', "TIMING: unknown key 'INCOME'"],
    ['AT 12:00 14:00', "TIMING: unknown key '14:00'"],
    ['NEXT', 'TIMING: NEXT needs a value'],
    ['NEXT 1D NEXT 2D', 'TIMING: NEXT is given twice'],
    ['AT 25:00', "TIMING: AT needs hh:mm, got '25:00'"],
    ['AT 12:60', "TIMING: AT needs hh:mm, got '12:60'"],
    ['AT 12', "TIMING: AT needs hh:mm, got '12'"],
    ['AT 12:00,', "TIMING: AT needs hh:mm, got ''"],
    ['NEXT 1X', "TIMING: NEXT needs a whole number followed by M, H, D or W, got '1X'"],
    ['NEXT -1D', "TIMING: NEXT needs a whole number followed by M, H, D or W, got '-1D'"],
    ['NEXT 0D', "TIMING: NEXT must be above zero, got '0D'"],
    ['NEXT 400D', "TIMING: NEXT must be at most 366 days, got '400D'"],
    ['MOVE 2', "TIMING: MOVE needs a whole number followed by M, H, D or W, got '2'"],
    ['FUDGE 1D', "TIMING: FUDGE needs a whole number followed by M or H, got '1D'"],
    ['FUDGE 0H', "TIMING: FUDGE must be above zero, got '0H'"],
    ['DAYS -MTWTF', "TIMING: DAYS needs seven places from Sunday such as -MTWTF-, got '-MTWTF'"],
    ['DAYS -MXWTF-', "TIMING: DAYS needs 'T', 't' or '-' for Tuesday, got '-MXWTF-'"],
    ['DAYS -mtwtf-', "TIMING: DAYS needs at least one upper-case day for movement deadlines, got '-mtwtf-'"],
    ['START 1D', "TIMING: START needs a whole number (may be negative) followed by M or H, got '1D'"],
    ['START 24H', "TIMING: START must be less than a day either way, got '24H'"],
    ['WARN 0,4H', "TIMING: WARN 0 means no warning and stands alone, got '0,4H'"],
    ['WARN 4H,', "TIMING: WARN needs a whole number followed by M, H, D or W, got ''"],
    ['GRACE 1', "TIMING: GRACE needs a whole number followed by M, H, D or W, got '1'"],
    ['NOT 2004083', "TIMING: NOT needs dates as yyyymm, yyyymmdd, yyyymmddhh or yyyymmddhhmm, got '2004083'"],
    ['NOT 20040231', "TIMING: NOT names a date or time that does not exist, got '20040231'"],
    ['NOT 2004083125', "TIMING: NOT names a date or time that does not exist, got '2004083125'"],
    ['NOT 20040927-20040920', "TIMING: NOT range ends before it begins, got '20040927-20040920'"],
    ['NOT 2004-2005-2006', "TIMING: NOT needs date, first-last or -last, got '2004-2005-2006'"],
    ['NOT 20040920-', "TIMING: NOT needs dates as yyyymm, yyyymmdd, yyyymmddhh or yyyymmddhhmm, got '20040920-'"],
  ])('%s', (line, message) => {
    expect(() => parseTiming(line)).toThrow(TimingError);
    expect(() => parseTiming(line)).toThrow(message);
  });
});

describe('renderTiming writes a TIMING line back', () => {
  it('writes every key in a fixed order', () => {
    const line =
      'NEXT 1D MOVE 2D RETREAT 12H AT 09:00,21:30 FUDGE 2H DAYS SMTWTFs START -2H WARN 1D,6H GRACE 0H ' +
      'NOT 202412,20040831,2004092012-200409271330,-20020812';
    expect(renderTiming(parseTiming(line))).toBe(line);
  });

  it.each([
    ['reorders keys', 'AT 9:00 NEXT 2D', 'NEXT 2D AT 09:00'],
    ['drops the TIMING word and extra blanks', '  TIMING   next 2d  ', 'NEXT 2D'],
    ['writes no warning as WARN 0', 'WARN 0H', 'WARN 0'],
    ['drops a plus sign from START', 'START +8H', 'START 8H'],
    ['writes nothing for an empty line', '', ''],
  ])('%s', (_, line, rendered) => {
    expect(renderTiming(parseTiming(line))).toBe(rendered);
  });
});
