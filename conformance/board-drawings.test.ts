import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { initialPosition } from '../src/engine/position.js';
import type { BoardDrawing, DrawingPoint } from '../src/map/board-art.js';
import { splitLocation } from '../src/map/game-map.js';
import { UNIT_SIZE } from '../src/render/board-layout.js';
import type { GameMap } from '../src/map/game-map.js';
import { artLayout } from '../src/render/art-layout.js';
import { boardSvg } from '../src/render/board-svg.js';
import { nameBoxes, namesOverlapping, overlaps, unitBoxes } from '../test/render/board-geometry.js';
import { corpus, DRAWING_CACHE } from './corpus.js';
import { corpusBoards, type CorpusBoard } from './corpus-boards.js';

/** Every board drawing of the corpus (JUDGE_CORPUS, corpus.ts): read, its opening units inside their provinces, nothing drawn over anything. */

const boards = corpusBoards(corpus, DRAWING_CACHE);

function insidePolygon(polygon: readonly DrawingPoint[], point: DrawingPoint): boolean {
  let within = false;
  for (let index = 0, previous = polygon.length - 1; index < polygon.length; previous = index++) {
    const [a, b] = [polygon[index]!, polygon[previous]!];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) within = !within;
  }
  return within;
}

/**
 * The areas of a jDip map's provinces, by the map's province, in the drawing's space: the shapes of
 * its MouseLayer (the ones a player clicks), a path's curves taken by their points. A shape's id is
 * any name the map knows the place by (modern's Liverpool is `liv` in its data, `lpl` in its shapes).
 */
function jdipAreas(svg: string, map: GameMap): Map<string, DrawingPoint[][]> {
  const provinceOf = (id: string): string | undefined => {
    const name = id.replace('-', '/');
    const known = map.lookup(name);
    const location =
      map.location(name) ?? (known !== undefined && !known.ambiguous && known.locations.length === 1 ? map.location(known.locations[0]!) : undefined);
    return location?.province;
  };
  const areas = new Map<string, DrawingPoint[][]>();
  const parser = new SaxesParser();
  const open: { id: string | undefined; shift: DrawingPoint; inMouse: boolean }[] = [];
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const parent = open.at(-1);
    const moved = /translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)/.exec(attributes['transform'] ?? '');
    const shift = { x: (parent?.shift.x ?? 0) + Number(moved?.[1] ?? 0), y: (parent?.shift.y ?? 0) + Number(moved?.[2] ?? 0) };
    const inMouse = parent?.inMouse === true || attributes['id'] === 'MouseLayer';
    const id = parent?.inMouse === true ? (attributes['id'] ?? parent.id) : undefined;
    open.push({ id, shift, inMouse });
    const coordinates = (attributes['points'] ?? attributes['d'] ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    if (id === undefined || coordinates.length < 6) return;
    const polygon = Array.from({ length: coordinates.length / 2 }, (_, index) => ({
      x: coordinates[2 * index]! + shift.x,
      y: coordinates[2 * index + 1]! + shift.y,
    }));
    const province = provinceOf(id) ?? id;
    areas.set(province, [...(areas.get(province) ?? []), polygon]);
  });
  parser.on('closetag', () => void open.pop());
  parser.write(svg).close();
  return areas;
}

/** From the picture's pixels back to the drawing's own space, by the ground's viewBox. */
function drawingSpace(drawing: BoardDrawing): (point: DrawingPoint) => DrawingPoint {
  const [x, y, width] = /viewBox="([^"]+)"/.exec(drawing.ground)![1]!.split(' ').map(Number);
  const scale = drawing.width / width!;
  return (point) => ({ x: point.x / scale + x!, y: point.y / scale + y! });
}

