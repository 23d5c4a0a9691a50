import type { DateTime, Zone } from 'luxon';
import { DEFAULT_DAYS, logicalWeekday, takesDeadline } from './days.js';
import { nominalMinutes, plusDuration, type Duration } from './duration.js';
import { DeadlineInputError } from './errors.js';
import { isMovementPhaseType, phaseDelay, phaseTypeOf } from './phase.js';
import { gapAround, MINUTES_PER_DAY, minuteOfDay, nextScheduledTime, type TimeOfDay } from './times-of-day.js';
import type { Timing } from './timing.js';
import { spanCovers, vacationSpan, type VacationSpan } from './vacation.js';
import { ceilToMinute, gameZone, instantAt, plusCalendarDays, plusMilliseconds, wallTimeOf } from './zone.js';

/** Deadlines fall on :00, :20 and :40 of the game's clocks, the rhythm of the twenty-minute checker. */
export const SLOT_MINUTES = 20;

const MINUTE_MS = 60_000;

/** Placing a deadline moves it forward a step at a time; a sane TIMING settles within a handful. */
const MOST_PLACEMENT_STEPS = 1000;

export interface DeadlineRequest {
  readonly timing: Timing;
  /** The game's ZONE (an IANA name); GMT when absent. */
  readonly zone?: string;
  /** The phase the deadline is for, e.g. `SPRING 1901 MOVEMENT`; only its last word matters. */
  readonly phase: string;
  /** The moment the deadline is set: the clock, always passed in. */
  readonly from: DateTime;
  /** The game's current DEADLINE: an automatic deadline is never earlier. */
  readonly current?: DateTime;
  /** The game's first deadline, which gets twice the normal delay. */
  readonly initial?: boolean;
  /** The game has the REAL_TIME rule: no rounding to the checker's slots. */
  readonly realTime?: boolean;
  /** The game has the JUMP_OFF_DAYS rule: a delay in days counts only days a deadline may fall on. */
  readonly jumpOffDays?: boolean;
}

export interface DeadlineOutcome {
  /** In the game's zone, to the minute. */
  readonly deadline: DateTime;
  /** The TIMING to write back: NOT without the vacations that ended by `from`. */
  readonly timing: Timing;
  /** The delay applied (doubled for an initial deadline). */
  readonly delay: Duration;
  /** Whether the deadline was left off the twenty-minute slots (REAL_TIME, or a delay under 20 minutes). */
  readonly realTime: boolean;
}

interface Placement {
  readonly zone: Zone;
  /** Minutes of the day the deadline must fall on (AT); empty when AT does not apply. */
  readonly schedule: readonly number[];
  readonly realTime: boolean;
  readonly days: string;
  readonly start: Duration | undefined;
  readonly movement: boolean;
  readonly vacations: readonly VacationSpan[];
}

function roundUpToSlot(instant: DateTime, realTime: boolean): DateTime {
  let rounded = ceilToMinute(instant);
  // A loop, not one step: in a zone whose daylight saving shifts by half an hour the step can land off a slot.
  while (!realTime && rounded.minute % SLOT_MINUTES !== 0) {
    rounded = plusMilliseconds(rounded, (SLOT_MINUTES - (rounded.minute % SLOT_MINUTES)) * MINUTE_MS);
  }
  return rounded;
}

/** AT times rounded up to the checker's slots, as minutes of the day, sorted and without repeats. */
function scheduledMinutes(at: readonly TimeOfDay[], realTime: boolean): number[] {
  const minutes = at.map((time) => {
    const minute = minuteOfDay(time);
    return (realTime ? minute : Math.ceil(minute / SLOT_MINUTES) * SLOT_MINUTES) % MINUTES_PER_DAY;
  });
  return [...new Set(minutes)].sort((a, b) => a - b);
}

/**
 * How far before the delay's end an AT time may still be taken. Only day and week delays have a fudge
 * (an hour or minute delay guarantees its full length); it defaults to a third of the gap between AT
 * times and is kept between 20 minutes (1 under REAL_TIME) and half the gap.
 */
function fudgeMinutes(fudge: Duration | undefined, delay: Duration, gap: number, realTime: boolean): number {
  if (delay.unit !== 'D' && delay.unit !== 'W') return 0;
  const wanted = fudge === undefined ? gap / 3 : nominalMinutes(fudge);
  return Math.min(Math.max(wanted, realTime ? 1 : SLOT_MINUTES), gap / 2);
}

/**
 * The instant the DEADLINE stamp of this instant reads back as. They differ only in the first pass of
 * a repeated autumn hour, which the stamp cannot tell from the second: the deadline moves to the second.
 */
function asWritten(instant: DateTime, zone: Zone): DateTime {
  return instantAt(wallTimeOf(instant), zone);
}

function onDeadlineDay(instant: DateTime, placement: Placement): DateTime {
  let moved = instant;
  for (let day = 0; day < 7; day++) {
    if (takesDeadline(placement.days, logicalWeekday(moved, placement.start), placement.movement)) return moved;
    moved = plusCalendarDays(moved, 1);
  }
  return moved;
}

/**
 * Out of a vacation to the next AT time; without AT, to the vacation's end when it ends at a clock time
 * (or under real time), else to the same time of day after it.
 */
function outOfVacations(instant: DateTime, placement: Placement): DateTime {
  const covering = placement.vacations.find((span) => spanCovers(span, instant));
  if (covering === undefined) return instant;
  if (placement.schedule.length > 0) return nextScheduledTime(covering.end, placement.schedule);
  if (placement.realTime || covering.endsAtClockTime) return covering.end;
  return nextScheduledTime(covering.end, [minuteOfDay(instant)]);
}

