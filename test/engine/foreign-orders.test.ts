import { describe, expect, it } from 'vitest';
import { OrderReader, quotedRefusal } from '../../src/engine/legality/reader.js';
import { RulesInForce, withImpliedRules } from '../../src/rules/in-force.js';
import { SPRING, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';

/**
 * Orders to units a power does not own (ORDER_ANY, PROXY_OK) and to units that do not exist
 * (FICTIONAL_OK, SHOW_PHANTOM), as Rules.txt, Format.txt and Algorithm.txt describe them.
 */

const standard = testMap('standard');

type Units = Record<string, string[]>;

const rulesOf = (...named: string[]): string[] => [...withImpliedRules(named)];

function entered(power: string, line: string, units: Units, rules: string[] = []): string {
  const context = {
    map: standard,
    position: position(standard, { units, centers: { TURKEY: [] } }),
    power,
    phase: 'MOVEMENT' as const,
    rules: new RulesInForce(rulesOf(...rules)),
  };
  const read = new OrderReader({ ...context, dummies: new Set(['ITALY']) }).read(line);
  return read.ok ? read.text : quotedRefusal(read.refused);
}

describe('ORDER_ANY and PROXY_OK', () => {
  const units = { ENGLAND: ['A LON', 'F NTH'], FRANCE: ['F ENG', 'A WAL'], GERMANY: ['A MUN'], ITALY: ['A ROM'] };

  it('takes orders to foreign units only under ORDER_ANY, and proxy orders only from the owner under PROXY_OK', () => {
    expect(entered('FRANCE', 'A LON - YOR', units)).toBe('"A LON - YOR": the army in London belongs to England');
    expect(entered('FRANCE', 'A LON - YOR', units, ['ORDER_ANY'])).toBe('A LON - YOR');
    expect(entered('FRANCE', 'A LON - YOR', units, ['PROXY_OK'])).toBe('A LON - YOR');
    expect(entered('ENGLAND', 'A LON PROXY FRANCE', units)).toBe('"A LON PROXY FRANCE": proxy orders are taken only in games with the rule PROXY_OK');
    expect(entered('ENGLAND', 'Army London proxy France', units, ['PROXY_OK'])).toBe('A LON P FRANCE');
    expect(entered('ENGLAND', 'A LON P F', units, ['PROXY_OK'])).toBe('A LON P FRANCE');
    expect(entered('ENGLAND', 'A LON PROXY [GERMANY]', units, ['PROXY_OK'])).toBe('A LON P GERMANY');
    expect(entered('ENGLAND', 'A LON P SPAIN', units, ['PROXY_OK'])).toBe(`"A LON P SPAIN": 'SPAIN' is not a power of this map`);
    expect(entered('ENGLAND', 'A LON P', units, ['PROXY_OK'])).toBe('"A LON P": say which power the unit is proxied to');
    expect(entered('ENGLAND', 'A LON P ENGLAND', units, ['PROXY_OK'])).toBe('"A LON P ENGLAND": a unit cannot be proxied to its own power');
    expect(entered('ENGLAND', 'A LON P ITALY', units, ['PROXY_OK'])).toBe('"A LON P ITALY": Italy is a dummy: no unit may be proxied to it');
    expect(entered('ENGLAND', 'A LON P TURKEY', units, ['PROXY_OK'])).toBe('"A LON P TURKEY": Turkey is out of the game: no unit may be proxied to it');
    // A dummy's units stay put under IMMOBILE_DUMMIES, whoever orders them.
    expect(entered('FRANCE', 'A ROM - APU', units, ['ORDER_ANY', 'IMMOBILE_DUMMIES'])).toBe(
      '"A ROM - APU": IMMOBILE_DUMMIES: units of dummy powers may only hold, support or convoy',
    );
    expect(entered('FRANCE', 'A ROM S A LON', units, ['ORDER_ANY', 'IMMOBILE_DUMMIES'])).toBe('"A ROM S A LON": the army in Rome cannot support into London');
    // No re-proxying: only the owner may proxy a unit.
    expect(entered('FRANCE', 'A LON P GERMANY', units, ['PROXY_OK'])).toBe('"A LON P GERMANY": the army in London belongs to England');
  });

  it('has a proxied unit follow the order of the power it was proxied to', () => {
    const result = play(
      standard,
      SPRING,
      { units },
      { ENGLAND: ['A LON P FRANCE', 'F NTH H'], FRANCE: ['A LON - YOR', 'F ENG H', 'A WAL H'] },
      rulesOf('PROXY_OK'),
    );
    expect(outcomeOf(result, 'A LON P FRANCE')).toMatchObject({ power: 'ENGLAND', succeeded: true, marks: [] });
    expect(outcomeOf(result, 'A LON - YOR')).toMatchObject({ power: 'ENGLAND', succeeded: true, marks: [] });
    expect(unitsAfter(result)).toContain('ENGLAND A YOR');
  });

  it('has a unit its owner did not proxy follow its owner, whatever other powers order it (ORDER_ANY)', () => {
    const result = play(standard, SPRING, { units }, { ENGLAND: ['A LON H'], FRANCE: ['A LON - YOR'] }, rulesOf('PROXY_OK'));
    expect(result.outcomes.map((outcome) => outcome.text)).not.toContain('A LON - YOR');
    expect(outcomeOf(result, 'A LON H')).toMatchObject({ power: 'ENGLAND', succeeded: true });
    expect(unitsAfter(result)).toContain('ENGLAND A LON');
  });

  it('lists the order a unit does not follow as illegal in a NO_CHECK game, with whose order it follows', () => {
    const proxied = { ENGLAND: ['A LON P FRANCE', 'F NTH H'], FRANCE: ['A LON - YOR', 'F ENG H', 'A WAL H'], GERMANY: ['A LON - WAL'] };
    const result = play(standard, SPRING, { units }, proxied, rulesOf('PROXY_OK', 'NO_CHECK'));
    expect(outcomeOf(result, 'A LON - WAL')).toMatchObject({
      power: 'GERMANY',
      succeeded: false,
      marks: ['illegal'],
      reason: "A LON (England) follows France's order",
    });
    expect(outcomeOf(result, 'A LON - YOR')).toMatchObject({ power: 'ENGLAND', succeeded: true, marks: [] });
    const unproxied = play(standard, SPRING, { units }, { ENGLAND: ['A LON H'], FRANCE: ['A LON - YOR'] }, rulesOf('ORDER_ANY', 'NO_CHECK'));
    expect(outcomeOf(unproxied, 'A LON - YOR')).toMatchObject({ power: 'FRANCE', marks: ['illegal'], reason: "A LON (England) follows England's order" });
  });

  it('has a unit proxied to a power that gives it no order hold, and be supported in place', () => {
    const result = play(
      standard,
      SPRING,
      { units },
      { ENGLAND: ['A LON P FRANCE', 'F NTH S A LON'], FRANCE: ['F ENG - LON', 'A WAL S F ENG - LON'] },
      rulesOf('PROXY_OK'),
    );
    expect(outcomeOf(result, 'A LON H')).toMatchObject({ power: 'ENGLAND', marks: ['unordered'] });
    expect(outcomeOf(result, 'F NTH S A LON')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F ENG - LON')).toMatchObject({ succeeded: false, marks: ['bounce'] });
  });

  it('has the owner’s later order for a unit replace its proxy', () => {
    const result = play(
      standard,
      SPRING,
      { units },
      { ENGLAND: ['A LON P FRANCE', 'A LON - WAL'], FRANCE: ['A LON - YOR', 'A WAL - YOR'] },
      rulesOf('PROXY_OK'),
    );
    expect(outcomeOf(result, 'A LON P FRANCE')).toMatchObject({ marks: ['void'], reason: 'replaced by a later order for the same unit' });
    expect(unitsAfter(result)).toContain('ENGLAND A WAL');
  });
});

describe('FICTIONAL_OK and SHOW_PHANTOM', () => {
  const units = { FRANCE: ['A PAR', 'F BRE'], ENGLAND: ['F LON'], GERMANY: ['A MUN'] };

  it('takes orders to and involving units that do not exist, the ordered unit’s type given', () => {
    expect(entered('FRANCE', 'A PIC - BEL', units)).toBe('"A PIC - BEL": there is no army in Picardy');
    expect(entered('FRANCE', 'A PIC - BEL', units, ['FICTIONAL_OK'])).toBe('A PIC - BEL');
    expect(entered('FRANCE', 'PIC - BEL', units, ['FICTIONAL_OK'])).toBe(
      '"PIC - BEL": the game has FICTIONAL_OK: say whether the unit is an army (A) or a fleet (F)',
    );
    // A fleet stands in Brest, so the army in Brest is a unit that does not exist.
    expect(entered('FRANCE', 'A BRE - PAR', units, ['FICTIONAL_OK'])).toBe('A BRE - PAR');
    expect(entered('FRANCE', 'F NTH - BUR', units, ['FICTIONAL_OK'])).toBe('"F NTH - BUR": North Sea is not adjacent to Burgundy');
    expect(entered('FRANCE', 'A NTH H', units, ['FICTIONAL_OK'])).toBe('"A NTH H": an army cannot be in North Sea');
    expect(entered('FRANCE', 'A PAR S A BUR - PIC', units, ['FICTIONAL_OK'])).toBe('A PAR S A BUR - PIC');
    expect(entered('FRANCE', 'A PAR S BUR - PIC', units, ['FICTIONAL_OK'])).toBe('A PAR S A BUR - PIC');
    expect(entered('FRANCE', 'F BRE C A PIC - LON', units, ['FICTIONAL_OK'])).toBe('"F BRE C A PIC - LON": the fleet in Brest is not at sea and cannot convoy');
    expect(entered('FRANCE', 'A PAR S A MUN - PIC', units, ['FICTIONAL_OK'])).toBe('"A PAR S A MUN - PIC": the army in Munich cannot reach Picardy');
    // A foreign unit that does exist is still its owner's, unless ORDER_ANY.
    expect(entered('FRANCE', 'F LON - NTH', units, ['FICTIONAL_OK'])).toBe('"F LON - NTH": the fleet in London belongs to England');
    expect(entered('FRANCE', 'A LON - YOR', units, ['FICTIONAL_OK'])).toBe('A LON - YOR');
  });

  it('leaves orders to units that do not exist out of the results', () => {
    const result = play(standard, SPRING, { units }, { FRANCE: ['A PIC - BEL', 'A PAR H', 'F BRE H'] }, rulesOf('FICTIONAL_OK'));
    expect(result.outcomes.map((outcome) => outcome.text).sort()).toEqual(['A MUN H', 'A PAR H', 'F BRE H', 'F LON H']);
  });

  it('turns a support or convoy offered to a unit that does not exist into a hold, and a move through a fleet that does not exist', () => {
    const phantoms = { FRANCE: ['A PAR S A BUR - PIC', 'F BRE H'], ENGLAND: ['F NTH C A YOR - BEL', 'A WAL - ENG - BEL'], GERMANY: ['A MUN H'] };
    const board = { units: { ...units, ENGLAND: ['F NTH', 'A WAL'] } };
    const result = play(standard, SPRING, board, phantoms, rulesOf('FICTIONAL_OK'));
    expect(outcomeOf(result, 'A PAR H')).toMatchObject({ power: 'FRANCE', succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F NTH H')).toMatchObject({ power: 'ENGLAND', succeeded: true, marks: [] });
    expect(outcomeOf(result, 'A WAL H')).toMatchObject({ power: 'ENGLAND', succeeded: true, marks: [] });
    const shown = play(standard, SPRING, board, phantoms, rulesOf('SHOW_PHANTOM'));
    expect(outcomeOf(shown, 'A PAR S A BUR - PIC')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'the unit supported does not exist' });
    expect(outcomeOf(shown, 'F NTH C A YOR - BEL')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'the army convoyed does not exist' });
    expect(outcomeOf(shown, 'A WAL - ENG - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(unitsAfter(shown)).toEqual(unitsAfter(result));
  });

  it('lists an order to a unit that does not exist as illegal in a NO_CHECK game', () => {
    const result = play(standard, SPRING, { units }, { FRANCE: ['A PIC - BEL', 'A PAR H', 'F BRE H'] }, rulesOf('FICTIONAL_OK', 'NO_CHECK'));
    expect(outcomeOf(result, 'A PIC - BEL')).toMatchObject({
      power: 'FRANCE',
      succeeded: false,
      marks: ['illegal'],
      reason: 'the unit ordered does not exist',
    });
  });

  it('gives a support written for the wrong type to the unit that stands there', () => {
    const result = play(
      standard,
      SPRING,
      { units: { FRANCE: ['A PAR', 'F BRE'], ENGLAND: ['F ENG', 'F WAL'] } },
      { FRANCE: ['A PAR S A BRE', 'F BRE H'], ENGLAND: ['F ENG - BRE', 'F WAL S F ENG - BRE'] },
      rulesOf('FICTIONAL_OK'),
    );
    expect(outcomeOf(result, 'A PAR S F BRE')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F ENG - BRE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
  });
});
