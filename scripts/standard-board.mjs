// Draws the judge's own standard board: maps/standard.svg (a jDip-format drawing) and
// maps/standard.coords (the same positions, for a judge that reads only coordinates files).
//   npm run board:standard
// The coastlines are Natural Earth's (public domain, through the world-atlas package); the
// provinces are this team's (scripts/standard-board-places.mjs). Both files are committed:
// the judge never runs this script, only a change to the board does.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoConicConformal } from 'd3-geo';
import { Delaunay } from 'd3-delaunay';
import polygonClipping from 'polygon-clipping';
import polylabel from 'polylabel';
import { feature } from 'topojson-client';
import { readAnyMap } from '../dist-bench/src/map/catalog.js';
import { placeName, squareAround, TakenBoxes } from '../dist-bench/src/render/label-places.js';
import { COASTS, LAND, NEUTRAL_LAND, UNITS, WATER } from './standard-board-places.mjs';

const require = createRequire(import.meta.url);
const atlas = (name) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));

/** The board's width in pixels; its height follows from the area shown. */
const WIDTH = 1400;
/** Points the board must show, [longitude, latitude]: its corners lie just beyond them. */
const SHOWN = [
  [-23, 56],
  [-17, 37],
  [-4, 31],
  [44.5, 38],
  [45, 70],
  [26, 72.5],
];
/** The geographic window the data is cut to before projecting: wider than the board all round. */
const WINDOW = [
  [-45, 20],
  [85, 85],
];
/** Corners closer than this (in pixels) are merged: the coastline's detail beyond the picture's. */
const DETAIL = 1.6;
// Offsets from a province's deepest point, as the judge's own layout puts them (src/render/board-layout.ts).
const UNIT_SHIFT = { x: -8, y: -6 };
const CENTER_OFFSET = { x: 16, y: 12 };
const DISLODGED_OFFSET = { x: -12, y: 10 };
/** The side of a unit's badge: the drawing says its symbols are this wide, so that it is drawn at its own scale. */
const UNIT_SIZE = 22;
const CENTER_SIZE = 11;
const LABEL_SIZE = 10;

const FILL = { land: '#eadfc3', sea: '#a9cbe6', neutral: '#d6d0bf', shut: '#b3ada1', frame: '#8fb5d6' };

const projection = geoConicConformal().rotate([-15, 0]).parallels([40, 65]).fitWidth(WIDTH, { type: 'MultiPoint', coordinates: SHOWN });
const corners = SHOWN.map((point) => projection(point));
const top = Math.min(...corners.map(([, y]) => y));
const bottom = Math.max(...corners.map(([, y]) => y));
const HEIGHT = Math.round(bottom - top);
const project = (point) => {
  const [x, y] = projection(point);
  return [x, y - top];
};

/** Inserts points along a ring's long edges, so that a straight edge in degrees stays a curve once projected. */
function densified(ring) {
  const out = [];
  for (let index = 0; index < ring.length - 1; index++) {
    const [a, b] = [ring[index], ring[index + 1]];
    const steps = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / 0.5);
    for (let step = 0; step < steps; step++) out.push([a[0] + ((b[0] - a[0]) * step) / steps, a[1] + ((b[1] - a[1]) * step) / steps]);
  }
  out.push(ring[ring.length - 1]);
  return out;
}

function projectedRing(ring) {
  const kept = [];
  for (const point of densified(ring).map(project)) {
    const last = kept[kept.length - 1];
    if (last === undefined || Math.hypot(point[0] - last[0], point[1] - last[1]) >= DETAIL) kept.push(point);
  }
  if (kept.length < 3) return null;
  kept.push(kept[0]);
  return kept;
}

/** A multipolygon in degrees, cut to the window and projected into the board's pixels. */
function projected(multipolygon) {
  const [[west, south], [east, north]] = WINDOW;
  const window = [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ];
  const cut = polygonClipping.intersection(multipolygon, window);
  return cut.flatMap((polygon) => {
    const rings = polygon.map(projectedRing);
    return rings[0] === null ? [] : [rings.filter((ring) => ring !== null)];
  });
}

const board = [
  [
    [0, 0],
    [WIDTH, 0],
    [WIDTH, HEIGHT],
    [0, HEIGHT],
    [0, 0],
  ],
];

/**
 * A geometry's polygons. A ring that crosses the antimeridian (Eurasia's, at Chukotka) jumps
 * from 180° to -180°; its far eastern points are carried on past 180° to keep it one ring.
 */
