import { describe, expect, it } from 'vitest';
import { readOrder, quotedRefusal } from '../../src/engine/legality/reader.js';
import { RulesInForce } from '../../src/rules/in-force.js';
import { SPRING, outcomeOf, play, position, testMap, unitsAfter, type BoardSpec } from './helpers.js';

/**
 * PORTAGE_CONVOY on the standard map: armies carry fleets overland, a convoy with the roles
 * reversed. test/datc/portage-convoy.txt has the cases in the DATC format; these check what the
 * orders read as, why they are refused, and what the results say.
 */

const standard = testMap('standard');
const PORTAGE = ['PORTAGE_CONVOY'];

function reading(spec: BoardSpec, power: string, line: string, rules: string[] = PORTAGE): string {
  const result = readOrder({ map: standard, position: position(standard, spec), power, phase: 'MOVEMENT', rules: new RulesInForce(rules) }, line);
  return result.ok ? result.text : `refused: ${quotedRefusal(result.refused)}`;
}

describe('PORTAGE_CONVOY orders', () => {
  const marseilles = { units: { FRANCE: ['F MAR', 'A BUR', 'A GAS'], GERMANY: ['F KIE'] } };

  it('are refused without the rule', () => {
    expect(reading(marseilles, 'FRANCE', 'F MAR - BUR - BEL', [])).toContain(
      'a fleet cannot be convoyed (armies carry fleets only in games with the rule PORTAGE_CONVOY)',
    );
    expect(reading(marseilles, 'FRANCE', 'A BUR C F MAR - BEL', [])).toContain('only fleets can convoy');
    expect(reading(marseilles, 'FRANCE', 'F MAR - BEL', [])).toContain('Marseilles is not adjacent to Belgium');
  });

  it('read a carried move with or without its route, and an army’s offer to carry a fleet', () => {
    expect(reading(marseilles, 'FRANCE', 'F MAR - BUR - BEL')).toBe('F MAR - BUR - BEL');
    expect(reading(marseilles, 'FRANCE', 'F MAR - BEL')).toBe('F MAR - BEL');
    expect(reading(marseilles, 'FRANCE', 'A BUR C F MAR - BEL')).toBe('A BUR C F MAR - BEL');
    expect(reading(marseilles, 'FRANCE', 'BUR C MAR - BEL')).toBe('A BUR C F MAR - BEL');
    // A fleet that can sail there still sails, unless it writes a route.
    expect(reading(marseilles, 'FRANCE', 'F MAR - GAS')).toBe('F MAR - GAS');
    expect(reading(marseilles, 'FRANCE', 'F MAR - GAS - SPA/NC')).toBe('F MAR - GAS - SPA/NC');
  });

  it('name the landing coast in the fleet’s order only', () => {
    const gascony = { units: { FRANCE: ['F BRE', 'A GAS'] } };
    expect(reading(gascony, 'FRANCE', 'F BRE - GAS - SPA/SC')).toBe('F BRE - GAS - SPA/SC');
    expect(reading(gascony, 'FRANCE', 'F BRE - GAS - SPA')).toContain('the coast of Spain must be given (SPA/NC or SPA/SC)');
    expect(reading(gascony, 'FRANCE', 'A GAS C F BRE - SPA')).toBe('A GAS C F BRE - SPA');
    expect(reading(gascony, 'FRANCE', 'A GAS C F BRE - SPA/SC')).toContain("only the fleet's own move may name the coast it lands on");
  });

  it('carry a fleet to another coast of its own province, not back to where it stands', () => {
    const spain = { units: { FRANCE: ['F SPA/NC', 'A MAR'] } };
    expect(reading(spain, 'FRANCE', 'F SPA/NC - SPA/SC')).toBe('F SPA/NC - SPA/SC');
    expect(reading(spain, 'FRANCE', 'A MAR C F SPA - SPA')).toBe('A MAR C F SPA/NC - SPA');
    expect(reading(spain, 'FRANCE', 'F SPA/NC - MAR - SPA/NC')).toContain('a carried fleet may not return to where it started');
  });

  it('are refused with the reason when no armies could carry the fleet', () => {
    expect(reading(marseilles, 'FRANCE', 'F MAR - BUR - HOL')).toContain('Burgundy is not adjacent to Holland');
    expect(reading(marseilles, 'FRANCE', 'F MAR - PIE - TUS')).toContain('there is no army in Piedmont to carry the fleet');
    expect(reading(marseilles, 'FRANCE', 'F MAR - HOL')).toContain('Marseilles is not adjacent to Holland');
    expect(reading(marseilles, 'FRANCE', 'F MAR - BUR - MUN')).toContain('a carried fleet must land on a coast, and Munich is none');
    expect(reading(marseilles, 'FRANCE', 'A BUR C F MAR - HOL')).toContain('the army in Burgundy is on no chain of armies from Marseilles to Holland');
    expect(reading(marseilles, 'FRANCE', 'A BUR C F KIE - BEL')).toContain('the army in Burgundy is on no chain of armies from Kiel to Belgium');
    expect(reading({ units: { FRANCE: ['F MAO', 'A GAS'] } }, 'FRANCE', 'F MAO - GAS - MAR')).toContain('the fleet in Mid-Atlantic Ocean is not on a coast');
  });

  it('let a unit support a carried fleet into a province it cannot sail to', () => {
    const picardy = { units: { FRANCE: ['F MAR', 'A BUR', 'A PIC'] } };
    expect(reading(picardy, 'FRANCE', 'A PIC S F MAR - BEL')).toBe('A PIC S F MAR - BEL');
    expect(reading(picardy, 'FRANCE', 'A PIC S F MAR - BEL', [])).toContain('the fleet in Marseilles cannot reach Belgium');
  });
});

