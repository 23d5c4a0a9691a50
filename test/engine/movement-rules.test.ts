import { describe, expect, it } from 'vitest';
import type { PhaseResult } from '../../src/engine/types.js';
import { OrderReader, quotedRefusal } from '../../src/engine/legality/reader.js';
import { SPRING, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';
import { RulesInForce } from '../../src/rules/in-force.js';

/**
 * The DPjudge rules that bend movement: COASTAL_CRAWL, WEAK_BOUNCES, COASTAL_CONVOY, CONVOY_BACK
 * and SIGNAL_SUPPORT. Each case is played with and without its rule: the rule changes the outcome,
 * and without it the standard rules stand.
 */

const standard = testMap('standard');

type Units = Record<string, string[]>;

function retreatingOf(result: PhaseResult, power: string) {
  return result.position.powers.find((state) => state.name === power)!.retreating;
}

/** Reads one order line for a power as the mail loop does: the canonical text, or the refusal. */
function entered(power: string, line: string, units: Units, rules: string[] = []): string {
  const reader = new OrderReader({ map: standard, position: position(standard, { units }), power, phase: 'MOVEMENT', rules: new RulesInForce(rules) });
  const read = reader.read(line);
  return read.ok ? read.text : quotedRefusal(read.refused);
}

describe('COASTAL_CRAWL', () => {
  const crawl = { units: { ITALY: ['F SPA/SC'], FRANCE: ['F POR', 'F MAO'] } };
  const swap = { ITALY: ['F SPA/SC - POR'], FRANCE: ['F POR - SPA/NC'] };

  it('lets a fleet on one coast swap with a fleet moving to another coast of the province', () => {
    const without = play(standard, SPRING, crawl, swap);
    expect(outcomeOf(without, 'F SPA/SC - POR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(outcomeOf(without, 'F POR - SPA/NC')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(without)).toEqual(['FRANCE F MAO', 'FRANCE F POR', 'ITALY F SPA/SC']);
    const result = play(standard, SPRING, crawl, swap, ['COASTAL_CRAWL']);
    expect(outcomeOf(result, 'F SPA/SC - POR')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F POR - SPA/NC')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toEqual(['FRANCE F MAO', 'FRANCE F SPA/NC', 'ITALY F POR']);
  });

  it('turns a won head-to-head battle into a peaceful swap: nobody is dislodged', () => {
    const supported = { ...swap, FRANCE: ['F POR - SPA/NC', 'F MAO S F POR - SPA/NC'] };
    const without = play(standard, SPRING, crawl, supported);
    expect(outcomeOf(without, 'F SPA/SC - POR')).toMatchObject({ marks: ['bounce', 'dislodged'], dislodgedBy: 'F POR' });
    const result = play(standard, SPRING, crawl, supported, ['COASTAL_CRAWL']);
    expect(outcomeOf(result, 'F SPA/SC - POR')).toMatchObject({ succeeded: true, marks: [] });
    expect(retreatingOf(result, 'ITALY')).toEqual([]);
    expect(unitsAfter(result)).toEqual(['FRANCE F MAO', 'FRANCE F SPA/NC', 'ITALY F POR']);
  });

  it('also lets a fleet on a coast pass a fleet coming from the sea to the other coast', () => {
    const board = { units: { ITALY: ['F SPA/NC'], FRANCE: ['F MAO'] } };
    const orders = { ITALY: ['F SPA/NC - MAO'], FRANCE: ['F MAO - SPA/SC'] };
    expect(unitsAfter(play(standard, SPRING, board, orders))).toEqual(['FRANCE F MAO', 'ITALY F SPA/NC']);
    expect(unitsAfter(play(standard, SPRING, board, orders, ['COASTAL_CRAWL']))).toEqual(['FRANCE F SPA/SC', 'ITALY F MAO']);
  });

  it('still bounces fleets meeting on the same coast, and an army meeting a fleet', () => {
    const sameCoast = play(standard, SPRING, { units: { ITALY: ['F SPA/NC'], FRANCE: ['F POR'] } }, { ITALY: ['F SPA/NC - POR'], FRANCE: ['F POR - SPA/NC'] }, [
      'COASTAL_CRAWL',
    ]);
    expect(outcomeOf(sameCoast, 'F POR - SPA/NC')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(sameCoast)).toEqual(['FRANCE F POR', 'ITALY F SPA/NC']);
    const army = play(standard, SPRING, { units: { ITALY: ['A SPA'], FRANCE: ['F POR'] } }, { ITALY: ['A SPA - POR'], FRANCE: ['F POR - SPA/NC'] }, [
      'COASTAL_CRAWL',
    ]);
    expect(outcomeOf(army, 'A SPA - POR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(army)).toEqual(['FRANCE F POR', 'ITALY A SPA']);
  });
});

describe('WEAK_BOUNCES (Key’s rule)', () => {
  // Austria's Vienna bounces off Russia's Galicia while Italy's Tyrolia attacks Vienna unsupported.
  const board = { units: { AUSTRIA: ['A VIE', 'A BUD'], RUSSIA: ['A GAL'], ITALY: ['A TYR'], GERMANY: ['A BOH'] } };
  const attack = { AUSTRIA: ['A VIE - GAL'], RUSSIA: ['A GAL H'], ITALY: ['A TYR - VIE'] };

  it('leaves a bounced unit no strength: a single unsupported foreign attack dislodges it', () => {
    const without = play(standard, SPRING, board, attack);
    expect(outcomeOf(without, 'A TYR - VIE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(without)).toContain('AUSTRIA A VIE');
    const result = play(standard, SPRING, board, attack, ['WEAK_BOUNCES']);
    expect(outcomeOf(result, 'A VIE - GAL')).toMatchObject({ succeeded: false, marks: ['bounce', 'dislodged'], dislodgedBy: 'A TYR' });
    expect(outcomeOf(result, 'A TYR - VIE')).toMatchObject({ succeeded: true, marks: [] });
    // Not back to Tyrolia, where the attack came from; Bohemia and Budapest are occupied.
    expect(retreatingOf(result, 'AUSTRIA')).toEqual([{ type: 'A', location: 'VIE', retreats: ['TRI'] }]);
  });

  it('saves a beleaguered garrison: attackers that stand each other off dislodge nobody', () => {
    const beleaguered = { ...attack, GERMANY: ['A BOH - VIE'] };
    const result = play(standard, SPRING, board, beleaguered, ['WEAK_BOUNCES']);
    expect(outcomeOf(result, 'A TYR - VIE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(outcomeOf(result, 'A BOH - VIE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(outcomeOf(result, 'A VIE - GAL')).toMatchObject({ marks: ['bounce'] });
    expect(unitsAfter(result)).toContain('AUSTRIA A VIE');
  });

  it('counts only foreign attacks, unless FRIENDLY_FIRE makes every attack count', () => {
    const own = { AUSTRIA: ['A VIE - GAL', 'A BUD - VIE'], RUSSIA: ['A GAL H'] };
    const weak = play(standard, SPRING, board, own, ['WEAK_BOUNCES']);
    expect(outcomeOf(weak, 'A BUD - VIE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(weak)).toEqual(['AUSTRIA A BUD', 'AUSTRIA A VIE', 'GERMANY A BOH', 'ITALY A TYR', 'RUSSIA A GAL']);
    const friendly = play(standard, SPRING, board, own, ['WEAK_BOUNCES', 'FRIENDLY_FIRE']);
    expect(outcomeOf(friendly, 'A VIE - GAL')).toMatchObject({ marks: ['bounce', 'dislodged'], dislodgedBy: 'A BUD' });
    expect(unitsAfter(friendly)).toContain('AUSTRIA A VIE');
    expect(retreatingOf(friendly, 'AUSTRIA')).toHaveLength(1);
  });

  it('dislodges nobody in a head-to-head standoff', () => {
    const standoff = { AUSTRIA: ['A VIE - GAL'], RUSSIA: ['A GAL - VIE'] };
    const result = play(standard, SPRING, board, standoff, ['WEAK_BOUNCES']);
    expect(outcomeOf(result, 'A GAL - VIE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toEqual(['AUSTRIA A BUD', 'AUSTRIA A VIE', 'GERMANY A BOH', 'ITALY A TYR', 'RUSSIA A GAL']);
  });

  // England's London is convoyed to Belgium, where France's Picardy stands it off; France's Channel fleet attacks London.
  const convoy = { units: { ENGLAND: ['A LON', 'F NTH'], FRANCE: ['A PIC', 'F ENG'], GERMANY: ['F HEL', 'F DEN'] } };
  const landing = { ENGLAND: ['A LON - NTH - BEL', 'F NTH C A LON - BEL'], FRANCE: ['A PIC - BEL', 'F ENG - LON'] };

  it('weakens a convoyed army that bounced where it landed', () => {
    expect(outcomeOf(play(standard, SPRING, convoy, landing), 'F ENG - LON')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    const result = play(standard, SPRING, convoy, landing, ['WEAK_BOUNCES']);
    expect(outcomeOf(result, 'A LON - NTH - BEL')).toMatchObject({ marks: ['bounce', 'dislodged'], dislodgedBy: 'F ENG' });
    expect(unitsAfter(result)).toContain('FRANCE F LON');
  });

  it('leaves an army whose convoy never came its strength: it did not bounce (DPjudge weakens bounced units only)', () => {
    const sunk = { ...landing, GERMANY: ['F HEL - NTH', 'F DEN S F HEL - NTH'] };
    const result = play(standard, SPRING, convoy, sunk, ['WEAK_BOUNCES']);
    expect(outcomeOf(result, 'A LON - NTH - BEL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(outcomeOf(result, 'F ENG - LON')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toContain('ENGLAND A LON');
  });
});

describe('COASTAL_CONVOY', () => {
  const board = { units: { FRANCE: ['A PIC', 'F BEL'] } };

  it('lets a fleet on a coast convoy, at entry and at adjudication', () => {
    expect(entered('FRANCE', 'F BEL C A PIC - HOL', board.units)).toBe('"F BEL C A PIC - HOL": the fleet in Belgium is not at sea and cannot convoy');
    expect(entered('FRANCE', 'A PIC - BEL - HOL', board.units)).toBe('"A PIC - BEL - HOL": no convoy can pass Belgium');
    expect(entered('FRANCE', 'F BEL C A PIC - HOL', board.units, ['COASTAL_CONVOY'])).toBe('F BEL C A PIC - HOL');
    expect(entered('FRANCE', 'A PIC - HOL', board.units, ['COASTAL_CONVOY'])).toBe('A PIC - HOL');
    const orders = { FRANCE: ['A PIC - HOL', 'F BEL C A PIC - HOL'] };
    const without = play(standard, SPRING, board, orders);
    expect(outcomeOf(without, 'F BEL C A PIC - HOL')).toMatchObject({ succeeded: false, marks: ['illegal'] });
    expect(unitsAfter(without)).toEqual(['FRANCE A PIC', 'FRANCE F BEL']);
    const result = play(standard, SPRING, board, orders, ['COASTAL_CONVOY']);
    expect(outcomeOf(result, 'A PIC - HOL')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F BEL C A PIC - HOL')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toEqual(['FRANCE A HOL', 'FRANCE F BEL']);
  });

  it('lets a fleet on one coast of a multi-coast province convoy', () => {
    const spain = { FRANCE: ['A POR', 'F SPA/NC'] };
    expect(entered('FRANCE', 'A POR - SPA/NC - GAS', spain, ['COASTAL_CONVOY'])).toBe('A POR - SPA/NC - GAS');
    const result = play(standard, SPRING, { units: spain }, { FRANCE: ['A POR - SPA/NC - GAS', 'F SPA/NC C A POR - GAS'] }, ['COASTAL_CONVOY']);
    expect(unitsAfter(result)).toEqual(['FRANCE A GAS', 'FRANCE F SPA/NC']);
  });

  it('carries armies only along coasts a fleet sails, never across land between coastal fleets', () => {
    const units = { FRANCE: ['A BRE', 'F GAS', 'F MAR'] };
    expect(entered('FRANCE', 'A BRE - GAS - MAR - PIE', units, ['COASTAL_CONVOY'])).toBe(
      '"A BRE - GAS - MAR - PIE": no convoy can cross from Gascony to Marseilles',
    );
    expect(entered('FRANCE', 'F MAR C A BRE - PIE', units, ['COASTAL_CONVOY'])).toBe(
      '"F MAR C A BRE - PIE": the fleet in Marseilles is on no convoy route from Brest to Piedmont',
    );
  });

  it('still lets only the fleet that is attacked and dislodged break the convoy', () => {
    const attacked = { units: { FRANCE: ['A PIC', 'F BEL'], GERMANY: ['A HOL', 'A RUH'] } };
    const orders = { FRANCE: ['A PIC - HOL', 'F BEL C A PIC - HOL'], GERMANY: ['A RUH - BEL', 'A HOL S A RUH - BEL'] };
    const result = play(standard, SPRING, attacked, orders, ['COASTAL_CONVOY']);
    expect(outcomeOf(result, 'F BEL C A PIC - HOL')).toMatchObject({ marks: ['no convoy', 'dislodged'], dislodgedBy: 'A RUH' });
    expect(outcomeOf(result, 'A PIC - HOL')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
  });
});

describe('CONVOY_BACK', () => {
  const units = { TURKEY: ['A GRE', 'F ION', 'F ADR'], ITALY: ['F VEN', 'F ALB'] };
  const twice = { TURKEY: ['A GRE - ION - ADR - ION - NAP', 'F ION C A GRE - NAP', 'F ADR C A GRE - NAP'] };

  it('lets a route pass a fleet twice, and a fleet convoy that only such a route uses', () => {
    expect(entered('TURKEY', 'A GRE - ION - ADR - ION - NAP', units)).toBe('"A GRE - ION - ADR - ION - NAP": the route passes Ionian Sea twice');
    expect(entered('TURKEY', 'F ADR C A GRE - NAP', units)).toBe(
      '"F ADR C A GRE - NAP": the fleet in Adriatic Sea is on no convoy route from Greece to Naples',
    );
    expect(entered('TURKEY', 'A GRE - ION - ADR - ION - NAP', units, ['CONVOY_BACK'])).toBe('A GRE - ION - ADR - ION - NAP');
    expect(entered('TURKEY', 'F ADR C A GRE - NAP', units, ['CONVOY_BACK'])).toBe('F ADR C A GRE - NAP');
    const without = play(standard, SPRING, { units }, twice);
    expect(outcomeOf(without, 'A GRE - ION - ADR - ION - NAP')).toMatchObject({ succeeded: false, marks: ['illegal'] });
    expect(unitsAfter(without)).toContain('TURKEY A GRE');
    const result = play(standard, SPRING, { units }, twice, ['CONVOY_BACK']);
    expect(outcomeOf(result, 'A GRE - ION - ADR - ION - NAP')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'F ADR C A GRE - NAP')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toContain('TURKEY A NAP');
  });

  it('follows the written route: losing a fleet on it stops the army', () => {
    const adriaticLost = { ...twice, ITALY: ['F VEN - ADR', 'F ALB S F VEN - ADR'] };
    const result = play(standard, SPRING, { units }, adriaticLost, ['CONVOY_BACK']);
    expect(outcomeOf(result, 'F ADR C A GRE - NAP')).toMatchObject({ marks: ['no convoy', 'dislodged'] });
    expect(outcomeOf(result, 'A GRE - ION - ADR - ION - NAP')).toMatchObject({ succeeded: false, marks: ['no convoy'] });
    expect(unitsAfter(result)).toContain('TURKEY A GRE');
  });

  // Austria attacks Greece with support; Turkey's army goes to sea and comes back, supported in its return.
  const home = { units: { TURKEY: ['A GRE', 'F ION', 'A BUL'], AUSTRIA: ['A ALB', 'A SER'] } };
  const roundTrip = {
    TURKEY: ['A GRE - ION - GRE', 'F ION C A GRE - GRE', 'A BUL S A GRE - GRE'],
    AUSTRIA: ['A ALB - GRE', 'A SER S A ALB - GRE'],
  };

  it('lets a convoyed army return to where it started, as a move that may be supported', () => {
    expect(entered('TURKEY', 'A GRE - ION - GRE', home.units)).toBe('"A GRE - ION - GRE": a convoyed army may not return to where it started');
    expect(entered('TURKEY', 'F ION C A GRE - GRE', home.units)).toBe('"F ION C A GRE - GRE": an army cannot be convoyed to where it is');
    expect(entered('TURKEY', 'A GRE - GRE', home.units, ['CONVOY_BACK'])).toBe('"A GRE - GRE": a unit cannot move to the province it is in');
    const without = play(standard, SPRING, home, roundTrip);
    expect(outcomeOf(without, 'A GRE - ION - GRE')).toMatchObject({ marks: ['illegal', 'dislodged', 'destroyed'], dislodgedBy: 'A ALB' });
    const result = play(standard, SPRING, home, roundTrip, ['CONVOY_BACK']);
    expect(outcomeOf(result, 'A BUL S A GRE - GRE')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'A GRE - ION - GRE')).toMatchObject({ succeeded: false, marks: ['bounce'], bouncedWith: ['A ALB'] });
    expect(outcomeOf(result, 'A ALB - GRE')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toEqual(['AUSTRIA A ALB', 'AUSTRIA A SER', 'TURKEY A BUL', 'TURKEY A GRE', 'TURKEY F ION']);
    const unopposed = play(standard, SPRING, home, { TURKEY: roundTrip.TURKEY }, ['CONVOY_BACK']);
    expect(outcomeOf(unopposed, 'A GRE - ION - GRE')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(unopposed)).toContain('TURKEY A GRE');
  });
});

describe('SIGNAL_SUPPORT', () => {
  const units = { ENGLAND: ['A LVP', 'F NTH', 'F EDI'], AUSTRIA: ['A VIE'], ITALY: ['A VEN'], FRANCE: ['A MAR'], GERMANY: ['F HEL', 'F SKA'] };

  it('accepts at entry supports that no unit could give, including into impassable spaces', () => {
    const signals: [string, string, string][] = [
      ['ENGLAND', 'A LVP S F NTH', 'the army in Liverpool cannot support into North Sea'],
      ['AUSTRIA', 'A VIE S A VEN - SWI', 'the army in Vienna cannot support into Switzerland'],
      ['FRANCE', 'A MAR S A VIE - ROM', 'the army in Marseilles cannot support into Rome'],
      ['AUSTRIA', 'A VIE S A VEN - VEN', 'a unit cannot be supported to move to where it is'],
    ];
    for (const [power, line, reason] of signals) {
      expect(entered(power, line, units)).toBe(`"${line}": ${reason}`);
      expect(entered(power, line, units, ['SIGNAL_SUPPORT'])).toBe(line);
    }
  });

  it('still refuses supports of units that do not exist, of oneself, and of other powers’ units', () => {
    const rules = ['SIGNAL_SUPPORT'];
    expect(entered('ENGLAND', 'A LVP S F BAR', units, rules)).toBe('"A LVP S F BAR": there is no fleet in Barents Sea');
    expect(entered('ENGLAND', 'A LVP S A LVP', units, rules)).toBe('"A LVP S A LVP": a unit cannot support itself');
    expect(entered('ENGLAND', 'A VIE S A VEN', units, rules)).toBe('"A VIE S A VEN": the army in Vienna belongs to Austria');
  });

  it('reports a signal as a void support that never counts, while real supports still do', () => {
    const orders = { ENGLAND: ['F NTH H', 'A LVP S F NTH'], GERMANY: ['F HEL - NTH', 'F SKA S F HEL - NTH'] };
    const without = play(standard, SPRING, { units }, orders);
    expect(outcomeOf(without, 'A LVP S F NTH')).toMatchObject({ succeeded: false, marks: ['illegal'] });
    const result = play(standard, SPRING, { units }, orders, ['SIGNAL_SUPPORT']);
    expect(outcomeOf(result, 'A LVP S F NTH')).toMatchObject({
      succeeded: false,
      marks: ['void'],
      reason: 'a signal only: the army in Liverpool cannot support into North Sea',
    });
    expect(outcomeOf(result, 'F NTH H')).toMatchObject({ marks: ['dislodged'], dislodgedBy: 'F HEL' });
    const held = play(standard, SPRING, { units }, { ...orders, ENGLAND: [...orders.ENGLAND, 'F EDI S F NTH'] }, ['SIGNAL_SUPPORT']);
    expect(outcomeOf(held, 'F EDI S F NTH')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(held, 'F HEL - NTH')).toMatchObject({ succeeded: false, marks: ['bounce'] });
  });
});
