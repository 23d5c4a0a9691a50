import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deadlineSettings } from '../../src/checker/settings.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { actor, checkerJudge, phaseOf, utc } from './support.js';
import { editGame } from '../support/edit-game.js';

const MASTER = 'master@example.org';

describe('rules and flags the checker honours', () => {
  it('PREVIEW: a ready phase is previewed to the Master, DELAY 72, and waits for his PROCESS', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha', { rules: ['PREVIEW'] });
    await judge.order('alpha');
    await judge.sweepUntil(utc('2026-01-05T13:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
      ['2026-01-05T12:20Z', 'delay'],
      ['2026-01-05T12:40Z', 'preview'],
      ['2026-01-05T13:00Z', 'delay'],
    ]);
    expect(judge.sent.map((notice) => [notice.to, notice.subject])).toEqual([[[MASTER], 'PREVIEW alpha S1901M results (Spring 1901 Movement)']]);
    expect(readFileSync(join(judge.games, 'alpha', 'status'), 'utf8')).toMatch(/^DELAY 71$/m);
    expect(phaseOf(judge.game('alpha'))).toBe('S1901M');
  });

  it('a WAIT flag holds a ready phase until its deadline, when it processes', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00 WARN 0' });
    await judge.service.schedule.setWait('alpha', 'RUSSIA', true, actor);
    await judge.order('alpha');
    expect(judge.game('alpha').delay).toBeNull();
    await judge.sweepUntil(utc('2026-01-09T12:20'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([['2026-01-09T12:00Z', 'processed']]);
    // The log reads the next deadline as a person does, with its zone.
    expect(judge.actions[0]!.detail).toMatch(/^S1901M; next F1901M, deadline Mon 12 Jan 2026 12:00 GMT$/);
  });

  it('NO_WAIT: a WAIT flag left in the status file holds nothing back', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00 WARN 0', rules: ['NO_WAIT'] });
    await judge.service.schedule.setWait('alpha', 'RUSSIA', true, actor);
    await judge.order('alpha');
    expect(judge.game('alpha').delay).toBe(1);
    await judge.sweepUntil(utc('2026-01-05T12:40'));
    expect(judge.actions.map((action) => action.action)).toContain('processed');
  });

  it('ALWAYS_WAIT: no phase processes before its deadline', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00 WARN 0', rules: ['ALWAYS_WAIT'] });
    await judge.order('alpha');
    await judge.sweepUntil(utc('2026-01-09T12:00'));
    const processed = judge.actions.filter((action) => action.action === 'processed');
    expect(processed.map((action) => action.at)).toEqual(['2026-01-09T12:00Z']);
  });

  it('a phase only the Master can process: at its deadline the Master is told, eight-hourly', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00 WARN 0' });
    await editGame(judge.store, 'alpha', (game) => ({ ...game, phase: { ...game.phase!, mode: 'WAIT' } }));
    await judge.sweepUntil(utc('2026-01-09T20:20'));
    expect(judge.actions.filter((action) => action.action !== 'delay').map((action) => [action.at, action.action])).toEqual([
      ['2026-01-09T12:00Z', 'late notice'],
      ['2026-01-09T20:20Z', 'late notice'],
    ]);
    expect(judge.sent.map((notice) => [notice.to, notice.subject])).toEqual([
      [[MASTER], 'alpha S1901M: waiting for the Master'],
      [[MASTER], 'alpha S1901M: waiting for the Master'],
    ]);
    expect(judge.sent[0]!.text).toContain("it waits for the Master's PROCESS");
  });

  it("TESTER: the reminders, late notices and the Master's copy all go to the tester, or nowhere", async () => {
    for (const [line, expected] of [
      ['TESTER tester@example.org', ['tester@example.org']],
      ['TESTER', null],
    ] as const) {
      const judge = checkerJudge();
      await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00 WARN 2H' });
      // The judgekeeper's hand edit, as TESTER is meant to be used.
      const statusFile = join(judge.games, 'alpha', 'status');
      writeFileSync(statusFile, readFileSync(statusFile, 'utf8').replace(/^(GAME .*)$/m, `$1\n${line}`));
      await judge.order('alpha', ['FRANCE']);
      await judge.sweepUntil(utc('2026-01-09T12:00'));
      expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
        ['2026-01-09T10:00Z', 'reminder'],
        ['2026-01-09T12:00Z', 'late notice'],
      ]);
      if (expected === null) expect(judge.sent).toEqual([]);
      else {
        expect(judge.sent.map((notice) => notice.subject)).toEqual([
          'alpha S1901M: reminder, orders due',
          'alpha S1901M: orders late',
          'alpha S1901M: orders late',
        ]);
        for (const notice of judge.sent) expect(notice.to).toEqual(expected);
      }
    }
  });
});

describe('the deadlines settings', () => {
  const loaded = (deadlines: object) => ({
    config: { ...DEFAULT_CONFIG, deadlines: { ...DEFAULT_CONFIG.deadlines, ...deadlines } },
    root: '.',
    file: 'judge.config.json',
  });

  it('default to a sweep every twenty minutes, an hour of outage, and extended deadlines', () => {
    expect(deadlineSettings(loaded({}))).toEqual({ cron: '*/20 * * * *', outageMinutes: 60, outagePolicy: 'extend' });
  });

  it('refuse a cron expression node-cron cannot read and an unknown policy', () => {
    expect(() => deadlineSettings(loaded({ cron: 'every twenty minutes' }))).toThrow("judge.config.json: 'deadlines.cron' must be a cron expression");
    expect(() => deadlineSettings(loaded({ outagePolicy: 'ignore' }))).toThrow("'deadlines.outagePolicy' must be one of hold, extend");
    expect(() => deadlineSettings(loaded({ outageMinutes: 0 }))).toThrow("'deadlines.outageMinutes' must be a positive number");
  });
});
