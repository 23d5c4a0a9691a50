import { describe, expect, it } from 'vitest';
import { adjustmentCounts } from '../../src/engine/adjustments.js';
import type { PhaseResult } from '../../src/engine/types.js';
import { type BoardSpec, FALL, WINTER, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';

const builds = testMap('builds');

function change(power: string, board: BoardSpec, rules: string[] = []): number {
  return adjustmentCounts(builds, position(builds, board), { rules }).find((count) => count.power === power)!.change;
}

function outcomesOf(result: PhaseResult, power: string) {
  return result.outcomes.filter((outcome) => outcome.power === power);
}

function stateAfter(result: PhaseResult, power: string) {
  return result.position.powers.find((state) => state.name === power)!;
}

describe('RESERVES', () => {
  it('keeps one unit more than the centers while a home center is held', () => {
    expect(change('RANGER', { units: { RANGER: ['A R1', 'A R2'] } })).toBe(1);
    expect(change('RANGER', { units: { RANGER: ['A R1', 'A R2', 'A HUB'] } })).toBe(0);
    expect(change('RANGER', { units: { RANGER: ['A X1', 'A X2'] }, centers: { RANGER: ['X1', 'X2'] } })).toBe(0);
  });

  it('is ignored under NO_RESERVES, unless the position sets it', () => {
    const board = { units: { RANGER: ['A R1', 'A R2'] } };
    expect(change('RANGER', board, ['NO_RESERVES'])).toBe(0);
    const set = position(builds, board);
    set.powers.find((state) => state.name === 'RANGER')!.reserves = 2;
    expect(adjustmentCounts(builds, set, { rules: ['NO_RESERVES'] }).find((count) => count.power === 'RANGER')!.change).toBe(2);
  });
});

describe('MILITIA', () => {
  it('keeps one more unit for each unit on a home center, up to the militia count', () => {
    expect(change('GUARD', { units: { GUARD: ['A M1', 'A M2', 'A HUB'] }, centers: { GUARD: ['M1'] } })).toBe(0);
    expect(change('GUARD', { units: { GUARD: ['A M1', 'A HUB'] }, centers: { GUARD: ['M1'] } })).toBe(0);
    expect(change('GUARD', { units: { GUARD: ['A X1', 'A HUB'] }, centers: { GUARD: ['M1'] } })).toBe(-1);
    expect(change('GUARD', { units: { GUARD: ['A M1', 'A M2', 'A HUB'] }, centers: { GUARD: ['M1'] } }, ['NO_MILITIA'])).toBe(-2);
  });
});

describe('factories and partisans', () => {
  it('builds in a factory site that is no supply center', () => {
    const result = play(
      builds,
      WINTER,
      { units: { MAKER: ['A F1', 'A F2'] }, centers: { MAKER: ['F1', 'F2', 'X1', 'X2'] } },
      { MAKER: ['BUILD A FX', 'BUILD A FP'] },
    );
    expect(outcomeOf(result, 'BUILD A FX').succeeded).toBe(true);
    expect(outcomeOf(result, 'BUILD A FP')).toMatchObject({
      marks: ['illegal'],
      reason: 'Partisan Site is a partisan site only while you hold some, but not all, of your home centers',
    });
    const closed = play(builds, WINTER, { units: { MAKER: ['A F1', 'A F2'] }, centers: { MAKER: ['F1', 'F2', 'X1'] } }, { MAKER: ['BUILD A FX'] }, [
      'NO_FACTORIES',
    ]);
    expect(outcomeOf(closed, 'BUILD A FX')).toMatchObject({ marks: ['illegal'], reason: 'Factory Site is not a supply center' });
  });

  it('opens partisan sites while some but not all homes are held', () => {
    const result = play(builds, WINTER, { units: { MAKER: ['A F1'] }, centers: { MAKER: ['F1', 'X1', 'X2'] } }, { MAKER: ['BUILD A FP', 'BUILD A F2'] });
    expect(outcomeOf(result, 'BUILD A FP').succeeded).toBe(true);
    expect(outcomeOf(result, 'BUILD A F2')).toMatchObject({ marks: ['illegal'], reason: 'you do not own F2' });
    const closed = play(builds, WINTER, { units: { MAKER: ['A F1'] }, centers: { MAKER: ['F1', 'X1'] } }, { MAKER: ['BUILD A FP'] }, ['NO_PARTISANS']);
    expect(outcomeOf(closed, 'BUILD A FP').marks).toEqual(['illegal']);
  });
});

describe('alternative home centers', () => {
  const board = { units: {}, centers: { ALTER: ['L1', 'L2', 'LA'] } };

  it('add a build site but no build: building there forgoes the home it stands in for', () => {
    const result = play(builds, WINTER, board, { ALTER: ['BUILD A LA', 'BUILD A L1', 'BUILD A L2'] });
    expect(outcomeOf(result, 'BUILD A LA').succeeded).toBe(true);
    expect(outcomeOf(result, 'BUILD A L1')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'L1 was forgone for an alternative home' });
    expect(unitsAfter(result)).toEqual(['ALTER A L2', 'ALTER A LA']);
  });

  it('cannot be used once the home it stands in for is built on', () => {
    const result = play(builds, WINTER, board, { ALTER: ['BUILD A L1', 'BUILD A LA'] });
    expect(outcomeOf(result, 'BUILD A LA')).toMatchObject({ marks: ['void'], reason: 'Alternative Site stands in for L1, and none is left to forgo' });
  });
});

