import { describe, expect, it } from 'vitest';
import { spreadSpots } from '../../src/render/spread-spots.js';

const provinceOf = (location: string) => location.split('/')[0]!;
const board = { width: 200, height: 200 };

describe('unit spots pulled apart', () => {
  it('leaves spots that stand apart where they are', () => {
    const spots = new Map([
      ['A', { x: 50, y: 50 }],
      ['B', { x: 80, y: 50 }],
    ]);
    expect(spreadSpots(spots, provinceOf, 18, board)).toEqual(spots);
  });

  it('pulls badges of different provinces apart, each moving as little as the other, and keeps them on the board', () => {
    const spread = spreadSpots(
      new Map([
        ['A', { x: 100, y: 100 }],
        ['B', { x: 106, y: 100 }],
        ['C', { x: 103, y: 104 }],
        ['D', { x: 2, y: 2 }],
      ]),
      provinceOf,
      18,
      board,
    );
    const [a, b, c] = ['A', 'B', 'C'].map((location) => spread.get(location)!);
    for (const [one, other] of [
      [a!, b!],
      [a!, c!],
      [b!, c!],
    ])
      expect(Math.max(Math.abs(one!.x - other!.x), Math.abs(one!.y - other!.y))).toBeGreaterThanOrEqual(18);
    // Each push moves both by as much: the three stay centred where they were.
    expect((a!.x + b!.x + c!.x) / 3).toBeCloseTo(103, 6);
    expect((a!.y + b!.y + c!.y) / 3).toBeCloseTo(304 / 3, 6);
    expect(spread.get('D')).toEqual({ x: 9, y: 9 });
  });

  it('moves a province and its coasts on one point together, and never pushes one coast from another', () => {
    const spread = spreadSpots(
      new Map([
        ['STP', { x: 100, y: 100 }],
        ['STP/NC', { x: 100, y: 100 }],
        ['STP/SC', { x: 104, y: 104 }],
        ['MOS', { x: 96, y: 100 }],
      ]),
      provinceOf,
      18,
      board,
    );
    expect(spread.get('STP/NC')).toEqual(spread.get('STP'));
    expect(Math.abs(spread.get('STP')!.x - spread.get('MOS')!.x)).toBeGreaterThanOrEqual(18);
    expect(Math.abs(spread.get('STP/SC')!.x - spread.get('STP')!.x)).toBeLessThan(18);
  });
});
