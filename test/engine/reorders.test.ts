import { describe, expect, it } from 'vitest';
import { withImpliedRules } from '../../src/rules/in-force.js';
import { SPRING, outcomeOf, play, testMap, unitsAfter } from './helpers.js';

/**
 * A unit given more than one order: under NO_CHECK both are kept, the unit holds and each order is
 * listed invalid (Rules.txt, NO_CHECK); elsewhere the later order is the one.
 */

const standard = testMap('standard');
const units = { FRANCE: ['A PAR', 'A BRE'], GERMANY: ['A BUR', 'A MUN'], ENGLAND: ['A LON'] };
const rulesOf = (...named: string[]): string[] => [...withImpliedRules(named)];
const REORDER = 'A PAR (France) has more than one order (REORDER): it holds';

describe('a unit with more than one order', () => {
  it('holds under NO_CHECK, may be supported in place, and has each of its orders listed invalid', () => {
    const orders = { FRANCE: ['A PAR - PIC', 'A PAR - GAS', 'A BRE S A PAR'], GERMANY: ['A BUR - PAR', 'A MUN S A BUR - PAR'] };
    const result = play(standard, SPRING, { units }, orders, rulesOf('NO_CHECK'));
    expect(outcomeOf(result, 'A PAR - PIC')).toMatchObject({ power: 'FRANCE', succeeded: false, marks: ['illegal'], reason: REORDER });
    expect(outcomeOf(result, 'A PAR - GAS')).toMatchObject({ power: 'FRANCE', succeeded: false, marks: ['illegal'], reason: REORDER });
    expect(outcomeOf(result, 'A BRE S A PAR')).toMatchObject({ succeeded: true });
    expect(outcomeOf(result, 'A BUR - PAR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toContain('FRANCE A PAR');
    expect(result.outcomes.filter((outcome) => outcome.text.startsWith('A PAR'))).toHaveLength(2);
  });

  it('is dislodged in place under NO_CHECK, the fate told with the order it last received', () => {
    const orders = { FRANCE: ['A PAR - PIC', 'A PAR - GAS', 'A BRE H'], GERMANY: ['A BUR - PAR', 'A MUN - BUR'], ENGLAND: ['A LON H'] };
    const result = play(
      standard,
      SPRING,
      { units: { ...units, GERMANY: ['A BUR', 'A MUN', 'A PIC'] } },
      { ...orders, GERMANY: [...orders.GERMANY, 'A PIC S A BUR - PAR'] },
      rulesOf('NO_CHECK'),
    );
    expect(outcomeOf(result, 'A PAR - GAS')).toMatchObject({ marks: ['illegal', 'dislodged'], dislodgedBy: 'A BUR' });
    expect(outcomeOf(result, 'A PAR - PIC').marks).toEqual(['illegal']);
  });

  it('counts a repeated order once under NO_CHECK: the unit follows it, listed once', () => {
    const result = play(standard, SPRING, { units }, { FRANCE: ['A PAR - PIC', 'A PAR - PIC'] }, rulesOf('NO_CHECK'));
    expect(outcomeOf(result, 'A PAR - PIC')).toMatchObject({ succeeded: true, marks: [] });
    expect(result.outcomes.filter((outcome) => outcome.text === 'A PAR - PIC')).toHaveLength(1);
    expect(unitsAfter(result)).toContain('FRANCE A PIC');
  });

  it('makes a proxy and a later order of the owner two orders under NO_CHECK, so the unit holds', () => {
    const orders = { ENGLAND: ['A LON P FRANCE', 'A LON - WAL'], FRANCE: ['A LON - YOR'] };
    const result = play(standard, SPRING, { units }, orders, rulesOf('PROXY_OK', 'NO_CHECK'));
    const reorder = { power: 'ENGLAND', succeeded: false, marks: ['illegal'], reason: 'A LON (England) has more than one order (REORDER): it holds' };
    expect(outcomeOf(result, 'A LON P FRANCE')).toMatchObject(reorder);
    expect(outcomeOf(result, 'A LON - WAL')).toMatchObject(reorder);
    expect(unitsAfter(result)).toContain('ENGLAND A LON');
  });

  it('follows the later order without NO_CHECK, the earlier one listed void', () => {
    const result = play(standard, SPRING, { units }, { FRANCE: ['A PAR - PIC', 'A PAR - GAS'] });
    expect(outcomeOf(result, 'A PAR - PIC')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'replaced by a later order for the same unit' });
    expect(outcomeOf(result, 'A PAR - GAS')).toMatchObject({ succeeded: true });
    expect(unitsAfter(result)).toContain('FRANCE A GAS');
  });
});
