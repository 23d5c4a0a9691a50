import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandExecutor } from '../../src/commands/run/executor.js';
import { checkerJudge, KEEPER, phaseOf, utc } from './support.js';

const MASTER = 'master@example.org';

/** A game whose deadline is Friday 9 January 2026 12:00 GMT, with every power but France ordered. */
async function franceLate(timing: string, rules: string[]) {
  const judge = checkerJudge();
  const game = await judge.startGame('alpha', { timing, rules });
  expect(game.deadline).toBe('202601091200');
  await judge.order('alpha', ['FRANCE']);
  return { judge, france: judge.emailOf('alpha', 'FRANCE') };
}

describe('GRACE expiry under each lateness regime', () => {
  it('CIVIL_DISORDER: processes when the grace period ends, France holding', async () => {
    const { judge, france } = await franceLate('NEXT 1D MOVE 2D AT 12:00 GRACE 2H', ['CIVIL_DISORDER']);
    const frenchUnits = judge
      .game('alpha')
      .powers.find((power) => power.name === 'FRANCE')!
      .units.map((unit) => unit.location)
      .sort();
    await judge.sweepUntil(utc('2026-01-09T14:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
      ['2026-01-09T08:00Z', 'reminder'],
      ['2026-01-09T12:00Z', 'late notice'],
      ...['12:20', '12:40', '13:00', '13:20', '13:40'].map((time) => [`2026-01-09T${time}Z`, 'delay']),
      ['2026-01-09T14:00Z', 'civil disorder'],
    ]);
    const atExpiry = judge.sent.filter((notice) => notice.at === '2026-01-09T14:00Z');
    expect(atExpiry.filter((notice) => notice.subject.startsWith('alpha S1901M results'))).toHaveLength(8);
    const toMaster = atExpiry.find((notice) => notice.subject === 'alpha S1901M: civil disorder')!;
    expect(toMaster.to).toEqual([MASTER]);
    expect(toMaster.text).toContain('processed with FRANCE in civil disorder');
    const lateNotice = judge.sent.find((notice) => notice.subject === 'alpha S1901M: orders late' && notice.to[0] === france)!;
    expect(lateNotice.text).toContain('at Fri 9 Jan 2026 14:00 GMT are put in civil disorder');
    const game = judge.game('alpha');
    expect(phaseOf(game)).toBe('F1901M');
    expect(
      game.powers
        .find((power) => power.name === 'FRANCE')!
        .units.map((unit) => unit.location)
        .sort(),
    ).toEqual(frenchUnits);

    // The players see it too: in every results mail, and in SUMMARY.
    const toFrance = atExpiry.find((notice) => notice.subject.startsWith('alpha S1901M results') && notice.to[0] === france)!;
    expect(toFrance.text).toContain('France (no orders when the grace period ended)');
    const commands = new CommandExecutor({ service: judge.service, judge: { name: 'TEST', address: 'judge@example.org', keeper: KEEPER }, db: judge.db });
    const summary = await commands.execute({ from: 'someone@example.org', text: 'SUMMARY alpha', mailKey: 'summary' }, new Date('2026-01-09T15:00:00Z'));
    expect(summary.reply.text).toContain('France: a player (in civil disorder in S1901M)');
    expect(summary.reply.text).toMatch(/Italy: a player\n/);
  });

  it('CIVIL_DISORDER without GRACE: processes at the deadline itself', async () => {
    const { judge } = await franceLate('NEXT 1D MOVE 2D AT 12:00', ['CIVIL_DISORDER']);
    await judge.sweepUntil(utc('2026-01-09T12:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
      ['2026-01-09T08:00Z', 'reminder'],
      ['2026-01-09T12:00Z', 'civil disorder'],
    ]);
  });

  it('CIVIL_PREVIEW: previews to the Master when the grace period ends, daily, and processes once the orders come', async () => {
    const { judge } = await franceLate('NEXT 1D MOVE 2D AT 12:00 GRACE 1H', ['CIVIL_PREVIEW']);
    await judge.sweepUntil(utc('2026-01-10T14:00'));
    const previews = judge.actions.filter((action) => action.action === 'preview');
    expect(previews.map((action) => action.at)).toEqual(['2026-01-09T13:00Z', '2026-01-10T13:00Z']);
    const firstPreview = judge.sent.filter((notice) => notice.at === '2026-01-09T13:00Z');
    expect(firstPreview.map((notice) => [notice.to, notice.subject])).toEqual([
      [[MASTER], 'PREVIEW alpha S1901M results (Spring 1901 Movement)'],
      [[MASTER], 'alpha S1901M: grace over, preview sent'],
    ]);
    expect(phaseOf(judge.game('alpha'))).toBe('S1901M');
    // Late notices go on meanwhile, every eight hours (the previews taking a sweep of the countdown).
    expect(judge.actions.filter((action) => action.action === 'late notice').map((action) => action.at)).toEqual([
      '2026-01-09T12:00Z',
      '2026-01-09T20:40Z',
      '2026-01-10T05:00Z',
      '2026-01-10T13:40Z',
    ]);

    judge.clock.now = utc('2026-01-10T14:05');
    await judge.order('alpha', ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    // The last orders end the late notice's DELAY 24: the phase processes one check after the next.
    await judge.sweepUntil(utc('2026-01-10T22:20'));
    expect(judge.actions.filter((action) => action.action === 'processed').map((action) => action.at)).toEqual(['2026-01-10T14:40Z']);
    expect(phaseOf(judge.game('alpha'))).toBe('F1901M');
  });

  it('CIVIL_PREVIEW without GRACE: previews to the Master at the deadline itself, not only late notices', async () => {
    const { judge } = await franceLate('NEXT 1D MOVE 2D AT 12:00', ['CIVIL_PREVIEW']);
    await judge.sweepUntil(utc('2026-01-09T12:20'));
    expect(judge.actions.filter((action) => action.action === 'preview').map((action) => action.at)).toEqual(['2026-01-09T12:00Z']);
    expect(judge.sent.filter((notice) => notice.at === '2026-01-09T12:00Z').map((notice) => [notice.to, notice.subject])).toContainEqual([
      [MASTER],
      'PREVIEW alpha S1901M results (Spring 1901 Movement)',
    ]);
    expect(phaseOf(judge.game('alpha'))).toBe('S1901M');
  });

  it('no CIVIL rule: resigns the late players, puts the game in waiting with a NEED line, then reminds daily', async () => {
    const { judge, france } = await franceLate('NEXT 1D MOVE 2D AT 12:00 GRACE 1D', []);
    await judge.sweepUntil(utc('2026-01-10T12:00'));
    const expired = judge.actions.find((action) => action.action === 'grace expired')!;
    expect(expired).toMatchObject({ at: '2026-01-10T12:00Z', detail: 'FRANCE resigned; game waiting, NEED FRANCE' });
    const atExpiry = judge.sent.filter((notice) => notice.at === '2026-01-10T12:00Z');
    expect(atExpiry.map((notice) => [notice.to, notice.subject])).toEqual([
      [[france], 'alpha S1901M: FRANCE resigned for lateness'],
      [[MASTER], 'alpha S1901M: grace over, game waiting'],
    ]);
    expect(atExpiry[1]!.text).toContain('Vacant powers, for a TAKEOVER: FRANCE (3 units, 3 centers).');
    const game = judge.game('alpha');
    expect(game.need.map((need) => need.power)).toEqual(['FRANCE']);
    expect(game.powers.find((power) => power.name === 'FRANCE')!.player!.current).toBe('RESIGNED');
    expect(readFileSync(join(judge.games, 'status'), 'utf8')).toMatch(/^alpha standard waiting$/m);
    expect(readFileSync(join(judge.games, 'alpha', 'status'), 'utf8')).toMatch(/^NEED FRANCE-\(3\/3\)$/m);

    // Waiting: the deadline is ignored, the Master is reminded daily, the judgekeeper after two weeks, then weekly.
    const waitingFrom = judge.sent.length;
    await judge.sweepUntil(utc('2026-02-01T12:00'));
    const later = judge.sent.slice(waitingFrom);
    const reminders = later.filter((notice) => notice.subject === 'alpha: waiting');
    expect(reminders).toHaveLength(22);
    expect(reminders.every((notice) => notice.to[0] === MASTER && notice.at.endsWith('T12:00Z'))).toBe(true);
    expect(reminders[0]).toMatchObject({ at: '2026-01-11T12:00Z' });
    expect(reminders[0]!.text).toContain('Vacant powers, for a TAKEOVER: FRANCE');
    const alerts = later.filter((notice) => notice.to[0] === KEEPER);
    expect(alerts.map((notice) => [notice.at, notice.subject])).toEqual([
      ['2026-01-24T12:00Z', 'alpha: waiting for 14 days'],
      ['2026-01-31T12:00Z', 'alpha: waiting for 21 days'],
    ]);
    expect(later.length).toBe(reminders.length + alerts.length);
    expect(judge.game('alpha').deadline).toBe('202601091200');
  }, 60_000);

  it('GRACE 0H: resigns the late players at the deadline itself', async () => {
    const { judge } = await franceLate('NEXT 1D MOVE 2D AT 12:00 WARN 0 GRACE 0H', []);
    await judge.sweepUntil(utc('2026-01-09T12:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([['2026-01-09T12:00Z', 'grace expired']]);
  });
});
