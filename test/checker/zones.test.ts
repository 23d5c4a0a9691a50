import { describe, expect, it } from 'vitest';
import { actor, checkerJudge, utc } from './support.js';

describe('deadlines on the game clocks', () => {
  it('America/New_York over the November change: a deadline in the repeated hour passes at its second pass', async () => {
    const judge = checkerJudge();
    judge.clock.now = utc('2026-10-27T16:00');
    const game = await judge.startGame('alpha', { zone: 'America/New_York', timing: 'NEXT 1D MOVE 2D AT 01:40 DAYS SMTWTFS WARN 2H' });
    // Four days from Tuesday noon, fudged back to the AT time: Sunday 01:40, which New York sees twice.
    expect(game.deadline).toBe('202611010140');
    await judge.order('alpha', ['FRANCE']);
    await judge.sweepUntil(utc('2026-11-01T07:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
      // 23:40 EDT on Saturday: two hours before 01:40 EST.
      ['2026-11-01T04:40Z', 'reminder'],
      // Not at 05:40Z (01:40 EDT, the first pass), but at 06:40Z (01:40 EST).
      ['2026-11-01T06:40Z', 'late notice'],
      ['2026-11-01T07:00Z', 'delay'],
    ]);
    const lateNotice = judge.sent.find((notice) => notice.subject === 'alpha S1901M: orders late')!;
    expect(lateNotice.text).toContain('Sun 1 Nov 2026 01:40 America/New_York');

    // The Master processes; the next deadline, after the change, is at 01:40 EST.
    judge.clock.now = utc('2026-11-01T07:05');
    await judge.service.phases.process('alpha', actor);
    expect(judge.game('alpha').deadline).toBe('202611030140');
    await judge.order('alpha', ['ITALY']);
    await judge.sweepUntil(utc('2026-11-03T07:00'));
    expect(judge.actions.filter((action) => action.at > '2026-11-01T07:05Z').map((action) => [action.at, action.action])).toEqual([
      ['2026-11-03T04:40Z', 'reminder'],
      ['2026-11-03T06:40Z', 'late notice'],
      ['2026-11-03T07:00Z', 'delay'],
    ]);
  });

  it('Asia/Kolkata: a 20:00 deadline (14:30 UTC) is found passed at 14:30, not at the next twenty-minute tick', async () => {
    const judge = checkerJudge();
    const game = await judge.startGame('alpha', { zone: 'Asia/Kolkata', timing: 'NEXT 1D MOVE 2D AT 20:00 WARN 4H' });
    expect(game.deadline).toBe('202601092000');
    await judge.order('alpha', ['TURKEY']);
    await judge.sweepUntil(utc('2026-01-09T15:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
      // WARN 4H: 16:00 in Kolkata.
      ['2026-01-09T10:30Z', 'reminder'],
      ['2026-01-09T14:30Z', 'late notice'],
      ['2026-01-09T14:40Z', 'delay'],
      ['2026-01-09T15:00Z', 'delay'],
    ]);
  });
});
