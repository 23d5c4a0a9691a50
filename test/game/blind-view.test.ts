import { describe, expect, it } from 'vitest';
import { outcomeSight, phaseSight } from '../../src/game/blind-view.js';
import { blindRules } from '../../src/engine/visibility.js';
import type { OrderOutcome } from '../../src/engine/types.js';
import { withImpliedRules } from '../../src/rules/in-force.js';
import { position, testMap } from '../engine/helpers.js';

/** How a foreign order shows in a BLIND power's results, on the six-province coast of test/maps/blind.map. */

const map = testMap('blind');
const blind = blindRules(withImpliedRules(['NO_SCS_SEE']));

function move(from: string, to: string, succeeded: boolean): OrderOutcome {
  return {
    power: 'BLUE',
    order: { kind: 'move', unit: { type: 'A', location: from }, to, route: [], viaConvoy: false },
    text: `A ${from} - ${to}`,
    succeeded,
    marks: [],
    reason: '',
  };
}

/** RED's army stands in ONE before and after; BLUE's army moves as given. */
function seenByRed(outcome: OrderOutcome, blueAfter: string) {
  const boards = {
    before: position(map, { units: { RED: ['A ONE'], BLUE: [`A ${outcome.order.kind === 'move' ? outcome.order.unit.location : ''}`] } }),
    after: position(map, { units: { RED: ['A ONE'], BLUE: [`A ${blueAfter}`] } }),
  };
  return outcomeSight(outcome, phaseSight(blind, map, boards, { reader: 'RED' }), boards);
}

describe('a foreign order in BLIND results', () => {
  it('is told in full when seen before and after, as ARRIVES or DEPARTS when seen at one end only, not at all when never seen', () => {
    expect(seenByRed(move('TWO', 'THR', false), 'TWO')).toEqual({ kind: 'full' });
    expect(seenByRed(move('THR', 'TWO', true), 'TWO')).toEqual({ kind: 'glimpse', text: 'A TWO ARRIVES' });
    expect(seenByRed(move('TWO', 'THR', true), 'THR')).toEqual({ kind: 'glimpse', text: 'A TWO DEPARTS' });
    expect(seenByRed(move('THR', 'FOU', true), 'FOU')).toBeNull();
    // A failed move out of sight into sight is not revealed (Rules.txt).
    expect(seenByRed(move('THR', 'TWO', false), 'THR')).toBeNull();
  });

  it('is told in full to the Master and OMNISCIENT players', () => {
    const boards = { before: position(map, { units: { BLUE: ['A FIV'] } }), after: position(map, { units: { BLUE: ['A SIX'] } }) };
    for (const view of [
      { reader: null, master: true },
      { reader: 'RED', omniscient: true },
    ])
      expect(outcomeSight(move('FIV', 'SIX', true), phaseSight(blind, map, boards, view), boards)).toEqual({ kind: 'full' });
  });
});
