import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initialPosition } from '../../src/engine/position.js';
import { parseBoardCoordinates } from '../../src/map/board-coordinates.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { boxesOverlap, textBox, type Box } from '../../src/render/svg-text.js';
import { projectRoot } from '../game/support.js';

/**
 * The judge's own standard board, maps/standard.svg (written by scripts/standard-board.mjs): a
 * jDip map whose every province has its shape and its positions, with the opening position's
 * units inside their provinces and nothing drawn over anything else. maps/standard.coords gives
 * the same positions, for a judge that reads only coordinates files.
 */

type Point = readonly [number, number];

const map = readAnyMap(join(projectRoot, 'maps', 'standard.map')).base;
const svg = readFileSync(join(projectRoot, 'maps', 'standard.svg'), 'utf8');
const UNIT = 22;
const DISLODGED = 16;

const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Each province's area: the rings of its path in the MapLayer, by the map's abbreviation. */
const shapes = new Map(
  [...svg.matchAll(/<path id="([a-z]+)" d="([^"]+)"/g)].map(([, id, path]) => [
    id!.toUpperCase(),
    path!
      .split('Z')
      .filter((ring) => ring.trim() !== '')
      .map((ring) =>
        ring
          .replace(/^M/, '')
          .split('L')
          .map((pair) => pair.trim().split(/\s+/).map(Number) as unknown as Point),
      ),
  ]),
);

/** The jdipNS:PROVINCE_DATA positions, by location as the map writes it (`stp-nc` is `STP/NC`). */
const positions = new Map(
  [...svg.matchAll(/<jdipNS:PROVINCE name="([a-z-]+)"><jdipNS:UNIT x="([\d.]+)" y="([\d.]+)"\/><jdipNS:DISLODGED_UNIT x="([\d.]+)" y="([\d.]+)"\/>/g)].map(
    ([, name, x, y, dx, dy]) => [
      name!.toUpperCase().replace('-', '/'),
      { unit: [Number(x), Number(y)] as Point, dislodged: [Number(dx), Number(dy)] as Point },
    ],
  ),
);

const centers = new Map(
  [...svg.matchAll(/<rect id="sc_([a-z]+)"[^>]*>/g)].map(([tag, id]) => {
    const [x, y, width] = ['x', 'y', 'width'].map((name) => Number(attribute(tag, name)));
    return [id!.toUpperCase(), { box: { left: x!, top: y!, right: x! + width!, bottom: y! + width! }, middle: [x! + width! / 2, y! + width! / 2] as Point }];
  }),
);

const labels = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)">([A-Z]+)<\/text>/g)].map(([, x, y, text]) => ({
  text: text!,
  box: textBox(text!, Number(x), Number(y), 10),
}));

/** Even-odd: inside an odd number of the province's rings (its outlines and holes). */
function inside(province: string, [x, y]: Point): boolean {
  let within = false;
  for (const ring of shapes.get(province) ?? []) {
    for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
      const [ax, ay] = ring[index]!;
      const [bx, by] = ring[previous]!;
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) within = !within;
    }
  }
  return within;
}

const square = ([x, y]: Point, size: number): Box => ({ left: x - size / 2, top: y - size / 2, right: x + size / 2, bottom: y + size / 2 });

describe("the judge's own standard board", () => {
  const provinces = [...new Set(map.locations.map((location) => location.province))];

  it('has a shape and positions for every province and coast of the standard map, under the map’s names', () => {
    expect([...shapes.keys()].sort()).toEqual([...provinces].sort());
    expect([...positions.keys()].sort()).toEqual(map.locations.map((location) => location.abbrev).sort());
    expect([...centers.keys()].sort()).toEqual(provinces.filter((province) => map.isCenter(province)).sort());
    expect(labels.map((label) => label.text).sort()).toEqual([...provinces].sort());
  });

  it('stands every unit, dislodged unit and center mark inside its own province, a fleet on a coast on the land of that coast', () => {
    for (const [location, { unit, dislodged }] of positions) {
      const province = location.split('/')[0]!;
      expect({ location, unit: inside(province, unit), dislodged: inside(province, dislodged) }).toEqual({ location, unit: true, dislodged: true });
    }
    for (const [province, { middle }] of centers) expect({ province, inside: inside(province, middle) }).toEqual({ province, inside: true });
    for (const state of initialPosition(map).powers) {
      for (const unit of state.units)
        expect({ unit: unit.location, inside: inside(unit.location.split('/')[0]!, positions.get(unit.location)!.unit) }).toMatchObject({ inside: true });
    }
  });

  it('writes every name inside its own province', () => {
    const astray = labels.filter((label) => !inside(label.text, [(label.box.left + label.box.right) / 2, (label.box.top + label.box.bottom) / 2]));
    expect(astray.map((label) => label.text)).toEqual([]);
  });

  it('keeps its seas water and its lands land, Switzerland impassable, Spain, St Petersburg and Bulgaria with their two coasts', () => {
    for (const province of provinces) {
      const fill = new RegExp(`<path id="${province.toLowerCase()}" d="[^"]+" fill="([^"]+)"`).exec(svg)![1];
      const terrain = map.location(province)!.terrain;
      const expected = province === 'SWI' ? 'shut' : terrain === 'WATER' ? 'sea' : 'land';
      expect({ province, fill }).toEqual({ province, fill: { shut: '#b3ada1', sea: '#a9cbe6', land: '#eadfc3' }[expected] });
    }
    // Each coast faces its own sea: the north coasts lie north of the south ones.
    for (const [north, south] of [
      ['SPA/NC', 'SPA/SC'],
      ['STP/NC', 'STP/SC'],
      ['BUL/EC', 'BUL/SC'],
    ] as const)
      expect(positions.get(north)!.unit[1]).toBeLessThan(positions.get(south)!.unit[1]);
  });

  it('draws no unit, center mark or name over another', () => {
    const marks = [
      ...[...positions].flatMap(([location, { unit, dislodged }]) => [
        { what: `unit ${location}`, box: square(unit, UNIT) },
        { what: `dislodged ${location}`, box: square(dislodged, DISLODGED) },
      ]),
      ...[...centers].map(([province, { box }]) => ({ what: `center ${province}`, box })),
      ...labels.map((label) => ({ what: `name ${label.text}`, box: label.box })),
    ];
    // Units of one province never stand at once (a coast's and the province's), nor does a unit and the dislodged one it replaced cover each other.
    const together = (a: string, b: string): boolean =>
      a.split(' ')[1]!.split('/')[0] !== b.split(' ')[1]!.split('/')[0] || a.startsWith('name') || b.startsWith('name');
    const overlapping = marks.flatMap((a, index) =>
      marks.slice(index + 1).flatMap((b) => (together(a.what, b.what) && boxesOverlap(a.box, b.box) ? [`${a.what} / ${b.what}`] : [])),
    );
    expect(overlapping).toEqual([]);
  });

  it('gives the same positions as maps/standard.coords', () => {
    const file = join(projectRoot, 'maps', 'standard.coords');
    const { coordinates, diagnostics } = parseBoardCoordinates(readFileSync(file, 'utf8'), file);
    expect(diagnostics).toEqual([]);
    for (const [location, { unit }] of positions) {
      const given = coordinates.places.get(location)!.point;
      expect({ location, x: given.x, y: given.y }).toEqual({ location, x: unit[0], y: unit[1] });
    }
  });
});
