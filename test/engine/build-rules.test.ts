import { describe, expect, it } from 'vitest';
import { adjustmentCounts } from '../../src/engine/adjustments.js';
import { seededRandom } from '../../src/engine/civil-disorder.js';
import type { PhaseResult } from '../../src/engine/types.js';
import { duties } from '../../src/game/duties.js';
import { type BoardSpec, WINTER, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';
import { RulesInForce } from '../../src/rules/in-force.js';

const standard = testMap('standard');
const builds = testMap('builds');

function outcomesOf(result: PhaseResult, power: string) {
  return result.outcomes.filter((outcome) => outcome.power === power);
}

function unitsOf(result: PhaseResult, power: string): string[] {
  return unitsAfter(result)
    .filter((unit) => unit.startsWith(`${power} `))
    .map((unit) => unit.slice(power.length + 1));
}

function owed(board: BoardSpec, rules: string[]) {
  return duties(standard, WINTER, position(standard, board), new RulesInForce(rules));
}

/** France holds Munich (a German home) and neutral Belgium, with two builds due. */
const franceInMunich: BoardSpec = {
  units: { FRANCE: ['A PAR', 'F BRE', 'A MAR'], GERMANY: ['A BER'] },
  centers: { FRANCE: ['BRE', 'MAR', 'PAR', 'MUN', 'BEL'], GERMANY: ['BER', 'KIE'] },
};

/** The same, with Paris, Brest and Marseilles vacant so that every build could go home. */
const franceAbroad: BoardSpec = {
  units: { FRANCE: ['A BUR'], GERMANY: ['A BER'] },
  centers: { FRANCE: ['MUN', 'BEL', 'SPA', 'POR'], GERMANY: ['BER', 'KIE'] },
};

describe('HOME_BUILDS', () => {
  it('opens owned home centers of other powers, but not neutral centers', () => {
    const result = play(standard, WINTER, franceInMunich, { FRANCE: ['BUILD A MUN', 'BUILD A BEL'] }, ['HOME_BUILDS']);
    expect(outcomeOf(result, 'BUILD A MUN')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'BUILD A BEL')).toMatchObject({ succeeded: false, marks: ['illegal'], reason: 'Belgium is not a home center of any power' });
    expect(unitsOf(result, 'FRANCE')).toEqual(['A MAR', 'A MUN', 'A PAR', 'F BRE']);
  });

  it('is needed to build there', () => {
    const result = play(standard, WINTER, franceInMunich, { FRANCE: ['BUILD A MUN'] });
    expect(outcomeOf(result, 'BUILD A MUN')).toMatchObject({ marks: ['illegal'], reason: 'Munich is not one of your home centers' });
  });

  it('counts the home centers the position holds now (after NEWHOMES or claims), not the map’s', () => {
    const board = { ...franceInMunich, homes: { GERMANY: ['BER', 'KIE', 'BEL'] } };
    const result = play(standard, WINTER, board, { FRANCE: ['BUILD A MUN', 'BUILD A BEL'] }, ['HOME_BUILDS']);
    expect(outcomeOf(result, 'BUILD A MUN').marks).toEqual(['illegal']);
    expect(outcomeOf(result, 'BUILD A BEL').succeeded).toBe(true);
  });

  it('restricts BUILD_ANY to home centers, as DPjudge does', () => {
    const result = play(standard, WINTER, franceInMunich, { FRANCE: ['BUILD A MUN', 'BUILD A BEL'] }, ['HOME_BUILDS', 'BUILD_ANY']);
    expect(outcomeOf(result, 'BUILD A MUN').succeeded).toBe(true);
    expect(outcomeOf(result, 'BUILD A BEL').marks).toEqual(['illegal']);
  });

  it('is narrowed by REMOTE_BUILDS: no builds abroad without a home center of one’s own', () => {
    const abroad = play(standard, WINTER, franceAbroad, { FRANCE: ['BUILD A MUN'] }, ['HOME_BUILDS', 'REMOTE_BUILDS']);
    expect(outcomeOf(abroad, 'BUILD A MUN')).toMatchObject({ marks: ['illegal'], reason: 'you own none of your home centers, so you may not build' });
    const home = play(standard, WINTER, franceInMunich, { FRANCE: ['BUILD A MUN', 'BUILD A BEL'] }, ['HOME_BUILDS', 'REMOTE_BUILDS']);
    expect(outcomeOf(home, 'BUILD A MUN').succeeded).toBe(true);
    expect(outcomeOf(home, 'BUILD A BEL').marks).toEqual(['illegal']);
  });
});

