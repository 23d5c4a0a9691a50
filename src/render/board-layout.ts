import type { BoardCoordinates, PlaceCoordinates } from '../map/board-coordinates.js';
import type { GameMap } from '../map/game-map.js';
import type { Location, Terrain } from '../map/model.js';
import { provinceCells } from './cells.js';
import { GOLDEN_ANGLE, layoutGraph, separate, settleAround, type Point } from './graph-layout.js';
import { knownAnchors, orientLayout } from './known-places.js';
import { nameCentredAt, placeName, squareAround, TakenBoxes, type NamePlace, type NameToPlace } from './label-places.js';
import type { Box } from './svg-text.js';

/**
 * Where everything of a map goes in the picture, in pixels. A map with a coordinates file
 * (`<map>.coords`, read by the map loader) has its provinces where the file puts them; any other
 * is placed by a stress layout of its adjacency graph (graph-layout.ts), turned the way its
 * provinces stand on the globe where their names are known (known-places.ts), and settled again
 * with those provinces pulled to their real places. Each province's
 * cell is laid around its point, each coast sits on the rim of its province towards the places
 * it reaches, and every name is put where it covers no unit, no center and no other name.
 * Laying out a map takes tens of milliseconds (over a hundred for the largest), so a layout is
 * made once and kept: per map object, and per geography, because a game's map may be built anew
 * for a phase (IN and FROM blocks) without its geography changing.
 */

export interface ProvincePlace {
  readonly province: string;
  readonly name: string;
  readonly terrain: Terrain;
  readonly point: Point;
  /** The province's area: a polygon around `point`. */
  readonly cell: readonly Point[];
  /** Where its abbreviation is written. */
  readonly label: NamePlace;
}

interface CoastPlace {
  /** The location (`SPA/NC`). */
  readonly location: string;
  /** The coast part (`NC`). */
  readonly coast: string;
  readonly point: Point;
  /** Where the coast part is written. */
  readonly label: NamePlace;
}

export interface BoardLayout {
  readonly provinces: readonly ProvincePlace[];
  readonly coasts: readonly CoastPlace[];
  /** Where a unit on each location stands: its province's point, or its coast's mark. */
  readonly spots: ReadonlyMap<string, Point>;
  /** Where a unit dislodged from each location is drawn: beside the unit that dislodged it, not under it. */
  readonly dislodgedSpots: ReadonlyMap<string, Point>;
  /** Where each supply center's mark sits, by province: beside the unit standing there. */
  readonly centerSpots: ReadonlyMap<string, Point>;
  /** The board's size; everything drawn lies inside it. */
  readonly width: number;
  readonly height: number;
  /** A drawing's ground (map/board-art.ts), drawn instead of the provinces' cells. */
  readonly ground?: string;
}

/** Pixels per graph edge: room for a unit, a center mark and a label around each province point. */
export const EDGE = 64;
/** The sides of a unit's badge, standing and dislodged, and the radius of a home center's ring. */
export const UNIT_SIZE = 18;
export const DISLODGED_UNIT_SIZE = 16;
export const CENTER_RING_RADIUS = 8.5;
const PROVINCE_NAME_SIZE = 10;
const COAST_NAME_SIZE = 8;
const CENTER_OFFSET = { x: 14, y: 11 };
const DISLODGED_OFFSET = { x: -12, y: 10 };
const MARGIN = 8;
/** The smallest cell, and the largest: a cell reaches this share of the way to its farthest neighbour. */
const CELL_RADIUS = 0.62 * EDGE;
const MAX_CELL_RADIUS = 1.6 * EDGE;
const CELL_SHARE = 0.6;
/** The closest two provinces of a coordinates file are drawn: a unit and its center mark between them. */
const MIN_GAP = 0.6 * EDGE;
/** The closest two provinces of a graph layout are drawn: room for their units, center marks and names. */
const GRAPH_GAP = 0.9 * EDGE;
const COAST_OFFSET = 0.34 * EDGE;
/** Closest two coast marks of one province may be. */
const COAST_GAP = 16;

