import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/engine/board.js';
import { adjustmentCount } from '../../src/engine/builds.js';
import { ruleFlags } from '../../src/engine/rules.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { master, testJudge } from '../game/support.js';
import { play, position, unitsAfter, WINTER } from './helpers.js';

/** test/maps/map.hongkong: the Harbour is a center South may own but not count for builds (`S: har`). */
const maps = join('test', 'maps');
const map = readAnyMap(join(maps, 'map.hongkong')).base;

describe('nJudge Hong Kong centers', () => {
  it('are owned but not counted for builds by the powers listed', () => {
    const board = new Board(map, position(map, { units: { SOUTH: ['A SOU', 'A HIN'] }, centers: { SOUTH: ['SOU', 'HAR'], NORTH: ['NOR'] } }));
    expect(adjustmentCount(board, board.powerIndex('SOUTH'), ruleFlags())).toEqual({ power: 'SOUTH', centers: 2, units: 2, allowed: 1, change: -1 });
    const result = play(map, WINTER, { units: { SOUTH: ['A SOU', 'A HIN'], NORTH: ['A NOR'] }, centers: { SOUTH: ['SOU', 'HAR'], NORTH: ['NOR'] } }, {});
    expect(unitsAfter(result)).toEqual(['NORTH A NOR', 'SOUTH A SOU']);
  });

  it('count for every other power', () => {
    const board = new Board(map, position(map, { units: { NORTH: ['A NOR'] }, centers: { NORTH: ['NOR', 'HAR'], SOUTH: ['SOU'] } }));
    expect(adjustmentCount(board, board.powerIndex('NORTH'), ruleFlags())).toEqual({ power: 'NORTH', centers: 2, units: 1, allowed: 2, change: 1 });
  });

  it('no longer keep a game from being created on the map', async () => {
    const { service } = testJudge({ mapFolders: [maps] });
    const created = await service.lifecycle.create({ name: 'harbour', master, masterPassword: 'secret', map: 'hongkong' }, { who: 'test', command: 'CREATE' });
    expect(created.game.map).toEqual({ name: 'hongkong', trial: false });
  });
});
