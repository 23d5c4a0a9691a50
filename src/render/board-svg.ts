import type { OrderOutcome, Position, Unit } from '../engine/types.js';
import { GENERATED_BOARD, type BoardArt } from '../map/board-art.js';
import { splitLocation, type GameMap } from '../map/game-map.js';
import type { Terrain } from '../map/model.js';
import { CENTER_RING_RADIUS, DISLODGED_UNIT_SIZE, UNIT_SIZE, type BoardLayout } from './board-layout.js';
import { artLayout } from './art-layout.js';
import type { Point } from './graph-layout.js';
import { ORDER_KEY, orderMarks, type DislodgedUnit } from './order-marks.js';
import { powerColours, textColourOn } from './power-colours.js';
import { element, escapeXml, num, pointList, textElement, tooltip } from './svg-text.js';

/**
 * The picture of a board as plain SVG 1.1 text: provinces coloured by terrain, supply centers in their owner's colour (home centers ringed in their power's),
 * units as A or F badges in their power's colour, dislodged units dashed in red, on a results
 * picture the phase's orders (order-marks.ts), and a legend with each power's centers and units.
 * Pure: no files read, no scripts, no external references (fonts are named, not embedded).
 */

export interface HiddenUnit {
  readonly power: string;
  readonly location: string;
}

export interface BoardPicture {
  /** The heading: the game and its phase. */
  readonly title: string;
  /** A second, smaller heading line (the map's name). */
  readonly subtitle?: string;
  /** Units the reader may not see (builds hidden by HIDE_BUILDS or `~` sites): left out of the board and of the unit counts. */
  readonly hidden?: readonly HiddenUnit[];
  /** What the board is drawn on and where its places stand (the map definition's `art`); without: laid out from the adjacencies. */
  readonly art?: BoardArt;
  /**
   * The orders of the phase just played, as adjudicated, to draw on the board after it (results);
   * without, the plain position. The caller leaves out what the reader may not see.
   */
  readonly orders?: readonly OrderOutcome[];
}

/** The heading above the board: board-places.ts places spots below it. */
export const HEADER_HEIGHT = 52;
const LEGEND_WIDTH = 270;
const ROW = 20;
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
const TERRAIN_FILL: Readonly<Record<Terrain, string>> = {
  WATER: '#a9cfee',
  LAND: '#eee3c4',
  COAST: '#eee3c4',
  PORT: '#eee3c4',
  SHUT: '#b4b4b4',
};
const NEUTRAL_CENTER = '#ffffff';
const DISLODGED_STROKE = '#d0021b';

interface PowerView {
  readonly name: string;
  readonly displayName: string;
  /** `displayName` through `escapeXml`, for every unit's tooltip. */
  readonly escapedName: string;
  readonly colour: string;
  /** The unit letters' colour on `colour`. */
  readonly textColour: string;
  readonly centers: number;
  readonly units: number;
}

interface PlacedUnit {
  readonly unit: Unit;
  readonly power: PowerView;
  readonly dislodged: boolean;
}

