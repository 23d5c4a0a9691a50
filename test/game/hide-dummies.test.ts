import { describe, expect, it } from 'vitest';
import { editGame } from '../support/edit-game.js';
import { renderResults } from '../../src/game/results.js';
import { master, player, testJudge } from './support.js';

const actor = { who: 'test', command: 'TEST' };

/** Fall 1901: Austria's units stand on all three homes of Italy, a dummy, which becomes its vassal. */
async function vassalYear(rules: string[]) {
  const judge = testJudge();
  await judge.service.lifecycle.create({ name: 'v', master, masterPassword: 'secret', map: null }, actor);
  await editGame(judge.store, 'v', (game) => ({ ...game, rules: [rules.map((rule) => ({ rule, on: true }))] }));
  for (let n = 1; n <= 7; n++) await judge.service.roster.join('v', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
  await judge.service.roster.dummy('v', 'ITALY', actor);
  await editGame(judge.store, 'v', (game) => ({
    ...game,
    phase: { mode: 'PHASE', phase: { season: 'FALL', year: 1901, type: 'MOVEMENT' } },
    powers: game.powers.map((power) => {
      if (power.name === 'AUSTRIA') return { ...power, units: ['ROM', 'VEN', 'NAP'].map((location) => ({ type: 'A' as const, location, retreats: null })) };
      if (power.name === 'ITALY') return { ...power, units: [] };
      return power;
    }),
  }));
  const { report } = (await judge.service.phases.process('v', actor))!;
  const map = judge.service.maps(judge.service.load('v').game).base;
  return (view: { reader: string | null; master?: boolean }) => renderResults(report, map, judge.service.templates, view);
}

describe('HIDE_DUMMIES in the results', () => {
  it('tells only the Master which power now plays a dummy', async () => {
    const results = await vassalYear(['VASSAL_DUMMIES', 'HIDE_DUMMIES']);
    expect(results({ reader: null, master: true })).toContain('Italy is now played by Austria.');
    expect(results({ reader: 'AUSTRIA' })).not.toContain('played by');
    expect(results({ reader: null })).not.toContain('Powers played by others');
  });

  it('tells everyone without the rule', async () => {
    const results = await vassalYear(['VASSAL_DUMMIES']);
    expect(results({ reader: null })).toContain('Italy is now played by Austria.');
  });
});
