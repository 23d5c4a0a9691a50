import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/adjudicate.js';
import { initialPosition } from '../../src/engine/position.js';
import { FALL, FALL_RETREATS, SPRING, WINTER, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';

const standard = testMap('standard');

describe('movement outcomes say what happened and why', () => {
  const board = { units: { FRANCE: ['A PAR', 'A MAR'], GERMANY: ['A MUN', 'A RUH'], ITALY: ['A PIE'], AUSTRIA: ['A TYR'] } };

  it('names who bounced whom, who cut a support, who dislodged a unit and where it may go', () => {
    const result = play(standard, SPRING, board, {
      FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR'],
      GERMANY: ['A MUN - BUR', 'A RUH S A MUN - BUR'],
      ITALY: ['A PIE - MAR'],
    });
    expect(outcomeOf(result, 'A PAR - BUR')).toMatchObject({
      succeeded: false,
      marks: ['bounce'],
      bouncedWith: ['A MUN'],
      reason: 'bounced with A MUN (Germany)',
    });
    expect(outcomeOf(result, 'A MAR S A PAR - BUR')).toMatchObject({ succeeded: false, marks: ['cut'], cutBy: 'A PIE', reason: 'cut by A PIE (Italy)' });
    expect(outcomeOf(result, 'A RUH S A MUN - BUR').succeeded).toBe(true);
    expect(outcomeOf(result, 'A MUN - BUR').succeeded).toBe(true);
    expect(outcomeOf(result, 'A TYR H')).toMatchObject({ succeeded: true, marks: ['unordered'] });
  });

  it('reports dislodgements with the retreat options', () => {
    const result = play(
      standard,
      SPRING,
      { units: { FRANCE: ['A BUR', 'A PIC'], GERMANY: ['A MUN', 'A RUH', 'A BEL'] } },
      { FRANCE: ['A BUR H', 'A PIC - BEL'], GERMANY: ['A MUN - BUR', 'A RUH S A MUN - BUR'] },
    );
    expect(outcomeOf(result, 'A BUR H')).toMatchObject({
      succeeded: false,
      marks: ['dislodged'],
      dislodgedBy: 'A MUN',
      retreats: ['MAR', 'GAS', 'PAR'],
      reason: 'dislodged by A MUN (Germany)',
    });
    expect(result.position.powers.find((state) => state.name === 'FRANCE')!.retreating).toEqual([
      { type: 'A', location: 'BUR', retreats: ['MAR', 'GAS', 'PAR'] },
    ]);
  });

  it('marks orders that do nothing as void, with the reason', () => {
    const result = play(standard, SPRING, board, { FRANCE: ['A MAR S A PAR - BUR', 'A PAR - GAS'] });
    expect(outcomeOf(result, 'A MAR S A PAR - BUR')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'A PAR did not move to BUR' });
  });

  it('lists an illegal order, and the unit holds', () => {
    const result = play(standard, SPRING, board, { FRANCE: ['A PAR - MUN'], GERMANY: ['A MUN - PAR'] });
    expect(outcomeOf(result, 'A PAR - MUN')).toMatchObject({ succeeded: false, marks: ['illegal'], reason: 'Paris is not adjacent to Munich' });
    expect(unitsAfter(result)).toContain('FRANCE A PAR');
  });
});