const byMap = new WeakMap<GameMap, { coordinates: BoardCoordinates | null; layout: BoardLayout }>();
/** The most recently used layouts by geography; a judge runs games on a few dozen maps at most. */
const byGeography = new Map<string, BoardLayout>();
const GEOGRAPHIES_KEPT = 64;

/** Everything the layout depends on: places, their names and terrain, their adjacencies, and where the coordinates put them. */
function geography(map: GameMap, coordinates: BoardCoordinates | null): string {
  const places = map.locations
    .map(
      (location) => `${location.abbrev} ${location.terrain} ${location.name}\t${location.abuts.map((abut) => `${abut.to}${abut.armies ? 'a' : ''}`).join(' ')}`,
    )
    .join('\n');
  if (coordinates === null) return places;
  const drawn = [...coordinates.places].map(([place, { point, label }]) => `${place} ${point.x} ${point.y}${label === null ? '' : ` ${label.x} ${label.y}`}`);
  return `${places}\n\n${drawn.join('\n')}`;
}

export function boardLayout(map: GameMap, coordinates: BoardCoordinates | null = null): BoardLayout {
  const kept = byMap.get(map);
  if (kept && kept.coordinates === coordinates) return kept.layout;
  const key = geography(map, coordinates);
  const layout = byGeography.get(key) ?? layOutBoard(map, coordinates);
  byGeography.delete(key);
  byGeography.set(key, layout);
  if (byGeography.size > GEOGRAPHIES_KEPT) byGeography.delete(byGeography.keys().next().value!);
  byMap.set(map, { coordinates, layout });
  return layout;
}

interface ProvinceNode {
  readonly province: string;
  readonly locations: Location[];
}

function provinceNodes(map: GameMap): ProvinceNode[] {
  const byProvince = new Map<string, ProvinceNode>();
  for (const location of map.locations) {
    const node = byProvince.get(location.province);
    if (node) node.locations.push(location);
    else byProvince.set(location.province, { province: location.province, locations: [location] });
  }
  return [...byProvince.values()];
}

/** The province the abut leads to, when the map knows the place (a broken abut is the map checker's business). */
function provinceOfTarget(map: GameMap, to: string): string | undefined {
  return map.location(to)?.province;
}

interface ProvinceEdge {
  readonly a: number;
  readonly b: number;
}

function provinceEdges(map: GameMap, nodes: readonly ProvinceNode[], index: ReadonlyMap<string, number>): Map<string, ProvinceEdge> {
  const edges = new Map<string, ProvinceEdge>();
  for (const [from, node] of nodes.entries()) {
    for (const location of node.locations) {
      for (const abut of location.abuts) {
        const target = provinceOfTarget(map, abut.to);
        const to = target === undefined ? undefined : index.get(target);
        if (to === undefined || to === from) continue;
        const [a, b] = from < to ? [from, to] : [to, from];
        const key = `${a} ${b}`;
        if (!edges.has(key)) edges.set(key, { a, b });
      }
    }
  }
  return edges;
}

function terrainOf(node: ProvinceNode): Terrain {
  return (node.locations.find((location) => location.coast === null) ?? node.locations[0]!).terrain;
}

function nameOf(node: ProvinceNode): string {
  return (node.locations.find((location) => location.coast === null) ?? node.locations[0]!).name;
}

/**
 * The direction of a coast from its province's point: the mean direction of the seas it touches
 * (of every place it reaches when it touches none), so that a fleet on it is drawn on that side.
 */
function coastAngle(map: GameMap, location: Location, centre: Point, points: ReadonlyMap<string, Point>, order: number): number {
  const reached = location.abuts.flatMap((abut) => {
    const target = map.location(abut.to);
    return target === undefined || target.province === location.province ? [] : [target];
  });
  const seas = reached.filter((target) => target.terrain === 'WATER');
  let dx = 0;
  let dy = 0;
  for (const target of seas.length > 0 ? seas : reached) {
    const point = points.get(target.province);
    if (!point) continue;
    const length = Math.hypot(point.x - centre.x, point.y - centre.y);
    if (length < 1e-9) continue;
    dx += (point.x - centre.x) / length;
    dy += (point.y - centre.y) / length;
  }
  return Math.hypot(dx, dy) < 1e-6 ? (order * 2 * Math.PI) / 3 : Math.atan2(dy, dx);
}

