import type { DateTime } from 'luxon';
import { plusDuration, type Duration } from './duration.js';
import type { Timing } from './timing.js';

/** DPjudge reminds players without orders four hours before the deadline when TIMING has no WARN. */
const DEFAULT_WARNING: Duration = { amount: 4, unit: 'H' };

/**
 * When players without orders are reminded of a deadline: each WARN before it (none for `WARN 0`),
 * earliest first. Reminders that would fall at or before `since` (when the deadline was set) are never
 * sent, which is how a WARN longer than the phase's delay comes to mean no reminder.
 */
export function warningTimes(deadline: DateTime, timing: Timing, since?: DateTime): DateTime[] {
  const byMillis = new Map<number, DateTime>();
  for (const warning of timing.warn ?? [DEFAULT_WARNING]) {
    const at = plusDuration(deadline, warning, -1);
    if (since === undefined || at.toMillis() > since.toMillis()) byMillis.set(at.toMillis(), at);
  }
  return [...byMillis.entries()].sort(([a], [b]) => a - b).map(([, at]) => at);
}

export interface GraceOptions {
  /** The game has CIVIL_DISORDER or CIVIL_PREVIEW, which deal with late powers at the deadline when there is no GRACE. */
  readonly civilDisorder?: boolean;
}

/**
 * When the GRACE period after the deadline ends (late players are then resigned, or put in civil
 * disorder, or previewed). Without GRACE: at the deadline itself under CIVIL_DISORDER and
 * CIVIL_PREVIEW, otherwise never (undefined).
 */
export function graceExpiry(deadline: DateTime, timing: Timing, options: GraceOptions = {}): DateTime | undefined {
  if (timing.grace !== undefined) return plusDuration(deadline, timing.grace, 1);
  return options.civilDisorder ? deadline : undefined;
}
