import { describe, expect, it } from 'vitest';
import { blindRules, sightOf, visiblePosition, type Sight } from '../../src/engine/visibility.js';
import { withImpliedRules } from '../../src/rules/in-force.js';
import { position, testMap, type BoardSpec } from './helpers.js';

const map = testMap('blind');

/** RED's sight of the board under the rules given (BLIND is brought in by every modifier). */
function redSight(rules: string[], board: BoardSpec): Sight {
  const blind = blindRules(withImpliedRules(rules));
  if (blind === null) throw new Error(`${rules.join(' ')} is not BLIND`);
  return sightOf(map, [position(map, board)], 'RED', blind);
}

const army = (location: string) => ({ type: 'A' as const, location });
const fleet = (location: string) => ({ type: 'F' as const, location });

describe('BLIND visibility', () => {
  it('is off in a game without BLIND', () => {
    expect(blindRules(withImpliedRules(['NO_PRESS']))).toBeNull();
  });

  it('shows the units next to a unit of the power and next to its home centres, and no others', () => {
    const sight = redSight(['BLIND'], { units: { RED: ['A FOU'] } });
    expect(sight.seesUnit(army('TWO'))).toBe(true); // next to the home centre ONE
    expect(sight.seesUnit(army('FIV'))).toBe(true); // next to the army in FOU
    expect(sight.seesUnit(fleet('WFO'))).toBe(true);
    expect(sight.seesUnit(army('SIX'))).toBe(false);
    expect(sight.seesUnit(fleet('WTH'))).toBe(false); // the army in FOU could not support a fleet at sea
  });

  it('sees from home centres the power does not own, and tells the owner of the centres in sight', () => {
    const sight = redSight(['BLIND'], { units: { RED: ['A THR'] }, centers: { RED: ['THR'], BLUE: ['ONE', 'FOU', 'SIX'] } });
    expect(sight.seesUnit(army('TWO'))).toBe(true);
    expect(sight.seesOwner('ONE')).toBe(true);
    expect(sight.seesOwner('FOU')).toBe(true);
    expect(sight.seesOwner('SIX')).toBe(false);
  });

  it('OWN_SCS_SEE: owned centres see instead of home centres', () => {
    const board = { units: {}, centers: { RED: ['FOU'], BLUE: ['ONE', 'SIX'] } };
    const sight = redSight(['OWN_SCS_SEE'], board);
    expect(sight.seesUnit(army('FIV'))).toBe(true);
    expect(sight.seesUnit(army('TWO'))).toBe(false);
    expect(redSight(['BLIND'], board).seesUnit(army('TWO'))).toBe(true);
  });

  it('NO_SCS_SEE: centres see nothing, units still do', () => {
    const sight = redSight(['NO_SCS_SEE'], { units: { RED: ['A FOU'] } });
    expect(sight.seesUnit(army('TWO'))).toBe(false);
    expect(sight.seesUnit(army('FIV'))).toBe(true);
  });

  it('NO_UNITS_SEE: units see nothing, centres still do', () => {
    const sight = redSight(['NO_UNITS_SEE'], { units: { RED: ['A FOU'] } });
    expect(sight.seesUnit(army('TWO'))).toBe(true);
    expect(sight.seesUnit(army('FIV'))).toBe(false);
  });

  it('SEE_NO_SCS: only the power’s own centres have a known owner', () => {
    const board = { units: { RED: ['A THR'] }, centers: { RED: ['ONE'], BLUE: ['FOU', 'SIX'] } };
    expect(redSight(['BLIND'], board).seesOwner('FOU')).toBe(true);
    const sight = redSight(['SEE_NO_SCS'], board);
    expect(sight.seesOwner('FOU')).toBe(false);
    expect(sight.seesOwner('ONE')).toBe(true);
    expect(sight.seesUnit(army('FOU'))).toBe(true);
  });

  it('SEE_ALL_SCS: every centre’s owner is told, the units stay hidden', () => {
    const board = { units: { RED: ['A ONE'] }, centers: { BLUE: ['FOU', 'SIX'] } };
    expect(redSight(['BLIND'], board).seesOwner('SIX')).toBe(false);
    const sight = redSight(['SEE_ALL_SCS'], board);
    expect(sight.seesOwner('SIX')).toBe(true);
    expect(sight.seesUnit(army('SIX'))).toBe(false);
  });

  it('SEE_NO_UNITS: no foreign unit is shown, even next door', () => {
    const sight = redSight(['SEE_NO_UNITS'], { units: { RED: ['A THR'] }, centers: { BLUE: ['FOU'] } });
    expect(sight.seesUnit(army('TWO'))).toBe(false);
    expect(sight.seesUnit(army('FOU'))).toBe(false);
    expect(sight.seesOwner('FOU')).toBe(true);
  });

  it('UNITS_SEE_OTHER and TROJAN: armies see fleets, fleets armies, centres nothing', () => {
    for (const rule of ['UNITS_SEE_OTHER', 'TROJAN']) {
      const sight = redSight([rule], { units: { RED: ['A THR', 'F WFI'] } });
      expect(sight.seesUnit(fleet('WTH')), rule).toBe(true);
      expect(sight.seesUnit(army('FOU')), rule).toBe(false);
      expect(sight.seesUnit(army('FIV')), rule).toBe(true);
      expect(sight.seesUnit(fleet('WFO')), rule).toBe(false);
      expect(sight.seesUnit(army('TWO')), rule).toBe(false); // next to the army in THR and to the home centre ONE
    }
  });

  it('UNITS_SEE_SAME and GREEK: units see their own kind, centres nothing', () => {
    for (const rule of ['UNITS_SEE_SAME', 'GREEK']) {
      const sight = redSight([rule], { units: { RED: ['A THR', 'F WFI'] } });
      expect(sight.seesUnit(army('FOU')), rule).toBe(true);
      expect(sight.seesUnit(fleet('WTH')), rule).toBe(false);
      expect(sight.seesUnit(fleet('WFO')), rule).toBe(true);
      expect(sight.seesUnit(army('FIV')), rule).toBe(false);
    }
  });

  it('MYOPIC: nothing foreign at all, own centres known', () => {
    const sight = redSight(['MYOPIC'], { units: { RED: ['A THR'] }, centers: { RED: ['ONE'], BLUE: ['FOU'] } });
    expect(sight.seesUnit(army('FOU'))).toBe(false);
    expect(sight.seesUnit(army('TWO'))).toBe(false);
    expect(sight.seesOwner('FOU')).toBe(false);
    expect(sight.seesOwner('ONE')).toBe(true);
  });

  it('VENETIAN: owned centres see, foreign ownership stays secret', () => {
    const sight = redSight(['VENETIAN'], { units: {}, centers: { RED: ['FOU'], BLUE: ['THR', 'ONE', 'SIX'] } });
    expect(sight.seesUnit(army('FIV'))).toBe(true);
    expect(sight.seesUnit(army('TWO'))).toBe(false);
    expect(sight.seesOwner('THR')).toBe(false);
    expect(sight.seesOwner('FOU')).toBe(true);
  });

  it('counts a unit seen from where the power stood before the phase or after it', () => {
    const blind = blindRules(withImpliedRules(['NO_SCS_SEE']))!;
    const before = position(map, { units: { RED: ['A THR'] } });
    const after = position(map, { units: { RED: ['A FOU'] } });
    const sight = sightOf(map, [before, after], 'RED', blind);
    expect(sight.seesUnit(army('TWO'))).toBe(true);
    expect(sight.seesUnit(army('FIV'))).toBe(true);
    expect(sightOf(map, [after], 'RED', blind).seesUnit(army('TWO'))).toBe(false);
  });

  it('leaves out of a power’s board what it does not see, and keeps all of its own', () => {
    const board = position(map, { units: { RED: ['A TWO'], BLUE: ['A THR', 'A FIV'] }, centers: { RED: ['ONE'], BLUE: ['SIX', 'FOU'] } });
    const seen = visiblePosition(board, 'RED', sightOf(map, [board], 'RED', blindRules(withImpliedRules(['BLIND']))!));
    expect(seen.powers.find((state) => state.name === 'RED')!.units).toEqual([army('TWO')]);
    expect(seen.powers.find((state) => state.name === 'BLUE')).toMatchObject({ units: [army('THR')], centers: [] });
  });
});