/** How far the ray from `centre` at `angle` runs inside `cell` (a convex polygon around it) before it leaves. */
function reachInside(cell: readonly Point[], centre: Point, angle: number): number {
  const direction = { x: Math.cos(angle), y: Math.sin(angle) };
  let reach = Infinity;
  for (let index = 0; index < cell.length; index++) {
    const a = cell[index]!;
    const b = cell[(index + 1) % cell.length]!;
    const edge = { x: b.x - a.x, y: b.y - a.y };
    const denominator = direction.x * edge.y - direction.y * edge.x;
    if (Math.abs(denominator) < 1e-12) continue;
    const along = ((a.x - centre.x) * edge.y - (a.y - centre.y) * edge.x) / denominator;
    const share = ((a.x - centre.x) * direction.y - (a.y - centre.y) * direction.x) / denominator;
    if (along > 0 && share >= 0 && share <= 1) reach = Math.min(reach, along);
  }
  return reach;
}

/**
 * Marks for a province's coasts towards the seas they touch, inside the province's cell: as far
 * out as COAST_OFFSET, or as leaves a unit there wholly inside. Coasts facing the same way (two
 * coasts of an island) are turned apart.
 */
function coastPoints(map: GameMap, coasts: readonly Location[], centre: Point, cell: readonly Point[], points: ReadonlyMap<string, Point>): Point[] {
  const placed: Point[] = [];
  const at = (angle: number): Point => {
    const reach = cell.length < 3 ? COAST_OFFSET : reachInside(cell, centre, angle);
    const distance = Math.min(COAST_OFFSET, Math.max(reach / 2, reach - UNIT_SIZE / 2 - 1));
    return { x: centre.x + distance * Math.cos(angle), y: centre.y + distance * Math.sin(angle) };
  };
  for (const [order, location] of coasts.entries()) {
    let angle = coastAngle(map, location, centre, points, order);
    let point = at(angle);
    for (let turn = 0; turn < 12 && placed.some((other) => Math.hypot(other.x - point.x, other.y - point.y) < COAST_GAP); turn++) {
      angle += Math.PI / 6;
      point = at(angle);
    }
    placed.push(point);
  }
  return placed;
}

/**
 * The provinces where a coordinates file puts them. One it leaves out goes beside its neighbours
 * that are placed (one with none placed, in a row below the board); then provinces closer than
 * MIN_GAP are pushed apart.
 */
function pointsFromCoordinates(nodes: readonly ProvinceNode[], edges: Iterable<ProvinceEdge>, coordinates: BoardCoordinates): Point[] {
  const placed: (Point | null)[] = nodes.map((node) => {
    const point = coordinates.places.get(node.province)?.point;
    return point === undefined ? null : { x: point.x, y: point.y };
  });
  const neighbours: number[][] = nodes.map(() => []);
  for (const edge of edges) {
    neighbours[edge.a]!.push(edge.b);
    neighbours[edge.b]!.push(edge.a);
  }
  // A province the file leaves out goes beside its neighbours that it places, ring by ring outwards.
  for (let progress = true; progress;) {
    progress = false;
    for (const [index, point] of placed.entries()) {
      if (point !== null) continue;
      const around = neighbours[index]!.flatMap((neighbour) => placed[neighbour] ?? []);
      if (around.length === 0) continue;
      const angle = index * GOLDEN_ANGLE;
      placed[index] = {
        x: around.reduce((sum, other) => sum + other.x, 0) / around.length + MIN_GAP * Math.cos(angle),
        y: around.reduce((sum, other) => sum + other.y, 0) / around.length + MIN_GAP * Math.sin(angle),
      };
      progress = true;
    }
  }
  const bottom = Math.max(0, ...placed.flatMap((point) => (point === null ? [] : [point.y])));
  let column = 0;
  const points = placed.map((point) => point ?? { x: MIN_GAP * ++column, y: bottom + MIN_GAP });
  separate(points, MIN_GAP);
  return points;
}

