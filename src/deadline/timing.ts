import { parseDays } from './days.js';
import { nominalMinutes, parseDuration, renderDuration, type Duration } from './duration.js';
import { TimingError } from './errors.js';
import { parseTimesOfDay, renderTimeOfDay, type TimeOfDay } from './times-of-day.js';
import { parseVacations, renderVacation, type Vacation } from './vacation.js';

/** A delay for the phases whose type (the phase's last word) begins with `phaseType`, e.g. `MOVE 2D`. */
interface PhaseDelay {
  readonly phaseType: string;
  readonly delay: Duration;
}

/**
 * A game's TIMING line. An absent key takes DPjudge's default where the deadline arithmetic applies it
 * (NEXT 1D and MOVE 2D, DAYS -MTWTF-, WARN 4H, FUDGE a third of the AT gap); no GRACE means late
 * players are never resigned.
 */
export interface Timing {
  readonly next?: Duration;
  readonly phaseDelays: readonly PhaseDelay[];
  readonly at: readonly TimeOfDay[];
  readonly fudge?: Duration;
  readonly days?: string;
  readonly start?: Duration;
  /** Absent: the default warning; empty: `WARN 0`, no warning at all. */
  readonly warn?: readonly Duration[];
  readonly grace?: Duration;
  readonly not: readonly Vacation[];
}

/** The last words of the standard map's phases; a map's FLOW may add its own. */
const STANDARD_PHASE_TYPES: readonly string[] = ['MOVEMENT', 'RETREATS', 'ADJUSTMENTS'];

export interface TimingOptions {
  /** Last words of the game's phases besides the standard ones (e.g. `INCOME`), so `INCOME 1D` is a key. */
  readonly phaseTypes?: readonly string[];
}

type MutableTiming = { -readonly [Key in keyof Timing]: Timing[Key] };

const ANY_UNIT = ['M', 'H', 'D', 'W'] as const;
const DELAY = { units: ANY_UNIT, zero: 'refused', sign: 'unsigned' } as const;
const NO_WARNING = /^0+[MHDW]?$/i;
/** START moves the day boundary within a day: a whole day either way would be no boundary at all. */
const LONGEST_START_MINUTES = 24 * 60;

function parseWarnings(text: string): Duration[] {
  if (NO_WARNING.test(text)) return [];
  const items = text.split(',');
  if (items.some((item) => NO_WARNING.test(item))) {
    throw new TimingError(`WARN 0 means no warning and stands alone, got '${text}'`);
  }
  return items.map((item) => parseDuration('WARN', item, DELAY));
}

function parseStart(text: string): Duration {
  const start = parseDuration('START', text, { units: ['M', 'H'], zero: 'allowed', sign: 'signed' });
  if (Math.abs(nominalMinutes(start)) >= LONGEST_START_MINUTES) {
    throw new TimingError(`START must be less than a day either way, got '${text}'`);
  }
  return start;
}

const KEYS = new Set(['NEXT', 'AT', 'FUDGE', 'DAYS', 'START', 'WARN', 'GRACE', 'NOT']);

function isKey(key: string, phaseTypes: readonly string[]): boolean {
  return KEYS.has(key) || phaseTypes.some((phaseType) => phaseType.startsWith(key));
}

function readKey(timing: MutableTiming, key: string, value: string): void {
  switch (key) {
    case 'NEXT':
      timing.next = parseDuration(key, value, DELAY);
      return;
    case 'AT':
      timing.at = parseTimesOfDay(value);
      return;
    case 'FUDGE':
      timing.fudge = parseDuration(key, value, { units: ['M', 'H'], zero: 'refused', sign: 'unsigned' });
      return;
    case 'DAYS':
      timing.days = parseDays(value);
      return;
    case 'START':
      timing.start = parseStart(value);
      return;
    case 'WARN':
      timing.warn = parseWarnings(value);
      return;
    case 'GRACE':
      timing.grace = parseDuration(key, value, { units: ANY_UNIT, zero: 'allowed', sign: 'unsigned' });
      return;
    case 'NOT':
      timing.not = parseVacations(value);
      return;
  }
  timing.phaseDelays = [...timing.phaseDelays, { phaseType: key, delay: parseDuration(key, value, DELAY) }];
}

/** Reads a TIMING line, with or without its leading `TIMING` word. Keys are case-insensitive. */
export function parseTiming(line: string, options: TimingOptions = {}): Timing {
  const words = line
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words[0]?.toUpperCase() === 'TIMING') words.shift();
  const phaseTypes = [...STANDARD_PHASE_TYPES, ...(options.phaseTypes ?? []).map((type) => type.toUpperCase())];
  const timing: MutableTiming = { phaseDelays: [], at: [], not: [] };
  const seen = new Set<string>();
  for (let index = 0; index < words.length; index += 2) {
    const key = words[index]!.toUpperCase();
    const value = words[index + 1];
    if (!isKey(key, phaseTypes)) throw new TimingError(`unknown key '${key}'`);
    if (value === undefined) throw new TimingError(`${key} needs a value`);
    if (seen.has(key)) throw new TimingError(`${key} is given twice`);
    seen.add(key);
    readKey(timing, key, value);
  }
  return timing;
}

/** Writes the keys and values of a TIMING line (without the `TIMING` word), in a fixed order. */
export function renderTiming(timing: Timing): string {
  const pairs: string[] = [];
  const add = (key: string, value: string | undefined) => {
    if (value !== undefined) pairs.push(`${key} ${value}`);
  };
  add('NEXT', timing.next && renderDuration(timing.next));
  for (const { phaseType, delay } of timing.phaseDelays) add(phaseType, renderDuration(delay));
  add('AT', timing.at.length > 0 ? timing.at.map(renderTimeOfDay).join(',') : undefined);
  add('FUDGE', timing.fudge && renderDuration(timing.fudge));
  add('DAYS', timing.days);
  add('START', timing.start && renderDuration(timing.start));
  add('WARN', timing.warn && (timing.warn.length > 0 ? timing.warn.map(renderDuration).join(',') : '0'));
  add('GRACE', timing.grace && renderDuration(timing.grace));
  add('NOT', timing.not.length > 0 ? timing.not.map(renderVacation).join(',') : undefined);
  return pairs.join(' ');
}
