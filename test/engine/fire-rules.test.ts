import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/adjudicate.js';
import type { PhaseResult } from '../../src/engine/types.js';
import { collectOrders, submitOrders } from '../../src/game/orders.js';
import { OrderReader } from '../../src/engine/legality/reader.js';
import { newGame, newPower, type GameStatus } from '../../src/status/model.js';
import { SPRING, orders, outcomeOf, position, testMap, unitsAfter, type BoardSpec } from './helpers.js';
import { RulesInForce } from '../../src/rules/in-force.js';

const standard = testMap('standard');
const IMMOBILE = 'IMMOBILE_DUMMIES: units of dummy powers may only hold, support or convoy';

/** `play` of helpers.ts, with the powers nobody plays. */
function playWith(board: BoardSpec, spec: Record<string, string[]>, rules: string[], dummies: string[] = []): PhaseResult {
  return adjudicate(standard, SPRING, position(standard, board), orders(standard, 'MOVEMENT', spec), { rules, dummies: new Set(dummies) });
}

function retreatingOf(result: PhaseResult, power: string) {
  return result.position.powers.find((state) => state.name === power)!.retreating;
}

/** France attacks its own army in Burgundy with support. */
const selfAttack = {
  board: { units: { FRANCE: ['A PAR', 'A MAR', 'A BUR'] } },
  orders: { FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR', 'A BUR H'] },
};

/** France's Ruhr supports Burgundy into German Munich; France's own Holland attacks Ruhr and fails. */
const selfCut = {
  board: { units: { FRANCE: ['A BUR', 'A RUH', 'A HOL'], GERMANY: ['A MUN'] } },
  orders: { FRANCE: ['A BUR - MUN', 'A RUH S A BUR - MUN', 'A HOL - RUH'], GERMANY: ['A MUN H'] },
};

/** France's Marseilles supports German Munich against France's own Burgundy. */
const helpAgainstOwn = {
  board: { units: { FRANCE: ['A BUR', 'A MAR'], GERMANY: ['A MUN'] } },
  orders: { FRANCE: ['A BUR H', 'A MAR S A MUN - BUR'], GERMANY: ['A MUN - BUR'] },
};

/** Each case, adjudicated under the rules and dummies given. */
function fire(rules: string[], dummies: string[] = []) {
  return {
    selfAttack: playWith(selfAttack.board, selfAttack.orders, rules, dummies),
    selfCut: playWith(selfCut.board, selfCut.orders, rules, dummies),
    helpAgainstOwn: playWith(helpAgainstOwn.board, helpAgainstOwn.orders, rules, dummies),
  };
}

function expectStandardRules(results: ReturnType<typeof fire>): void {
  expect(outcomeOf(results.selfAttack, 'A PAR - BUR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
  expect(unitsAfter(results.selfAttack)).toEqual(['FRANCE A BUR', 'FRANCE A MAR', 'FRANCE A PAR']);
  expect(outcomeOf(results.selfCut, 'A RUH S A BUR - MUN')).toMatchObject({ succeeded: true, marks: [] });
  expect(unitsAfter(results.selfCut)).toEqual(['FRANCE A HOL', 'FRANCE A MUN', 'FRANCE A RUH']);
  expect(retreatingOf(results.selfCut, 'GERMANY')).toHaveLength(1);
  expect(outcomeOf(results.helpAgainstOwn, 'A MUN - BUR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
  expect(unitsAfter(results.helpAgainstOwn)).toEqual(['FRANCE A BUR', 'FRANCE A MAR', 'GERMANY A MUN']);
}

function expectFriendlyFire(results: ReturnType<typeof fire>): void {
  expect(outcomeOf(results.selfAttack, 'A BUR H')).toMatchObject({ succeeded: false, marks: ['dislodged'], dislodgedBy: 'A PAR' });
  expect(unitsAfter(results.selfAttack)).toEqual(['FRANCE A BUR', 'FRANCE A MAR']);
  expect(retreatingOf(results.selfAttack, 'FRANCE')).toEqual([{ type: 'A', location: 'BUR', retreats: ['PIC', 'BEL', 'RUH', 'MUN', 'GAS'] }]);
  expect(outcomeOf(results.selfCut, 'A HOL - RUH')).toMatchObject({ succeeded: false, marks: ['bounce'] });
  expect(outcomeOf(results.selfCut, 'A RUH S A BUR - MUN')).toMatchObject({ succeeded: false, marks: ['cut'], cutBy: 'A HOL' });
  expect(unitsAfter(results.selfCut)).toEqual(['FRANCE A BUR', 'FRANCE A HOL', 'FRANCE A RUH', 'GERMANY A MUN']);
  expect(outcomeOf(results.helpAgainstOwn, 'A BUR H')).toMatchObject({ marks: ['dislodged'], dislodgedBy: 'A MUN' });
  expect(unitsAfter(results.helpAgainstOwn)).toEqual(['FRANCE A MAR', 'GERMANY A BUR']);
}

describe('the standard rules on harming one’s own units', () => {
  it('hold without FRIENDLY_FIRE or DUMMY_FIRE, even for dummies', () => {
    expectStandardRules(fire([]));
    expectStandardRules(fire([], ['FRANCE']));
  });
});

describe('FRIENDLY_FIRE', () => {
  it('lets a supported attack dislodge its own unit, own support help dislodge, and a failed attack cut its own support', () => {
    expectFriendlyFire(fire(['FRIENDLY_FIRE']));
  });

  it('still does not let an unsupported attack dislodge a unit that holds', () => {
    const result = playWith({ units: { FRANCE: ['A PAR', 'A BUR'] } }, { FRANCE: ['A PAR - BUR', 'A BUR H'] }, ['FRIENDLY_FIRE']);
    expect(outcomeOf(result, 'A PAR - BUR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toEqual(['FRANCE A BUR', 'FRANCE A PAR']);
  });

  it('makes a swap of one power’s units a head-to-head battle: the supported side dislodges the other', () => {
    const board = { units: { FRANCE: ['A PAR', 'A BUR', 'A PIC'] } };
    const swap = { FRANCE: ['A PAR - BUR', 'A BUR - PAR', 'A PIC S A PAR - BUR'] };
    expect(unitsAfter(playWith(board, swap, []))).toEqual(['FRANCE A BUR', 'FRANCE A PAR', 'FRANCE A PIC']);
    const result = playWith(board, swap, ['FRIENDLY_FIRE']);
    expect(outcomeOf(result, 'A BUR - PAR')).toMatchObject({ succeeded: false, marks: ['bounce', 'dislodged'], dislodgedBy: 'A PAR' });
    expect(unitsAfter(result)).toEqual(['FRANCE A BUR', 'FRANCE A PIC']);
  });
});

describe('DUMMY_FIRE', () => {
  it('applies FRIENDLY_FIRE among the units of a dummy power', () => {
    expectFriendlyFire(fire(['DUMMY_FIRE'], ['FRANCE']));
  });

  it('applies to no one else: a power that is played keeps the standard rules', () => {
    expectStandardRules(fire(['DUMMY_FIRE']));
    expectStandardRules(fire(['DUMMY_FIRE'], ['GERMANY']));
  });
});

describe('IMMOBILE_DUMMIES at adjudication', () => {
  // France's Burgundy tries to leave; Paris supports it holding against a supported German attack.
  const board = { units: { FRANCE: ['A BUR', 'A PAR'], GERMANY: ['A MUN', 'A RUH'] } };
  const spec = { FRANCE: ['A BUR - PIC', 'A PAR S A BUR'], GERMANY: ['A MUN - BUR', 'A RUH S A MUN - BUR'] };

  it('voids a dummy’s move: the unit holds, and a support for it holding counts', () => {
    const result = playWith(board, spec, ['IMMOBILE_DUMMIES'], ['FRANCE']);
    expect(outcomeOf(result, 'A BUR - PIC')).toMatchObject({ succeeded: false, marks: ['illegal'], reason: IMMOBILE });
    expect(outcomeOf(result, 'A PAR S A BUR')).toMatchObject({ succeeded: true, marks: [] });
    expect(outcomeOf(result, 'A MUN - BUR')).toMatchObject({ succeeded: false, marks: ['bounce'] });
    expect(unitsAfter(result)).toEqual(['FRANCE A BUR', 'FRANCE A PAR', 'GERMANY A MUN', 'GERMANY A RUH']);
  });

  it('leaves powers that are played, and games without the rule, alone', () => {
    const moved = ['FRANCE A PAR', 'FRANCE A PIC', 'GERMANY A BUR', 'GERMANY A RUH'];
    expect(unitsAfter(playWith(board, spec, ['IMMOBILE_DUMMIES'], []))).toEqual(moved);
    expect(unitsAfter(playWith(board, spec, [], ['FRANCE']))).toEqual(moved);
    const germanyImmobile = playWith(board, spec, ['IMMOBILE_DUMMIES'], ['GERMANY']);
    expect(outcomeOf(germanyImmobile, 'A MUN - BUR')).toMatchObject({ marks: ['illegal'], reason: IMMOBILE });
    expect(unitsAfter(germanyImmobile)).toEqual(['FRANCE A PAR', 'FRANCE A PIC', 'GERMANY A MUN', 'GERMANY A RUH']);
  });

  it('lets a dummy’s supports of another power’s move count', () => {
    const result = playWith(
      { units: { AUSTRIA: ['A VIE'], GERMANY: ['A MUN'], ITALY: ['A TYR'] } },
      { AUSTRIA: ['A VIE - BOH'], GERMANY: ['A MUN S A TYR - BOH'], ITALY: ['A TYR - BOH'] },
      ['IMMOBILE_DUMMIES'],
      ['GERMANY'],
    );
    expect(outcomeOf(result, 'A MUN S A TYR - BOH')).toMatchObject({ succeeded: true, marks: [] });
    expect(unitsAfter(result)).toEqual(['AUSTRIA A VIE', 'GERMANY A MUN', 'ITALY A BOH']);
  });
});

describe('IMMOBILE_DUMMIES at order entry', () => {
  const start = position(standard, { units: { FRANCE: ['A PAR', 'A PIC', 'F ENG'], ENGLAND: ['F LON'] } });
  const context = { map: standard, position: start, phase: SPRING, rules: new RulesInForce(['IMMOBILE_DUMMIES']) };
  const game: GameStatus = {
    ...newGame('fire'),
    powers: [{ ...newPower('FRANCE'), player: { current: 'DUMMY', earlier: [] } }, newPower('ENGLAND')],
  };

  it('makes the reader refuse a move, and only a move, of an immobile power', () => {
    const reader = new OrderReader({ map: standard, position: start, power: 'FRANCE', phase: 'MOVEMENT', immobile: true });
    expect(reader.read('A PAR - BUR')).toEqual({ ok: false, refused: { line: `A PAR - BUR`, reason: IMMOBILE } });
    const allowed = ['A PAR H', 'A PIC S A PAR', 'A PAR S A PIC - BUR', 'F ENG C A PIC - WAL'];
    expect(allowed.map((line) => reader.read(line).ok)).toEqual([true, true, true, true]);
    const mobile = new OrderReader({ map: standard, position: start, power: 'FRANCE', phase: 'MOVEMENT' });
    expect(mobile.read('A PAR - BUR').ok).toBe(true);
  });

  it('refuses a dummy’s move when orders are submitted, but not another power’s', () => {
    const report = submitOrders(game, 'FRANCE', ['A PAR - BUR', 'A PIC S A PAR'], context);
    expect(report.refused).toEqual([{ line: 'A PAR - BUR', reason: IMMOBILE }]);
    expect(report.onFile).toEqual(['A PIC S A PAR']);
    expect(submitOrders(game, 'ENGLAND', ['F LON - NTH'], context).refused).toEqual([]);
    expect(submitOrders(game, 'FRANCE', ['A PAR - BUR'], { ...context, rules: new RulesInForce([]) }).refused).toEqual([]);
  });

  it('takes a dummy’s move unchecked under NO_CHECK, and the adjudicator voids it', () => {
    const rules = new RulesInForce(['IMMOBILE_DUMMIES', 'NO_CHECK']);
    const submitted = submitOrders(game, 'FRANCE', ['A PAR - BUR'], { ...context, rules });
    expect(submitted.refused).toEqual([]);
    const collected = collectOrders(submitted.game, { ...context, rules });
    const result = adjudicate(standard, SPRING, start, collected.orders, { rules, dummies: new Set(['FRANCE']) });
    expect(outcomeOf(result, 'A PAR - BUR')).toMatchObject({ marks: ['illegal'], reason: IMMOBILE });
    expect(unitsAfter(result)).toContain('FRANCE A PAR');
  });

  it('finds the move already on file illegal when orders are collected in a checked game', () => {
    const onFile = submitOrders(game, 'FRANCE', ['A PAR - BUR'], { ...context, rules: new RulesInForce([]) }).game;
    const collected = collectOrders(onFile, context);
    expect(collected.orders).toEqual([]);
    expect(collected.invalid).toEqual([{ power: 'FRANCE', message: `"A PAR - BUR": ${IMMOBILE}` }]);
  });
});