/** The adjacency graph laid out, turned the way the known provinces stand on the globe, in pixels. */
function pointsFromGraph(nodes: readonly ProvinceNode[], edges: Iterable<ProvinceEdge>): Point[] {
  const pairs = [...edges].map((edge) => [edge.a, edge.b] as const);
  const names = nodes.map(nameOf);
  const points = layoutGraph(nodes.length, pairs, { minSeparation: GRAPH_GAP / EDGE });
  orientLayout(points, names);
  // The provinces known by name then go where they really are, and the rest between them.
  const anchors = knownAnchors(points, names);
  if (anchors.size > 0) settleAround(points, pairs, anchors, GRAPH_GAP / EDGE);
  return points.map((point) => ({ x: point.x * EDGE, y: point.y * EDGE }));
}

/**
 * How far each province's cell may reach from its point: far enough to meet its farthest
 * neighbour halfway (a province with distant neighbours, like a sea, gets a large cell), within
 * bounds, so that a province on the edge of the board does not spread out to the frame.
 */
function cellRadii(points: readonly Point[], edges: Iterable<ProvinceEdge>): number[] {
  const farthest = points.map(() => 0);
  for (const edge of edges) {
    const length = Math.hypot(points[edge.a]!.x - points[edge.b]!.x, points[edge.a]!.y - points[edge.b]!.y);
    farthest[edge.a] = Math.max(farthest[edge.a]!, length);
    farthest[edge.b] = Math.max(farthest[edge.b]!, length);
  }
  return farthest.map((length) => Math.min(MAX_CELL_RADIUS, Math.max(CELL_RADIUS, CELL_SHARE * length)));
}

function offset(point: Point, by: Point): Point {
  return { x: point.x + by.x, y: point.y + by.y };
}

/** Every box a unit or a center mark may take: no name may cover one. */
function markBoxes(spots: ReadonlyMap<string, Point>, dislodgedSpots: ReadonlyMap<string, Point>, centerSpots: ReadonlyMap<string, Point>): TakenBoxes {
  const taken = new TakenBoxes();
  for (const spot of spots.values()) taken.add(squareAround(spot, UNIT_SIZE));
  for (const spot of dislodgedSpots.values()) taken.add(squareAround(spot, DISLODGED_UNIT_SIZE));
  for (const spot of centerSpots.values()) taken.add(squareAround(spot, 2 * CENTER_RING_RADIUS + 2));
  return taken;
}

/** The name of a place: where the coordinates file puts it, or the first free spot beside the place. */
function nameOfPlace(name: NameToPlace, given: PlaceCoordinates | undefined, taken: TakenBoxes): NamePlace {
  const label = given?.label ?? null;
  if (label === null) return placeName(name, taken);
  const place = nameCentredAt(name.text, name.size, label);
  taken.add(place.box);
  return place;
}

