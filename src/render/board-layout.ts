import type { GameMap } from '../map/game-map.js';
import type { Location, Terrain } from '../map/model.js';
import { provinceCells } from './cells.js';
import { layoutGraph, type Point } from './graph-layout.js';

/**
 * Where everything of a map goes in the picture, in pixels. Map files have no coordinates, so the
 * provinces are placed by a stress layout of their adjacency graph (graph-layout.ts); each coast
 * sits on the rim of its province, towards the places it reaches. Laying out a map takes tens of
 * milliseconds (over a hundred for the largest), so a layout is made once and kept: per map
 * object, and per geography, because a map is built anew for each phase a game reaches.
 */

export interface ProvincePlace {
  readonly province: string;
  readonly name: string;
  readonly terrain: Terrain;
  readonly point: Point;
  /** The province's area: a polygon around `point`. */
  readonly cell: readonly Point[];
}

export interface CoastPlace {
  /** The location (`SPA/NC`). */
  readonly location: string;
  /** The coast part (`NC`). */
  readonly coast: string;
  readonly point: Point;
}

export interface Adjacency {
  readonly from: Point;
  readonly to: Point;
  /** Only fleets cross it (a sea route between coasts that armies cannot take). */
  readonly fleetsOnly: boolean;
}

export interface BoardLayout {
  readonly provinces: readonly ProvincePlace[];
  readonly coasts: readonly CoastPlace[];
  readonly adjacencies: readonly Adjacency[];
  /** Where a unit on each location stands: its province's point, or its coast's mark. */
  readonly spots: ReadonlyMap<string, Point>;
  /** The board's size; every point lies inside it. */
  readonly width: number;
  readonly height: number;
}

/** Pixels per graph edge: room for a unit, a center mark and a label around each province point. */
export const EDGE = 64;
const MARGIN = 44;
const CELL_RADIUS = 0.62 * EDGE;
const COAST_OFFSET = 0.34 * EDGE;
/** Closest two coast marks of one province may be. */
const COAST_GAP = 16;

const byMap = new WeakMap<GameMap, BoardLayout>();
/** The most recently used layouts by geography; a judge runs games on a few dozen maps at most. */
const byGeography = new Map<string, BoardLayout>();
const GEOGRAPHIES_KEPT = 64;

/** Everything the layout depends on: places, their names and terrain, and their adjacencies. */
function geography(map: GameMap): string {
  return map.locations
    .map((location) => `${location.abbrev} ${location.terrain} ${location.name}\t${location.abuts.map((abut) => `${abut.to}${abut.armies ? 'a' : ''}`).join(' ')}`)
    .join('\n');
}

