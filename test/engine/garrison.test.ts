import { describe, expect, it } from 'vitest';
import { adjustmentCounts } from '../../src/engine/adjustments.js';
import { type BoardSpec, WINTER, outcomeOf, play, position, testMap, unitsAfter } from './helpers.js';

const standard = testMap('standard');

// Italy has lost every center: Austria owns its homes (and builds anywhere it owns under BUILD_ANY).
const centers = { ITALY: [], AUSTRIA: ['VIE', 'BUD', 'TRI', 'ROM', 'VEN', 'NAP'] };
const emptyHomes: BoardSpec = { units: { ITALY: ['A PIE'], AUSTRIA: ['A SER', 'A GRE', 'A BUL'] }, centers };
const heldHome: BoardSpec = { units: { ITALY: ['A PIE'], AUSTRIA: ['A SER', 'A GRE', 'A VEN'] }, centers };

function change(board: BoardSpec, power: string, rules: string[]): number {
  return adjustmentCounts(standard, position(standard, board), { rules }).find((count) => count.power === power)!.change;
}

describe('GARRISON', () => {
  it('lets an eliminated power whose homes all stand empty build one unit there, keeping the units it has', () => {
    expect(change(emptyHomes, 'ITALY', ['GARRISON'])).toBe(1);
    const result = play(standard, WINTER, emptyHomes, { ITALY: ['BUILD A ROM'] }, ['GARRISON', 'BUILD_ANY']);
    expect(outcomeOf(result, 'BUILD A ROM').succeeded).toBe(true);
    expect(unitsAfter(result).filter((unit) => unit.startsWith('ITALY'))).toEqual(['ITALY A PIE', 'ITALY A ROM']);
  });

  it('keeps those homes from their owners, who could otherwise build there', () => {
    const result = play(standard, WINTER, emptyHomes, { AUSTRIA: ['BUILD A NAP', 'BUILD A VIE'] }, ['GARRISON', 'BUILD_ANY']);
    expect(outcomeOf(result, 'BUILD A NAP').reason).toBe('Naples is kept for Italy, who may build there to come back (GARRISON)');
    expect(outcomeOf(result, 'BUILD A VIE').succeeded).toBe(true);
    const without = play(standard, WINTER, emptyHomes, { AUSTRIA: ['BUILD A NAP'] }, ['BUILD_ANY']);
    expect(outcomeOf(without, 'BUILD A NAP').succeeded).toBe(true);
  });

  it('gives no way back to a power whose player resigned', () => {
    const resigned = position(standard, emptyHomes);
    resigned.powers.find((state) => state.name === 'ITALY')!.resigned = true;
    expect(adjustmentCounts(standard, resigned, { rules: ['GARRISON'] }).find((count) => count.power === 'ITALY')!.change).toBe(-1);
  });

  it('does nothing while one of the homes is occupied, or without the rule', () => {
    expect(change(heldHome, 'ITALY', ['GARRISON'])).toBe(-1);
    expect(change(emptyHomes, 'ITALY', [])).toBe(-1);
    const result = play(standard, WINTER, heldHome, { ITALY: ['BUILD A ROM'] }, ['GARRISON']);
    expect(outcomeOf(result, 'BUILD A ROM').succeeded).toBe(false);
  });
});