/** The layout made afresh, without the caches (`boardLayout` is the one to call). */
export function layOutBoard(map: GameMap, coordinates: BoardCoordinates | null = null): BoardLayout {
  const nodes = provinceNodes(map);
  const index = new Map(nodes.map((node, position) => [node.province, position]));
  const edges = [...provinceEdges(map, nodes, index).values()];
  const points = coordinates === null ? pointsFromGraph(nodes, edges) : pointsFromCoordinates(nodes, edges, coordinates);
  const pointOf = new Map(nodes.map((node, position) => [node.province, points[position]!]));
  const cells = provinceCells(points, cellRadii(points, edges));
  const spots = new Map<string, Point>();
  const coastLocations: Location[] = [];
  for (const [position, node] of nodes.entries()) {
    const centre = pointOf.get(node.province)!;
    for (const location of node.locations) if (location.coast === null) spots.set(location.abbrev, centre);
    const coasts = node.locations.filter((location) => location.coast !== null);
    const computed = coastPoints(map, coasts, centre, cells[position]!, pointOf);
    for (const [order, location] of coasts.entries()) {
      const given = coordinates?.places.get(location.abbrev)?.point;
      spots.set(location.abbrev, given === undefined ? computed[order]! : { x: given.x, y: given.y });
      coastLocations.push(location);
    }
  }
  const dislodgedSpots = new Map([...spots].map(([location, spot]) => [location, offset(spot, DISLODGED_OFFSET)]));
  const centerSpots = new Map(
    nodes.filter((node) => map.isCenter(node.province)).map((node) => [node.province, offset(pointOf.get(node.province)!, CENTER_OFFSET)]),
  );
  const taken = markBoxes(spots, dislodgedSpots, centerSpots);
  // Coast tags first: each must find room inside its own province, beside its fleet, where a province name may go anywhere in it.
  const coasts = coastLocations.map((location) => {
    const point = spots.get(location.abbrev)!;
    const centre = pointOf.get(location.province)!;
    const name = {
      text: location.coast!.toLowerCase(),
      size: COAST_NAME_SIZE,
      around: point,
      reach: UNIT_SIZE / 2,
      // In its own province, where it can be: beside the fleet, not across the border.
      cell: cells[index.get(location.province)!]!,
      facing: { x: point.x - centre.x, y: point.y - centre.y },
    };
    return { location: location.abbrev, coast: location.coast!, point, label: nameOfPlace(name, coordinates?.places.get(location.abbrev), taken) };
  });
  const provinces = nodes.map((node, position) => {
    const point = points[position]!;
    const cell = cells[position]!;
    const name = { text: node.province, size: PROVINCE_NAME_SIZE, around: point, reach: UNIT_SIZE / 2, cell };
    return {
      province: node.province,
      name: nameOf(node),
      terrain: terrainOf(node),
      point,
      cell,
      label: nameOfPlace(name, coordinates?.places.get(node.province), taken),
    };
  });
  return framed({ provinces, coasts, spots, dislodgedSpots, centerSpots, width: 0, height: 0 });
}

/** The smallest box holding every box given. */
function bounds(boxes: Iterable<Box>): Box | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.left);
    top = Math.min(top, box.top);
    right = Math.max(right, box.right);
    bottom = Math.max(bottom, box.bottom);
  }
  return left === Infinity ? null : { left, top, right, bottom };
}

function* drawnBoxes(layout: BoardLayout): Generator<Box> {
  for (const place of layout.provinces) {
    yield place.label.box;
    for (const corner of place.cell) yield squareAround(corner, 0);
  }
  for (const coast of layout.coasts) yield coast.label.box;
  for (const spot of layout.spots.values()) yield squareAround(spot, UNIT_SIZE);
  for (const spot of layout.dislodgedSpots.values()) yield squareAround(spot, DISLODGED_UNIT_SIZE);
}

/** The layout moved so that everything drawn lies a margin inside the board, and the board's size. */
function framed(layout: BoardLayout): BoardLayout {
  const all = bounds(drawnBoxes(layout));
  if (all === null) return { ...layout, width: 2 * MARGIN, height: 2 * MARGIN };
  const by = { x: MARGIN - all.left, y: MARGIN - all.top };
  const moved = (point: Point): Point => offset(point, by);
  const movedName = (name: NamePlace): NamePlace => ({ ...name, at: moved(name.at), box: shiftedBox(name.box, by) });
  const movedSpots = (spots: ReadonlyMap<string, Point>) => new Map([...spots].map(([key, spot]) => [key, moved(spot)]));
  return {
    provinces: layout.provinces.map((place) => ({ ...place, point: moved(place.point), cell: place.cell.map(moved), label: movedName(place.label) })),
    coasts: layout.coasts.map((coast) => ({ ...coast, point: moved(coast.point), label: movedName(coast.label) })),
    spots: movedSpots(layout.spots),
    dislodgedSpots: movedSpots(layout.dislodgedSpots),
    centerSpots: movedSpots(layout.centerSpots),
    width: all.right + by.x + MARGIN,
    height: all.bottom + by.y + MARGIN,
  };
}

function shiftedBox(box: Box, by: Point): Box {
  return { left: box.left + by.x, top: box.top + by.y, right: box.right + by.x, bottom: box.bottom + by.y };
}