/**
 * JUMP_OFF_DAYS: a delay of days or weeks counted in days a deadline may fall on (DAYS, NOT), so
 * that an off day gives players a day more rather than landing the deadline on the next playing day.
 */
function plusPlayingDays(from: DateTime, delay: Duration, placement: Placement): DateTime {
  if (delay.unit !== 'D' && delay.unit !== 'W') return plusDuration(from, delay, 1);
  let left = delay.unit === 'W' ? 7 * delay.amount : delay.amount;
  let day = from;
  for (let step = 0; left > 0 && step < MOST_PLACEMENT_STEPS; step++) {
    day = plusCalendarDays(day, 1);
    const playing = takesDeadline(placement.days, logicalWeekday(day, placement.start), placement.movement);
    if (playing && !placement.vacations.some((span) => spanCovers(span, day))) left--;
  }
  return day;
}

/** Moves a first guess forward until it is on a slot, writable as a stamp, on a deadline day and in no vacation. */
function place(first: DateTime, placement: Placement): DateTime {
  let instant = first;
  for (let step = 0; step < MOST_PLACEMENT_STEPS; step++) {
    const written = asWritten(roundUpToSlot(instant, placement.realTime), placement.zone);
    const placed = outOfVacations(onDeadlineDay(written, placement), placement);
    if (placed.toMillis() === instant.toMillis()) return placed;
    instant = placed;
  }
  throw new DeadlineInputError(`TIMING leaves no day for a deadline after ${first.toISO()}`);
}

export interface MovedDeadlineRequest {
  readonly deadline: DateTime;
  readonly minutes: number;
  readonly timing: Timing;
  /** The game's ZONE (an IANA name); GMT when absent. */
  readonly zone?: string;
  /** The phase the deadline is for, e.g. `SPRING 1901 MOVEMENT`. */
  readonly phase: string;
  readonly realTime?: boolean;
}

/**
 * A deadline moved on by `minutes` (an outage of the judge): on a slot, and past days DAYS refuses
 * and NOT vacations, keeping its time of day, as every deadline the judge sets.
 */
export function movedDeadline(request: MovedDeadlineRequest): DateTime {
  const zone = gameZone(request.zone);
  const placement: Placement = {
    zone,
    schedule: [],
    realTime: request.realTime === true,
    days: request.timing.days ?? DEFAULT_DAYS,
    start: request.timing.start,
    movement: isMovementPhaseType(phaseTypeOf(request.phase)),
    vacations: request.timing.not.map((vacation) => vacationSpan(vacation, zone, request.timing.start)),
  };
  return place(plusMilliseconds(request.deadline.setZone(zone), request.minutes * MINUTE_MS), placement);
}

/**
 * The deadline the judge sets for a phase at `from`: the phase's delay (NEXT or its phase-type key);
 * AT (unless the delay is under half the gap between AT times, 12 hours for a single AT) with FUDGE;
 * rounded up to a :00/:20/:40 slot of the game's clocks unless REAL_TIME or the delay is under 20
 * minutes; moved on, keeping its time of day, past days DAYS refuses (days begin at 00:00 + START) and
 * past NOT vacations; never earlier than the current deadline.
 *
 * Slots are minutes of the game's clocks, as its DEADLINE stamp shows them: in a half-hour zone such
 * as Asia/Kolkata a 20:00 deadline is 14:30 UTC, which a checker sweeping at :20 and :40 UTC finds
 * passed ten minutes later. Daylight saving follows instantAt: a skipped wall time moves forward by
 * the jump, a repeated one is its later pass, and a deadline in the first pass of a repeated hour
 * moves to the second, the only one its stamp can say. An initial deadline is computed throughout
 * with the doubled delay.
 */
export function nextDeadline(request: DeadlineRequest): DeadlineOutcome {
  const { timing } = request;
  const zone = gameZone(request.zone);
  const from = ceilToMinute(request.from.setZone(zone));
  const phaseType = phaseTypeOf(request.phase);
  const normal = phaseDelay(timing, phaseType);
  const delay = request.initial ? { ...normal, amount: normal.amount * 2 } : normal;
  const calendar = plusDuration(from, delay, 1);
  const delayMinutes = (calendar.toMillis() - from.toMillis()) / MINUTE_MS;
  const realTime = request.realTime === true || delayMinutes < SLOT_MINUTES;
  const atTimes = scheduledMinutes(timing.at, realTime);
  const gap = atTimes.length > 0 ? gapAround(minuteOfDay(calendar), atTimes) : MINUTES_PER_DAY;
  const schedule = delayMinutes >= gap / 2 ? atTimes : [];
  const vacations = timing.not.map((vacation) => vacationSpan(vacation, zone, timing.start));
  const placement: Placement = {
    zone,
    schedule,
    realTime,
    days: timing.days ?? DEFAULT_DAYS,
    start: timing.start,
    movement: isMovementPhaseType(phaseType),
    vacations,
  };
  const tentative = request.jumpOffDays ? plusPlayingDays(from, delay, placement) : calendar;
  const fudge = fudgeMinutes(timing.fudge, delay, gap, realTime);
  const first = schedule.length > 0 ? nextScheduledTime(plusMilliseconds(tentative, -fudge * MINUTE_MS), schedule) : tentative;
  const placed = place(first, placement);
  const current = request.current?.setZone(zone);
  const deadline = current !== undefined && current.toMillis() > placed.toMillis() ? current : placed;
  const remaining = vacations.filter((span) => span.end.toMillis() > request.from.toMillis()).map((span) => span.vacation);
  return { deadline, timing: { ...timing, not: remaining }, delay, realTime };
}
