import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOrder } from '../../src/engine/legality/reader.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { outcomeOf, play, position, SPRING, unitsAfter } from './helpers.js';

/** test/maps/map.rails: the Canal (`g`) between the North and South Seas, ordered by whoever holds Port. */
const map = readAnyMap(join('test', 'maps', 'map.rails')).base;

describe('nJudge gateways', () => {
  it('block a move between their two provinces that the gateway does not support, even for the power holding it', () => {
    const result = play(map, SPRING, { units: { WEST: ['A POR', 'F NSE'] } }, { WEST: ['F NSE - SSE'] });
    expect(unitsAfter(result)).toEqual(['WEST A POR', 'WEST F NSE']);
    expect(outcomeOf(result, 'F NSE - SSE')).toMatchObject({ succeeded: false, marks: ['blocked'], reason: 'the Canal did not let it pass' });
  });

  it('let through the one move the gateway supports', () => {
    const result = play(map, SPRING, { units: { WEST: ['A POR'], EAST: ['F NSE'] } }, { WEST: ['CAN S F NSE - SSE'], EAST: ['F NSE - SSE'] });
    expect(unitsAfter(result)).toEqual(['EAST F SSE', 'WEST A POR']);
    expect(outcomeOf(result, 'CAN S F NSE - SSE')).toMatchObject({ power: 'WEST', succeeded: true, marks: [] });
  });

  it('are ordered only by the power with a unit in the controlling province, without a unit type', () => {
    const board = position(map, { units: { WEST: ['A POR'], EAST: ['F NSE'] } });
    const read = (power: string, line: string) => readOrder({ map, position: board, power, phase: 'MOVEMENT' }, line);
    expect(read('WEST', 'can s nse-sse')).toMatchObject({ ok: true, text: 'CAN S F NSE - SSE' });
    expect(read('WEST', 'CAN H')).toMatchObject({ ok: true, text: 'CAN H' });
    expect(read('EAST', 'CAN S F NSE - SSE')).toEqual({
      ok: false,
      refused: { line: 'CAN S F NSE - SSE', reason: 'the Canal is ordered by whoever has a unit in Port, which East has not' },
    });
    expect(read('WEST', 'CAN S A POR - MID')).toEqual({
      ok: false,
      refused: { line: 'CAN S A POR - MID', reason: 'the Canal only lets units pass between North Sea and South Sea' },
    });
    expect(read('WEST', 'CAN - NSE')).toEqual({ ok: false, refused: { line: 'CAN - NSE', reason: 'the Canal may only hold or support a unit passing it' } });
  });

  it('void their order when the unit holding the controlling province leaves it', () => {
    const result = play(map, SPRING, { units: { WEST: ['A POR', 'F NSE'] } }, { WEST: ['A POR - MID', 'CAN S F NSE - SSE', 'F NSE - SSE'] });
    expect(unitsAfter(result)).toEqual(['WEST A MID', 'WEST F NSE']);
    expect(outcomeOf(result, 'CAN S F NSE - SSE')).toMatchObject({ succeeded: false, marks: ['void'], reason: 'nobody holds Port any more' });
    expect(outcomeOf(result, 'F NSE - SSE')).toMatchObject({ succeeded: false, marks: ['blocked'] });
  });

  it('block a support given across them unless the gateway supports the supporter in place', () => {
    const board = { units: { WEST: ['A POR', 'F SSE'], EAST: ['F FAR', 'F NSE'] } };
    const orders = { EAST: ['F FAR - SSE', 'F NSE S F FAR - SSE'] };
    const refused = play(map, SPRING, board, orders);
    expect(unitsAfter(refused)).toEqual(['EAST F FAR', 'EAST F NSE', 'WEST A POR', 'WEST F SSE']);
    expect(outcomeOf(refused, 'F NSE S F FAR - SSE')).toMatchObject({ succeeded: false, marks: ['blocked'] });
    const allowed = play(map, SPRING, board, { ...orders, WEST: ['CAN S F NSE'] });
    expect(unitsAfter(allowed)).toEqual(['EAST F NSE', 'EAST F SSE', 'WEST A POR']);
    expect(allowed.position.powers.find((state) => state.name === 'WEST')!.retreating).toEqual([]);
  });

  it('let a dislodged unit retreat through them only when its power holds the gateway', () => {
    const foreign = play(map, SPRING, { units: { WEST: ['A POR', 'F WES', 'F MID'], EAST: ['F NSE'] } }, { WEST: ['F WES - NSE', 'F MID S F WES - NSE'] });
    expect(outcomeOf(foreign, 'F NSE H')).toMatchObject({ marks: ['unordered', 'dislodged', 'destroyed'], retreats: [] });
    expect(foreign.position.powers.find((state) => state.name === 'EAST')!.retreating).toEqual([]);
    const own = play(map, SPRING, { units: { WEST: ['A POR', 'F NSE'], EAST: ['F WES', 'F MID'] } }, { EAST: ['F WES - NSE', 'F MID S F WES - NSE'] });
    expect(own.position.powers.find((state) => state.name === 'WEST')!.retreating).toEqual([{ type: 'F', location: 'NSE', retreats: ['SSE'] }]);
  });
});