function multipolygonOf(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const crosses = (ring) => ring.some(([longitude]) => longitude > 170) && ring.some(([longitude]) => longitude < -170);
  return polygons.map((polygon) =>
    polygon.map((ring) => (crosses(ring) ? ring.map(([longitude, latitude]) => [longitude < -150 ? longitude + 360 : longitude, latitude]) : ring)),
  );
}

function inRing(ring, [x, y]) {
  let within = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
    const [ax, ay] = ring[index];
    const [bx, by] = ring[previous];
    if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) within = !within;
  }
  return within;
}

const inPolygon = (polygon, point) => inRing(polygon[0], point) && !polygon.slice(1).some((hole) => inRing(hole, point));

function area(polygon) {
  const ringArea = (ring) => ring.reduce((sum, [x, y], index) => (index === 0 ? 0 : sum + (ring[index - 1][0] * y - x * ring[index - 1][1]) / 2), 0);
  return polygon.reduce((sum, ring, index) => sum + (index === 0 ? Math.abs(ringArea(ring)) : -Math.abs(ringArea(ring))), 0);
}

const landTopology = atlas('land-50m.json');
const land = polygonClipping.intersection(
  projected(feature(landTopology, landTopology.objects.land).features.flatMap((part) => multipolygonOf(part.geometry))),
  board,
);
const countries = atlas('countries-50m.json');
const switzerland = feature(countries, countries.objects.countries).features.find((country) => country.properties.name === 'Switzerland');
const swi = polygonClipping.intersection(projected(multipolygonOf(switzerland.geometry)), land);
const landSeeds = Object.values(LAND).flat().map(project);
/** An island no province holds: one without a province's seed, larger than the islets a province takes in with its coast. */
const ISLAND = 300;
const islands = land.filter((polygon) => area(polygon) > ISLAND && !landSeeds.some((point) => inPolygon(polygon, point)));
const mainland = polygonClipping.difference(
  land.filter((polygon) => !islands.includes(polygon)),
  swi,
);
const water = polygonClipping.difference(board, land);

const number = (value) => String(Math.round(value * 10) / 10);

/** How far a land border strays from the straight line between its corners, as a part of the line's length: a border as drawn by hand, not ruled. */
const MEANDER = 0.12;
/** A border's bends are this long at the shortest, in pixels. */
const BEND = 3;

/** A number in [-1, 1] that depends on the two points alone, whichever comes first: the same bend for the two provinces a border divides. */
function bendOf([ax, ay], [bx, by]) {
  let hash = 2166136261;
  for (const character of `${number(ax)} ${number(ay)} ${number(bx)} ${number(by)}`) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619);
  return ((hash >>> 0) / 0xffffffff) * 2 - 1;
}

/**
 * The line from `a` to `b` bent at its middle, then each half at its own, and so on down to short
 * bends (midpoint displacement): a border that meanders as real ones do. Drawn from the smaller
 * point on, so that a border is the same line seen from either side.
 */
function meander(a, b) {
  if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) return meander(b, a).reverse();
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length < BEND) return [a, b];
  const away = MEANDER * length * bendOf(a, b);
  const middle = [(a[0] + b[0]) / 2 - ((b[1] - a[1]) / length) * away, (a[1] + b[1]) / 2 + ((b[0] - a[0]) / length) * away];
  return [...meander(a, middle).slice(0, -1), ...meander(middle, b)];
}

/** A cell's ring with every border meandering, but for the edges on the frame around the board, which it never shows. */
function meandering(ring) {
  const onFrame = ([x, y]) => x <= -1 + 1e-6 || y <= -1 + 1e-6 || x >= WIDTH + 1 - 1e-6 || y >= HEIGHT + 1 - 1e-6;
  const out = [];
  for (let index = 0; index < ring.length - 1; index++) {
    const [a, b] = [ring[index], ring[index + 1]];
    out.push(...(onFrame(a) && onFrame(b) ? [a] : meander(a, b).slice(0, -1)));
  }
  out.push(out[0]);
  return out;
}

/**
 * Cuts `ground` among the regions: each gets the part nearer to one of its seeds than to any other
 * region's, its borders meandering when `bent` (land; seas keep the ruled lines boards draw them with).
 */
function cut(regions, ground, bent) {
  const seeds = Object.entries(regions).flatMap(([name, points]) => points.map((point) => ({ name, at: project(point) })));
  const voronoi = Delaunay.from(seeds.map((seed) => seed.at)).voronoi([-1, -1, WIDTH + 1, HEIGHT + 1]);
  const areas = new Map();
  for (const [index, seed] of seeds.entries()) {
    const cell = voronoi.cellPolygon(index);
    // A seed beyond the board's edge has no cell on it.
    if (cell === null) continue;
    areas.set(seed.name, [...(areas.get(seed.name) ?? []), [bent ? meandering(cell) : cell]]);
  }
  return new Map(
    [...areas].map(([name, cells]) => {
      const shape = polygonClipping.intersection(polygonClipping.union(...cells), ground);
      // Bits of another sea or shore that the cells reach across land: not the region's.
      const largest = Math.max(...shape.map(area));
      const own = seeds.filter((seed) => seed.name === name).map((seed) => seed.at);
      return [name, shape.filter((polygon) => area(polygon) > 0.15 * largest || own.some((point) => inPolygon(polygon, point)))];
    }),
  );
}

