import { DateTime, FixedOffsetZone, IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import { DeadlineInputError } from './errors.js';

/** DPjudge runs a game without a ZONE line on GMT. */
const DEFAULT_ZONE_NAME = 'GMT';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** IANA's names of zones that have always had one offset: UTC and GMT under their aliases, and Etc/GMT±N. */
const FIXED_OFFSET_NAME = /^(?:Etc\/)?(?:GMT|UTC|UCT|Universal|Zulu|Greenwich)(?:0|[+-]\d{1,2})?$/i;
/** IANA's names of offset zero exactly (GMT0 and GMT±0 but no UTC0), known without asking Intl: every game without a ZONE line is on GMT. */
const ZERO_OFFSET_NAME = /^(?:Etc\/)?(?:GMT(?:[+-]?0)?|UTC|UCT|Universal|Zulu|Greenwich)$/i;

/** A zone of one offset under its IANA name (GMT stays GMT), answering without Intl. */
class NamedFixedOffsetZone extends Zone<true> {
  private readonly fixed: FixedOffsetZone;

  constructor(
    private readonly zoneName: string,
    private readonly minutes: number,
  ) {
    super();
    this.fixed = FixedOffsetZone.instance(minutes);
  }

  override get type(): string {
    return 'fixed';
  }

  override get name(): string {
    return this.zoneName;
  }

  override get isUniversal(): boolean {
    return true;
  }

  override offsetName(): string {
    return this.zoneName;
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.fixed.formatOffset(ts, format);
  }

  override offset(): number {
    return this.minutes;
  }

  override equals(other: Zone): boolean {
    return other.type === 'fixed' && other.offset(0) === this.minutes;
  }

  override get isValid(): true {
    return true;
  }
}

/** How many offsets a named zone keeps: the instants of many deadlines' arithmetic. */
const REMEMBERED_OFFSETS = 4096;

/**
 * An IANA zone that remembers the offsets it gave. Luxon asks the zone for its offset at every
 * instant it handles, and the zone asks Intl, which was three quarters of scheduling a deadline in
 * a zone with daylight saving; one deadline asks about the same few instants again and again (42
 * questions about 14 instants for a deadline in Europe/London). Luxon's offset depends on the
 * instant to the second, so the offset remembered for that second is the answer.
 */
class RememberingZone extends Zone<true> {
  private readonly offsets = new Map<number, number>();

  constructor(private readonly zone: IANAZone<true>) {
    super();
  }

  override get type(): string {
    return this.zone.type;
  }

  override get name(): string {
    return this.zone.name;
  }

  override get isUniversal(): boolean {
    return this.zone.isUniversal;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string {
    return this.zone.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.zone.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const second = Math.floor(ts / 1000);
    let minutes = this.offsets.get(second);
    if (minutes === undefined) {
      if (this.offsets.size >= REMEMBERED_OFFSETS) this.offsets.clear();
      minutes = this.zone.offset(ts);
      this.offsets.set(second, minutes);
    }
    return minutes;
  }

  override equals(other: Zone): boolean {
    return this.zone.equals(other);
  }

  override get isValid(): true {
    return true;
  }
}

// Checking a zone name builds an Intl formatter, far slower than the arithmetic that follows it.
const knownZones = new Map<string, Zone>();

/**
 * A zone named in a ZONE line, checked by Intl (whose first call in a process sets up ICU's zone
 * data, some 10 ms: the zero-offset names above skip it). GMT±N and the like never change their
 * offset: a fixed offset answers without asking Intl again, which was most of the cost of
 * scheduling a deadline.
 */
function checkedZone(zoneName: string): Zone {
  if (!IANAZone.isValidZone(zoneName)) throw new DeadlineInputError(`ZONE: unknown time zone '${zoneName}'`);
  const named = IANAZone.create(zoneName);
  return FIXED_OFFSET_NAME.test(zoneName) ? new NamedFixedOffsetZone(zoneName, named.offset(0)) : new RememberingZone(named as IANAZone<true>);
}

/** The game's time zone from its ZONE line (absent: GMT). */
export function gameZone(name: string | undefined): Zone {
  const zoneName = name ?? DEFAULT_ZONE_NAME;
  let zone = knownZones.get(zoneName);
  if (zone === undefined) {
    zone = ZERO_OFFSET_NAME.test(zoneName) ? new NamedFixedOffsetZone(zoneName, 0) : checkedZone(zoneName);
    knownZones.set(zoneName, zone);
  }
  return zone;
}

/** A reading of a clock on the wall, to the minute, without any zone. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

export function wallTimeOf(instant: DateTime): WallTime {
  return { year: instant.year, month: instant.month, day: instant.day, hour: instant.hour, minute: instant.minute };
}

/**
 * The wall time as if it were UTC: calendar arithmetic on these numbers is free of daylight saving,
 * which is what "the same time N days later" means to a player.
 */
export function naiveMillis(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
}

export function wallTimeFromNaive(millis: number): WallTime {
  const date = new Date(millis);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

export function shiftWallTime(wall: WallTime, minutes: number): WallTime {
  return wallTimeFromNaive(naiveMillis(wall) + minutes * MINUTE_MS);
}

/** Whether the numbers name a real calendar date and clock time (no 30 February, no 24:00). */
export function isRealWallTime(wall: WallTime): boolean {
  const normalised = wallTimeFromNaive(naiveMillis(wall));
  return wall.hour <= 23 && wall.minute <= 59 && normalised.year === wall.year && normalised.month === wall.month && normalised.day === wall.day;
}

/**
 * The instant at which the game's clocks show this wall time. Daylight saving makes some wall times
 * ambiguous and some impossible; the rule applied here:
 * - a wall time that occurs twice (the repeated autumn hour) is its LATER occurrence: a DEADLINE stamp
 *   carries no UTC offset, and the later reading is the one under which nobody's deadline comes early;
 * - a wall time that never occurs (skipped by the spring jump) is read with the offset in force before
 *   the jump, i.e. it moves forward by the length of the jump (02:30 on a New York spring-forward night
 *   is 03:30 EDT, the instant that 02:30 EST would have been).
 */
export function instantAt(wall: WallTime, zone: Zone): DateTime {
  return DateTime.fromMillis(instantMillisAt(wall, zone), { zone });
}

/** instantAt's instant as milliseconds since the epoch, for callers that need no DateTime of it. */
export function instantMillisAt(wall: WallTime, zone: Zone): number {
  const naive = naiveMillis(wall);
  const offsetBefore = zone.offset(naive - DAY_MS);
  const offsetAfter = zone.offset(naive + DAY_MS);
  const before = naive - offsetBefore * MINUTE_MS;
  const after = naive - offsetAfter * MINUTE_MS;
  // Each reading holds if the zone has its offset at its instant; the later of those that hold, else the one before the jump.
  const beforeHolds = zone.offset(before) === offsetBefore;
  const afterHolds = zone.offset(after) === offsetAfter;
  return afterHolds && (!beforeHolds || after > before) ? after : before;
}

/** The game's clocks at an instant given in milliseconds: the wall time luxon gives a DateTime of it in `zone`. */
export function wallTimeAt(millis: number, zone: Zone): WallTime {
  return wallTimeFromNaive(millis + zone.offset(millis) * MINUTE_MS);
}

/**
 * The instant `milliseconds` later in the same zone, as `plus({ milliseconds })` gives it (minutes
 * and hours are elapsed time to luxon as well) but without its Duration, which normalises an
 * object for every step: that was most of the CPU of setting a phase's deadline.
 */
export function plusMilliseconds(instant: DateTime, milliseconds: number): DateTime {
  return milliseconds === 0 ? instant : DateTime.fromMillis(instant.toMillis() + milliseconds, { zone: instant.zone });
}

/** Moves an instant by whole calendar days in its zone, keeping its wall-clock time (and its seconds). */
export function plusCalendarDays(instant: DateTime, days: number): DateTime {
  const moved = instantAt(shiftWallTime(wallTimeOf(instant), days * 24 * 60), instant.zone);
  return plusMilliseconds(moved, instant.second * 1000 + instant.millisecond);
}

/** The first whole minute at or after the instant. */
export function ceilToMinute(instant: DateTime): DateTime {
  const intoMinute = instant.second * 1000 + instant.millisecond;
  return intoMinute === 0 ? instant : plusMilliseconds(instant, MINUTE_MS - intoMinute);
}

const OFFSET_AFTER_TIME = /T.*(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * An ISO 8601 time as given on a command line: with an offset (or Z) it is that instant; without one it
 * is a wall time in the game's zone, resolved by the daylight-saving rule of instantAt.
 */
export function parseIsoInstant(label: string, text: string, zone: Zone): DateTime {
  const example = 'such as 2024-03-09T10:00 or 2024-03-09T15:00Z';
  const explained = () => new DeadlineInputError(`${label} needs an ISO 8601 time ${example}, got '${text}'`);
  if (OFFSET_AFTER_TIME.test(text)) {
    const instant = DateTime.fromISO(text, { setZone: true });
    if (!instant.isValid) throw explained();
    return instant.setZone(zone);
  }
  const wall = DateTime.fromISO(text, { zone: 'utc' });
  if (!wall.isValid) throw explained();
  return plusMilliseconds(instantAt(wallTimeOf(wall), zone), wall.second * 1000 + wall.millisecond);
}
