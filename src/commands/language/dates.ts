import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { AbsenceSpan, DateSpec } from './types.js';
import { shown } from './values.js';
import { mapped } from './verdicts.js';

/**
 * DPjudge's short dates, as SET DEADLINE and SET ABSENCE take them:
 * `[weekday] [day [month [year]]] [hour:minute]`, e.g. `FRI 23 JUL 2003 0:00`, `24 DEC`, `13:00`.
 * Which actual day is meant depends on the time of the mail and the game's zone: that is for the
 * executor. Names may be abbreviated to three letters or more.
 */

const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
const DATE_FORM = '[weekday] [day [month [year]]] [hour:minute]';

function nameIndex(names: readonly string[], word: string): number {
  const upper = word.toUpperCase();
  return upper.length < 3 ? -1 : names.findIndex((name) => name.startsWith(upper));
}

function dayOfMonth(word: string): number | null {
  if (!/^\d{1,2}$/.test(word)) return null;
  const day = Number(word);
  return day >= 1 && day <= 31 ? day : null;
}

function year(word: string): number | null {
  if (/^\d{4}$/.test(word)) return Number(word);
  return /^\d{2}$/.test(word) ? 2000 + Number(word) : null;
}

function timeOfDay(word: string): Verdict<{ hour: number; minute: number }> | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(word);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return refuse(`${shown(word)} is not a time of day (0:00 to 23:59)`);
  return accept({ hour, minute });
}

/** Reads one date; `what` names it in reasons (`the deadline`, `the absence's end`). */
export function dateSpec(words: readonly string[], what: string): Verdict<DateSpec> {
  if (words.length === 0) return refuse(`${what} needs a date: ${DATE_FORM}`);
  const spec: { -readonly [K in keyof DateSpec]: DateSpec[K] } = {};
  let next = 0;
  const weekday = nameIndex(WEEKDAYS, words[next] ?? '');
  if (weekday >= 0) {
    spec.weekday = weekday;
    next++;
  }
  const day = dayOfMonth(words[next] ?? '');
  if (day !== null) {
    spec.day = day;
    next++;
    const month = nameIndex(MONTHS, words[next] ?? '');
    if (month >= 0) {
      spec.month = month + 1;
      next++;
      const givenYear = year(words[next] ?? '');
      if (givenYear !== null) {
        spec.year = givenYear;
        next++;
      }
    }
  }
  const time = timeOfDay(words[next] ?? '');
  if (time !== null) {
    if (!time.ok) return time;
    spec.time = time.value;
    next++;
  }
  if (next < words.length) return refuse(`${shown(words[next]!)} does not fit in ${what}, written ${DATE_FORM}`);
  return accept(spec);
}

/** `date`, `TO date` or `date TO date`. */
export function absenceSpan(words: readonly string[]): Verdict<AbsenceSpan> {
  const to = words.findIndex((word) => word.toUpperCase() === 'TO');
  if (to < 0) {
    return mapped(dateSpec(words, 'the absence'), (date) => ({ kind: 'on', date }));
  }
  if (words.slice(to + 1).some((word) => word.toUpperCase() === 'TO')) return refuse('SET ABSENCE takes TO only once');
  const end = dateSpec(words.slice(to + 1), "the absence's end");
  if (!end.ok) return end;
  if (to === 0) return accept({ kind: 'until', date: end.value });
  return mapped(dateSpec(words.slice(0, to), "the absence's start"), (from) => ({ kind: 'range', from, to: end.value }));
}
