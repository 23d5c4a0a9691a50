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
    const toKeeper = judge.sent.filter((notice) => notice.to.includes(KEEPER));
    expect(toKeeper.map((notice) => notice.subject)).toEqual(['Judge TEST: the deadline checker was down for 4 hours']);
    expect(toKeeper[0]!.text).toContain('every active deadline has been moved on by 4 hours (1 game)');
    // Everyone in the game learns the new deadline, each in a mail of their own, as after SET DEADLINE.
    const told = judge.sent.filter((notice) => notice.subject === 'alpha: new deadline Fri 9 Jan 2026 16:00 GMT');
    expect(told).toHaveLength(8);
    for (const notice of told) expect(notice.to).toHaveLength(1);
    expect(told.map((notice) => notice.to[0])).toContain(judge.emailOf('alpha', 'FRANCE'));
    // The wording of a deadline moved by the judge is kept here.
    expect(told[0]!.text).toContain('It was set by the judge, whose deadline checker did not run from Fri 9 Jan 2026 10:00 UTC to Fri 9 Jan 2026 14:00 UTC.');
    // France has the four hours it lost: late at 16:00, not at 14:00.
    await judge.sweepUntil(utc('2026-01-09T16:00'));
    expect(judge.actions.slice(1).map((action) => [action.at, action.action])).toEqual([['2026-01-09T16:00Z', 'late notice']]);
  });

  it("'extend': a deadline the outage pushes onto a day DAYS refuses moves on to the next day it allows", async () => {
    const judge = await downBeforeTheDeadline('extend');
    // Down from Friday 10:00 to Saturday 00:00: 14 hours on from Friday 12:00 is Saturday 02:00, a day -MTWTF- refuses.
    await judge.sweepAt(utc('2026-01-10T00:00'));
    expect(judge.game('alpha').deadline).toBe('202601120200');
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
