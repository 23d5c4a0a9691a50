import { describe, expect, it } from 'vitest';
import { readOrder, quotedRefusal } from '../../src/engine/legality/reader.js';
import { type BoardSpec, SPRING, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';

const leagues = testMap('leagues');

function check(board: BoardSpec, power: string, line: string): string {
  const result = readOrder({ map: leagues, position: position(leagues, board), power, phase: 'MOVEMENT' }, line);
  return result.ok ? result.text : quotedRefusal(result.refused);
}

describe('LEAGUE STRICT', () => {
  const board = { units: { KING: ['A N1'], QUEEN: ['A N2'], ROOK: ['A N4'], PAWN: ['A HUB'] } };

  it('lets a power aid units of its own league only', () => {
    expect(check(board, 'KING', 'A N1 S A N2')).toBe('A N1 S A N2');
    expect(check(board, 'KING', 'A N1 S A N2 - HUB')).toBe('A N1 S A N2 - HUB');
    expect(check(board, 'KING', 'A N1 S A N4')).toBe('"A N1 S A N4": King may aid only units of the CROWN league, not Rook');
    expect(check(board, 'KING', 'A N1 S A HUB - N2')).toBe('"A N1 S A HUB - N2": King may aid only units of the CROWN league, not Pawn');
  });

  it('does not bind the other members of the league', () => {
    expect(check(board, 'QUEEN', 'A N2 S A HUB - N1')).toBe('A N2 S A HUB - N1');
  });
});

describe('LEAGUE BENIGN', () => {
  const board = { units: { ROOK: ['A N3'], PAWN: ['A N2', 'A N4'], KING: ['A HUB'], QUEEN: ['A N1'] } };

  it('forbids aiding an outsider into a space held by the protected league', () => {
    expect(check(board, 'ROOK', 'A N3 S A N2 - HUB')).toBe('"A N3 S A N2 - HUB": Rook may not aid Pawn against the CROWN league');
  });

  it('allows aid elsewhere, to holds, and to members of the protected league', () => {
    expect(check(board, 'ROOK', 'A N3 S A N2')).toBe('A N3 S A N2');
    expect(check({ units: { ROOK: ['A N3'], PAWN: ['A N2', 'A N4'] } }, 'ROOK', 'A N3 S A N2 - HUB')).toBe('A N3 S A N2 - HUB');
    expect(check(board, 'ROOK', 'A N3 S A N1 - HUB')).toBe('A N3 S A N1 - HUB');
  });

  it('voids the forbidden support at processing in a NO_CHECK game', () => {
    const result = play(leagues, SPRING, board, { ROOK: ['A N3 S A N2 - HUB'], PAWN: ['A N2 - HUB', 'A N4 S A N2 - HUB'] });
    expect(outcomeOf(result, 'A N3 S A N2 - HUB').marks).toEqual(['illegal']);
    expect(unitsAfter(result)).toContain('PAWN A HUB');
    const withoutFourth = play(leagues, SPRING, board, { ROOK: ['A N3 S A N2 - HUB'], PAWN: ['A N2 - HUB'] });
    expect(unitsAfter(withoutFourth)).toContain('KING A HUB');
  });
});
