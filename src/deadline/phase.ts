import type { Duration } from './duration.js';
import { DeadlineInputError } from './errors.js';
import type { Timing } from './timing.js';

const DEFAULT_MOVEMENT_DELAY: Duration = { amount: 2, unit: 'D' };
const DEFAULT_OTHER_DELAY: Duration = { amount: 1, unit: 'D' };

/** A phase's type is its last word: `SPRING 1901 MOVEMENT` is a MOVEMENT phase. */
export function phaseTypeOf(phase: string): string {
  const words = phase.trim().split(/\s+/);
  const type = words[words.length - 1]!.toUpperCase();
  if (!/^[A-Z]+$/.test(type)) {
    throw new DeadlineInputError(`a phase ends with its type, such as MOVEMENT, got '${phase}'`);
  }
  return type;
}

/** DPjudge's rule: a phase type beginning with M is a movement phase (for DAYS' lower-case days). */
export function isMovementPhaseType(phaseType: string): boolean {
  return phaseType.startsWith('M');
}

/**
 * The delay TIMING gives a phase type: the longest phase-type key the type begins with, else NEXT,
 * else DPjudge's defaults (MOVE 2D, NEXT 1D).
 */
export function phaseDelay(timing: Timing, phaseType: string): Duration {
  const matching = timing.phaseDelays.filter((entry) => phaseType.startsWith(entry.phaseType)).sort((a, b) => b.phaseType.length - a.phaseType.length);
  return matching[0]?.delay ?? timing.next ?? (isMovementPhaseType(phaseType) ? DEFAULT_MOVEMENT_DELAY : DEFAULT_OTHER_DELAY);
}