describe('supply centers', () => {
  it('change hands after the fall moves when nobody has to retreat', () => {
    const spring = play(standard, SPRING, { units: { FRANCE: ['A PAR'] } }, { FRANCE: ['A PAR - BUR'] });
    expect(spring.ownershipUpdated).toBe(false);
    const fall = play(standard, FALL, { units: { FRANCE: ['A BUR', 'F MAO'] } }, { FRANCE: ['A BUR - BEL', 'F MAO - POR'] });
    expect(fall.ownershipUpdated).toBe(true);
    expect(fall.centerChanges).toEqual([
      { center: 'BEL', from: null, to: 'FRANCE' },
      { center: 'POR', from: null, to: 'FRANCE' },
    ]);
    expect(fall.position.powers.find((state) => state.name === 'FRANCE')!.centers).toEqual(['BRE', 'MAR', 'PAR', 'BEL', 'POR']);
  });

  it('wait for the fall retreats when a unit was dislodged', () => {
    const board = { units: { FRANCE: ['A BUR', 'A PIC', 'A GAS'], GERMANY: ['A BEL'] } };
    const fall = play(standard, FALL, board, { FRANCE: ['A PIC - BEL', 'A BUR S A PIC - BEL'] });
    expect(fall.ownershipUpdated).toBe(false);
    const retreats = adjudicate(standard, FALL_RETREATS, fall.position, [
      { power: 'GERMANY', order: { kind: 'retreat', unit: { type: 'A', location: 'BEL' }, to: 'HOL' } },
    ]);
    expect(retreats.ownershipUpdated).toBe(true);
    expect(retreats.centerChanges).toEqual([
      { center: 'BEL', from: null, to: 'FRANCE' },
      { center: 'HOL', from: null, to: 'GERMANY' },
    ]);
  });

  it('give victory to the one power reaching the VICTORY count', () => {
    const eighteen = ['BRE', 'MAR', 'PAR', 'SPA', 'POR', 'BEL', 'HOL', 'LON', 'LVP', 'EDI', 'NWY', 'DEN', 'KIE', 'BER', 'MUN', 'TUN', 'ROM'];
    const board = { units: { FRANCE: ['A RUH', 'A VEN'] }, centers: { FRANCE: eighteen, ENGLAND: [], GERMANY: [], ITALY: ['NAP'] } };
    expect(play(standard, FALL, board, { FRANCE: ['A VEN H'] }).victors).toEqual(['FRANCE']);
    expect(play(standard, FALL, board, { FRANCE: ['A VEN - PIE'] }).victors).toEqual([]);
  });
});

describe('retreat phases', () => {
  const board = {
    units: { FRANCE: ['A BUR'], GERMANY: ['A MUN'] },
    retreating: {
      GERMANY: [{ type: 'A' as const, location: 'RUH', retreats: ['KIE', 'HOL'] }],
      ITALY: [{ type: 'A' as const, location: 'TYR', retreats: ['BOH', 'VIE'] }],
      AUSTRIA: [{ type: 'A' as const, location: 'GAL', retreats: ['BOH'] }],
      ENGLAND: [{ type: 'F' as const, location: 'NTH', retreats: ['NWG'] }],
    },
  };

  it('moves retreats, destroys clashing ones, disbands the unordered and refuses the illegal', () => {
    const result = play(standard, FALL_RETREATS, board, {
      GERMANY: ['A RUH - HOL'],
      ITALY: ['A TYR - BOH'],
      AUSTRIA: ['A GAL - BOH'],
      FRANCE: ['A BUR - PAR'],
    });
    expect(outcomeOf(result, 'A RUH - HOL').succeeded).toBe(true);
    expect(outcomeOf(result, 'A TYR - BOH')).toMatchObject({ marks: ['bounce', 'destroyed'], bouncedWith: ['A GAL'] });
    expect(outcomeOf(result, 'F NTH DISBAND')).toMatchObject({ marks: ['unordered', 'disbanded'] });
    expect(outcomeOf(result, 'A BUR - PAR')).toMatchObject({ marks: ['illegal'], reason: 'there is no dislodged army in Burgundy' });
    expect(unitsAfter(result)).toEqual(['FRANCE A BUR', 'GERMANY A HOL', 'GERMANY A MUN']);
  });
});

describe('adjustment phases', () => {
  it('start from the map: standard 1901 has nothing to build', () => {
    const result = adjudicate(standard, WINTER, initialPosition(standard), []);
    expect(result.outcomes).toEqual([]);
    expect(unitsAfter(result)).toHaveLength(22);
  });

  it('remove by civil disorder what a power did not remove', () => {
    const result = play(standard, WINTER, { units: { RUSSIA: ['A MOS', 'A STP', 'A LVN', 'A SWE'] }, centers: { RUSSIA: ['MOS', 'STP', 'WAR'] } }, {});
    expect(outcomeOf(result, 'REMOVE A SWE')).toMatchObject({ succeeded: true, marks: ['unordered'] });
  });
});

describe('phases the judge does not adjudicate', () => {
  it('are refused', () => {
    const position0 = position(standard, { units: {} });
    expect(() => adjudicate(standard, { season: 'WINTER', year: 1901, type: 'INCOME' }, position0, [])).toThrow(
      'WINTER 1901 INCOME is not a phase the judge adjudicates',
    );
  });
});