const landShapes = cut({ ...LAND, '': NEUTRAL_LAND }, mainland, true);
const neutral = [...landShapes.get(''), ...islands];
landShapes.delete('');
landShapes.set('SWI', swi);
const seaShapes = cut(WATER, water, false);

const map = readAnyMap('maps/standard.map').base;
const provinces = [...new Set(map.locations.map((location) => location.province))];
const missing = provinces.filter((province) => !landShapes.has(province) && !seaShapes.has(province));
if (missing.length > 0) throw new Error(`no shape for ${missing.join(' ')}`);

const shapeOf = (province) => landShapes.get(province) ?? seaShapes.get(province);
const largestPart = (shape) => shape.reduce((best, polygon) => (area(polygon) > area(best) ? polygon : best));
const inShape = (shape, point) => shape.some((polygon) => inPolygon(polygon, [point.x, point.y]));
const add = (point, by) => ({ x: point.x + by.x, y: point.y + by.y });

/** A point of the shape near `wanted`: itself when inside, else the nearest of a spiral of tries. */
function inside(shape, wanted, margin) {
  const fits = (point) =>
    [point, add(point, { x: margin, y: 0 }), add(point, { x: -margin, y: 0 }), add(point, { x: 0, y: margin }), add(point, { x: 0, y: -margin })].every(
      (corner) => inShape(shape, corner),
    );
  for (let ring = 0; ring < 60; ring++) {
    for (let turn = 0; turn < 16; turn++) {
      const angle = (turn * Math.PI) / 8;
      const point = add(wanted, { x: ring * Math.cos(angle), y: ring * Math.sin(angle) });
      if (fits(point)) return point;
    }
  }
  return wanted;
}

const spots = new Map();
for (const province of provinces) {
  const shape = shapeOf(province);
  const given = UNITS[province];
  let unit;
  if (given !== undefined) {
    const [x, y] = project(given);
    unit = { x, y };
  } else {
    const [x, y] = polylabel(largestPart(shape), 0.5);
    unit = add({ x, y }, UNIT_SHIFT);
  }
  spots.set(province, inside(shape, unit, UNIT_SIZE / 2));
}
for (const [coast, point] of Object.entries(COASTS)) {
  const [x, y] = project(point);
  spots.set(coast, inside(shapeOf(coast.split('/')[0]), { x, y }, UNIT_SIZE / 2));
}

/** The first of the offset and its mirror images that keeps a mark beside the unit inside its province. */
function beside(location, offset) {
  const spot = spots.get(location);
  const shape = shapeOf(location.split('/')[0]);
  const tries = [offset, { x: -offset.x, y: offset.y }, { x: offset.x, y: -offset.y }, { x: -offset.x, y: -offset.y }].map((by) => add(spot, by));
  return tries.find((point) => inShape(shape, point)) ?? tries[0];
}

const centers = new Map(provinces.filter((province) => map.isCenter(province)).map((province) => [province, beside(province, CENTER_OFFSET)]));
const dislodgedSpots = new Map([...spots.keys()].map((location) => [location, beside(location, DISLODGED_OFFSET)]));
const taken = new TakenBoxes();
for (const spot of spots.values()) {
  taken.add(squareAround(spot, UNIT_SIZE));
}
for (const spot of dislodgedSpots.values()) {
  taken.add(squareAround(spot, 16));
}
for (const center of centers.values()) taken.add(squareAround(center, 19));
// Where a judge drawing from maps/standard.coords alone puts the marks beside a unit (src/render/board-layout.ts): no name there either.
for (const [location, spot] of spots) {
  taken.add(squareAround(add(spot, { x: -12, y: 10 }), 16));
  if (map.isCenter(location)) taken.add(squareAround(add(spot, { x: 14, y: 11 }), 19));
}
const labels = new Map();
for (const province of provinces) {
  const cell = largestPart(shapeOf(province))[0].map(([x, y]) => ({ x, y }));
  labels.set(province, placeName({ text: province, size: LABEL_SIZE, around: spots.get(province), reach: UNIT_SIZE / 2, cell }, taken));
}

