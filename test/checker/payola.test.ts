import { describe, expect, it } from 'vitest';
import { editGame } from '../support/edit-game.js';
import { actor, checkerJudge, phaseOf, utc } from './support.js';

/**
 * The deadline checker in a Payola game. A power with units owes an offer sheet as a standard
 * power owes orders (DPjudge's `movesSubmitted`: a power has moved when it has offers); when the
 * grace period ends under CIVIL_DISORDER the phase is played with the power in civil disorder, as
 * DPjudge's `preMoveUpdate` marks every power without offers. Its units take its hidden 0 AgP
 * HOLD (`addDefaults`) and still obey whoever outbids it.
 */
describe('a Payola game at its deadline', () => {
  it('sends late notices to a power without an offer sheet, then plays the phase with it in civil disorder, its units bought by others', async () => {
    const judge = checkerJudge();
    await judge.startGame('pay', { timing: 'NEXT 1D MOVE 2D AT 12:00 GRACE 2H', rules: ['CIVIL_DISORDER'], variant: 'payola' });
    await judge.order('pay', ['FRANCE', 'GERMANY']);
    // Germany buys the French army in Paris a move to Burgundy, and holds its own units.
    await judge.service.submitOrders('pay', 'GERMANY', ['3 : A PAR - BUR', 'A MUN H', 'A BER H', 'F KIE H'], actor);
    const france = judge.emailOf('pay', 'FRANCE');

    await judge.sweepUntil(utc('2026-01-09T14:00'));
    expect(judge.actions.map((action) => action.action)).toEqual(['reminder', 'late notice', ...Array<string>(5).fill('delay'), 'civil disorder']);
    const late = judge.sent.find((notice) => notice.subject === 'pay S1901M: orders late' && notice.to[0] === france)!;
    expect(late.text).toContain('The judge still has no orders from FRANCE.');
    expect(judge.sent.some((notice) => notice.subject === 'pay S1901M: orders late' && notice.to[0] === judge.emailOf('pay', 'GERMANY'))).toBe(false);

    expect(phaseOf(judge.game('pay'))).toBe('F1901M');
    const results = judge.sent.find((notice) => notice.subject.startsWith('pay S1901M results') && notice.to[0] === france)!;
    expect(results.text).toContain('In civil disorder: France (no orders when the grace period ended).');
    expect(results.text).toMatch(/France:\n {2}F BRE H\.\n {2}A PAR - BUR\.\n {2}A MAR H\./);
    // France's own statement: its army was paid 3 AgP by another; it offered nothing, and paid nothing.
    expect(results.text).toContain('YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:');
    expect(results.text).toContain(' *   3 : A PAR - BUR');
    expect(results.text).toContain('YOU OFFERED NO BRIBES');
    const units = judge
      .game('pay')
      .powers.find((power) => power.name === 'FRANCE')!
      .units.map((unit) => unit.location)
      .sort();
    expect(units).toEqual(['BRE', 'BUR', 'MAR']);
    expect(judge.game('pay').powers.find((power) => power.name === 'GERMANY')!.funds).toEqual(['$45']);
  });

  it('wants a sheet from a power with centres and money but no units, which can still bribe, and none from one without money', async () => {
    const judge = checkerJudge();
    await judge.startGame('broke', { timing: 'NEXT 1D MOVE 2D AT 12:00', variant: 'payola' });
    const unitless = (funds: string[]) =>
      editGame(judge.store, 'broke', (game) => ({
        ...game,
        powers: game.powers.map((power) => (power.name === 'FRANCE' ? { ...power, units: [], funds } : power)),
      }));
    await unitless(['$20']);
    await judge.order('broke');
    await judge.sweepUntil(utc('2026-01-09T12:00'));
    const late = judge.sent.filter((notice) => notice.subject === 'broke S1901M: orders late');
    expect(late.find((notice) => notice.to[0] === judge.emailOf('broke', 'FRANCE'))!.text).toContain('The judge still has no orders from FRANCE.');

    // Its sheet bribes others' units; once it is in, nobody is late and the phase is played.
    await judge.service.submitOrders('broke', 'FRANCE', ['2 : A MUN - BUR'], actor);
    await judge.sweepUntil(utc('2026-01-09T13:00'));
    expect(phaseOf(judge.game('broke'))).toBe('F1901M');

    // With nothing left to bribe with, and no ZERO_FOREIGN, it owes nothing.
    await unitless(['$0']);
    await judge.order('broke', ['FRANCE']);
    const before = judge.sent.length;
    await judge.sweepUntil(utc('2026-01-12T12:00'));
    expect(judge.sent.slice(before).some((notice) => notice.subject === 'broke F1901M: orders late')).toBe(false);
    expect(phaseOf(judge.game('broke'))).not.toBe('F1901M');
  });
});
