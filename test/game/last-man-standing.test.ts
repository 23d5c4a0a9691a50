import { describe, expect, it } from 'vitest';
import { editGame } from '../support/edit-game.js';
import { renderResults } from '../../src/game/results.js';
import { MASTER, mailJudge } from '../commands/execute/support.js';

const actor = { who: 'test', command: 'TEST' };

/** Winter 1901 of a puzzle the Master set up: Russia keeps A MOS on its one center, Turkey's A ARM has no center left. */
async function lastWinter(rules: string[]) {
  const judge = mailJudge();
  const created = await judge.send(MASTER, ['CREATE lms masterpw', 'RULE SOLITAIRE', ...rules.map((rule) => `RULE ${rule}`), 'FORM', 'SIGNOFF'].join('\n'));
  expect(created.reply.text).toContain("Game 'lms' is created");
  await editGame(judge.store, 'lms', (game) => ({
    ...game,
    phase: { mode: 'PHASE', phase: { season: 'WINTER', year: 1901, type: 'ADJUSTMENTS' } },
    powers: game.powers.map((power) => {
      const units = power.name === 'RUSSIA' ? ['MOS'] : power.name === 'TURKEY' ? ['ARM'] : [];
      return { ...power, owns: power.name === 'RUSSIA' ? ['MOS'] : [], units: units.map((location) => ({ type: 'A' as const, location, retreats: null })) };
    }),
  }));
  await judge.service.submitOrders('lms', 'TURKEY', ['REMOVE A ARM'], actor);
  const outcome = (await judge.service.phases.process('lms', actor))!;
  const map = judge.service.maps(judge.service.load('lms').game).base;
  return { judge, outcome, results: renderResults(outcome.report, map, judge.service.templates, { reader: null }) };
}

describe('LAST_MAN_STANDING', () => {
  it('ends the puzzle when one unit is left on the board, naming it', async () => {
    const { judge, outcome, results } = await lastWinter(['LAST_MAN_STANDING']);
    expect(outcome.report.ended).toEqual({ victors: ['RUSSIA'], lastMan: 'A MOS' });
    expect(results).toContain("The game is over: the last man standing is Russia's A MOS, in Winter 1901 Adjustments.");
    expect(judge.service.load('lms').game.phase!.phase).toBe('COMPLETED');
  });

  it('plays on without the rule', async () => {
    const { judge, outcome } = await lastWinter([]);
    expect(outcome.report.ended).toBeNull();
    expect(judge.service.load('lms').game.phase!.phase).toEqual({ season: 'SPRING', year: 1902, type: 'MOVEMENT' });
  });
});
