import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { SaxesParser } from 'saxes';
import { initialPosition } from '../src/engine/position.js';
import type { BoardDrawing, DrawingPoint } from '../src/map/board-art.js';
import { splitLocation } from '../src/map/game-map.js';
import { boardSvg } from '../src/render/board-svg.js';
import { namesOverlapping, overlaps, unitBoxes } from '../test/render/board-geometry.js';
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
 * The areas of a jDip map's provinces, by id, in the drawing's space: the shapes of its MouseLayer
 * (the ones a player clicks), a path's curves taken by their points.
 */
function jdipAreas(svg: string): Map<string, DrawingPoint[][]> {
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
    areas.set(id.toLowerCase(), [...(areas.get(id.toLowerCase()) ?? []), polygon]);
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

/** The ground's colour at each point, as the PNG renderer draws it. */
function groundColours(drawing: BoardDrawing): (point: DrawingPoint) => readonly [number, number, number] {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${drawing.width}" height="${drawing.height}">${drawing.ground}</svg>`;
  const image = new Resvg(svg).render();
  return ({ x, y }) => {
    const at = 4 * (Math.round(y) * image.width + Math.round(x));
    return [image.pixels[at]!, image.pixels[at + 1]!, image.pixels[at + 2]!];
  };
}

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** Where the opening units are not in their provinces: by the shapes for a jDip map, by the sea's colour on a DPjudge drawing. */
function unitsOutside(board: CorpusBoard): string[] {
  const map = board.definition.base;
  const units = initialPosition(map).powers.flatMap((power) => power.units);
  const spot = (location: string) => board.drawing.places.get(location)?.unit;
  const problems = units.filter((unit) => spot(unit.location) === undefined).map((unit) => `${unit.type} ${unit.location} is not placed by the drawing`);
  if (board.drawing.kind === 'jdip') {
    const areas = jdipAreas(readFileSync(board.path, 'utf8'));
    const back = drawingSpace(board.drawing);
    for (const unit of units) {
      const at = spot(unit.location);
      const shapes = areas.get(unit.location.toLowerCase().replace('/', '-')) ?? areas.get(splitLocation(unit.location).province.toLowerCase()) ?? [];
      if (at !== undefined && !shapes.some((shape) => insidePolygon(shape, back(at))))
        problems.push(`${unit.type} ${unit.location} stands outside its province`);
    }
    return problems;
  }
  const colour = groundColours(board.drawing);
  const seas = map.locations.filter((location) => location.terrain === 'WATER' && spot(location.abbrev) !== undefined);
  const counts = new Map<string, number>();
  for (const sea of seas) counts.set(colour(spot(sea.abbrev)!).join(), (counts.get(colour(spot(sea.abbrev)!).join()) ?? 0) + 1);
  const seaColour = [...counts]
    .sort((a, b) => b[1] - a[1])[0]![0]
    .split(',')
    .map(Number);
  for (const sea of seas) if (distance(colour(spot(sea.abbrev)!), seaColour) > 40) problems.push(`the sea ${sea.abbrev} is placed off the sea`);
  for (const unit of units) {
    const location = map.location(unit.location)!;
    if (location.coast === null && location.terrain !== 'WATER' && distance(colour(spot(unit.location)!), seaColour) <= 40)
      problems.push(`${unit.type} ${unit.location} stands in the sea`);
  }
  return problems;
}

describe('every board drawing of the corpus', () => {
  it('is read, 25 DPjudge drawings and 4 jDip maps', () => {
    expect(boards.filter((board) => board.drawing.kind === 'postscript').length).toBeGreaterThanOrEqual(25);
    expect(boards.filter((board) => board.drawing.kind === 'jdip').length).toBe(4);
    expect(boards.flatMap((board) => board.warnings.filter((warning) => warning.includes('drawn without it')))).toEqual([]);
  });

  it.each(boards.map((board) => [board.name, board] as const))(
    '%s has the opening units inside their provinces, and no unit or name over another',
    (_, board) => {
      const map = board.definition.base;
      const svg = boardSvg(map, initialPosition(map), { title: board.name, art: board.art });
      expect([...unitsOutside(board), ...namesOverlapping(svg), ...overlaps(unitBoxes(svg))]).toEqual([]);
    },
  );
});
