import type { DateTime } from 'luxon';
import { SLOT_MINUTES } from '../deadline/index.js';
import { DAY_MS, type Memory } from './memory.js';
import { deadlinePassed, isReady, type Situation } from './situation.js';

/** What one sweep does to an active game: at most one of these, in the order of the spec's section 6. */
export type Step =
  | { readonly kind: 'civil-disorder'; readonly late: readonly string[] }
  | { readonly kind: 'civil-preview'; readonly late: readonly string[] }
  | { readonly kind: 'resign'; readonly late: readonly string[] }
  | { readonly kind: 'count-down' }
  | { readonly kind: 'process' }
  | { readonly kind: 'preview' }
  | { readonly kind: 'late-notice'; readonly late: readonly string[] }
  | { readonly kind: 'warn'; readonly at: DateTime; readonly late: readonly string[] }
  | { readonly kind: 'none' };

/** A WARN time is acted on by the sweep whose twenty-minute window it falls in. */
const WARN_WINDOW_MS = SLOT_MINUTES * 60_000;

/** What deciding needs to remember of earlier sweeps. */
export type Recalled = Pick<Memory, 'warnedAt' | 'previewedAt'>;

/** The latest WARN time in this sweep's window not yet acted on (`warnedAt`: the last one that was). */
function dueWarning(situation: Situation, now: DateTime, warnedAt: number | null): DateTime | undefined {
  const after = Math.max(now.toMillis() - WARN_WINDOW_MS, warnedAt ?? -Infinity);
  return situation.warnings.filter((at) => at.toMillis() > after && at.toMillis() <= now.toMillis()).pop();
}

/**
 * Under CIVIL_PREVIEW the Master gets a preview when the grace period ends, and another each day
 * the powers stay late; in between the sweep goes on as for any late game (late notices, and
 * processing once the orders are in).
 */
function previewDue(graceExpiry: DateTime, now: DateTime, previewedAt: number | null): boolean {
  if (previewedAt === null || previewedAt < graceExpiry.toMillis()) return true;
  return now.toMillis() - previewedAt >= DAY_MS;
}

export function decide(situation: Situation, now: DateTime, recalled: Recalled): Step {
  const { late, graceExpiry } = situation;
  if (graceExpiry && graceExpiry.toMillis() <= now.toMillis() && late.length > 0) {
    if (situation.regime === 'civil-disorder') return { kind: 'civil-disorder', late };
    if (situation.regime === 'resign') return { kind: 'resign', late };
    if (previewDue(graceExpiry, now, recalled.previewedAt)) return { kind: 'civil-preview', late };
  }
  if (situation.delay > 0) return { kind: 'count-down' };
  if (isReady(situation, now)) return { kind: situation.preview ? 'preview' : 'process' };
  if (deadlinePassed(situation, now)) return { kind: 'late-notice', late };
  const warning = dueWarning(situation, now, recalled.warnedAt);
  if (warning) return { kind: 'warn', at: warning, late };
  return { kind: 'none' };
}

/**
 * When a game that needs nothing now will next need the checker, if nothing else changes it: its
 * next WARN time, its deadline or its grace expiry. Null: never (no deadline, nobody to wait for).
 */
export function nextEvent(situation: Situation, now: DateTime, recalled: Recalled): number | null {
  const after = Math.max(now.toMillis(), recalled.warnedAt ?? -Infinity);
  const times = [...situation.warnings, situation.deadline, situation.graceExpiry]
    .filter((at) => at !== null)
    .map((at) => at.toMillis())
    .filter((at) => at > after);
  return times.length > 0 ? Math.min(...times) : null;
}
