import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBoardCoordinates } from '../../src/map/board-coordinates.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { GameMap } from '../../src/map/game-map.js';
import { EDGE, layOutBoard, type BoardLayout } from '../../src/render/board-layout.js';
import { knownPlace, orientLayout } from '../../src/render/known-places.js';
import { projectRoot } from '../game/support.js';

const standard = readAnyMap(join(projectRoot, 'maps', 'standard.map'));
// Read as a file: the standard map's pictures are drawn on maps/standard.svg, which stands beside it too.
const coordinatesFile = join(projectRoot, 'maps', 'standard.coords');
const standardCoordinates = parseBoardCoordinates(readFileSync(coordinatesFile, 'utf8'), coordinatesFile).coordinates;

function pointOf(layout: BoardLayout, province: string) {
  return layout.provinces.find((place) => place.province === province)!.point;
}

/** Where a Diplomacy player expects the corners of the board. */
function expectEurope(layout: BoardLayout): void {
  const at = (province: string) => pointOf(layout, province);
  expect(at('LON').x).toBeLessThan(at('MOS').x);
  expect(at('LON').y).toBeLessThan(at('SMY').y);
  expect(at('SPA').x).toBeLessThan(at('ANK').x);
  expect(at('STP').y).toBeLessThan(at('SEV').y);
  expect(at('EDI').y).toBeLessThan(at('NAP').y);
  expect(at('BRE').x).toBeLessThan(at('BER').x);
  expect(at('NAF').y).toBeGreaterThan(at('PAR').y);
}

describe('the board of a map with a coordinates file', () => {
  it('stands every province where the file says, moved only as a whole, and looks like Europe', () => {
    const layout = layOutBoard(standard.base, standardCoordinates);
    const file = (place: string) => standardCoordinates!.places.get(place)!.point;
    const shift = { x: pointOf(layout, 'MOS').x - file('MOS').x, y: pointOf(layout, 'MOS').y - file('MOS').y };
    const expectAt = (point: { x: number; y: number } | undefined, place: string) => {
      expect(point!.x).toBeCloseTo(file(place).x + shift.x, 6);
      expect(point!.y).toBeCloseTo(file(place).y + shift.y, 6);
    };
    for (const province of ['LON', 'PAR', 'ROM', 'CON', 'NAO', 'BAR', 'SYR']) expectAt(pointOf(layout, province), province);
    expectAt(layout.spots.get('STP/NC'), 'STP/NC');
    expectEurope(layout);
  });

  it('puts provinces the file leaves out beside their neighbours, and pushes apart provinces written too close', () => {
    const places = new Map(standardCoordinates!.places);
    places.delete('PIC');
    const london = places.get('LON')!.point;
    places.set('WAL', { point: { x: london.x - 5, y: london.y }, label: null });
    const layout = layOutBoard(standard.base, { file: 'partial.coords', places });
    const points = layout.provinces.map((place) => place.point);
    for (const [i, a] of points.entries()) for (const b of points.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(0.55 * EDGE);
    const distance = (a: string, b: string) => Math.hypot(pointOf(layout, a).x - pointOf(layout, b).x, pointOf(layout, a).y - pointOf(layout, b).y);
    for (const neighbour of ['PAR', 'BEL', 'BRE', 'BUR', 'ENG']) expect(distance('PIC', neighbour)).toBeLessThan(2 * EDGE);
    expect(pointOf(layout, 'WAL').x).toBeLessThan(pointOf(layout, 'LON').x);
  });
});

describe('the board of a map without one', () => {
  it('is laid out from the adjacencies and turned the way the known provinces lie', () => {
    expectEurope(layOutBoard(standard.base));
  });

  it('pulls the provinces known by name to where they really lie, seas among them', () => {
    const layout = layOutBoard(standard.base);
    const at = (province: string) => pointOf(layout, province);
    // Each pair: the first lies west of the second, then north of it, as on the globe.
    for (const [west, east] of [
      ['NAO', 'NTH'],
      ['IRI', 'LVP'],
      ['MAO', 'SPA'],
      ['CLY', 'EDI'],
      ['WES', 'TYS'],
      ['AEG', 'CON'],
    ])
      expect({ west, east, westward: at(west!).x < at(east!).x }).toEqual({ west, east, westward: true });
    for (const [north, south] of [
      ['BAR', 'STP'],
      ['NWG', 'NTH'],
      ['LON', 'ENG'],
      ['BOT', 'BAL'],
      ['ADR', 'ION'],
    ])
      expect({ north, south, northward: at(north!).y < at(south!).y }).toEqual({ north, south, northward: true });
  });

  it('turns a mirrored and rotated layout of known places back to the globe', () => {
    const names = ['London', 'Moscow', 'Smyrna', 'Spain', 'Norway', 'Rome'];
    const real = names.map((name) => knownPlace(name)!);
    const turned = real.map((point) => ({ x: -(point.y * 0.6 + 3), y: point.x * 0.6 - 1 }));
    orientLayout(turned, names);
    const mean = (points: { x: number; y: number }[]) => ({
      x: points.reduce((s, p) => s + p.x, 0) / points.length,
      y: points.reduce((s, p) => s + p.y, 0) / points.length,
    });
    const [a, b] = [mean(real), mean(turned)];
    for (const [index, point] of turned.entries()) {
      expect((point.x - b.x) / 0.6).toBeCloseTo(real[index]!.x - a.x, 6);
      expect((point.y - b.y) / 0.6).toBeCloseTo(real[index]!.y - a.y, 6);
    }
  });

  it('knows the standard provinces under the spellings variants use', () => {
    expect(knownPlace('Gulf of Lyons')).toEqual(knownPlace('Gulf of Lyon'));
    expect(knownPlace('Tyrol')).toEqual(knownPlace('Tyrolia'));
    expect(knownPlace('St. Petersburg')).toEqual(knownPlace('Saint Petersburg'));
    expect(knownPlace('Mordor')).toBeNull();
  });

  it('without known places, always comes out one way round: the first province in the top-left quarter', () => {
    const data = standard.base.data;
    const renamed = new GameMap({ ...data, locations: data.locations.map((location) => ({ ...location, name: `Land ${location.abbrev}` })) });
    const layout = layOutBoard(renamed);
    const first = layout.provinces[0]!.point;
    const middle = {
      x: layout.provinces.reduce((sum, place) => sum + place.point.x, 0) / layout.provinces.length,
      y: layout.provinces.reduce((sum, place) => sum + place.point.y, 0) / layout.provinces.length,
    };
    expect(first.x).toBeLessThan(middle.x);
    expect(first.y).toBeLessThan(middle.y);
    expect(layOutBoard(renamed)).toEqual(layout);
  });
});
