import { describe, expect, it } from 'vitest';
import { KEEPER, checkerJudge, utc } from './support.js';

/** A game due Friday 9 January 2026 12:00 GMT with France late, swept until Friday 10:00, then the judge goes down. */
async function downBeforeTheDeadline(policy: 'hold' | 'extend') {
  const judge = checkerJudge({ deadlines: { outagePolicy: policy } });
  await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00' });
  await judge.order('alpha', ['FRANCE']);
  await judge.sweepUntil(utc('2026-01-09T10:00'));
  judge.actions.length = 0;
  judge.sent.length = 0;
  return judge;
}

describe('an outage of the checker', () => {
  it("'extend': moves every active deadline on by the outage and tells the judgekeeper", async () => {
    const judge = await downBeforeTheDeadline('extend');
    const report = await judge.sweepAt(utc('2026-01-09T14:00'));
    expect(report.actions).toEqual([{ game: '*', action: 'outage', detail: 'outage of 4 hours: 1 deadline moved on by 4 hours' }]);
    expect(judge.game('alpha').deadline).toBe('202601091600');
    expect(judge.sent.map((notice) => [notice.to, notice.subject])).toEqual([[[KEEPER], 'Judge TEST: the deadline checker was down for 4 hours']]);
    expect(judge.sent[0]!.text).toContain('every active deadline has been moved on by 4 hours (1 game)');
    // France has the four hours it lost: late at 16:00, not at 14:00.
    await judge.sweepUntil(utc('2026-01-09T16:00'));
    expect(judge.actions.slice(1).map((action) => [action.at, action.action])).toEqual([['2026-01-09T16:00Z', 'late notice']]);
  });

  it("'hold': tells the judgekeeper and does nothing until judge check --resume", async () => {
    const judge = await downBeforeTheDeadline('hold');
    await judge.sweepAt(utc('2026-01-09T14:00'));
    expect(judge.sent.map((notice) => [notice.to, notice.subject])).toEqual([[[KEEPER], 'Judge TEST: the deadline checker was down for 4 hours']]);
    expect(judge.sent[0]!.text).toContain('judge check --resume');
    await judge.sweepUntil(utc('2026-01-09T16:00'));
    expect(judge.actions.map((action) => action.action)).toEqual(Array(7).fill('outage'));
    expect(judge.actions[1]!.detail).toBe('held since the outage that began 2026-01-09 10:00 UTC: run judge check --resume');
    expect(judge.sent).toHaveLength(1);
    expect(judge.game('alpha').delay).toBeNull();

    // A sweep of named games is the judgekeeper's own decision: it acts despite the hold.
    await judge.sweepAt(utc('2026-01-09T16:05'), { games: ['alpha'] });
    expect(judge.actions.at(-1)).toMatchObject({ game: 'alpha', action: 'late notice' });

    const resumed = await judge.sweepAt(utc('2026-01-09T16:20'), { resume: true });
    expect(resumed.actions.map((action) => [action.game, action.action])).toEqual([
      ['*', 'outage'],
      ['alpha', 'delay'],
    ]);
    expect(resumed.actions[0]!.detail).toBe('resumed after the outage that began 2026-01-09 10:00 UTC');
    await judge.sweepAt(utc('2026-01-09T16:40'));
    expect(judge.actions.at(-1)).toMatchObject({ game: 'alpha', action: 'delay', detail: 'DELAY 22' });
  });

  it('is no outage when sweeps were at most the threshold apart', async () => {
    const judge = await downBeforeTheDeadline('hold');
    await judge.sweepAt(utc('2026-01-09T11:00'));
    await judge.sweepAt(utc('2026-01-09T12:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([['2026-01-09T12:00Z', 'late notice']]);
  });
});