describe('PORTAGE_CONVOY adjudication', () => {
  it('moves the fleet and reports both orders as succeeded', () => {
    const result = play(standard, SPRING, { units: { FRANCE: ['F MAR', 'A BUR'] } }, { FRANCE: ['F MAR - BUR - BEL', 'A BUR C F MAR - BEL'] }, PORTAGE);
    expect(outcomeOf(result, 'F MAR - BUR - BEL')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'A BUR C F MAR - BEL')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toEqual(['FRANCE A BUR', 'FRANCE F BEL']);
  });

  it('keeps the fleet where it was when its carrier is dislodged', () => {
    const board = { units: { FRANCE: ['F MAR', 'A BUR'], GERMANY: ['A MUN', 'A RUH'] } };
    const orders = { FRANCE: ['F MAR - BUR - BEL', 'A BUR C F MAR - BEL'], GERMANY: ['A MUN - BUR', 'A RUH S A MUN - BUR'] };
    const result = play(standard, SPRING, board, orders, PORTAGE);
    expect(outcomeOf(result, 'F MAR - BUR - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'], reason: 'no convoy route survived' });
    expect(outcomeOf(result, 'A BUR C F MAR - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy', 'dislodged'] });
    expect(unitsAfter(result)).toEqual(['FRANCE F MAR', 'GERMANY A BUR', 'GERMANY A RUH']);
  });

  it('lets a unit the carried fleet dislodged retreat to where the fleet came from, as after a convoyed attack', () => {
    const board = { units: { FRANCE: ['F PIC', 'A BUR', 'A RUH'], GERMANY: ['A BEL'] } };
    const orders = { FRANCE: ['F PIC - BUR - BEL', 'A BUR C F PIC - BEL', 'A RUH S F PIC - BEL'] };
    const result = play(standard, SPRING, board, orders, PORTAGE);
    expect(unitsAfter(result)).toEqual(['FRANCE A BUR', 'FRANCE A RUH', 'FRANCE F BEL']);
    const germany = result.position.powers.find((state) => state.name === 'GERMANY')!;
    expect(germany.retreating).toEqual([{ type: 'A', location: 'BEL', retreats: ['HOL', 'PIC'] }]);
  });

  it('breaks a portage paradox as a convoy paradox: the carried fleet neither moves nor cuts support', () => {
    // Carried to Belgium, the fleet would cut the support that dislodges its carrier.
    const board = { units: { FRANCE: ['F MAR', 'A BUR'], GERMANY: ['A MUN', 'A BEL'] } };
    const orders = { FRANCE: ['F MAR - BUR - BEL', 'A BUR C F MAR - BEL'], GERMANY: ['A MUN - BUR', 'A BEL S A MUN - BUR'] };
    const result = play(standard, SPRING, board, orders, PORTAGE);
    expect(outcomeOf(result, 'F MAR - BUR - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(result, 'A BEL S A MUN - BUR')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toEqual(['FRANCE F MAR', 'GERMANY A BEL', 'GERMANY A BUR']);
  });

  it('stops a portage by a beleaguered carrier under SAFE_CONVOYS, as a convoy', () => {
    // Germany and England attack Burgundy with one support each and stand each other off.
    const board = { units: { FRANCE: ['F MAR', 'A BUR'], GERMANY: ['A MUN', 'A RUH'], ENGLAND: ['A BEL', 'A PIC'] } };
    const orders = {
      FRANCE: ['F MAR - BUR - GAS', 'A BUR C F MAR - GAS'],
      GERMANY: ['A MUN - BUR', 'A RUH S A MUN - BUR'],
      ENGLAND: ['A BEL - BUR', 'A PIC S A BEL - BUR'],
    };
    expect(unitsAfter(play(standard, SPRING, board, orders, PORTAGE))).toContain('FRANCE F GAS');
    const result = play(standard, SPRING, board, orders, [...PORTAGE, 'SAFE_CONVOYS']);
    expect(outcomeOf(result, 'F MAR - BUR - GAS')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(unitsAfter(result)).toContain('FRANCE F MAR');
    expect(unitsAfter(result)).toContain('FRANCE A BUR');
  });

  it('chooses between sailing and being carried as DATC 4.A.3 chooses for armies: by the offer of an army of its own power', () => {
    // A foreign army's offer is not used: the fleet sails, and the offer is void.
    const foreign = play(
      standard,
      SPRING,
      { units: { FRANCE: ['F MAR'], ITALY: ['A GAS'] } },
      { FRANCE: ['F MAR - SPA/SC'], ITALY: ['A GAS C F MAR - SPA'] },
      PORTAGE,
    );
    expect(outcomeOf(foreign, 'F MAR - SPA/SC')).toMatchObject({ succeeded: true });
    expect(outcomeOf(foreign, 'A GAS C F MAR - SPA')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'F MAR sails there itself' });
    // Its own army's offer carries it, and a carried fleet meets no head-to-head battle.
    const board = { units: { FRANCE: ['F MAR', 'A GAS'], ITALY: ['F SPA/SC'] } };
    const own = play(standard, SPRING, board, { FRANCE: ['F MAR - SPA/SC', 'A GAS C F MAR - SPA'], ITALY: ['F SPA/SC - MAR'] }, PORTAGE);
    expect(outcomeOf(own, 'A GAS C F MAR - SPA')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(own)).toEqual(['FRANCE A GAS', 'FRANCE F SPA/SC', 'ITALY F MAR']);
  });
});

