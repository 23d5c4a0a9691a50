import { describe, expect, it } from 'vitest';
import { SPRING, SPRING_RETREATS, outcomeOf, play, testMap, unitsAfter } from './helpers.js';

const straits = testMap('straits');

describe('a weak strait (~)', () => {
  it('lets an unsupported move into an empty province through', () => {
    const result = play(straits, SPRING, { units: { SILVER: ['A EST'] } }, { SILVER: ['A EST - CEN'] });
    expect(unitsAfter(result)).toEqual(['SILVER A CEN']);
  });

  it('gives the move no strength of its own: it loses to any other move', () => {
    const result = play(straits, SPRING, { units: { SILVER: ['A EST'], GOLD: ['A NOR'] } }, { SILVER: ['A EST - CEN'], GOLD: ['A NOR - CEN'] });
    expect(unitsAfter(result)).toEqual(['GOLD A CEN', 'SILVER A EST']);
  });

  it('does not dislodge a holding unit with one support, only with two', () => {
    const board = { units: { SILVER: ['A EST', 'A NOR', 'A WST'], GOLD: ['A CEN'] } };
    const one = play(straits, SPRING, board, { SILVER: ['A EST - CEN', 'A NOR S A EST - CEN'] });
    expect(outcomeOf(one, 'A EST - CEN')).toMatchObject({ succeeded: false, marks: ['bounce'], bouncedWith: ['A CEN'] });
    const two = play(straits, SPRING, board, { SILVER: ['A EST - CEN', 'A NOR S A EST - CEN', 'A WST S A EST - CEN'] });
    expect(unitsAfter(two)).toEqual(['SILVER A CEN', 'SILVER A NOR', 'SILVER A WST']);
    expect(two.position.powers.find((state) => state.name === 'GOLD')!.retreating).toEqual([{ type: 'A', location: 'CEN', retreats: ['SOU', 'CAP'] }]);
  });

  it('carries no support across', () => {
    const result = play(straits, SPRING, { units: { SILVER: ['A EST', 'A NOR'], GOLD: ['A CEN'] } }, { SILVER: ['A NOR - CEN', 'A EST S A NOR - CEN'] });
    expect(outcomeOf(result, 'A EST S A NOR - CEN')).toMatchObject({ marks: ['illegal'], reason: 'the army in East cannot support into Center' });
    expect(unitsAfter(result)).toContain('GOLD A CEN');
  });

  it('does not cut support when unsupported, but does with support', () => {
    const board = { units: { GOLD: ['A CEN', 'A SOU'], SILVER: ['A WST', 'A EST', 'A NOR'] } };
    const orders = { GOLD: ['A CEN S A SOU - WST', 'A SOU - WST'], SILVER: ['A EST - CEN'] };
    const unsupported = play(straits, SPRING, board, orders);
    expect(outcomeOf(unsupported, 'A CEN S A SOU - WST').succeeded).toBe(true);
    expect(unitsAfter(unsupported)).toContain('GOLD A WST');
    const supported = play(straits, SPRING, board, { ...orders, SILVER: ['A EST - CEN', 'A NOR S A EST - CEN'] });
    expect(outcomeOf(supported, 'A CEN S A SOU - WST')).toMatchObject({ succeeded: false, marks: ['cut'], cutBy: 'A EST' });
    expect(unitsAfter(supported)).toContain('SILVER A WST');
  });
});

describe('a cape (*)', () => {
  it('moves at half strength', () => {
    const alone = play(straits, SPRING, { units: { SILVER: ['A CAP'] } }, { SILVER: ['A CAP - CEN'] });
    expect(unitsAfter(alone)).toEqual(['SILVER A CEN']);
    const against = play(straits, SPRING, { units: { SILVER: ['A CAP'], GOLD: ['A NOR'] } }, { SILVER: ['A CAP - CEN'], GOLD: ['A NOR - CEN'] });
    expect(unitsAfter(against)).toEqual(['GOLD A CEN', 'SILVER A CAP']);
    const oneSupport = play(straits, SPRING, { units: { SILVER: ['A CAP', 'A SOU'], GOLD: ['A CEN'] } }, { SILVER: ['A CAP - CEN', 'A SOU S A CAP - CEN'] });
    expect(outcomeOf(oneSupport, 'A CAP - CEN')).toMatchObject({ succeeded: false, marks: ['bounce'], bouncedWith: ['A CEN'] });
    const twoSupports = play(
      straits,
      SPRING,
      { units: { SILVER: ['A CAP', 'A SOU', 'A NOR'], GOLD: ['A CEN'] } },
      { SILVER: ['A CAP - CEN', 'A SOU S A CAP - CEN', 'A NOR S A CAP - CEN'] },
    );
    expect(outcomeOf(twoSupports, 'A CAP - CEN').succeeded).toBe(true);
  });

  it('carries no support across', () => {
    const result = play(straits, SPRING, { units: { SILVER: ['A CAP', 'A SOU'] } }, { SILVER: ['A SOU - CEN', 'A CAP S A SOU - CEN'] });
    expect(outcomeOf(result, 'A CAP S A SOU - CEN').marks).toEqual(['illegal']);
  });

  it('cuts support only by dislodging', () => {
    const board = { units: { GOLD: ['A CEN', 'A SOU'], SILVER: ['A WST', 'A CAP', 'A NOR'] } };
    const held = play(straits, SPRING, board, { GOLD: ['A CEN S A SOU - WST', 'A SOU - WST'], SILVER: ['A CAP - CEN'] });
    expect(outcomeOf(held, 'A CEN S A SOU - WST').succeeded).toBe(true);
    const strong = play(
      straits,
      SPRING,
      { units: { GOLD: ['A CEN', 'A SOU'], SILVER: ['A WST', 'A CAP', 'A NOR', 'A EST'] } },
      { GOLD: ['A CEN S A NOR - WST'], SILVER: ['A CAP - CEN', 'A NOR S A CAP - CEN', 'A WST S A CAP - CEN'] },
    );
    expect(outcomeOf(strong, 'A CAP - CEN').succeeded).toBe(true);
  });

  it('loses a contested retreat across it, leaving the other retreat to succeed', () => {
    const retreating = {
      units: {},
      retreating: {
        GOLD: [{ type: 'A' as const, location: 'CEN', retreats: ['CAP', 'NOR'] }],
        SILVER: [{ type: 'A' as const, location: 'SOU', retreats: ['CAP'] }],
      },
    };
    const result = play(straits, SPRING_RETREATS, retreating, { GOLD: ['A CEN - CAP'], SILVER: ['A SOU - CAP'] });
    expect(unitsAfter(result)).toEqual(['SILVER A CAP']);
    expect(outcomeOf(result, 'A CEN - CAP')).toMatchObject({ succeeded: false, marks: ['bounce', 'destroyed'], bouncedWith: ['A SOU'] });
    const plain = play(
      straits,
      SPRING_RETREATS,
      { units: {}, retreating: { GOLD: [{ type: 'A', location: 'NOR', retreats: ['WST'] }], SILVER: [{ type: 'A', location: 'SOU', retreats: ['WST'] }] } },
      { GOLD: ['A NOR - WST'], SILVER: ['A SOU - WST'] },
    );
    expect(unitsAfter(plain)).toEqual([]);
  });
});