describe('REMOTE_BUILDS', () => {
  it('leaves a power that owns none of its home centers no build site, though builds are due', () => {
    const counts = adjustmentCounts(standard, position(standard, franceAbroad), { rules: ['REMOTE_BUILDS'] });
    expect(counts.find((count) => count.power === 'FRANCE')!.change).toBe(3);
    const result = play(standard, WINTER, franceAbroad, { FRANCE: ['BUILD A MUN', 'BUILD F POR'] }, ['REMOTE_BUILDS']);
    expect(outcomesOf(result, 'FRANCE').map((outcome) => [outcome.text, outcome.succeeded, outcome.reason])).toEqual([
      ['BUILD A MUN', false, 'you own none of your home centers, so you may not build'],
      ['BUILD F POR', false, 'you own none of your home centers, so you may not build'],
      ['WAIVE', true, 'build not used'],
      ['WAIVE', true, 'build not used'],
      ['WAIVE', true, 'build not used'],
    ]);
    expect(unitsOf(result, 'FRANCE')).toEqual(['A BUR']);
    expect(owed(franceAbroad, ['REMOTE_BUILDS']).map((duty) => duty.power)).not.toContain('FRANCE');
    expect(owed(franceAbroad, []).map((duty) => duty.power)).not.toContain('FRANCE');
  });

  it('lets a power that owns one home center build in any owned vacant center', () => {
    const board = { units: { FRANCE: ['A BUR'] }, centers: { FRANCE: ['PAR', 'BEL', 'SPA'] } };
    const result = play(standard, WINTER, board, { FRANCE: ['BUILD A BEL', 'BUILD F SPA/SC'] }, ['REMOTE_BUILDS']);
    expect(outcomesOf(result, 'FRANCE').map((outcome) => [outcome.text, outcome.succeeded])).toEqual([
      ['BUILD A BEL', true],
      ['BUILD F SPA/SC', true],
    ]);
    const without = play(standard, WINTER, board, { FRANCE: ['BUILD A BEL'] });
    expect(outcomeOf(without, 'BUILD A BEL')).toMatchObject({ marks: ['illegal'], reason: 'Belgium is not one of your home centers' });
  });

  it('does not spare an ineligible power its removals', () => {
    const board = { units: { FRANCE: ['A BUR', 'A PIC', 'A GAS'] }, centers: { FRANCE: ['BEL', 'SPA'] } };
    const result = play(standard, WINTER, board, {}, ['REMOTE_BUILDS']);
    expect(outcomesOf(result, 'FRANCE')).toHaveLength(1);
    expect(outcomesOf(result, 'FRANCE')[0]).toMatchObject({ succeeded: true, marks: ['unordered'], order: { kind: 'remove' } });
    expect(unitsOf(result, 'FRANCE')).toHaveLength(2);
  });

  it('still lets SC! and SC? starts build, as they are how a power gets its first home', () => {
    const result = play(builds, WINTER, { units: {} }, { START: ['BUILD A S1', 'BUILD A S2'] }, ['REMOTE_BUILDS']);
    expect(outcomesOf(result, 'START').map((outcome) => outcome.succeeded)).toEqual([true, true]);
  });
});

/** Russia with three builds due and three vacant home centers (Moscow, Sevastopol, St Petersburg); Warsaw is occupied. */
const russiaToBuild: BoardSpec = { units: { RUSSIA: ['A WAR', 'A RUM', 'F SWE'] }, centers: { RUSSIA: ['MOS', 'SEV', 'STP', 'WAR', 'RUM', 'SWE'] } };
const LEGAL_RUSSIAN_BUILDS = new Set(['A MOS', 'A SEV', 'F SEV', 'A STP', 'F STP/NC', 'F STP/SC']);

