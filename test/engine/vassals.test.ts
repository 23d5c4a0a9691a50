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

describe('TORN_ALLEGIANCE', () => {
  const DUMMIES = new Set(['ITALY', 'GERMANY']);
  // Austria holds all of Italy's homes: Italy becomes its vassal. Italy's A MUN stands on the home of
  // Germany, another dummy (never taken by a dummy); its A TRI on Austria's home, which stays Austria's.
  const board = { units: { AUSTRIA: ['A ROM', 'A VEN', 'F NAP'], ITALY: ['A MUN', 'A TRI', 'A TYR'] } };
  const holds = { AUSTRIA: ['A ROM H', 'A VEN H', 'F NAP H'], ITALY: ['A MUN H', 'A TRI H', 'A TYR H'] };
  const play = (rules: string[]) => adjudicate(standard, FALL, position(standard, board), orders(standard, 'MOVEMENT', holds), { rules, dummies: DUMMIES });
  const units = (result: ReturnType<typeof play>, power: string) =>
    result.position.powers.find((state) => state.name === power)!.units.map((unit) => unit.location);

  it("destroys a vassal's unit on a center outside its controller's camp once vassalage is settled", () => {
    const result = play(['VASSAL_DUMMIES', 'TORN_ALLEGIANCE']);
    expect([...result.controllers!]).toEqual([['ITALY', 'AUSTRIA']]);
    expect(result.tornAllegiance).toEqual([{ power: 'ITALY', unit: 'A MUN', owner: 'GERMANY' }]);
    expect(units(result, 'ITALY')).toEqual(['TRI', 'TYR']);
  });

  it('leaves the units where they are without the rule', () => {
    const result = play(['VASSAL_DUMMIES']);
    expect(result.tornAllegiance).toEqual([]);
    expect(units(result, 'ITALY')).toEqual(['MUN', 'TRI', 'TYR']);
  });
});
