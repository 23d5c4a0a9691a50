import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actor, checkerJudge, phaseOf, utc } from './support.js';
import { editGame } from '../support/edit-game.js';

const MASTER = 'master@example.org';

describe('a game through weeks of twenty-minute sweeps', () => {
  it('reminds at each WARN, processes one sweep after the last orders, sends late notices every eight hours and honours vacations', async () => {
    const judge = checkerJudge();
    const { sent, actions } = judge;
    let game = await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00 WARN 1D,2H' });
    expect(game.deadline).toBe('202601091200');
    const players = game.powers.map((power) => power.addresses[0]!).sort();
    const france = judge.emailOf('alpha', 'FRANCE');

    // Spring 1901: the first WARN (a day before) reminds all seven; the second only France, still without orders.
    await judge.sweepUntil(utc('2026-01-08T15:00'));
    expect(actions).toEqual([{ game: 'alpha', action: 'reminder', detail: expect.stringContaining('WARN 2026-01-08 12:00 UTC'), at: '2026-01-08T12:00Z' }]);
    expect(sent.map((notice) => notice.to[0]).sort()).toEqual(players);
    expect(sent.every((notice) => notice.subject === 'alpha S1901M: reminder, orders due')).toBe(true);
    expect(sent[0]!.text).toContain('the deadline is Fri 9 Jan 2026 12:00 GMT');

    await judge.order('alpha', ['FRANCE']);
    await judge.sweepUntil(utc('2026-01-09T11:00'));
    const secondWarning = sent.slice(7);
    expect(secondWarning.map((notice) => [notice.at, notice.to])).toEqual([['2026-01-09T10:00Z', [france]]]);

    // France's orders at 11:05 set DELAY 1: the 11:20 sweep counts it down, the 11:40 sweep processes.
    judge.clock.now = utc('2026-01-09T11:05');
    await judge.order('alpha', ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    expect(readFileSync(join(judge.games, 'alpha', 'status'), 'utf8')).toMatch(/^DELAY 1$/m);
    await judge.sweepUntil(utc('2026-01-09T12:00'));
    expect(actions.slice(2).map((action) => [action.at, action.action])).toEqual([
      ['2026-01-09T11:20Z', 'delay'],
      ['2026-01-09T11:40Z', 'processed'],
    ]);
    const results = sent.filter((notice) => notice.origin === 'check alpha process');
    expect(results.map((notice) => notice.to[0]).sort()).toEqual([MASTER, ...players].sort());
    expect(results.every((notice) => notice.at === '2026-01-09T11:40Z' && notice.subject.startsWith('alpha S1901M results'))).toBe(true);
    game = judge.game('alpha');
    expect(phaseOf(game)).toBe('F1901M');
    // Friday 11:40 + 2 days is Sunday: DAYS -MTWTF- moves it to Monday at the AT time.
    expect(game.deadline).toBe('202601121200');

    // Fall 1901: England and Italy never order. Late notices at the deadline and eight hours and a sweep later.
    await judge.order('alpha', ['ENGLAND', 'ITALY']);
    const before = sent.length;
    await judge.sweepUntil(utc('2026-01-12T21:00'));
    const late = sent.slice(before).filter((notice) => notice.subject === 'alpha F1901M: orders late');
    const england = judge.emailOf('alpha', 'ENGLAND');
    const italy = judge.emailOf('alpha', 'ITALY');
    expect(late.map((notice) => [notice.at, notice.to[0]])).toEqual([
      ['2026-01-12T12:00Z', england],
      ['2026-01-12T12:00Z', italy],
      ['2026-01-12T12:00Z', MASTER],
      ['2026-01-12T20:20Z', england],
      ['2026-01-12T20:20Z', italy],
      ['2026-01-12T20:20Z', MASTER],
    ]);
    expect(late[0]!.text).toContain('Orders are also missing or incomplete from: ITALY.');
    expect(late[2]!.text).toContain('Orders are missing or incomplete from: ENGLAND, ITALY.');
    expect(readFileSync(join(judge.games, 'alpha', 'status'), 'utf8')).toMatch(/^DELAY 22$/m);
    const delays = actions.filter((action) => action.action === 'delay' && action.at > '2026-01-12T12:00Z' && action.at < '2026-01-12T20:20Z');
    expect(delays).toHaveLength(24);
    // Reminders went only to the late powers: a day before and two hours before the deadline.
    const reminders = sent.slice(before).filter((notice) => notice.subject === 'alpha F1901M: reminder, orders due');
    expect(reminders.map((notice) => [notice.at, notice.to[0]])).toEqual([
      ['2026-01-11T12:00Z', england],
      ['2026-01-11T12:00Z', italy],
      ['2026-01-12T10:00Z', england],
      ['2026-01-12T10:00Z', italy],
    ]);

    // The Master takes a vacation from Wednesday to Friday, then PROCESSes (which ignores DELAY).
    await judge.sweepUntil(utc('2026-01-13T09:00'));
    await editGame(judge.store, 'alpha', (current) => ({ ...current, timing: `${current.timing} NOT 20260114-20260116` }));
    judge.clock.now = utc('2026-01-13T09:05');
    await judge.service.phases.process('alpha', actor);
    game = judge.game('alpha');
    expect(game.deadline).toBe('202601191200');
    const beforeVacation = sent.length;
    await judge.sweepUntil(utc('2026-01-17T00:00'));
    expect(sent.slice(beforeVacation)).toEqual([]);

    // After the vacation: the WARN a day before (a Sunday), then everyone orders and the phase processes.
    const vacationPhase = phaseOf(game);
    await judge.sweepUntil(utc('2026-01-18T12:00'));
    const afterVacation = sent.slice(beforeVacation);
    expect(afterVacation.length).toBeGreaterThan(0);
    expect(afterVacation.every((notice) => notice.at === '2026-01-18T12:00Z' && notice.subject === `alpha ${vacationPhase}: reminder, orders due`)).toBe(true);

    // A day in which everyone orders as soon as a phase begins: each phase processes two sweeps later.
    let ordered = '';
    await judge.sweepUntil(utc('2026-01-19T12:00'), async () => {
      const current = judge.game('alpha');
      if (phaseOf(current) === ordered) return;
      ordered = phaseOf(current);
      await judge.order('alpha');
    });
    const rapid = actions.filter((action) => action.at > '2026-01-18T12:40Z');
    const processed = rapid.filter((action) => action.action === 'processed');
    expect(processed.length).toBeGreaterThanOrEqual(20);
    for (const action of processed) {
      const previous = rapid[rapid.indexOf(action) - 1]!;
      expect([previous.action, utc(action.at).diff(utc(previous.at)).as('minutes')]).toEqual(['delay', 20]);
    }

    // Then a week in which nobody orders: after the WARNs, a late notice every eight hours and twenty minutes.
    const quietFrom = actions.length;
    await judge.sweepUntil(utc('2026-01-26T12:00'));
    const lateNotices = actions.slice(quietFrom).filter((action) => action.action === 'late notice');
    expect(lateNotices.length).toBeGreaterThanOrEqual(10);
    for (let i = 1; i < lateNotices.length; i++)
      expect(
        utc(lateNotices[i]!.at)
          .diff(utc(lateNotices[i - 1]!.at))
          .as('minutes'),
      ).toBe(500);
    expect(new Set(actions.slice(quietFrom).map((action) => action.action))).toEqual(new Set(['reminder', 'late notice', 'delay']));
    // The vacation is over: the next deadline set dropped it from TIMING.
    expect(judge.game('alpha').timing).toBe('NEXT 1D MOVE 2D AT 12:00 WARN 1D,2H');
  }, 120_000);
});
