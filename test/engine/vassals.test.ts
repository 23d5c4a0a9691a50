import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/adjudicate.js';
import { FALL, orders, position, testMap, type BoardSpec } from './helpers.js';

const standard = testMap('standard');
const ITALY_DUMMY = new Set(['ITALY']);

function fall(board: BoardSpec, spec: Record<string, string[]>, controllers = new Map<string, string>()) {
  return adjudicate(standard, FALL, position(standard, board), orders(standard, 'MOVEMENT', spec), {
    rules: ['VASSAL_DUMMIES'],
    dummies: ITALY_DUMMY,
    controllers,
  });
}

function owned(result: ReturnType<typeof fall>, power: string): string[] {
  return [...result.position.powers.find((state) => state.name === power)!.centers].sort();
}

describe('VASSAL_DUMMIES', () => {
  it("keeps a dummy's homes its own and makes it the vassal of the power holding them all", () => {
    const board = { units: { AUSTRIA: ['A ROM', 'A VEN', 'F NAP'] } };
    const result = fall(board, { AUSTRIA: ['A ROM H', 'A VEN H', 'F NAP H'] });
    expect(owned(result, 'ITALY')).toEqual(['NAP', 'ROM', 'VEN']);
    expect(result.centerChanges.filter((change) => change.from === 'ITALY')).toEqual([]);
    expect([...result.controllers!]).toEqual([['ITALY', 'AUSTRIA']]);
  });

  it('leaves a dummy independent while its homes are held by different powers, and an occupied home stays its own', () => {
    const board = { units: { AUSTRIA: ['A ROM', 'A VEN'], FRANCE: ['F NAP'] } };
    const result = fall(board, { AUSTRIA: ['A ROM H', 'A VEN H'], FRANCE: ['F NAP H'] });
    expect(owned(result, 'ITALY')).toEqual(['NAP', 'ROM', 'VEN']);
    expect(result.controllers!.size).toBe(0);
  });

  it("hands a controller's home taken by its vassal back to the controller", () => {
    const board = { units: { ITALY: ['A TRI'] }, centers: { AUSTRIA: ['VIE', 'BUD'] } };
    const result = fall(board, { ITALY: ['A TRI H'] }, new Map([['ITALY', 'AUSTRIA']]));
    expect(owned(result, 'AUSTRIA')).toEqual(['BUD', 'TRI', 'VIE']);
    expect(owned(result, 'ITALY')).toEqual(['NAP', 'ROM', 'VEN']);
  });
});
