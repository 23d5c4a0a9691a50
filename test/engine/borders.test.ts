import { describe, expect, it } from 'vitest';
import { readOrder, quotedRefusal } from '../../src/engine/legality/reader.js';
import { type BoardSpec, SPRING, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';

const borders = testMap('borders');

function check(board: BoardSpec, power: string, line: string): string {
  const result = readOrder({ map: borders, position: position(borders, board), power, phase: 'MOVEMENT' }, line);
  return result.ok ? result.text : quotedRefusal(result.refused);
}

describe('power-restricted adjacencies (R:VAL)', () => {
  const board = { units: { RED: ['A HIL'], BLUE: ['A VAL'] } };

  it('let only the listed powers cross, for moves and supports', () => {
    expect(check({ units: { RED: ['A HIL'] } }, 'RED', 'A HIL - VAL')).toBe('A HIL - VAL');
    expect(check(board, 'BLUE', 'A VAL - HIL')).toBe('"A VAL - HIL": Blue may not cross from Vale to Hill');
    expect(check({ units: { RED: ['A HIL', 'A MOR'] }, centers: { RED: ['HIL', 'ISL'] } }, 'RED', 'A HIL S A MOR - VAL')).toBe('A HIL S A MOR - VAL');
    expect(check({ units: { BLUE: ['A VAL', 'A MOR'] } }, 'BLUE', 'A VAL S A MOR - HIL')).toBe(
      '"A VAL S A MOR - HIL": the army in Vale cannot support into Hill',
    );
  });

  it('void a move across them in a NO_CHECK game', () => {
    const result = play(borders, SPRING, board, { BLUE: ['A VAL - HIL'] });
    expect(outcomeOf(result, 'A VAL - HIL')).toMatchObject({ succeeded: false, marks: ['illegal'] });
    expect(unitsAfter(result)).toEqual(['BLUE A VAL', 'RED A HIL']);
  });
});

describe('center-restricted adjacencies (VAL(HIL,ISL))', () => {
  it('open only to powers owning every listed center', () => {
    const board = { units: { RED: ['A MOR'] }, centers: { RED: ['HIL'] } };
    expect(check(board, 'RED', 'A MOR - VAL')).toBe('"A MOR - VAL": crossing from Moor to Vale needs HIL, ISL owned');
    const owning = { units: { RED: ['A MOR'] }, centers: { RED: ['HIL', 'ISL'] } };
    expect(check(owning, 'RED', 'A MOR - VAL')).toBe('A MOR - VAL');
    expect(unitsAfter(play(borders, SPRING, owning, { RED: ['A MOR - VAL'] }))).toEqual(['RED A VAL']);
  });
});

describe('one-way adjacencies (:GUL)', () => {
  it('can be crossed in one direction only', () => {
    expect(check({ units: { RED: ['F GUL'] } }, 'RED', 'F GUL - BAY')).toBe('F GUL - BAY');
    expect(check({ units: { RED: ['F BAY'] } }, 'RED', 'F BAY - GUL')).toBe('"F BAY - GUL": Red may not cross from Bay to Gulf');
  });
});

describe('army and fleet case rules', () => {
  it('keep fleets off a lower-case adjacency', () => {
    expect(check({ units: { RED: ['F HIL'] } }, 'RED', 'F HIL - DUN')).toBe('"F HIL - DUN": a fleet cannot cross from Hill to Dune');
    expect(check({ units: { RED: ['A HIL'] } }, 'RED', 'A HIL - DUN')).toBe('A HIL - DUN');
  });

  it('keep armies off a Capitalised adjacency unless convoyed', () => {
    expect(check({ units: { RED: ['A HIL'] } }, 'RED', 'A HIL - ISL')).toBe('"A HIL - ISL": an army cannot cross from Hill to Island');
    expect(check({ units: { RED: ['F HIL'] } }, 'RED', 'F HIL - ISL')).toBe('F HIL - ISL');
    const convoy = { units: { RED: ['A HIL', 'F LAG'] } };
    expect(check(convoy, 'RED', 'A HIL - ISL')).toBe('A HIL - ISL');
    const result = play(borders, SPRING, convoy, { RED: ['A HIL - LAG - ISL', 'F LAG C A HIL - ISL'] });
    expect(unitsAfter(result)).toEqual(['RED A ISL', 'RED F LAG']);
  });
});

describe('PORT and COAST spaces', () => {
  it('lets armies stand in a port and fleets there convoy', () => {
    expect(check({ units: { RED: ['A DUN'] } }, 'RED', 'A DUN - LAG')).toBe('A DUN - LAG');
    expect(check({ units: { RED: ['A DUN', 'F LAG'] } }, 'RED', 'F LAG C A DUN - ISL')).toBe('F LAG C A DUN - ISL');
  });

  it('does not let a fleet on a coast convoy', () => {
    expect(check({ units: { RED: ['A MOR', 'F DUN'] } }, 'RED', 'F DUN C A MOR - LAG')).toBe(
      '"F DUN C A MOR - LAG": the fleet in Dune is not at sea and cannot convoy',
    );
  });
});

describe('SHUT spaces', () => {
  it('can be neither entered nor supported into', () => {
    expect(check({ units: { RED: ['A MOR'] } }, 'RED', 'A MOR - PEA')).toBe('"A MOR - PEA": Peak is impassable');
    expect(check({ units: { RED: ['A MOR', 'A DUN'] } }, 'RED', 'A MOR S A DUN - PEA')).toBe(
      '"A MOR S A DUN - PEA": the army in Moor cannot support into Peak',
    );
  });

  it('is never a retreat, and restricted adjacencies bind retreats too', () => {
    const board = { units: { RED: ['A HIL', 'A DUN'], BLUE: ['A MOR'] }, centers: { RED: [], BLUE: ['VAL', 'HIL', 'ISL'] } };
    const orders = { RED: ['A HIL - MOR', 'A DUN S A HIL - MOR'] };
    expect(outcomeOf(play(borders, SPRING, board, orders), 'A MOR H')).toMatchObject({ marks: ['unordered', 'dislodged'], retreats: ['VAL'] });
    const shutOut = { ...board, centers: { RED: [], BLUE: ['VAL'] } };
    expect(outcomeOf(play(borders, SPRING, shutOut, orders), 'A MOR H')).toMatchObject({
      marks: ['unordered', 'dislodged', 'destroyed'],
      retreats: [],
    });
  });
});
