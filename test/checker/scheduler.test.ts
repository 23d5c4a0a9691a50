import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DateTime } from 'luxon';
import { LockTimeoutError } from '../../src/store/lock.js';
import { startScheduler, withoutOverlap } from '../../src/checker/scheduler.js';
import type { SweepReport } from '../../src/checker/sweep.js';
import { checkerJudge, utc } from './support.js';

describe('the sweep scheduler', () => {
  it('skips a call while the previous one runs', async () => {
    let release = () => undefined as void;
    let started = 0;
    let skipped = 0;
    const guarded = withoutOverlap(
      () => {
        started++;
        return new Promise<void>((resolve) => (release = resolve));
      },
      () => void skipped++,
    );
    guarded.run();
    guarded.run();
    expect([started, skipped]).toEqual([1, 1]);
    release();
    await guarded.idle();
    guarded.run();
    expect(started).toBe(2);
    release();
    await guarded.idle();
  });

  describe('on a fake clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('runs sweeps on the cron expression, at whole minutes, never two at once', async () => {
      // Ticks every second from 12:19:58: each sweep's time is rounded to 12:20.
      vi.useFakeTimers({ now: Date.parse('2026-01-05T12:19:57.500Z') });
      const swept: DateTime[] = [];
      let running = 0;
      let most = 0;
      const sweeper = {
        async sweep(now: DateTime): Promise<SweepReport> {
          running++;
          most = Math.max(most, running);
          swept.push(now);
          await new Promise((resolve) => setTimeout(resolve, 1500));
          running--;
          return { at: now, reread: 0, due: 0, actions: [{ game: 'alpha', action: 'delay', detail: 'DELAY 0' }], nextDueAt: null };
        },
      };
      const lines: string[] = [];
      const scheduler = startScheduler(sweeper, { cron: '* * * * * *', log: (line) => lines.push(line) });
      await vi.advanceTimersByTimeAsync(3200);
      const stopped = scheduler.stop();
      await vi.advanceTimersByTimeAsync(1500);
      await stopped;
      expect(most).toBe(1);
      expect(swept.length).toBeGreaterThanOrEqual(2);
      expect(swept.every((now) => now.toISO() === '2026-01-05T12:20:00.000Z')).toBe(true);
      expect(lines).toContain('check alpha: delay (DELAY 0)');
      expect(lines).toContain('check skipped: the previous sweep is still running');
    });

    it('logs a sweep that did nothing once an hour, a heartbeat, and every sweep that acted', async () => {
      vi.useFakeTimers({ now: Date.parse('2026-01-05T12:19:57.500Z') });
      const sweeper = {
        async sweep(at: DateTime): Promise<SweepReport> {
          return { at, reread: 0, due: 0, actions: [], nextDueAt: null };
        },
      };
      const lines: string[] = [];
      const scheduler = startScheduler(sweeper, { cron: '* * * * * *', log: (line) => lines.push(line) });
      await vi.advanceTimersByTimeAsync(2200);
      vi.setSystemTime(Date.parse('2026-01-05T13:19:59.800Z'));
      await vi.advanceTimersByTimeAsync(1200);
      await scheduler.stop();
      const heartbeat = (at: string) => `check swept at ${at}: 0 games due, 0 actions, 0 status files read (quiet sweeps are logged once an hour)`;
      expect(lines).toEqual([heartbeat('2026-01-05 12:20 UTC'), heartbeat('2026-01-05 13:20 UTC')]);
    });

    it('wakes at the minute a game comes due between two ticks, as a half-hour zone deadline does', async () => {
      vi.useFakeTimers({ now: Date.parse('2026-01-05T12:19:59.500Z') });
      // 18:00 in Asia/Kolkata (UTC+5:30): half-way between the 12:20 and 12:40 ticks.
      const kolkataDeadline = Date.parse('2026-01-05T12:30:00Z');
      const swept: string[] = [];
      const sweeper = {
        async sweep(at: DateTime): Promise<SweepReport> {
          swept.push(at.toFormat('HH:mm'));
          const nextDueAt = at.toMillis() < kolkataDeadline ? kolkataDeadline : null;
          return { at, reread: 0, due: 0, actions: [], nextDueAt };
        },
      };
      const scheduler = startScheduler(sweeper, { cron: '*/20 * * * *', log: () => undefined });
      await vi.advanceTimersByTimeAsync(20 * 60_000 + 1_000);
      await scheduler.stop();
      expect(swept).toEqual(['12:20', '12:30', '12:40']);
    });

    it('leaves a deadline on a tick to the tick', async () => {
      vi.useFakeTimers({ now: Date.parse('2026-01-05T12:19:59.500Z') });
      const swept: string[] = [];
      const sweeper = {
        async sweep(at: DateTime): Promise<SweepReport> {
          swept.push(at.toFormat('HH:mm'));
          return { at, reread: 0, due: 0, actions: [], nextDueAt: Date.parse('2026-01-05T12:40:00Z') };
        },
      };
      const scheduler = startScheduler(sweeper, { cron: '*/20 * * * *', log: () => undefined });
      await vi.advanceTimersByTimeAsync(20 * 60_000 + 1_000);
      await scheduler.stop();
      expect(swept).toEqual(['12:20', '12:40']);
    });
  });

  it('refuses a second sweep while one runs, as a judge check beside the daemon would', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha');
    const [first, second] = await Promise.allSettled([judge.checker.sweep(utc('2026-01-05T12:20')), judge.checker.sweep(utc('2026-01-05T12:20'))]);
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && second.reason).toBeInstanceOf(LockTimeoutError);
  });
});