const astray = [...labels].filter(([province, label]) => !inShape(shapeOf(province), { x: label.at.x, y: (label.box.top + label.box.bottom) / 2 }));
if (astray.length > 0) console.warn(`names outside their province: ${astray.map(([province]) => province).join(' ')}`);

const pathOf = (shape) =>
  shape
    .map((polygon) =>
      polygon
        .map(
          (ring) =>
            `M${ring
              .slice(0, -1)
              .map(([x, y]) => `${number(x)} ${number(y)}`)
              .join('L')}Z`,
        )
        .join(''),
    )
    .join('');
const terrainFill = (province) => (province === 'SWI' ? FILL.shut : seaShapes.has(province) ? FILL.sea : FILL.land);

const svg = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  "<!-- The standard Diplomacy board, drawn by the judge's scripts/standard-board.mjs: coastlines from Natural Earth (public domain), provinces by the judge's authors. -->",
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:jdipNS="svg.dtd" version="1.1" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
  `<jdipNS:ORDERDRAWING><jdipNS:SYMBOLSIZE name="Army" width="${UNIT_SIZE}" height="${UNIT_SIZE}"/><jdipNS:SYMBOLSIZE name="Fleet" width="${UNIT_SIZE}" height="${UNIT_SIZE}"/></jdipNS:ORDERDRAWING>`,
  '<jdipNS:PROVINCE_DATA>',
  ...[...spots].map(([location, spot]) => {
    const name = location.toLowerCase().replace('/', '-');
    const dislodged = dislodgedSpots.get(location);
    return `<jdipNS:PROVINCE name="${name}"><jdipNS:UNIT x="${number(spot.x)}" y="${number(spot.y)}"/><jdipNS:DISLODGED_UNIT x="${number(dislodged.x)}" y="${number(dislodged.y)}"/></jdipNS:PROVINCE>`;
  }),
  '</jdipNS:PROVINCE_DATA>',
  '<g id="MapLayer" stroke-linejoin="round">',
  `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="${FILL.sea}"/>`,
  `<path d="${pathOf(neutral)}" fill="${FILL.neutral}" stroke="#8c8672" stroke-width="0.6"/>`,
  ...provinces.map(
    (province) =>
      `<path id="${province.toLowerCase()}" d="${pathOf(shapeOf(province))}" fill="${terrainFill(province)}" stroke="#5f6a70" stroke-width="0.9"><title>${map.location(province).name}</title></path>`,
  ),
  '</g>',
  '<g id="SupplyCenterLayer">',
  ...[...centers].map(
    ([province, at]) =>
      `<rect id="sc_${province.toLowerCase()}" x="${number(at.x - CENTER_SIZE / 2)}" y="${number(at.y - CENTER_SIZE / 2)}" width="${CENTER_SIZE}" height="${CENTER_SIZE}" rx="${CENTER_SIZE / 2}" fill="#ffffff" stroke="#1a1a1a"/>`,
  ),
  '</g>',
  '<g id="BriefLabelLayer" font-family="DejaVu Sans, Verdana, sans-serif" font-size="10" font-weight="bold" text-anchor="middle" fill="#222222">',
  ...[...labels].map(([province, label]) => `<text x="${number(label.at.x)}" y="${number(label.at.y)}">${province}</text>`),
  '</g>',
  '</svg>',
  '',
].join('\n');
writeFileSync('maps/standard.svg', svg);

const coords = [
  '# =====================================================================',
  '#  standard.coords -- where the provinces of standard.map are drawn',
  '#',
  '#  Format: docs/board-coordinates.md.  Written by',
  "#  scripts/standard-board.mjs with maps/standard.svg, the judge's own",
  '#  drawing of the board: the same pixels, so that a unit stands at the',
  '#  same place whichever of the two a picture is drawn from.  Each',
  '#  province: where its unit stands, then LABEL and where its name is',
  '#  written; each coast: where a fleet on it stands.',
  '# =====================================================================',
  '',
  ...[...spots].map(([location, spot]) => {
    const label = labels.get(location);
    const place = `${location.padEnd(8)} ${number(spot.x).padStart(6)} ${number(spot.y).padStart(6)}`;
    if (label === undefined) return place;
    const middle = { x: (label.box.left + label.box.right) / 2, y: (label.box.top + label.box.bottom) / 2 };
    return `${place}  LABEL ${number(middle.x).padStart(6)} ${number(middle.y).padStart(6)}`;
  }),
  '',
].join('\n');
writeFileSync('maps/standard.coords', coords);
console.log(`drawn maps/standard.svg (${WIDTH}x${HEIGHT}, ${Math.round(svg.length / 1024)} KB) and maps/standard.coords`);
