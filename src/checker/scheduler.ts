import { DateTime } from 'luxon';
import { schedule } from 'node-cron';
import { reportLines, summaryLine } from './report.js';
import { messageOf } from './sink.js';
import type { SweepReport } from './sweep.js';

/**
 * Runs the checker's sweeps on a node-cron expression (read in UTC). Sweeps never overlap: a tick
 * that comes while a sweep still runs is skipped. A sweep's time is the tick rounded to the minute,
 * so a timer firing a little late or early still sweeps at :00, :20 and :40.
 *
 * A deadline need not fall on a tick: in a half-hour zone (Asia/Kolkata, UTC+5:30) a midnight
 * deadline is 18:30 UTC. After each sweep the scheduler therefore also wakes at the minute the next
 * game comes due, when that is sooner than the next tick.
 */

export interface Sweeper {
  sweep(now: DateTime): Promise<SweepReport>;
}

export interface SchedulerOptions {
  readonly cron: string;
  /** One line per action and per failure. */
  readonly log: (line: string) => void;
}

export interface RunningScheduler {
  /** Stops the ticks and waits for a sweep in progress to end. */
  stop(): Promise<void>;
}

function nearestMinute(instant: DateTime): DateTime {
  return instant.toUTC().plus({ seconds: 30 }).startOf('minute');
}

const MINUTE_MS = 60_000;

/**
 * The sweep after one at `sweptAt` should come at this whole minute (epoch milliseconds) if no tick
 * comes sooner: the first minute at which the next game due is seen as due. Null if none is.
 */
export function wakeMinute(report: Pick<SweepReport, 'at' | 'nextDueAt'>): number | null {
  if (report.nextDueAt === null) return null;
  const minute = Math.ceil(report.nextDueAt / MINUTE_MS) * MINUTE_MS;
  return minute > report.at.toMillis() ? minute : null;
}

/** Calls `work` unless its previous call is still running; `idle` resolves when none is. */
export function withoutOverlap(work: () => Promise<void>, skipped: () => void) {
  let running: Promise<void> | null = null;
  return {
    run(): void {
      if (running) return skipped();
      running = work().finally(() => {
        running = null;
      });
    },
    async idle(): Promise<void> {
      await running;
    },
  };
}

/** A sweep that did nothing is logged at most this often: a heartbeat, so that a quiet log still shows the checker runs. */
const HEARTBEAT_MS = 3_600_000;

export function startScheduler(checker: Sweeper, options: SchedulerOptions): RunningScheduler {
  let lastHeartbeat = -Infinity;
  let wake: NodeJS.Timeout | undefined;
  let stopped = false;
  const wakeAfter = (report: SweepReport): void => {
    clearTimeout(wake);
    const at = wakeMinute(report);
    if (stopped || at === null) return;
    if (at >= (task.getNextRun()?.getTime() ?? Infinity)) return;
    wake = setTimeout(() => sweeps.run(), Math.max(0, at - Date.now()));
    wake.unref();
  };
  const sweeps = withoutOverlap(
    async () => {
      try {
        const report = await checker.sweep(nearestMinute(DateTime.utc()));
        wakeAfter(report);
        for (const line of reportLines(report)) options.log(`check ${line}`);
        const at = report.at.toMillis();
        if (report.actions.length === 0 && at - lastHeartbeat >= HEARTBEAT_MS) {
          lastHeartbeat = at;
          options.log(`check ${summaryLine(report)} (quiet sweeps are logged once an hour)`);
        }
      } catch (error) {
        options.log(`check failed: ${messageOf(error)}`);
      }
    },
    () => options.log('check skipped: the previous sweep is still running'),
  );
  const task = schedule(options.cron, () => sweeps.run(), { timezone: 'UTC', name: 'deadline checker' });
  return {
    async stop() {
      stopped = true;
      clearTimeout(wake);
      await task.destroy();
      await sweeps.idle();
    },
  };
}