function provinceShapes(layout: BoardLayout): string {
  const shapes = layout.provinces
    .filter((place) => place.cell.length >= 3)
    .map((place) => element('polygon', { points: pointList(place.cell), fill: TERRAIN_FILL[place.terrain] }, tooltip(`${place.name} (${place.province})`)));
  return element('g', { stroke: '#7d7d7d', 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, shapes.join(''));
}

function coastMarks(layout: BoardLayout): string {
  const marks = layout.coasts.map((coast) =>
    element('circle', { cx: coast.point.x, cy: coast.point.y, r: 3, fill: '#ffffff', stroke: '#4d4d4d', 'stroke-width': 0.8 }, tooltip(coast.location)),
  );
  return element('g', {}, marks.join(''));
}

const CENTER_RING = num(CENTER_RING_RADIUS);

/*
 * The parts a results picture draws anew for every position (centers, units, the legend's rows)
 * are written as literal markup rather than through `element`: a phase draws some 250 of them,
 * and building an attribute object for each was most of the picture's time. Names go through
 * `escapeXml`; colours are this module's own `#rrggbb` strings and numbers are `num`'s digits, so
 * neither needs escaping. The bytes are `element`'s (test/game/phase-outputs.test.ts).
 */

/** Each supply center's place on a layout, and the start of its tooltip: no position changes them. */
const centerPlaces = new WeakMap<BoardLayout, readonly { readonly province: string; readonly at: string; readonly title: string }[]>();

function centerPlacesOf(layout: BoardLayout): readonly { readonly province: string; readonly at: string; readonly title: string }[] {
  let places = centerPlaces.get(layout);
  if (places === undefined) {
    places = layout.provinces.flatMap((place) => {
      const spot = layout.centerSpots.get(place.province);
      return spot === undefined
        ? []
        : [{ province: place.province, at: `cx="${num(spot.x)}" cy="${num(spot.y)}"`, title: `Supply center ${escapeXml(place.province)}, ` }];
    });
    centerPlaces.set(layout, places);
  }
  return places;
}

function centerMarks(map: GameMap, layout: BoardLayout, position: Position, colours: ReadonlyMap<string, string>): string {
  const owners = new Map<string, string>();
  const homes = new Map<string, string>();
  for (const state of position.powers) {
    for (const center of state.centers) if (map.isCenter(center) && !owners.has(center)) owners.set(center, state.name);
    for (const home of state.homes) if (map.isCenter(home) && !homes.has(home)) homes.set(home, state.name);
  }
  // The tooltip is escaped by parts, which ASCII separates: the same text as escaping it whole.
  const names = new Map<string, string>();
  const nameOf = (power: string): string => {
    let name = names.get(power);
    if (name === undefined) names.set(power, (name = escapeXml(map.power(power)?.displayName ?? power)));
    return name;
  };
  let marks = '';
  for (const { province, at, title } of centerPlacesOf(layout)) {
    const owner = owners.get(province);
    const home = homes.get(province);
    const ownerName = owner === undefined ? 'unowned' : `owned by ${nameOf(owner)}`;
    const homeName = home === undefined ? '' : `, a home center of ${nameOf(home)}`;
    if (home !== undefined) marks += `<circle ${at} r="${CENTER_RING}" fill="none" stroke="${colours.get(home) ?? '#000000'}" stroke-width="2.5"/>`;
    const fill = owner === undefined ? NEUTRAL_CENTER : (colours.get(owner) ?? NEUTRAL_CENTER);
    marks += `<circle ${at} r="5.5" fill="${fill}" stroke="#1a1a1a" stroke-width="1"><title>${title}${ownerName}${homeName}</title></circle>`;
  }
  return `<g id="centers">${marks}</g>`;
}

/**
 * The names of provinces and coasts, each over a halo of the board's colour so that it stays
 * legible where a border or an order's line crosses it. The halo is drawn apart, under the names,
 * because SVG 1.1 cannot paint a text's stroke beneath its fill.
 */
function names(layout: BoardLayout): string {
  const all = [
    ...layout.provinces.map((place) => ({ label: place.label, weight: 'bold' })),
    ...layout.coasts.map((coast) => ({ label: coast.label, weight: 'normal' })),
  ];
  const text = all
    .map(({ label, weight }) => textElement('text', { x: label.at.x, y: label.at.y, 'font-size': label.size, 'font-weight': weight }, label.text))
    .join('');
  const attributes = { 'text-anchor': 'middle', 'stroke-linejoin': 'round' };
  return (
    element('g', { ...attributes, fill: 'none', stroke: '#f7f6f2', 'stroke-width': 2.5, 'stroke-opacity': 0.9 }, text) +
    element('g', { ...attributes, id: 'names', fill: '#222222' }, text)
  );
}

function unitBadge(placed: PlacedUnit, at: Point): string {
  const { dislodged, unit, power } = placed;
  const size = dislodged ? DISLODGED_UNIT_SIZE : UNIT_SIZE;
  // Escaped by parts, which ASCII separates (no surrogate pair can form across them): the same text as escaping the whole.
  const what = `${escapeXml(unit.type)} ${escapeXml(unit.location)} (${power.escapedName}${dislodged ? ', dislodged' : ''})`;
  const outline = dislodged ? `stroke="${DISLODGED_STROKE}" stroke-width="2" stroke-dasharray="3 2"` : 'stroke="#111111" stroke-width="1.2"';
  const box = `<rect x="${num(at.x - size / 2)}" y="${num(at.y - size / 2)}" width="${size}" height="${size}" rx="4" fill="${power.colour}" ${outline}/>`;
  const letter =
    `<text x="${num(at.x)}" y="${num(at.y + size * 0.33)}" text-anchor="middle" font-size="${num(size * 0.7)}" font-weight="bold" ` +
    `fill="${power.textColour}">${escapeXml(unit.type)}</text>`;
  return `<g class="unit"><title>${what}</title>${box}${letter}</g>`;
}

function unitBadges(layout: BoardLayout, units: readonly PlacedUnit[]): string {
  let badges = '';
  const standing = units.filter((unit) => !unit.dislodged);
  // Several fleets in an nJudge high sea stand in a small square block, centred on its spot.
  const sharing = new Map<string, number>();
  for (const placed of standing) sharing.set(placed.unit.location, (sharing.get(placed.unit.location) ?? 0) + 1);
  const drawn = new Map<string, number>();
  // Dislodged units last, so that they sit on top of the unit that dislodged them.
  for (const placed of [...standing, ...units.filter((unit) => unit.dislodged)]) {
    const location = placed.unit.location;
    const at = (placed.dislodged ? layout.dislodgedSpots : layout.spots).get(location);
    if (at === undefined) continue;
    const count = placed.dislodged ? 1 : sharing.get(location)!;
    const place = placed.dislodged ? 0 : (drawn.get(location) ?? 0);
    if (!placed.dislodged) drawn.set(location, place + 1);
    const columns = Math.ceil(Math.sqrt(count));
    const rows = Math.ceil(count / columns);
    const step = UNIT_SIZE + 2;
    const column = place % columns;
    const row = Math.floor(place / columns);
    badges += unitBadge(placed, { x: at.x + (column - (columns - 1) / 2) * step, y: at.y + (row - (rows - 1) / 2) * step });
  }
  return `<g id="units">${badges}</g>`;
}

function powerViews(
  map: GameMap,
  position: Position,
  visible: (power: string, unit: Unit) => boolean,
): { views: PowerView[]; units: PlacedUnit[]; dislodged: DislodgedUnit[] } {
  const colours = powerColours(map.powers);
  const views: PowerView[] = [];
  const units: PlacedUnit[] = [];
  const retreating: DislodgedUnit[] = [];
  for (const power of map.powers) {
    const state = position.powers.find((candidate) => candidate.name === power.name);
    const standing = (state?.units ?? []).filter((unit) => visible(power.name, unit));
    const dislodged = (state?.retreating ?? []).filter((unit) => visible(power.name, unit));
    const colour = colours.get(power.name)!;
    const view: PowerView = {
      name: power.name,
      displayName: power.displayName,
      escapedName: escapeXml(power.displayName),
      colour,
      textColour: textColourOn(colour),
      centers: (state?.centers ?? []).filter((center) => map.isCenter(center)).length,
      units: standing.length + dislodged.length,
    };
    views.push(view);
    units.push(...standing.map((unit) => ({ unit, power: view, dislodged: false })), ...dislodged.map((unit) => ({ unit, power: view, dislodged: true })));
    retreating.push(...dislodged.map((unit) => ({ power: power.name, unit })));
  }
  return { views, units, dislodged: retreating };
}

/** The legend's keys of the board itself; a drawing's ground has its own colours, so terrain swatches only where the judge paints the ground. */
function legendKey(x: number, y: number, terrain: boolean): string[] {
  const rows: string[] = [];
  const first = terrain ? 0 : 3;
  y -= first * ROW;
  const text = (row: number, words: string) => textElement('text', { x: x + 24, y: y + row * ROW + 4, 'font-size': 11, fill: '#222222' }, words);
  const swatch = (row: number, fill: string) =>
    element('rect', { x, y: y + row * ROW - 7, width: 16, height: 14, fill, stroke: '#7d7d7d', 'stroke-width': 0.8 });
  if (terrain) {
    rows.push(swatch(0, TERRAIN_FILL.WATER), text(0, 'sea'));
    rows.push(swatch(1, TERRAIN_FILL.LAND), text(1, 'land'));
    rows.push(swatch(2, TERRAIN_FILL.SHUT), text(2, 'impassable'));
  }
  rows.push(
    element('circle', { cx: x + 8, cy: y + 3 * ROW, r: 5.5, fill: NEUTRAL_CENTER, stroke: '#1a1a1a' }),
    text(3, "supply center, in its owner's colour"),
  );
  rows.push(
    element('circle', { cx: x + 8, cy: y + 4 * ROW, r: CENTER_RING_RADIUS, fill: 'none', stroke: '#555555', 'stroke-width': 2.5 }),
    element('circle', { cx: x + 8, cy: y + 4 * ROW, r: 5.5, fill: NEUTRAL_CENTER, stroke: '#1a1a1a' }),
    text(4, "home center: ringed in its power's colour"),
  );
  rows.push(
    element('rect', {
      x: x + 1,
      y: y + 5 * ROW - 7,
      width: 14,
      height: 14,
      rx: 3,
      fill: '#ffffff',
      stroke: DISLODGED_STROKE,
      'stroke-width': 2,
      'stroke-dasharray': '3 2',
    }),
    text(5, 'dislodged unit'),
  );
  return rows;
}

const keyRows = (terrain: boolean): number => (terrain ? 6 : 3);

function orderKey(x: number, y: number): string[] {
  return ORDER_KEY.flatMap((entry, row) => [
    entry.sample({ x: x + 8, y: y + row * ROW }),
    textElement('text', { x: x + 24, y: y + row * ROW + 4, 'font-size': 11, fill: '#222222' }, entry.words),
  ]);
}

/** The legend's keys at `x`, `top` (the terrain key, then the orders' when `orders`), drawn once per place: every results mail reuses them. */
const drawnKeys = new Map<string, string>();

function keys(x: number, top: number, orders: boolean, terrain: boolean): string {
  const place = `${x} ${top} ${orders} ${terrain}`;
  let drawn = drawnKeys.get(place);
  if (drawn === undefined) {
    drawn = [...legendKey(x, top, terrain), ...(orders ? orderKey(x, top + keyRows(terrain) * ROW + 8) : [])].join('');
    drawnKeys.set(place, drawn);
  }
  return drawn;
}

function legend(views: readonly PowerView[], x: number, notes: { hidden: boolean; orders: boolean; terrain: boolean }): { markup: string; height: number } {
  const rows: string[] = [textElement('text', { x, y: HEADER_HEIGHT + 12, 'font-size': 13, 'font-weight': 'bold', fill: '#111111' }, 'Powers')];
  for (const [index, view] of views.entries()) {
    const y = HEADER_HEIGHT + 32 + index * ROW;
    rows.push(
      `<rect x="${num(x)}" y="${num(y - 7)}" width="16" height="14" rx="3" fill="${view.colour}" stroke="#111111" stroke-width="0.8"/>`,
      `<text x="${num(x + 24)}" y="${num(y + 4)}" font-size="12" fill="#111111">${escapeXml(`${view.displayName}: ${view.centers} centers, ${view.units} units`)}</text>`,
    );
  }
  const keyTop = HEADER_HEIGHT + 32 + views.length * ROW + 16;
  rows.push(keys(x, keyTop, notes.orders, notes.terrain));
  let bottom = keyTop + keyRows(notes.terrain) * ROW;
  if (notes.orders) bottom += ORDER_KEY.length * ROW + 8;
  if (notes.hidden) {
    rows.push(textElement('text', { x, y: bottom + 4, 'font-size': 11, 'font-style': 'italic', fill: '#222222' }, 'Builds hidden from you are not drawn.'));
    bottom += ROW;
  }
  return { markup: element('g', {}, rows.join('')), height: bottom + 12 };
}

/** The parts of a board no position changes, drawn once per layout: every results mail reuses them. */
const fixedParts = new WeakMap<BoardLayout, { ground: string; labels: string }>();

function fixedPartsOf(layout: BoardLayout): { ground: string; labels: string } {
  let parts = fixedParts.get(layout);
  if (parts === undefined) {
    parts = { ground: layout.ground ?? provinceShapes(layout) + coastMarks(layout), labels: names(layout) };
    fixedParts.set(layout, parts);
  }
  return parts;
}

export function boardSvg(map: GameMap, position: Position, picture: BoardPicture): string {
  const layout = artLayout(map, picture.art ?? GENERATED_BOARD);
  const fixed = fixedPartsOf(layout);
  // By province: a build names `STP` where the unit may stand on `STP/NC`.
  const hiddenKey = (power: string, location: string): string => `${power}\n${splitLocation(location).province}`;
  const hidden = new Set((picture.hidden ?? []).map((unit) => hiddenKey(unit.power, unit.location)));
  const { views, units, dislodged } = powerViews(map, position, hidden.size === 0 ? () => true : (power, unit) => !hidden.has(hiddenKey(power, unit.location)));
  const colours = new Map(views.map((view) => [view.name, view.colour]));
  const orders = picture.orders === undefined ? { under: '', over: '' } : orderMarks(layout, picture.orders, dislodged, colours, map.data.extras.railways);
  const key = legend(views, layout.width + 16, { hidden: hidden.size > 0, orders: picture.orders !== undefined, terrain: layout.ground === undefined });
  const width = Math.ceil(layout.width + LEGEND_WIDTH);
  const height = Math.ceil(Math.max(HEADER_HEIGHT + layout.height, key.height));
  const board = element(
    'g',
    { transform: `translate(0,${HEADER_HEIGHT})` },
    fixed.ground + centerMarks(map, layout, position, colours) + orders.under + fixed.labels + unitBadges(layout, units) + orders.over,
  );
  const heading =
    textElement('text', { x: 16, y: 24, 'font-size': 18, 'font-weight': 'bold', fill: '#111111' }, picture.title) +
    (picture.subtitle === undefined ? '' : textElement('text', { x: 16, y: 42, 'font-size': 12, fill: '#444444' }, picture.subtitle));
  const body = element('rect', { x: 0, y: 0, width, height, fill: '#f7f6f2' }) + heading + board + key.markup;
  const svg = element(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', version: '1.1', width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': FONT },
    body,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
}
