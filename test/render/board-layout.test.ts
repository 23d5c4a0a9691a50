import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadMapFile } from '../../src/map/load.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { boardLayout, EDGE, layOutBoard } from '../../src/render/board-layout.js';
import { layoutGraph } from '../../src/render/graph-layout.js';
import { projectRoot } from '../game/support.js';

const standardPath = join(projectRoot, 'maps', 'standard.map');

describe('the layout of a board', () => {
  it('is the same every time it is made for the same map', () => {
    const first = layOutBoard(loadMapFile(standardPath));
    const second = layOutBoard(loadMapFile(standardPath));
    expect(second).toEqual(first);
  });

  it('is made once per map, and once for the maps of every phase of a game', () => {
    const definition = readAnyMap(standardPath);
    const map = definition.base;
    expect(boardLayout(map)).toBe(boardLayout(map));
    // A map without IN/FROM blocks is one map in every phase; arctic's differs by phase, its geography from one autumn to the next not.
    expect(definition.at({ season: 'FALL', year: 1907, type: 'MOVEMENT' })).toBe(map);
    const arctic = readAnyMap(join(projectRoot, 'test', 'maps', 'arctic.map'));
    const fall1907 = arctic.at({ season: 'FALL', year: 1907, type: 'MOVEMENT' });
    const fall1908 = arctic.at({ season: 'FALL', year: 1908, type: 'MOVEMENT' });
    expect(fall1908).not.toBe(fall1907);
    expect(boardLayout(fall1908)).toBe(boardLayout(fall1907));
  });

  it('puts no two provinces on top of each other, and every place inside the board', () => {
    const layout = boardLayout(loadMapFile(standardPath));
    const points = layout.provinces.map((place) => place.point);
    for (const [i, a] of points.entries()) for (const b of points.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(0.55 * EDGE);
    for (const point of layout.spots.values()) {
      expect(point.x).toBeGreaterThan(0);
      expect(point.y).toBeGreaterThan(0);
      expect(point.x).toBeLessThan(layout.width);
      expect(point.y).toBeLessThan(layout.height);
    }
  });

  it('gives every place a spot, coasts their own beside their province', () => {
    const map = loadMapFile(standardPath);
    const layout = boardLayout(map);
    for (const location of map.locations) expect(layout.spots.has(location.abbrev)).toBe(true);
    expect(layout.spots.get('SPA/NC')).not.toEqual(layout.spots.get('SPA/SC'));
    expect(layout.spots.get('SPA/NC')).not.toEqual(layout.spots.get('SPA'));
    expect(layout.coasts.map((coast) => coast.location).sort()).toEqual(['BUL/EC', 'BUL/SC', 'SPA/NC', 'SPA/SC', 'STP/NC', 'STP/SC']);
  });

  it("draws a coast's unit and its tag inside its own province, on the side of the seas that coast touches", () => {
    const map = loadMapFile(standardPath);
    const layout = boardLayout(map);
    const place = (province: string) => layout.provinces.find((candidate) => candidate.province === province)!;
    const inside = (cell: readonly { x: number; y: number }[], point: { x: number; y: number }): boolean => {
      let within = false;
      for (let index = 0, previous = cell.length - 1; index < cell.length; previous = index++) {
        const [a, b] = [cell[index]!, cell[previous]!];
        if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) within = !within;
      }
      return within;
    };
    const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
    for (const coast of layout.coasts) {
      const province = place(coast.location.split('/')[0]!);
      const tag = { x: (coast.label.box.left + coast.label.box.right) / 2, y: (coast.label.box.top + coast.label.box.bottom) / 2 };
      expect({ coast: coast.location, spot: inside(province.cell, coast.point), tag: inside(province.cell, tag) }).toEqual({
        coast: coast.location,
        spot: true,
        tag: true,
      });
    }
    // St Petersburg's north coast towards the Barents Sea, its south coast towards the Gulf of Bothnia; Spain's and Bulgaria's likewise.
    for (const [coast, sea, other] of [
      ['STP/NC', 'BAR', 'STP/SC'],
      ['STP/SC', 'BOT', 'STP/NC'],
      ['SPA/NC', 'MAO', 'SPA/SC'],
      ['SPA/SC', 'WES', 'SPA/NC'],
      ['BUL/EC', 'BLA', 'BUL/SC'],
      ['BUL/SC', 'AEG', 'BUL/EC'],
    ] as const)
      expect({ coast, nearer: distance(layout.spots.get(coast)!, place(sea).point) < distance(layout.spots.get(other)!, place(sea).point) }).toEqual({
        coast,
        nearer: true,
      });
  });

  it('keeps neighbours nearer than provinces far apart on the graph', () => {
    const layout = boardLayout(loadMapFile(standardPath));
    const at = (province: string) => layout.provinces.find((place) => place.province === province)!.point;
    const distance = (a: string, b: string) => Math.hypot(at(a).x - at(b).x, at(a).y - at(b).y);
    expect(distance('PAR', 'BUR')).toBeLessThan(distance('PAR', 'MOS'));
    expect(distance('LON', 'WAL')).toBeLessThan(distance('LON', 'SMY'));
  });

  it('separates nodes that the graph cannot tell apart, and graphs in pieces', () => {
    // Four nodes with the same single neighbour, and two nodes with no edge at all.
    const points = layoutGraph(
      7,
      [
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
      ],
      { minSeparation: 0.6 },
    );
    for (const [i, a] of points.entries()) for (const b of points.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(0.6);
    expect(points.every((point) => Number.isFinite(point.x) && Number.isFinite(point.y))).toBe(true);
  });
});
