import { describe, expect, it } from 'vitest';
import { FALL, FALL_RETREATS, play, testMap, unitsAfter } from './helpers.js';

const standard = testMap('standard');

describe('NO_RETREAT', () => {
  const attack = { units: { GERMANY: ['A MUN', 'A RUH'], FRANCE: ['A BUR'] } };
  const orders = { GERMANY: ['A MUN - BUR', 'A RUH S A MUN - BUR'], FRANCE: ['A BUR H'] };
  const french = (rules: string[]) => play(standard, FALL, attack, orders, rules).position.powers.find((state) => state.name === 'FRANCE')!;

  it('destroys every dislodged unit instead of letting it retreat', () => {
    expect(french([]).retreating.map((unit) => unit.location)).toEqual(['BUR']);
    expect(french(['NO_RETREAT']).retreating).toEqual([]);
    const outcome = play(standard, FALL, attack, orders, ['NO_RETREAT']).outcomes.find((entry) => entry.text === 'A BUR H')!;
    expect(outcome.marks).toContain('destroyed');
  });
});

describe('CD_RETREATS', () => {
  const dislodged = {
    units: { GERMANY: ['A BUR'] },
    retreating: { FRANCE: [{ type: 'A' as const, location: 'PIC', retreats: ['BEL', 'PAR', 'BRE'] }] },
    centers: { FRANCE: ['PAR', 'MAR'] },
  };

  it('disbands the units of a power without retreat orders by default', () => {
    expect(unitsAfter(play(standard, FALL_RETREATS, dislodged, {}))).toEqual(['GERMANY A BUR']);
  });

  it('retreats them at random, an unowned home center first', () => {
    const result = play(standard, FALL_RETREATS, dislodged, {}, ['CD_RETREATS']);
    expect(unitsAfter(result)).toEqual(['FRANCE A BRE', 'GERMANY A BUR']);
    expect(result.outcomes[0]!.reason).toBe('civil disorder: a random retreat');
  });

  it('leaves a power that ordered its retreats alone', () => {
    const result = play(standard, FALL_RETREATS, dislodged, { FRANCE: ['A PIC R PAR'] }, ['CD_RETREATS']);
    expect(unitsAfter(result)).toEqual(['FRANCE A PAR', 'GERMANY A BUR']);
  });
});

describe('CD_SUPPORTS', () => {
  // Germany attacks Munich in strength; Austria is silent with two armies next to each other.
  const board = { units: { GERMANY: ['A BER', 'A KIE', 'A RUH'], AUSTRIA: ['A MUN', 'A TYR', 'A BOH'] } };
  const attack = { GERMANY: ['A KIE - MUN', 'A BER S A KIE - MUN', 'A RUH S A KIE - MUN'] };

  it('has the silent power support its endangered units in place instead of holding', () => {
    const plain = play(standard, FALL, board, attack);
    expect(unitsAfter(plain)).toContain('GERMANY A MUN');
    const supported = play(standard, FALL, board, attack, ['CD_SUPPORTS']);
    expect(unitsAfter(supported)).toContain('AUSTRIA A MUN');
    const supports = supported.outcomes.filter((outcome) => outcome.power === 'AUSTRIA' && outcome.order.kind === 'support');
    expect(supports.map((outcome) => outcome.text).sort()).toEqual(['A BOH S A MUN', 'A TYR S A MUN']);
    expect(supports.every((outcome) => outcome.marks.includes('unordered'))).toBe(true);
  });

  it('leaves a power that gave orders alone', () => {
    const ordered = play(standard, FALL, board, { ...attack, AUSTRIA: ['A MUN H', 'A TYR H', 'A BOH H'] }, ['CD_SUPPORTS']);
    expect(unitsAfter(ordered)).toContain('GERMANY A MUN');
  });
});
