import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { master, player, testJudge } from './support.js';
import { editGame } from '../support/edit-game.js';

const actor = { who: 'test', command: 'TEST' };

/** A standard game with one rule, created and joined by seven players (so started). */
async function standardGameWith(name: string, rule: string) {
  const judge = testJudge();
  await judge.service.lifecycle.create({ name, master, masterPassword: 'secret', map: null }, actor);
  await editGame(judge.store, name, (game) => ({ ...game, rules: [[{ rule, on: true }]] }));
  for (let n = 1; n <= 7; n++) await judge.service.roster.join(name, { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
  return judge;
}

describe('BLANK_BOARD', () => {
  it('starts at the adjustment phase before the first, each power to build its starting units as it likes', async () => {
    const judge = await standardGameWith('b', 'BLANK_BOARD');
    const game = judge.service.load('b').game;
    expect(game.phase!.phase).toEqual({ season: 'WINTER', year: 1900, type: 'ADJUSTMENTS' });
    const france = game.powers.find((power) => power.name === 'FRANCE')!;
    expect(france.units).toEqual([]);
    expect([...france.owns].sort()).toEqual(['BRE', 'MAR', 'PAR']);
    const outcome = await judge.service.submitOrders('b', 'FRANCE', ['BUILD F MAR', 'BUILD A PAR', 'BUILD A BRE'], actor);
    expect(outcome.refused).toEqual([]);
  });
});

describe('MOBILIZE on a map that opens with movement', () => {
  it('starts at the adjustment phase before the first movement phase', async () => {
    const judge = await standardGameWith('m', 'MOBILIZE');
    const game = judge.service.load('m').game;
    expect(game.phase).toEqual({ mode: 'PHASE', phase: { season: 'WINTER', year: 1900, type: 'ADJUSTMENTS' } });
    expect(game.powers.every((power) => power.units.length === 0 && power.owns.join(' ') === 'SC!')).toBe(true);
  });
});

describe('terrain that changes as a phase begins', () => {
  it('decides whether an adjustment phase is played on the board as it begins', async () => {
    const judge = testJudge({ mapFolders: [join(__dirname, '..', 'maps')] });
    await judge.service.lifecycle.create({ name: 't', master, masterPassword: 'secret', map: 'tides' }, actor);
    await judge.service.roster.join('t', { player: player(1), address: player(1).email, password: 'pw1' }, actor);
    await editGame(judge.store, 't', (game) => ({
      ...game,
      phase: { mode: 'PHASE', phase: { season: 'FALL', year: 1901, type: 'MOVEMENT' } },
      powers: game.powers.map((power) => ({
        ...power,
        units: [
          { type: 'A' as const, location: 'FLA', retreats: null },
          { type: 'F' as const, location: 'SEA', retreats: null },
        ],
      })),
    }));
    // Two units for two centers once the Flats are taken, but the fleet is lost as the Sea closes for
    // the winter: a build is due, so the winter is played.
    const outcome = (await judge.service.phases.process('t', actor))!;
    expect(outcome.report.terrainChanges).toEqual([{ power: 'GREEN', unit: 'F SEA', became: 'destroyed' }]);
    expect(outcome.report.next).toEqual({ season: 'WINTER', year: 1901, type: 'ADJUSTMENTS' });
    expect(outcome.report.adjustments.map((entry) => entry.change)).toEqual([1]);
  });
});
