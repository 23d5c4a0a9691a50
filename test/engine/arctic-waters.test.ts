import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnyMap } from '../../src/map/catalog.js';
import { readOrder } from '../../src/engine/legality/reader.js';
import { master, testJudge } from '../game/support.js';
import { FALL, FALL_RETREATS, play, position, SPRING, unitsAfter } from './helpers.js';

/** test/maps/map.arctic: the Ice Sea (`v`) between Northland, Southland and the Open Sea. */
const maps = join('test', 'maps');
const arctic = readAnyMap(join(maps, 'map.arctic'));

describe('nJudge arctic waters', () => {
  it('are open water in the spring moves', () => {
    const spring = arctic.at(SPRING);
    const result = play(spring, SPRING, { units: { NORTH: ['F NOR'], SOUTH: ['F ICE'] } }, { NORTH: ['F NOR - OPN'], SOUTH: ['F ICE - SOU'] });
    expect(unitsAfter(result)).toEqual(['NORTH F OPN', 'SOUTH F SOU']);
  });

  it('are iced over in the fall moves: no move leads into or out of them', () => {
    const fall = arctic.at(FALL);
    const board = position(fall, { units: { NORTH: ['F NOR'], SOUTH: ['F ICE'] } });
    const read = (power: string, line: string) => readOrder({ map: fall, position: board, power, phase: 'MOVEMENT' }, line);
    expect(read('NORTH', 'F NOR - ICE')).toEqual({ ok: false, refused: { line: 'F NOR - ICE', reason: 'North may not cross from Northland to Ice Sea' } });
    expect(read('SOUTH', 'F ICE - OPN')).toEqual({ ok: false, refused: { line: 'F ICE - OPN', reason: 'South may not cross from Ice Sea to Open Sea' } });
    expect(read('NORTH', 'F NOR - OPN')).toMatchObject({ ok: true, text: 'F NOR - OPN' });
    const result = play(
      fall,
      FALL,
      { units: { NORTH: ['F NOR', 'F OPN'], SOUTH: ['F ICE'] } },
      { NORTH: ['F OPN - ICE', 'F NOR S F OPN - ICE'], SOUTH: ['F ICE - SOU'] },
    );
    expect(unitsAfter(result)).toEqual(['NORTH F NOR', 'NORTH F OPN', 'SOUTH F ICE']);
  });

  it('thaw for the fall retreats and every other phase', () => {
    expect(arctic.at(FALL_RETREATS)).toBe(arctic.base);
    expect(arctic.at(SPRING)).toBe(arctic.base);
    expect(arctic.at(FALL)).toBe(arctic.at({ ...FALL, year: 1905 }));
  });

  it('no longer keep a game from being created on the map', async () => {
    const { service } = testJudge({ mapFolders: [maps] });
    const created = await service.lifecycle.create({ name: 'icy', master, masterPassword: 'secret', map: 'arctic' }, { who: 'test', command: 'CREATE' });
    expect(created.game.map).toEqual({ name: 'arctic', trial: false });
  });
});
