import { describe, expect, it } from 'vitest';
import { answerableFor, controllers, mailAddressesOf, rotateControl, withVassals, type RotationMoment } from '../../src/game/control.js';
import { parseRotation } from '../../src/map/rotation.js';
import type { Rotation } from '../../src/map/model.js';
import { newGame, newPower, type GameStatus } from '../../src/status/model.js';

const SPRING = { season: 'SPRING', year: 1902, type: 'MOVEMENT' };
const FALL = { season: 'FALL', year: 1902, type: 'MOVEMENT' };
const RETREAT = { season: 'FALL', year: 1902, type: 'RETREATS' };

/** France and England played by people; Italy and Germany dummies under CONTROL. */
function game(): GameStatus {
  const person = (n: number) => ({ current: { id: n, email: `p${n}@example.org`, name: `P${n}` }, earlier: [] });
  return {
    ...newGame('alpha'),
    powers: [
      { ...newPower('FRANCE'), player: person(1), addresses: ['p1@example.org'] },
      { ...newPower('ENGLAND'), player: person(2), addresses: ['p2@example.org'] },
      { ...newPower('ITALY'), player: { current: 'DUMMY', earlier: [] }, control: ['FRANCE', 'ENGLAND'] },
      { ...newPower('GERMANY'), player: { current: 'DUMMY', earlier: [] }, control: ['MASTER'] },
    ],
  };
}

function rotation(text: string): Rotation {
  const parsed = parseRotation(text.split(' ').filter(Boolean));
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

function italyAfter(text: string, moment: RotationMoment): string {
  return rotateControl(game(), rotation(text), moment).game.powers.find((power) => power.name === 'ITALY')!.control[0]!;
}

describe('control of dummies', () => {
  it('maps each controlled power to its controller; the Master in control gives no power a say', () => {
    expect([...controllers(game())]).toEqual([['ITALY', 'FRANCE']]);
  });

  it('mails a controlled power at its controller, who answers for its lateness', () => {
    expect(mailAddressesOf(game(), 'ITALY')).toEqual(['p1@example.org']);
    expect(answerableFor(game(), 'ITALY')).toBe('FRANCE');
    expect(answerableFor(game(), 'GERMANY')).toBeNull();
    expect(answerableFor(game(), 'ENGLAND')).toBe('ENGLAND');
  });

  it('rotates as ROTATE says: AFTER a phase, BEFORE a phase, FOR and CONTROL when the power owes orders', () => {
    const owing = new Set(['ITALY']);
    const none = new Set<string>();
    expect(italyAfter('AFTER', { processed: SPRING, next: FALL, owing: none })).toBe('ENGLAND');
    expect(italyAfter('AFTER M', { processed: RETREAT, next: FALL, owing })).toBe('FRANCE');
    expect(italyAfter('BEFORE R', { processed: FALL, next: RETREAT, owing: none })).toBe('ENGLAND');
    expect(italyAfter('BEFORE MOVE', { processed: FALL, next: RETREAT, owing })).toBe('FRANCE');
    expect(italyAfter('FOR RETREAT', { processed: FALL, next: RETREAT, owing: none })).toBe('FRANCE');
    expect(italyAfter('FOR RETREAT', { processed: FALL, next: RETREAT, owing })).toBe('ENGLAND');
    expect(italyAfter('', { processed: SPRING, next: FALL, owing })).toBe('ENGLAND');
    expect(italyAfter('CONTROL', { processed: SPRING, next: FALL, owing: none })).toBe('FRANCE');
    // Two clauses that apply pass control on twice: round the two-power list and back.
    expect(italyAfter('AFTER BEFORE MOVE', { processed: SPRING, next: FALL, owing })).toBe('FRANCE');
  });

  it('reports who changed hands and leaves a game without ROTATE alone', () => {
    const rotated = rotateControl(game(), rotation('AFTER'), { processed: SPRING, next: FALL, owing: new Set() });
    expect(rotated.changed.map((power) => [power.name, power.control])).toEqual([['ITALY', ['ENGLAND', 'FRANCE']]]);
    const untouched = game();
    expect(rotateControl(untouched, null, { processed: SPRING, next: FALL, owing: new Set() }).game).toBe(untouched);
  });
});

describe('VASSAL_DUMMIES and CONTROL lines', () => {
  it('keeps a CONTROL line whose power still rules, and changes it only when another takes over', () => {
    const before = game();
    expect(withVassals(before, new Map([['ITALY', 'FRANCE']])).game).toBe(before);
    const conquered = withVassals(
      before,
      new Map([
        ['ITALY', 'ENGLAND'],
        ['GERMANY', 'FRANCE'],
      ]),
    );
    expect(conquered.changed).toEqual([
      { power: 'ITALY', controller: 'ENGLAND' },
      { power: 'GERMANY', controller: 'FRANCE' },
    ]);
    expect(conquered.game.powers.find((power) => power.name === 'ITALY')!.control).toEqual(['ENGLAND']);
  });
});
