import { describe, expect, it } from 'vitest';
import { findPower } from '../../src/datc/names.js';
import { readDatc } from '../../src/datc/reader.js';
import { runCases } from '../../src/datc/runner.js';
import { testMap } from '../engine/helpers.js';

describe('any DATC-format file', () => {
  const straits = testMap('straits');

  it('reads every keyword, comments and cases without a phase or an END', () => {
    const file = readDatc(`
# a comment
VARIANT_ALL Straits
CASE 1.A (first)
PRESTATE
  Gold: A nor    # trailing comment
ORDERS
  Gold: A nor - cen
POSTSTATE
  Gold A cen
CASE 1.B.
PRESTATE_SETPHASE Winter 1901, Adjustments
PRESTATE_SUPPLYCENTER_OWNERS
  Gold: A nor
PRESTATE
  Gold: A cen
ORDERS
POSTSTATE_SAME
END
stray line
`);
    expect(file.problems).toEqual(["line 20: 'stray line' outside a CASE"]);
    expect(file.cases.map((datc) => [datc.id, datc.variant, datc.phase])).toEqual([
      ['1.A', 'Straits', null],
      ['1.B', 'Straits', 'Winter 1901, Adjustments'],
    ]);
    expect(file.cases[1]!.owners).toEqual([{ power: 'Gold', text: 'A nor', line: 14 }]);
    expect(file.cases[1]!.poststate).toBeNull();
    const outcomes = runCases(file.cases, (variant) => testMap(variant.toLowerCase()));
    expect(outcomes.map((outcome) => [outcome.id, outcome.passed, outcome.phaseType])).toEqual([
      ['1.A', true, 'MOVEMENT'],
      ['1.B', true, 'ADJUSTMENTS'],
    ]);
  });

  it('accepts a phase written with any season the map has for that phase type', () => {
    const file = readDatc(`
CASE fall-adjustment
PRESTATE_SETPHASE Fall 1901, Adjustment
PRESTATE_SUPPLYCENTER_OWNERS
  Gold: A nor
  Gold: A wst
PRESTATE
  Gold: A nor
ORDERS
  Gold: Build A wst
POSTSTATE
  Gold: A nor
  Gold: A wst
END`);
    const [outcome] = runCases(file.cases, () => straits);
    expect(outcome).toMatchObject({ passed: true, phaseType: 'ADJUSTMENTS' });
  });

  it('reports what differs, and why a case could not be run', () => {
    const file = readDatc(`
CASE wrong
PRESTATE
  Gold: A nor
ORDERS
  Gold: A nor - cen
POSTSTATE
  Gold: A nor
CASE unknown-power
PRESTATE
  Bronze: A nor
ORDERS
POSTSTATE_SAME`);
    const outcomes = runCases(file.cases, () => straits);
    expect(outcomes.map((outcome) => [outcome.id, outcome.passed, outcome.detail])).toEqual([
      ['wrong', false, 'expected units GOLD A NOR; got GOLD A CEN'],
      ['unknown-power', false, "line 11: unknown power 'Bronze'"],
    ]);
  });

  it('reads RULES lines inside a case and plays the case by them; an unknown rule is refused with its line', () => {
    const file = readDatc(`
CASE with-rules
RULES NO_RETREAT, friendly_fire
PRESTATE
  Gold: A nor
  Gold: A wst
  Gold: A cen
ORDERS
  Gold: A nor - cen
  Gold: A wst S A nor - cen
  Gold: A cen H
POSTSTATE
  Gold: A cen
  Gold: A wst
CASE no-such-rule
RULES SAFE_CONVOYS NO_SUCH_RULE
PRESTATE
  Gold: A nor
ORDERS
POSTSTATE_SAME`);
    expect(file.problems).toEqual([]);
    expect(file.cases[0]!.rules).toEqual([
      { name: 'NO_RETREAT', line: 3 },
      { name: 'friendly_fire', line: 3 },
    ]);
    // FRIENDLY_FIRE lets Gold dislodge its own army, and NO_RETREAT destroys it.
    expect(runCases(file.cases, () => straits).map((outcome) => [outcome.id, outcome.passed, outcome.detail])).toEqual([
      ['with-rules', true, ''],
      ['no-such-rule', false, 'line 16: there is no DPjudge rule called NO_SUCH_RULE'],
    ]);
  });

  it('derives retreat options from the previous movement results', () => {
    const file = readDatc(`
CASE retreats
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
  Gold: A cen
  Silver: A cap
PRESTATE_DISLODGED
  Silver: A nor
PRESTATE_RESULTS
  SUCCESS: Gold: A wst-nor
  FAILURE: Silver: A nor-cen
  FAILURE: Silver: A sou-est
  FAILURE: Gold: A cen-est
ORDERS
  Silver: A nor-est
POSTSTATE
  Gold: A cen
  Silver: A cap
END`);
    const [outcome] = runCases(file.cases, () => straits);
    expect(outcome).toMatchObject({ passed: true, detail: '' });
  });
});

describe('power names as a lenient judge reads them', () => {
  const standard = testMap('standard');

  it.each([
    ['England', 'ENGLAND'],
    ['germany', 'GERMANY'],
    ['Germnay', 'GERMANY'],
    ['Austrian', 'AUSTRIA'],
    ['Rus', 'RUSSIA'],
    ['T', 'TURKEY'],
  ])('%s', (written, name) => {
    expect(findPower(standard, written)?.name).toBe(name);
  });

  it('refuses what is not clearly one power', () => {
    expect(findPower(standard, 'Narnia')).toBeNull();
    expect(findPower(straits(), 'Platinum')).toBeNull();
  });
});

function straits() {
  return testMap('straits');
}