describe('hidden builds', () => {
  it('marks builds in a ~ home, and every build under HIDE_BUILDS', () => {
    const board = { units: {}, centers: { ALTER: ['L1', 'L2'] } };
    const result = play(builds, WINTER, board, { ALTER: ['BUILD A L1', 'BUILD A L2'] });
    expect(outcomeOf(result, 'BUILD A L1').marks).toEqual([]);
    expect(outcomeOf(result, 'BUILD A L2').marks).toEqual(['hidden']);
    const hidden = play(builds, WINTER, board, { ALTER: ['BUILD A L1'] }, ['HIDE_BUILDS']);
    expect(outcomeOf(hidden, 'BUILD A L1').marks).toEqual(['hidden']);
  });
});

describe('claimable home centers', () => {
  const board = { units: {}, centers: { CLAIM: ['C1', 'CX', 'X1'] } };

  it('become homes when built on: &CX, and any owned center with an &SC credit', () => {
    const result = play(builds, WINTER, board, { CLAIM: ['BUILD A CX', 'BUILD A X1', 'BUILD A C1'] });
    expect(outcomesOf(result, 'CLAIM').map((outcome) => outcome.succeeded)).toEqual([true, true, true]);
    expect(stateAfter(result, 'CLAIM')).toMatchObject({ homes: ['C1', 'CX', 'X1'], claimCredits: 0 });
  });

  it('need a credit left for an unlisted center', () => {
    const result = play(builds, WINTER, { ...board, claimCredits: { CLAIM: 0 } }, { CLAIM: ['BUILD A X1'] });
    expect(outcomeOf(result, 'BUILD A X1')).toMatchObject({ marks: ['illegal'], reason: 'X1 is not one of your home centers' });
  });
});

describe('SC! and SC? starts', () => {
  it('build in vacant home centers, SC! taking ownership, and lapse after the phase', () => {
    const result = play(builds, WINTER, { units: {} }, { START: ['BUILD A S1', 'BUILD A S2', 'BUILD A S3'] });
    expect(outcomesOf(result, 'START').map((outcome) => [outcome.text, outcome.succeeded])).toEqual([
      ['BUILD A S1', true],
      ['BUILD A S2', true],
      ['BUILD A S3', false],
    ]);
    expect(stateAfter(result, 'START')).toMatchObject({
      centers: ['S1'],
      units: [
        { type: 'A', location: 'S1' },
        { type: 'A', location: 'S2' },
      ],
    });
  });
});

describe('BUILD_ANY', () => {
  it('allows builds in any owned center', () => {
    const board = { units: { RANGER: ['A R1', 'A R2'] }, centers: { RANGER: ['R1', 'R2', 'X1'] } };
    expect(outcomeOf(play(builds, WINTER, board, { RANGER: ['BUILD A X1'] }), 'BUILD A X1').marks).toEqual(['illegal']);
    expect(outcomeOf(play(builds, WINTER, board, { RANGER: ['BUILD A X1'] }, ['BUILD_ANY']), 'BUILD A X1').succeeded).toBe(true);
  });
});

describe('NEWHOMES', () => {
  it('makes the owned centers the home centers before the listed year’s adjustments', () => {
    const board = { units: { RANGER: ['A X1'] }, centers: { RANGER: ['R1'] } };
    const fall1902 = play(builds, { ...FALL, year: 1902 }, board, { RANGER: ['A X1 H'] });
    expect(fall1902.ownershipUpdated).toBe(true);
    expect(stateAfter(fall1902, 'RANGER')).toMatchObject({ centers: ['R1', 'X1'], homes: ['R1', 'X1'] });
    const fall1901 = play(builds, FALL, board, { RANGER: ['A X1 H'] });
    expect(stateAfter(fall1901, 'RANGER')).toMatchObject({ centers: ['R1', 'X1'], homes: ['R1', 'R2'] });
  });
});
