import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialPosition } from '../../src/engine/position.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { boardSvg } from '../../src/render/board-svg.js';
import { projectRoot } from '../game/support.js';
import { checkXml } from './xml-check.js';

/** test/maps/map.highseas: any number of fleets may stand in the Open Ocean (OCN). */
const definition = readAnyMap(join(projectRoot, 'test', 'maps', 'map.highseas'));
const map = definition.base;

describe('the board picture of an nJudge high sea', () => {
  it('draws each fleet there in a block around its spot, none over another', () => {
    const position = initialPosition(map);
    for (const state of position.powers)
      state.units = [{ type: 'F', location: 'OCN' }, ...(state.name === 'NORTH' ? [{ type: 'F' as const, location: 'OCN' }] : [])];
    const svg = boardSvg(map, position, { title: 'oceans', art: definition.art });
    expect(checkXml(svg).problems).toEqual([]);
    const badges = [...svg.matchAll(/<title>F OCN \((North|South)\)<\/title><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/g)].map((match) => ({
      power: match[1],
      x: Number(match[2]),
      y: Number(match[3]),
      size: Number(match[4]),
    }));
    expect(badges.map((badge) => badge.power)).toEqual(['North', 'North', 'South']);
    for (const [index, badge] of badges.entries()) {
      for (const other of badges.slice(index + 1))
        expect(Math.max(Math.abs(badge.x - other.x), Math.abs(badge.y - other.y))).toBeGreaterThanOrEqual(badge.size);
    }
    expect(svg).toContain('>North: 2 centers, 2 units</text>');
  });
});