export function boardLayout(map: GameMap): BoardLayout {
  let layout = byMap.get(map);
  if (layout) return layout;
  const key = geography(map);
  layout = byGeography.get(key) ?? layOutBoard(map);
  byGeography.delete(key);
  byGeography.set(key, layout);
  if (byGeography.size > GEOGRAPHIES_KEPT) byGeography.delete(byGeography.keys().next().value!);
  byMap.set(map, layout);
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

function provinceEdges(map: GameMap, nodes: readonly ProvinceNode[], index: ReadonlyMap<string, number>): Map<string, { a: number; b: number; armies: boolean }> {
  const edges = new Map<string, { a: number; b: number; armies: boolean }>();
  for (const [from, node] of nodes.entries()) {
    for (const location of node.locations) {
      for (const abut of location.abuts) {
        const target = provinceOfTarget(map, abut.to);
        const to = target === undefined ? undefined : index.get(target);
        if (to === undefined || to === from) continue;
        const [a, b] = from < to ? [from, to] : [to, from];
        const key = `${a} ${b}`;
        const edge = edges.get(key) ?? { a, b, armies: false };
        // An abut an army may take between two places armies stand on makes the pair a land connection.
        edge.armies ||= abut.armies && location.armiesMayOccupy && map.location(abut.to)?.armiesMayOccupy === true;
        edges.set(key, edge);
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

/** The direction of a coast from its province's point: the mean direction of the provinces it reaches. */
function coastAngle(map: GameMap, location: Location, centre: Point, points: ReadonlyMap<string, Point>, order: number): number {
  let dx = 0;
  let dy = 0;
  for (const abut of location.abuts) {
    const target = provinceOfTarget(map, abut.to);
    const point = target === undefined ? undefined : points.get(target);
    if (!point || target === location.province) continue;
    const length = Math.hypot(point.x - centre.x, point.y - centre.y);
    if (length < 1e-9) continue;
    dx += (point.x - centre.x) / length;
    dy += (point.y - centre.y) / length;
  }
  return Math.hypot(dx, dy) < 1e-6 ? (order * 2 * Math.PI) / 3 : Math.atan2(dy, dx);
}

/** Marks for a province's coasts on its rim; coasts facing the same way (two coasts of an island) are turned apart. */
function coastPoints(map: GameMap, coasts: readonly Location[], centre: Point, points: ReadonlyMap<string, Point>): Point[] {
  const placed: Point[] = [];
  for (const [order, location] of coasts.entries()) {
    let angle = coastAngle(map, location, centre, points, order);
    let point = { x: centre.x + COAST_OFFSET * Math.cos(angle), y: centre.y + COAST_OFFSET * Math.sin(angle) };
    for (let turn = 0; turn < 12 && placed.some((other) => Math.hypot(other.x - point.x, other.y - point.y) < COAST_GAP); turn++) {
      angle += Math.PI / 6;
      point = { x: centre.x + COAST_OFFSET * Math.cos(angle), y: centre.y + COAST_OFFSET * Math.sin(angle) };
    }
    placed.push(point);
  }
  return placed;
}

/** The layout made afresh, without the caches (`boardLayout` is the one to call). */
export function layOutBoard(map: GameMap): BoardLayout {
  const nodes = provinceNodes(map);
  const index = new Map(nodes.map((node, position) => [node.province, position]));
  const edges = provinceEdges(map, nodes, index);
  const raw = layoutGraph(nodes.length, [...edges.values()].map((edge) => [edge.a, edge.b] as const));
  const minX = raw.length === 0 ? 0 : Math.min(...raw.map((point) => point.x));
  const minY = raw.length === 0 ? 0 : Math.min(...raw.map((point) => point.y));
  const points = raw.map((point) => ({ x: MARGIN + (point.x - minX) * EDGE, y: MARGIN + (point.y - minY) * EDGE }));
  const pointOf = new Map(nodes.map((node, position) => [node.province, points[position]!]));
  const cells = provinceCells(points, CELL_RADIUS);
  const provinces = nodes.map((node, position) => ({
    province: node.province,
    name: nameOf(node),
    terrain: terrainOf(node),
    point: points[position]!,
    cell: cells[position]!,
  }));
  const spots = new Map<string, Point>();
  const coasts: CoastPlace[] = [];
  for (const node of nodes) {
    const centre = pointOf.get(node.province)!;
    for (const location of node.locations) if (location.coast === null) spots.set(location.abbrev, centre);
    const coastLocations = node.locations.filter((location) => location.coast !== null);
    for (const [order, point] of coastPoints(map, coastLocations, centre, pointOf).entries()) {
      const location = coastLocations[order]!;
      spots.set(location.abbrev, point);
      coasts.push({ location: location.abbrev, coast: location.coast!, point });
    }
  }
  const adjacencies = [...edges.values()].map((edge) => ({ from: points[edge.a]!, to: points[edge.b]!, fleetsOnly: !edge.armies }));
  const width = Math.max(...points.map((point) => point.x), MARGIN) + MARGIN;
  const height = Math.max(...points.map((point) => point.y), MARGIN) + MARGIN;
  return { provinces, coasts, adjacencies, spots, width, height };
}
