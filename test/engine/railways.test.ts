import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOrder } from '../../src/engine/legality/reader.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { outcomeOf, play, position, SPRING, unitsAfter } from './helpers.js';

/** test/maps/map.rails: the Iron Road (`r`) runs Westend, Midway, Plains, Eastend, Farpoint; only West may ride it. */
const map = readAnyMap(join('test', 'maps', 'map.rails')).base;

describe('nJudge railways', () => {
  it('carry an army from one of their provinces to another in one move', () => {
    const result = play(map, SPRING, { units: { WEST: ['A WES'] } }, { WEST: ['A WES M IRO M PLA'] });
    expect(unitsAfter(result)).toEqual(['WEST A PLA']);
    expect(outcomeOf(result, 'A WES - IRO - PLA')).toMatchObject({ succeeded: true, marks: [] });
  });

  it('are ridden only by armies of the powers they name, between provinces on them', () => {
    const board = position(map, { units: { WEST: ['A WES', 'F POR'], EAST: ['A EAS'] } });
    const read = (power: string, line: string) => readOrder({ map, position: board, power, phase: 'MOVEMENT' }, line);
    expect(read('EAST', 'A EAS - IRO - WES')).toEqual({ ok: false, refused: { line: 'A EAS - IRO - WES', reason: 'East may not use the Iron Road' } });
    expect(read('WEST', 'F POR - IRO - MID')).toEqual({ ok: false, refused: { line: 'F POR - IRO - MID', reason: 'only armies can ride the Iron Road' } });
    expect(read('WEST', 'A WES - IRO - POR')).toEqual({ ok: false, refused: { line: 'A WES - IRO - POR', reason: 'Port is not on the Iron Road' } });
    expect(read('WEST', 'A WES - IRO - PLA')).toMatchObject({ ok: true, text: 'A WES - IRO - PLA' });
    expect(read('WEST', 'IRO H')).toMatchObject({ ok: false });
  });

  it('take one rider a turn: two rides of one railway are both blocked', () => {
    const result = play(map, SPRING, { units: { WEST: ['A WES', 'A MID'] } }, { WEST: ['A WES - IRO - PLA', 'A MID - IRO - FAR'] });
    expect(unitsAfter(result)).toEqual(['WEST A MID', 'WEST A WES']);
    expect(outcomeOf(result, 'A MID - IRO - FAR')).toMatchObject({ succeeded: false, marks: ['blocked'], reason: 'more than one unit rode the Iron Road' });
  });

  it('are cut by a unit of another power on the way, and the army rides on as far as it freely can', () => {
    const result = play(map, SPRING, { units: { WEST: ['A WES'], EAST: ['A EAS'] } }, { WEST: ['A WES - IRO - FAR'] });
    expect(unitsAfter(result)).toEqual(['EAST A EAS', 'WEST A PLA']);
    expect(outcomeOf(result, 'A WES - IRO - FAR')).toMatchObject({
      succeeded: false,
      marks: ['bounce'],
      reason: 'the Iron Road is cut at Eastend; it rode the Iron Road as far as Plains',
    });
  });

  it('are cut by a unit of another power moving onto them, and pass a unit of the rider power that stays', () => {
    const entered = play(map, SPRING, { units: { WEST: ['A WES'], EAST: ['A PLA'] } }, { WEST: ['A WES - IRO - EAS'], EAST: ['A PLA - MID'] });
    expect(unitsAfter(entered)).toEqual(['EAST A MID', 'WEST A WES']);
    const friendly = play(map, SPRING, { units: { WEST: ['A WES', 'A MID'] } }, { WEST: ['A WES - IRO - PLA'] });
    expect(unitsAfter(friendly)).toEqual(['WEST A MID', 'WEST A PLA']);
  });

  it('bring a ride that bounces at its end as far as the railway is free', () => {
    const bounced = play(map, SPRING, { units: { WEST: ['A WES'], EAST: ['A EAS'] } }, { WEST: ['A WES - IRO - EAS'] });
    expect(unitsAfter(bounced)).toEqual(['EAST A EAS', 'WEST A PLA']);
    expect(outcomeOf(bounced, 'A WES - IRO - EAS').reason).toBe('bounced with A EAS (East); it rode the Iron Road as far as Plains');
    const supported = play(map, SPRING, { units: { WEST: ['A WES', 'A PLA'], EAST: ['A EAS'] } }, { WEST: ['A WES - IRO - EAS', 'A PLA S A WES - EAS'] });
    expect(unitsAfter(supported)).toEqual(['WEST A EAS', 'WEST A PLA']);
    expect(supported.position.powers.find((state) => state.name === 'EAST')!.retreating).toEqual([{ type: 'A', location: 'EAS', retreats: ['FAR'] }]);
  });

  it('are not stopped by a gateway between provinces on them', () => {
    // test/maps/map.extras: the Railway runs Northland, Eastland, Southland; the Canal (held by whoever is in Eastland) joins Northland and Southland.
    const extras = readAnyMap(join('test', 'maps', 'map.extras')).base;
    const result = play(extras, SPRING, { units: { NORTH: ['A NOR'] } }, { NORTH: ['A NOR - RAI - SOU'] });
    expect(unitsAfter(result)).toEqual(['NORTH A SOU']);
    const marched = play(extras, SPRING, { units: { NORTH: ['A NOR'] } }, { NORTH: ['A NOR - SOU'] });
    expect(outcomeOf(marched, 'A NOR - SOU')).toMatchObject({ marks: ['blocked'] });
  });

  it('keep a unit a ride dislodges from retreating to where the rider started', () => {
    const result = play(map, SPRING, { units: { WEST: ['A WES', 'A PLA'], EAST: ['A MID'] } }, { WEST: ['A PLA - IRO - MID', 'A WES S A PLA - MID'] });
    expect(unitsAfter(result)).toEqual(['WEST A MID', 'WEST A WES']);
    expect(result.position.powers.find((state) => state.name === 'EAST')!.retreating).toEqual([{ type: 'A', location: 'MID', retreats: ['POR'] }]);
  });

  it('let a rider pass a unit coming the other way instead of meeting it head to head', () => {
    const result = play(map, SPRING, { units: { WEST: ['A MID'], EAST: ['A PLA'] } }, { WEST: ['A MID - IRO - PLA'], EAST: ['A PLA - MID'] });
    expect(unitsAfter(result)).toEqual(['EAST A MID', 'WEST A PLA']);
  });

  it('cut a ride that bounced at its end, and save the rider from being dislodged where it started when it rides on', () => {
    const result = play(
      map,
      SPRING,
      { units: { WEST: ['A WES'], EAST: ['A EAS', 'F NSE', 'A POR'] } },
      { WEST: ['A WES - IRO - FAR'], EAST: ['A POR - WES', 'F NSE S A POR - WES', 'A EAS - FAR'] },
    );
    // East's army in Eastend stood on the way when both bounced at Farpoint: the ride is cut there and stands off nothing, so East's army enters Farpoint.
    expect(unitsAfter(result)).toEqual(['EAST A FAR', 'EAST A WES', 'EAST F NSE', 'WEST A PLA']);
    expect(result.position.powers.find((state) => state.name === 'WEST')!.retreating).toEqual([]);
    expect(outcomeOf(result, 'A WES - IRO - FAR')).toMatchObject({
      marks: ['bounce'],
      reason: 'the Iron Road is cut at Eastend; it rode the Iron Road as far as Plains',
    });
  });
});
