import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { processPhase } from '../../src/game/process.js';
import { STANDARD, variantNamed, type Variant } from '../../src/game/variant.js';
import { MASTER, mailJudge } from '../commands/execute/support.js';
import { editGame } from '../support/edit-game.js';

const actor = { who: 'test', command: 'TEST' };

/** Spring 1901 of a game the Master set up: France's A PAR and Germany's A MUN both ordered to Burgundy. */
async function springWithOrders() {
  const judge = mailJudge();
  await judge.send(MASTER, ['CREATE var masterpw', 'RULE SOLITAIRE', 'FORM', 'SIGNOFF'].join('\n'));
  await editGame(judge.store, 'var', (game) => ({
    ...game,
    phase: { mode: 'PHASE', phase: { season: 'SPRING', year: 1901, type: 'MOVEMENT' } },
    powers: game.powers.map((power) => {
      const home = power.name === 'FRANCE' ? 'PAR' : power.name === 'GERMANY' ? 'MUN' : null;
      return { ...power, owns: home ? [home] : [], units: home ? [{ type: 'A' as const, location: home, retreats: null }] : [] };
    }),
  }));
  await judge.service.submitOrders('var', 'FRANCE', ['A PAR - BUR'], actor);
  await judge.service.submitOrders('var', 'GERMANY', ['A MUN H'], actor);
  const game = judge.service.load('var').game;
  return { judge, game, maps: judge.service.maps(game) };
}

const options = { now: DateTime.fromISO('2026-01-05T12:00:00Z', { zone: 'utc' }), today: '2026-01-05' };

describe('the variant record', () => {
  it('is the standard game for a game the main status file lists as standard, and none for a variant this judge does not play', () => {
    expect(variantNamed('standard')).toBe(STANDARD);
    expect(variantNamed('payola')?.name).toBe('payola');
    expect(variantNamed('xtalball')).toBeNull();
    expect(variantNamed('toString')).toBeNull();
  });

  it("hands phase processing the variant's choice of the order each unit follows, its steps between phases and its additions to the results", async () => {
    const { game, maps } = await springWithOrders();
    const standard = processPhase(game, maps, { ...options, variant: STANDARD });
    expect(standard.report.outcomes.map((outcome) => outcome.text)).toContain('A PAR - BUR');
    expect(standard.game.powers.find((power) => power.name === 'FRANCE')!.units).toEqual([{ type: 'A', location: 'BUR', retreats: null }]);

    // A variant whose units follow no order (as a Payola unit nobody paid for) and that tells everyone so.
    const unbought: Variant = {
      ...STANDARD,
      followedOrders: () => undefined,
      betweenPhases: ({ game: next, played }) => ({ ...next, deadline: `${played.year}` === '1901' ? null : next.deadline }),
      resultsAdditions: () => [{ lines: ['No unit was bought.'], readers: null }],
    };
    const held = processPhase(game, maps, { ...options, variant: unbought });
    expect(held.game.powers.find((power) => power.name === 'FRANCE')!.units).toEqual([{ type: 'A', location: 'PAR', retreats: null }]);
    expect(held.report.additions).toEqual([{ lines: ['No unit was bought.'], readers: null }]);
    expect(held.game.deadline).toBeNull();
  });

  it('refuses to process a game the main status file lists under a variant this judge does not play', async () => {
    const { judge } = await springWithOrders();
    await judge.service.listings.updateListing('var', actor, (listing) => ({ ...listing, variant: 'xtalball' }));
    await expect(judge.service.phases.process('var', actor)).rejects.toThrow('the game plays the rules variant xtalball, which this judge does not play');
  });
});