describe('CD_BUILDS', () => {
  it('builds at random, in legal vacant sites, for a power that gave no orders', () => {
    const result = play(standard, WINTER, russiaToBuild, {}, ['CD_BUILDS']);
    const made = outcomesOf(result, 'RUSSIA');
    expect(made).toHaveLength(3);
    for (const outcome of made) {
      expect(outcome).toMatchObject({ succeeded: true, marks: ['unordered'], reason: 'civil disorder: a random build', order: { kind: 'build' } });
      expect(LEGAL_RUSSIAN_BUILDS.has(outcome.text.replace('BUILD ', ''))).toBe(true);
    }
    const built = unitsOf(result, 'RUSSIA').filter((unit) => !['A WAR', 'A RUM', 'F SWE'].includes(unit));
    expect(built.map((unit) => unit.slice(2, 5)).sort()).toEqual(['MOS', 'SEV', 'STP']);
  });

  it('makes the same builds when the phase is processed again', () => {
    const first = play(standard, WINTER, russiaToBuild, {}, ['CD_BUILDS']);
    const again = play(standard, WINTER, russiaToBuild, {}, ['CD_BUILDS']);
    expect(again.outcomes).toEqual(first.outcomes);
    expect(unitsAfter(again)).toEqual(unitsAfter(first));
  });

  it('waives the builds without the rule', () => {
    const result = play(standard, WINTER, russiaToBuild, {}, []);
    expect(outcomesOf(result, 'RUSSIA').map((outcome) => [outcome.text, outcome.marks, outcome.reason])).toEqual([
      ['WAIVE', ['unordered'], 'build not used'],
      ['WAIVE', ['unordered'], 'build not used'],
      ['WAIVE', ['unordered'], 'build not used'],
    ]);
    expect(unitsOf(result, 'RUSSIA')).toEqual(['A RUM', 'A WAR', 'F SWE']);
  });

  it('leaves a power that gave any order, even a WAIVE or an illegal build, to its orders', () => {
    const ordered = play(standard, WINTER, russiaToBuild, { RUSSIA: ['BUILD A MOS'] }, ['CD_BUILDS']);
    expect(unitsOf(ordered, 'RUSSIA')).toEqual(['A MOS', 'A RUM', 'A WAR', 'F SWE']);
    const waived = play(standard, WINTER, russiaToBuild, { RUSSIA: ['WAIVE'] }, ['CD_BUILDS']);
    expect(unitsOf(waived, 'RUSSIA')).toEqual(['A RUM', 'A WAR', 'F SWE']);
    const illegal = play(standard, WINTER, russiaToBuild, { RUSSIA: ['BUILD A WAR'] }, ['CD_BUILDS']);
    expect(unitsOf(illegal, 'RUSSIA')).toEqual(['A RUM', 'A WAR', 'F SWE']);
  });

  it('builds no more units than there are open sites, waiving the rest', () => {
    const board = { units: { RUSSIA: [] }, centers: { RUSSIA: ['MOS', 'SEV', 'STP', 'WAR', 'RUM'] } };
    const result = play(standard, WINTER, board, {}, ['CD_BUILDS']);
    expect(
      unitsOf(result, 'RUSSIA')
        .map((unit) => unit.slice(2, 5))
        .sort(),
    ).toEqual(['MOS', 'SEV', 'STP', 'WAR']);
    expect(outcomesOf(result, 'RUSSIA').filter((outcome) => outcome.text === 'WAIVE')).toHaveLength(1);
  });

  it('builds nothing for a power REMOTE_BUILDS makes ineligible', () => {
    const result = play(standard, WINTER, franceAbroad, {}, ['CD_BUILDS', 'REMOTE_BUILDS']);
    expect(unitsOf(result, 'FRANCE')).toEqual(['A BUR']);
    expect(outcomesOf(result, 'FRANCE').every((outcome) => outcome.text === 'WAIVE')).toBe(true);
  });

  it('marks random builds hidden where any build would be', () => {
    const result = play(standard, WINTER, russiaToBuild, {}, ['CD_BUILDS', 'HIDE_BUILDS']);
    for (const outcome of outcomesOf(result, 'RUSSIA')) expect(outcome.marks).toEqual(['unordered', 'hidden']);
  });

  it('honours alternative homes: never both an alternative and the home it stands in for', () => {
    const result = play(builds, WINTER, { units: {}, centers: { ALTER: ['L1', 'L2', 'LA'] } }, {}, ['CD_BUILDS']);
    const built = unitsOf(result, 'ALTER');
    expect(built).toHaveLength(2);
    expect(built).toContain('A L2');
    expect(built.includes('A L1') && built.includes('A LA')).toBe(false);
    expect(outcomeOf(result, 'BUILD A L2').marks).toEqual(['unordered', 'hidden']);
    expect(outcomesOf(result, 'ALTER').filter((outcome) => outcome.text === 'WAIVE')).toHaveLength(1);
  });

  it('spends SC! and SC? starts as ordered builds would', () => {
    const result = play(builds, WINTER, { units: {} }, {}, ['CD_BUILDS']);
    expect(unitsOf(result, 'START')).toHaveLength(2);
    const state = result.position.powers.find((power) => power.name === 'START')!;
    expect(state.centers).toHaveLength(1);
    expect(unitsOf(result, 'START')).toContain(`A ${state.centers[0]}`);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed, and differs between seeds', () => {
    const sequence = (seed: string) => {
      const random = seededRandom(seed);
      return Array.from({ length: 8 }, () => random());
    };
    expect(sequence('RUSSIA|x')).toEqual(sequence('RUSSIA|x'));
    expect(sequence('RUSSIA|x')).not.toEqual(sequence('TURKEY|x'));
    for (const value of sequence('any')) expect(value >= 0 && value < 1).toBe(true);
  });
});
