import { describe, expect, it } from 'vitest';
import { Board } from '../../src/engine/board.js';
import { readOrder } from '../../src/engine/legality/reader.js';
import { FALL, outcomeOf, play, position, SPRING, testMap, unitsAfter, WINTER } from './helpers.js';

/** test/maps/map.highseas: the Open Ocean (OCN, `h`) lies off Northland, Nordhaven, Southland, Sudhafen, Eastland and the Strait. */
const map = testMap('highseas');

describe('nJudge high seas', () => {
  it('hold any number of fleets of any powers, while every other province holds one unit', () => {
    const board = new Board(map, position(map, { units: { NORTH: ['F OCN', 'F OCN'], SOUTH: ['F OCN'] } }));
    expect(board.unitsIn(board.tables.id('OCN'))).toEqual([0, 1, 2]);
    expect(board.occupant[board.tables.id('OCN')]).toBe(-1);
    expect(() => new Board(map, position(map, { units: { NORTH: ['F STR'], SOUTH: ['F STR'] } }))).toThrow('two units in STR');
  });

  it('take orders for the fleets a power has there, and refuse those for a fleet it has not there', () => {
    const board = position(map, { units: { NORTH: ['F NOR'], SOUTH: ['F OCN', 'F SOU'] } });
    const read = (power: string, line: string) => readOrder({ map, position: board, power, phase: 'MOVEMENT' }, line);
    expect(read('SOUTH', 'F OCN - EAS')).toMatchObject({ ok: true, text: 'F OCN - EAS' });
    expect(read('NORTH', 'F OCN - EAS')).toEqual({ ok: false, refused: { line: 'F OCN - EAS', reason: 'the fleet in Open Ocean belongs to South' } });
    expect(read('SOUTH', 'F OCN S F OCN - EAS')).toEqual({ ok: false, refused: { line: 'F OCN S F OCN - EAS', reason: 'a unit cannot support itself' } });
    expect(read('NORTH', 'F NOR S F OCN - STR')).toMatchObject({ ok: true, text: 'F NOR S F OCN - STR' });
    expect(read('NORTH', 'F NOR S F SOU - OCN')).toMatchObject({ ok: true, text: 'F NOR S F SOU - OCN' });
  });

  it('let one fleet there support another there out of it', () => {
    const result = play(map, SPRING, { units: { NORTH: ['F OCN', 'F OCN'], SOUTH: ['A EAS'] } }, { NORTH: ['F OCN - EAS', 'F OCN S F OCN - EAS'] });
    expect(unitsAfter(result)).toEqual(['NORTH F EAS', 'NORTH F OCN']);
    expect(outcomeOf(result, 'F OCN S F OCN - EAS')).toMatchObject({ succeeded: true });
    expect(result.position.powers.find((state) => state.name === 'SOUTH')!.retreating).toEqual([
      { type: 'A', location: 'EAS', retreats: ['NOR', 'SOU', 'SHF'] },
    ]);
  });

  it('are open to a retreat whoever stands there, but not from the attacker who came out of one', () => {
    const result = play(
      map,
      FALL,
      { units: { NORTH: ['F OCN', 'A NOR'], SOUTH: ['F EAS', 'F SOU'] } },
      { NORTH: ['F OCN - EAS', 'A NOR S F OCN - EAS'], SOUTH: ['F EAS H', 'F SOU - STR'] },
    );
    // A fleet leaves Eastland only for the Open Ocean, where its attacker came from: it has no retreat.
    expect(outcomeOf(result, 'F EAS H')).toMatchObject({ marks: ['dislodged', 'destroyed'], retreats: [] });
    const fromStrait = play(
      map,
      FALL,
      { units: { NORTH: ['F NOR', 'F OCN'], SOUTH: ['F STR', 'F SOU'] } },
      { NORTH: ['F NOR - STR', 'F OCN S F NOR - STR'], SOUTH: ['F STR H', 'F SOU H'] },
    );
    expect(fromStrait.position.powers.find((state) => state.name === 'SOUTH')!.retreating).toEqual([{ type: 'F', location: 'STR', retreats: ['WES', 'OCN'] }]);
  });

  it('count each fleet there as a unit to keep, and are no place to build', () => {
    const board = position(map, { units: { NORTH: ['F OCN', 'F OCN'] }, centers: { NORTH: ['NOR', 'NHV', 'EAS'], SOUTH: ['SOU', 'SHF'] } });
    const read = readOrder({ map, position: board, power: 'NORTH', phase: 'ADJUSTMENTS' }, 'BUILD F OCN');
    expect(read.ok).toBe(false);
    const result = play(
      map,
      WINTER,
      { units: { NORTH: ['F OCN', 'F OCN'] }, centers: { NORTH: ['NOR', 'NHV', 'EAS'], SOUTH: ['SOU', 'SHF'] } },
      { NORTH: ['BUILD F NOR'] },
    );
    expect(unitsAfter(result)).toEqual(['NORTH F NOR', 'NORTH F OCN', 'NORTH F OCN']);
  });
});