describe('PORTAGE_CONVOY with FICTIONAL_OK', () => {
  const lone = { units: { FRANCE: ['F MAR', 'A PAR'], GERMANY: ['A MUN'] } };
  const fictional = ['PORTAGE_CONVOY', 'FICTIONAL_OK'];
  const shown = ['PORTAGE_CONVOY', 'FICTIONAL_OK', 'SHOW_PHANTOM'];

  it('takes a fleet’s route through armies that are not there, and an army’s offer to carry a fleet that is not there', () => {
    expect(reading(lone, 'FRANCE', 'F MAR - BUR - BEL', fictional)).toBe('F MAR - BUR - BEL');
    expect(reading(lone, 'FRANCE', 'F MAR - BEL', fictional)).toBe('F MAR - BEL');
    expect(reading(lone, 'FRANCE', 'A PAR C F BRE - PIC', fictional)).toBe('A PAR C F BRE - PIC');
    expect(reading(lone, 'FRANCE', 'F MAR - BUR - BEL')).toBe('refused: "F MAR - BUR - BEL": there is no army in Burgundy to carry the fleet');
    expect(reading(lone, 'FRANCE', 'A PAR C F BRE - PIC')).toBe('refused: "A PAR C F BRE - PIC": there is no fleet in Brest');
    // Still no army in a sea, nor a fleet inland.
    expect(reading(lone, 'FRANCE', 'F MAR - LYO - BUR - BEL', fictional)).toBe(
      'refused: "F MAR - LYO - BUR - BEL": there is no army in Gulf of Lyon to carry the fleet',
    );
    expect(reading(lone, 'FRANCE', 'A PAR C F BUR - PIC', fictional)).toBe('refused: "A PAR C F BUR - PIC": a fleet cannot be in Burgundy');
  });

  it('holds a fleet whose route meets an army that is not there, and an army offering to carry a fleet that is not there, as convoys through missing fleets; SHOW_PHANTOM shows them failed', () => {
    const orders = { FRANCE: ['F MAR - BUR - BEL', 'A PAR C F BRE - PIC'], GERMANY: ['A MUN H'] };
    const held = play(standard, SPRING, lone, orders, fictional);
    expect(outcomeOf(held, 'F MAR H')).toMatchObject({ power: 'FRANCE', succeeded: true, marks: [] });
    expect(outcomeOf(held, 'A PAR H')).toMatchObject({ power: 'FRANCE', succeeded: true, marks: [] });
    const announced = play(standard, SPRING, lone, orders, shown);
    expect(outcomeOf(announced, 'F MAR - BUR - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(announced, 'A PAR C F BRE - PIC')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'the fleet carried does not exist' });
    expect(unitsAfter(announced)).toEqual(unitsAfter(held));
  });
});
