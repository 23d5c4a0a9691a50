import { describe, expect, it } from 'vitest';
import { SPRING, outcomeOf, play, testMap, unitsAfter } from './helpers.js';

/**
 * The DPjudge rules that make a convoy fail although no convoying fleet is dislodged: SAFE_CONVOYS
 * (a fleet that is a beleaguered garrison convoys nothing) and WEAK_CONVOYS (a fleet convoys only
 * while better supported than every foreign attack on it). England convoys A LON to Belgium
 * through F NTH; each case is played with and without its rule.
 */

const standard = testMap('standard');

const convoy = ['A LON - BEL', 'F NTH C A LON - BEL'];

describe('SAFE_CONVOYS', () => {
  // Germany and Russia attack the North Sea with one support each and stand each other off.
  const board = { units: { ENGLAND: ['A LON', 'F NTH', 'F EDI'], GERMANY: ['F HEL', 'F DEN'], RUSSIA: ['F NWG', 'F NWY'] } };
  const standoff = { GERMANY: ['F HEL - NTH', 'F DEN S F HEL - NTH'], RUSSIA: ['F NWG - NTH', 'F NWY S F NWG - NTH'] };

  it('stops the convoy of a fleet that is a beleaguered garrison', () => {
    const without = play(standard, SPRING, board, { ENGLAND: convoy, ...standoff });
    expect(outcomeOf(without, 'A LON - BEL')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(without)).toContain('ENGLAND A BEL');
    const result = play(standard, SPRING, board, { ENGLAND: convoy, ...standoff }, ['SAFE_CONVOYS']);
    expect(outcomeOf(result, 'A LON - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(result, 'F NTH C A LON - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    // The fleet is not dislodged: it only behaves as if it were, for the army.
    expect(unitsAfter(result)).toEqual(['ENGLAND A LON', 'ENGLAND F EDI', 'ENGLAND F NTH', 'GERMANY F DEN', 'GERMANY F HEL', 'RUSSIA F NWG', 'RUSSIA F NWY']);
    expect(result.position.powers.every((state) => state.retreating.length === 0)).toBe(true);
  });

  it('lets a fleet convoy when its defence is as strong as the attacks standing each other off', () => {
    const result = play(standard, SPRING, board, { ENGLAND: [...convoy, 'F EDI S F NTH'], ...standoff }, ['SAFE_CONVOYS']);
    expect(outcomeOf(result, 'A LON - BEL')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toContain('ENGLAND A BEL');
  });

  it('decides a convoy whose army would cut a support of the standoff: the beleaguered fleet convoys nothing', () => {
    // Convoyed to Norway, the army would cut Russia's support, Germany would then dislodge the
    // fleet, and the convoy would fail: under SAFE_CONVOYS only the failed convoy is consistent.
    const orders = { ENGLAND: ['A LON - NWY', 'F NTH C A LON - NWY'], ...standoff };
    const result = play(standard, SPRING, board, orders, ['SAFE_CONVOYS']);
    expect(outcomeOf(result, 'A LON - NWY')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(result, 'F NWY S F NWG - NTH')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F NTH C A LON - NWY')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(result.position.powers.every((state) => state.retreating.length === 0)).toBe(true);
  });

  it('lets a fleet convoy under a single attack that does not dislodge it', () => {
    const result = play(standard, SPRING, board, { ENGLAND: [...convoy, 'F EDI S F NTH'], GERMANY: standoff.GERMANY }, ['SAFE_CONVOYS']);
    expect(outcomeOf(result, 'A LON - BEL')).toMatchObject({ succeeded: true, marks: [] });
  });
});

describe('WEAK_CONVOYS', () => {
  const board = { units: { ENGLAND: ['A LON', 'F NTH', 'F EDI'], GERMANY: ['F HEL'] } };

  it('stops the convoy of an unsupported fleet under a single unsupported foreign attack', () => {
    const orders = { ENGLAND: convoy, GERMANY: ['F HEL - NTH'] };
    const without = play(standard, SPRING, board, orders);
    expect(outcomeOf(without, 'A LON - BEL')).toMatchObject({ succeeded: true, marks: [] });
    const result = play(standard, SPRING, board, orders, ['WEAK_CONVOYS']);
    expect(outcomeOf(result, 'A LON - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(result, 'F NTH C A LON - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(result, 'F HEL - NTH')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toEqual(['ENGLAND A LON', 'ENGLAND F EDI', 'ENGLAND F NTH', 'GERMANY F HEL']);
  });

  it('lets a fleet better supported than the attack convoy', () => {
    const result = play(standard, SPRING, board, { ENGLAND: [...convoy, 'F EDI S F NTH'], GERMANY: ['F HEL - NTH'] }, ['WEAK_CONVOYS']);
    expect(outcomeOf(result, 'A LON - BEL')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toContain('ENGLAND A BEL');
  });

  it('counts only foreign attacks: a move of the fleet’s own power does not stop the convoy', () => {
    const result = play(standard, SPRING, board, { ENGLAND: [...convoy, 'F EDI - NTH'], GERMANY: ['F HEL H'] }, ['WEAK_CONVOYS']);
    expect(outcomeOf(result, 'A LON - BEL')).toMatchObject({ succeeded: true, marks: [] });
  });
});