/** The colour of a DPjudge drawing's ground at each point of the picture: its PNG read straight, through the image's transform. */
function groundColours(drawing: BoardDrawing): (point: DrawingPoint) => readonly [number, number, number] {
  const [, a, b, c, d, e, f] = /matrix\(([^ ]+) ([^ ]+) ([^ ]+) ([^ ]+) ([^ ]+) ([^)]+)\)/.exec(drawing.ground)!.map(Number);
  const png = Buffer.from(/base64,([^"]+)"/.exec(drawing.ground)![1]!, 'base64');
  const { width, pixels } = decodeRgbPng(png);
  const det = a! * d! - b! * c!;
  return ({ x, y }) => {
    // The picture's point back to the image's pixel: the inverse of the image's transform.
    const [u, v] = [x - e!, y - f!];
    const column = Math.round((d! * u - c! * v) / det);
    const row = Math.round((a! * v - b! * u) / det);
    const at = 3 * (row * width + column);
    return [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
  };
}

/** An 8-bit RGB PNG (Ghostscript's png16m) into its pixels: its IDAT chunks inflated and each row unfiltered. */
function decodeRgbPng(png: Buffer): { width: number; pixels: Uint8Array } {
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const stride = 3 * width;
  const pixels = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = data[row * (stride + 1)]!;
    for (let index = 0; index < stride; index++) {
      const raw = data[row * (stride + 1) + 1 + index]!;
      const left = index >= 3 ? pixels[row * stride + index - 3]! : 0;
      const up = row > 0 ? pixels[(row - 1) * stride + index]! : 0;
      const corner = row > 0 && index >= 3 ? pixels[(row - 1) * stride + index - 3]! : 0;
      const paeth = () => {
        const guess = left + up - corner;
        const [toLeft, toUp, toCorner] = [Math.abs(guess - left), Math.abs(guess - up), Math.abs(guess - corner)];
        return toLeft <= toUp && toLeft <= toCorner ? left : toUp <= toCorner ? up : corner;
      };
      const predicted = [0, left, up, (left + up) >> 1, 0][filter] ?? 0;
      pixels[row * stride + index] = (raw + (filter === 4 ? paeth() : predicted)) & 0xff;
    }
  }
  return { width, pixels };
}

function nearOutline(polygon: readonly DrawingPoint[], point: DrawingPoint, reach: number): boolean {
  return polygon.some((a, index) => {
    const b = polygon[(index + 1) % polygon.length]!;
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const along = Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    return Math.hypot(a.x + along * dx - point.x, a.y + along * dy - point.y) <= reach;
  });
}

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * Where the opening units are not in their provinces, as the picture stands them (the drawing
 * enlarged, crowded badges pulled apart: art-layout.ts): by the shapes for a jDip map, by the sea's
 * colour on a DPjudge drawing.
 */
function unitsOutside(board: CorpusBoard): string[] {
  const map = board.definition.base;
  const units = initialPosition(map).powers.flatMap((power) => power.units);
  const layout = artLayout(map, board.art);
  const enlarged = Number(/^<g transform="scale\(([\d.]+)\)">/.exec(layout.ground ?? '')?.[1] ?? 1);
  const spot = (location: string): DrawingPoint | undefined => {
    const drawn = board.drawing.places.has(location) ? layout.spots.get(location) : undefined;
    return drawn === undefined ? undefined : { x: drawn.x / enlarged, y: drawn.y / enlarged };
  };
  const problems = units.filter((unit) => spot(unit.location) === undefined).map((unit) => `${unit.type} ${unit.location} is not placed by the drawing`);
  if (board.drawing.kind === 'jdip') {
    const areas = jdipAreas(readFileSync(board.path, 'utf8'), map);
    const back = drawingSpace(board.drawing);
    // Within half a badge of the province's outline counts: jDip stands some fleets on their coast's line.
    const reach = (UNIT_SIZE / 2) * (back({ x: 1, y: 0 }).x - back({ x: 0, y: 0 }).x);
    for (const unit of units) {
      const at = spot(unit.location);
      const shapes = areas.get(splitLocation(unit.location).province) ?? [];
      const point = at === undefined ? null : back(at);
      if (point !== null && !shapes.some((shape) => insidePolygon(shape, point) || nearOutline(shape, point, reach))) {
        problems.push(`${unit.type} ${unit.location} stands outside its province`);
      }
    }
    return problems;
  }
  const colour = groundColours(board.drawing);
  const seas = map.locations.filter((location) => location.terrain === 'WATER' && spot(location.abbrev) !== undefined);
  const counts = new Map<string, number>();
  for (const sea of seas) counts.set(colour(spot(sea.abbrev)!).join(), (counts.get(colour(spot(sea.abbrev)!).join()) ?? 0) + 1);
  // A board with no sea (pure) has no sea colour to tell a unit from.
  if (counts.size === 0) return problems;
  const seaColour = [...counts]
    .sort((a, b) => b[1] - a[1])[0]![0]
    .split(',')
    .map(Number);
  // The ground under a unit's badge, not one pixel: a small island's unit may stand on its coast.
  const under = (at: DrawingPoint) =>
    [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => distance(colour({ x: at.x + (dx * UNIT_SIZE) / 3, y: at.y + (dy * UNIT_SIZE) / 3 }), seaColour) <= 40));
  for (const sea of seas) if (!under(spot(sea.abbrev)!).some((isSea) => isSea)) problems.push(`the sea ${sea.abbrev} is placed off the sea`);
  for (const unit of units) {
    const location = map.location(unit.location)!;
    if (location.coast === null && location.terrain !== 'WATER' && under(spot(unit.location)!).every((isSea) => isSea)) {
      problems.push(`${unit.type} ${unit.location} stands in the sea`);
    }
  }
  return problems;
}

describe('every board drawing of the corpus', () => {
  it('is read, 25 DPjudge drawings and 4 jDip maps', () => {
    expect(boards.filter((board) => board.drawing.kind === 'postscript').length).toBeGreaterThanOrEqual(25);
    expect(boards.filter((board) => board.drawing.kind === 'jdip').length).toBe(4);
    expect(boards.flatMap((board) => board.warnings.filter((warning) => warning.includes('drawn without it')))).toEqual([]);
  });

  // By name: vitest formats each case's arguments, and a board holds its whole map and drawing.
  const byName = new Map(boards.map((board) => [board.name, board]));
  it.each([...byName.keys()])('%s has the opening units inside their provinces, and no unit or name over another', (name) => {
    const board = byName.get(name)!;
    const map = board.definition.base;
    const svg = boardSvg(map, initialPosition(map), { title: board.name, art: board.art });
    expect(unitsOutside(board)).toEqual([]);
    expect(overlaps(unitBoxes(svg))).toEqual([]);
    expect(namesOverlapping(svg)).toEqual([]);
    // On the board, not over the picture's header or legend.
    const { width, height } = artLayout(map, board.art);
    const off = nameBoxes(svg).filter(({ box }) => box.left < 0 || box.top < 0 || box.right > width || box.bottom > height);
    expect(off.map((name) => name.what)).toEqual([]);
  });
});
