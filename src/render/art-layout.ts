import type { BoardArt, BoardDrawing } from '../map/board-art.js';
import type { GameMap } from '../map/game-map.js';
import type { Location } from '../map/model.js';
import { boardLayout, CENTER_RING_RADIUS, DISLODGED_UNIT_SIZE, UNIT_SIZE, type BoardLayout, type ProvincePlace } from './board-layout.js';
import type { Point } from './graph-layout.js';
import { nameCentredAt, placeName, squareAround, TakenBoxes, type NamePlace } from './label-places.js';

/**
 * Where everything of a map goes in its picture, from the map's board art (map/board-art.ts): on a
 * drawing, each unit, dislodged unit, center mark and name where the drawing puts it, over the
 * drawing's own ground; from a coordinates file or the adjacencies, board-layout.ts's layout.
 */
export function artLayout(map: GameMap, art: BoardArt): BoardLayout {
  switch (art.kind) {
    case 'drawing':
      return drawingLayout(map, art.drawing);
    case 'coordinates':
      return boardLayout(map, art.coordinates);
    case 'generated':
      return boardLayout(map, null);
  }
}

const byMap = new WeakMap<GameMap, { drawing: BoardDrawing; layout: BoardLayout }>();

/** A drawing's layout, made once per map object and drawing. */
function drawingLayout(map: GameMap, drawing: BoardDrawing): BoardLayout {
  const kept = byMap.get(map);
  if (kept?.drawing === drawing) return kept.layout;
  const layout = layOutDrawing(map, drawing);
  byMap.set(map, { drawing, layout });
  return layout;
}

/** Smaller than on a laid-out board: a drawing shows its provinces itself, and places them closer. */
const PROVINCE_NAME_SIZE = 8;
/** Where a center mark or a dislodged unit goes when the drawing does not say: as on a laid-out board. */
const CENTER_OFFSET = { x: 14, y: 11 };
const DISLODGED_OFFSET = { x: -12, y: 10 };
/** A dislodged unit's middle stays at least this far from the unit's, so that the two stay told apart. */
const DISLODGED_DISTANCE = Math.hypot(DISLODGED_OFFSET.x, DISLODGED_OFFSET.y);
/** How far beside its placed neighbours a province the drawing leaves out is put. */
const BESIDE = 24;

function offset(point: Point, by: Point): Point {
  return { x: point.x + by.x, y: point.y + by.y };
}

/** A dislodged unit where the drawing puts it, moved out along the same line when it would hide the unit. */
function dislodgedSpot(unit: Point, drawn: Point | null): Point {
  if (drawn === null) return offset(unit, DISLODGED_OFFSET);
  const away = Math.hypot(drawn.x - unit.x, drawn.y - unit.y);
  if (away >= DISLODGED_DISTANCE) return drawn;
  if (away < 1e-6) return offset(unit, DISLODGED_OFFSET);
  return { x: unit.x + ((drawn.x - unit.x) * DISLODGED_DISTANCE) / away, y: unit.y + ((drawn.y - unit.y) * DISLODGED_DISTANCE) / away };
}

/** Each province's point: the drawing's, else a coast's, else beside its placed neighbours, else in a row under the drawing. */
function provincePoints(map: GameMap, drawing: BoardDrawing, provinces: ReadonlyMap<string, Location[]>): Map<string, Point> {
  const points = new Map<string, Point>();
  for (const [province, locations] of provinces) {
    const drawn =
      drawing.places.get(province)?.unit ?? locations.map((location) => drawing.places.get(location.abbrev)?.unit).find((unit) => unit !== undefined);
    if (drawn !== undefined) points.set(province, drawn);
  }
  for (let progress = true; progress;) {
    progress = false;
    for (const [province, locations] of provinces) {
      if (points.has(province)) continue;
      const around = locations.flatMap((location) => location.abuts.flatMap((abut) => points.get(map.location(abut.to)?.province ?? '') ?? []));
      if (around.length === 0) continue;
      const mean = { x: around.reduce((sum, point) => sum + point.x, 0) / around.length, y: around.reduce((sum, point) => sum + point.y, 0) / around.length };
      points.set(province, offset(mean, { x: BESIDE, y: BESIDE }));
      progress = true;
    }
  }
  let column = 0;
  for (const province of provinces.keys()) if (!points.has(province)) points.set(province, { x: 2 * UNIT_SIZE * ++column, y: drawing.height + UNIT_SIZE });
  return points;
}

/** The layout made afresh from a drawing (`artLayout` is the one to call). */
function layOutDrawing(map: GameMap, drawing: BoardDrawing): BoardLayout {
  const provinces = new Map<string, Location[]>();
  for (const location of map.locations) provinces.set(location.province, [...(provinces.get(location.province) ?? []), location]);
  const points = provincePoints(map, drawing, provinces);
  const spots = new Map<string, Point>();
  const dislodgedSpots = new Map<string, Point>();
  for (const location of map.locations) {
    const spot = drawing.places.get(location.abbrev)?.unit ?? points.get(location.province)!;
    spots.set(location.abbrev, spot);
    dislodgedSpots.set(location.abbrev, dislodgedSpot(spot, drawing.places.get(location.abbrev)?.dislodged ?? null));
  }
  const centerSpots = new Map(
    [...points]
      .filter(([province]) => map.isCenter(province))
      .map(([province, point]) => [province, drawing.places.get(province)?.center ?? offset(point, CENTER_OFFSET)]),
  );
  const taken = new TakenBoxes();
  for (const spot of spots.values()) taken.add(squareAround(spot, UNIT_SIZE));
  for (const spot of dislodgedSpots.values()) taken.add(squareAround(spot, DISLODGED_UNIT_SIZE));
  for (const spot of centerSpots.values()) taken.add(squareAround(spot, 2 * CENTER_RING_RADIUS + 2));
  const placed: ProvincePlace[] = [...provinces].map(([province, locations]) => {
    const main = locations.find((location) => location.coast === null) ?? locations[0]!;
    const point = points.get(province)!;
    return {
      province,
      name: main.name,
      terrain: main.terrain,
      point,
      cell: [],
      label: nameOf(province, point, drawing.places.get(province)?.label ?? null, taken),
    };
  });
  const right = Math.max(drawing.width, ...[...spots.values()].map((spot) => spot.x + UNIT_SIZE));
  const bottom = Math.max(drawing.height, ...[...spots.values()].map((spot) => spot.y + UNIT_SIZE));
  return { provinces: placed, coasts: [], spots, dislodgedSpots, centerSpots, width: right, height: bottom, ground: drawing.ground };
}

/** A province's name where the drawing writes it, else the nearest free spot to there; without one, the first free spot beside its unit. */
function nameOf(province: string, point: Point, drawn: Point | null, taken: TakenBoxes): NamePlace {
  if (drawn === null) return placeName({ text: province, size: PROVINCE_NAME_SIZE, around: point, reach: UNIT_SIZE / 2, cell: [] }, taken);
  const place = nameCentredAt(province, PROVINCE_NAME_SIZE, drawn);
  if (taken.hits(place.box)) return placeName({ text: province, size: PROVINCE_NAME_SIZE, around: drawn, reach: 0, cell: [] }, taken);
  taken.add(place.box);
  return place;
}
