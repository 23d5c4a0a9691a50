import type { Order, OrderOutcome, RetreatingUnit } from '../engine/types.js';
import { splitLocation } from '../map/game-map.js';
import type { MapExtras } from '../map/model.js';
import type { BoardLayout } from './board-layout.js';
import { UNIT_SIZE } from './board-layout.js';
import type { Point } from './graph-layout.js';
import { element, num, pointList, textElement, tooltip } from './svg-text.js';

/**
 * The orders of a phase drawn on its board, as players study them after each phase: moves and
 * retreats as arrows, supports as lines to where they support, convoys along the army's way
 * through the fleet, holds as rings; failed orders dashed, a bounced move or retreat crossed out
 * at its head. Dislodged units get dotted arrows to each place they may retreat to; builds a
 * plus; removed, disbanded and destroyed units a crossed-out ghost where they stood.
 *
 * Lines go under the units (`under`), so that no unit is hidden by an order; the crosses, ghosts
 * and pluses over them (`over`).
 */

/** A dislodged unit waiting to retreat, with its power. */
export interface DislodgedUnit {
  readonly power: string;
  readonly unit: RetreatingUnit;
}

export interface OrderMarks {
  readonly under: string;
  readonly over: string;
}

type Railway = MapExtras['railways'][number];
type MoveOrder = Extract<Order, { kind: 'move' }>;

const CASING = '#1a1a1a';
const FAILED = '#d0021b';
const DASHES = '6 4';
/** How far a line stops short of a unit it starts or ends at: the badge's edge and a little air. */
const CLEAR_OF_UNIT = UNIT_SIZE / 2 + 3;
const HOLD_RING_RADIUS = 14;
const ARROW_LENGTH = 10;
const ARROW_HALF_WIDTH = 5;
/** Where along the last stretch of a bounced arrow its cross goes. */
const BOUNCE_CROSS_SHARE = 0.6;

interface Style {
  readonly colour: string;
  readonly width: number;
  readonly failed: boolean;
}

function along(from: Point, to: Point, share: number): Point {
  return { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share };
}

/** The way from `from` to `to`, cut back at each end by what stands there. */
function shortened(points: readonly Point[], startCut: number, endCut: number): Point[] {
  const cut = (from: Point, towards: Point, by: number): Point => {
    const length = Math.hypot(towards.x - from.x, towards.y - from.y);
    return along(from, towards, length <= 2 * by ? 0.4 : by / length);
  };
  const result = [...points];
  result[0] = cut(points[0]!, points[1]!, startCut);
  result[result.length - 1] = cut(points.at(-1)!, points.at(-2)!, endCut);
  return result;
}

/*
 * The marks a phase's orders draw (lines, heads, rings; some hundred a phase) are written as literal
 * markup rather than through `element`, which built an attribute object for each: numbers are
 * `num`'s digits and colours `#rrggbb` strings of power-colours.ts, neither needing escaping, and
 * the bytes are `element`'s (test/game/phase-outputs.test.ts).
 */

/** A line with a dark casing under it, so that a light power colour shows on any ground. */
function casedLine(points: readonly Point[], style: Style): string {
  const at = pointList(points);
  const ends = `${style.failed ? ` stroke-dasharray="${DASHES}"` : ''} stroke-linecap="round" stroke-linejoin="round"/>`;
  return (
    `<polyline points="${at}" fill="none" stroke="${CASING}" stroke-width="${num(style.width + 2)}" stroke-opacity="0.6"${ends}` +
    `<polyline points="${at}" fill="none" stroke="${style.colour}" stroke-width="${num(style.width)}"${ends}`
  );
}

function arrowHead(tip: Point, from: Point, colour: string): string {
  const length = Math.hypot(tip.x - from.x, tip.y - from.y) || 1;
  const along = { x: (tip.x - from.x) / length, y: (tip.y - from.y) / length };
  const base = { x: tip.x - along.x * ARROW_LENGTH, y: tip.y - along.y * ARROW_LENGTH };
  const corners = [
    tip,
    { x: base.x - along.y * ARROW_HALF_WIDTH, y: base.y + along.x * ARROW_HALF_WIDTH },
    { x: base.x + along.y * ARROW_HALF_WIDTH, y: base.y - along.x * ARROW_HALF_WIDTH },
  ];
  return `<polygon points="${pointList(corners)}" fill="${colour}" stroke="${CASING}" stroke-width="0.8" stroke-linejoin="round"/>`;
}

/** An arrow along `points`: its line stops where its head begins. */
function arrow(points: readonly Point[], style: Style): string {
  const tip = points.at(-1)!;
  const before = points.at(-2)!;
  const length = Math.hypot(tip.x - before.x, tip.y - before.y) || 1;
  const neck = { x: tip.x - ((tip.x - before.x) / length) * (ARROW_LENGTH - 1), y: tip.y - ((tip.y - before.y) / length) * (ARROW_LENGTH - 1) };
  return casedLine([...points.slice(0, -1), neck], style) + arrowHead(tip, before, style.colour);
}

function cross(at: Point, size: number): string {
  const arm = size / 2;
  const path = `M${num(at.x - arm)},${num(at.y - arm)}L${num(at.x + arm)},${num(at.y + arm)}M${num(at.x - arm)},${num(at.y + arm)}L${num(at.x + arm)},${num(at.y - arm)}`;
  return (
    element('path', { d: path, stroke: '#ffffff', 'stroke-width': 4.5, 'stroke-linecap': 'round' }) +
    element('path', { d: path, stroke: FAILED, 'stroke-width': 2.5, 'stroke-linecap': 'round' })
  );
}

/** A unit no longer on the board, faint where it stood, crossed out. */
function ghost(type: string | null, at: Point, colour: string): string {
  const half = UNIT_SIZE / 2;
  return (
    element('rect', {
      x: at.x - half,
      y: at.y - half,
      width: UNIT_SIZE,
      height: UNIT_SIZE,
      rx: 4,
      fill: colour,
      'fill-opacity': 0.4,
      stroke: CASING,
      'stroke-width': 1,
      'stroke-dasharray': '2 2',
    }) +
    (type === null
      ? ''
      : textElement(
          'text',
          { x: at.x, y: at.y + 4.3, 'text-anchor': 'middle', 'font-size': 12.6, 'font-weight': 'bold', fill: CASING, 'fill-opacity': 0.5 },
          type,
        )) +
    cross(at, UNIT_SIZE + 2)
  );
}

function plus(at: Point, colour: string): string {
  const mark = { x: at.x + UNIT_SIZE / 2, y: at.y - UNIT_SIZE / 2 };
  const path = `M${num(mark.x - 3.5)},${num(mark.y)}H${num(mark.x + 3.5)}M${num(mark.x)},${num(mark.y - 3.5)}V${num(mark.y + 3.5)}`;
  return (
    element('circle', { cx: mark.x, cy: mark.y, r: 6, fill: '#ffffff', stroke: colour, 'stroke-width': 2 }) +
    element('path', { d: path, stroke: CASING, 'stroke-width': 1.8 })
  );
}

function describe(outcome: OrderOutcome): string {
  const marks = outcome.marks.filter((mark) => mark !== 'hidden' && mark !== 'unordered');
  return `${outcome.text}${marks.length > 0 ? ` (${marks.join(', ')})` : outcome.succeeded ? '' : ' (failed)'}`;
}

/**
 * The places a move's arrow passes between its unit and its end: the sea spaces of a convoy route,
 * or, for a ride on an nJudge railway (its route names the railway), the railway's provinces on the way.
 */
function wayOf(order: MoveOrder, railways: readonly Railway[]): string[] {
  const from = splitLocation(order.unit.location).province;
  return order.route.flatMap((space) => {
    const stops = railways.find((railway) => railway.province === space)?.route;
    if (!stops || !stops.includes(from) || !stops.includes(order.to)) return [space];
    const [start, end] = [stops.indexOf(from), stops.indexOf(order.to)];
    return start < end ? stops.slice(start + 1, end) : stops.slice(end + 1, start).reverse();
  });
}

export function orderMarks(
  layout: BoardLayout,
  outcomes: readonly OrderOutcome[],
  dislodged: readonly DislodgedUnit[],
  colours: ReadonlyMap<string, string>,
  railways: readonly Railway[] = [],
): OrderMarks {
  const spot = (location: string): Point | undefined => layout.spots.get(location) ?? layout.spots.get(splitLocation(location).province);
  const under: string[] = [];
  const over: string[] = [];
  const group = (into: string[], outcome: OrderOutcome, content: string) => into.push(`<g>${tooltip(describe(outcome))}${content}</g>`);
  for (const outcome of outcomes) {
    const { order } = outcome;
    if (order.kind === 'waive') continue;
    const colour = colours.get(outcome.power) ?? '#777777';
    const failed = !outcome.succeeded;
    const from = spot(order.unit.location);
    if (from === undefined) continue;
    switch (order.kind) {
      case 'hold':
        if (outcome.marks.includes('unordered')) break;
        group(
          under,
          outcome,
          `<circle cx="${num(from.x)}" cy="${num(from.y)}" r="${HOLD_RING_RADIUS}" fill="none" stroke="${colour}" stroke-width="3"${failed ? ` stroke-dasharray="${DASHES}"` : ''}/>`,
        );
        break;
      case 'move':
      case 'retreat': {
        const start = order.kind === 'retreat' ? (layout.dislodgedSpots.get(order.unit.location) ?? from) : from;
        const way = [start, ...(order.kind === 'move' ? wayOf(order, railways).flatMap((space) => spot(space) ?? []) : []), spot(order.to)].filter(
          (point) => point !== undefined,
        );
        if (way.length < 2) break;
        const line = shortened(way, CLEAR_OF_UNIT, CLEAR_OF_UNIT);
        group(under, outcome, arrow(line, { colour, width: 3, failed }));
        // On the arrow before its head: at the head it would cover the name of the place fought over.
        if (outcome.marks.includes('bounce')) over.push(cross(along(line.at(-2)!, line.at(-1)!, BOUNCE_CROSS_SHARE), 9));
        break;
      }
      case 'support': {
        const to = spot(order.to ?? order.target.location);
        if (to === undefined) break;
        const line = shortened([from, to], CLEAR_OF_UNIT, order.to === null ? CLEAR_OF_UNIT : CLEAR_OF_UNIT + 2);
        group(
          under,
          outcome,
          casedLine(line, { colour, width: 1.6, failed }) +
            `<circle cx="${num(line[1]!.x)}" cy="${num(line[1]!.y)}" r="3.5" fill="#ffffff" stroke="${colour}" stroke-width="1.6"/>`,
        );
        break;
      }
      case 'convoy': {
        const army = spot(order.target.location);
        const to = spot(order.to);
        if (army === undefined || to === undefined) break;
        group(under, outcome, casedLine(shortened([army, from, to], CLEAR_OF_UNIT, CLEAR_OF_UNIT), { colour, width: 1.6, failed }));
        break;
      }
      case 'disband':
        group(over, outcome, ghost(order.unit.type, layout.dislodgedSpots.get(order.unit.location) ?? from, colour));
        break;
      case 'remove':
        group(over, outcome, ghost(order.unit.type, from, colour));
        break;
      case 'build':
        if (outcome.succeeded) group(over, outcome, plus(from, colour));
        break;
    }
    if (outcome.marks.includes('destroyed')) group(over, outcome, ghost(order.unit.type, layout.dislodgedSpots.get(order.unit.location) ?? from, colour));
  }
  for (const { power, unit } of dislodged) {
    const start = layout.dislodgedSpots.get(unit.location);
    if (start === undefined) continue;
    const options = unit.retreats.flatMap((option) => {
      const to = spot(option);
      return to === undefined ? [] : [shortened([start, to], UNIT_SIZE / 2, CLEAR_OF_UNIT)];
    });
    const lines = options.map(
      ([a, b]) =>
        element('line', {
          x1: a!.x,
          y1: a!.y,
          x2: b!.x,
          y2: b!.y,
          stroke: FAILED,
          'stroke-width': 1.4,
          'stroke-dasharray': '1.5 3',
          'stroke-linecap': 'round',
        }) + arrowHead(b!, a!, colours.get(power) ?? '#ffffff'),
    );
    under.push(element('g', {}, tooltip(`${unit.type} ${unit.location} may retreat to ${unit.retreats.join(', ')}`) + lines.join('')));
  }
  return { under: element('g', { id: 'orders' }, under.join('')), over: element('g', { id: 'order-marks' }, over.join('')) };
}

/** The key to the marks, for the legend: a small sample of each, drawn in a row of the legend centred at `at`, and what it means. */
export const ORDER_KEY: readonly { readonly sample: (at: Point) => string; readonly words: string }[] = [
  {
    sample: (at) =>
      arrow(
        [
          { x: at.x - 8, y: at.y },
          { x: at.x + 10, y: at.y },
        ],
        { colour: '#777777', width: 3, failed: false },
      ),
    words: 'move (retreat: from a dislodged unit)',
  },
  {
    sample: (at) =>
      casedLine(
        [
          { x: at.x - 8, y: at.y },
          { x: at.x + 6, y: at.y },
        ],
        { colour: '#777777', width: 1.6, failed: false },
      ) + element('circle', { cx: at.x + 6, cy: at.y, r: 3.5, fill: '#ffffff', stroke: '#777777', 'stroke-width': 1.6 }),
    words: 'support, to where it supports',
  },
  {
    sample: (at) =>
      casedLine(
        [
          { x: at.x - 8, y: at.y + 4 },
          { x: at.x, y: at.y - 4 },
          { x: at.x + 8, y: at.y + 4 },
        ],
        { colour: '#777777', width: 1.6, failed: false },
      ),
    words: "convoy: the army's way through the fleet",
  },
  { sample: (at) => element('circle', { cx: at.x, cy: at.y, r: 7, fill: 'none', stroke: '#777777', 'stroke-width': 3 }), words: 'hold' },
  {
    sample: (at) =>
      arrow(
        [
          { x: at.x - 8, y: at.y },
          { x: at.x + 10, y: at.y },
        ],
        { colour: '#777777', width: 3, failed: true },
      ) + cross({ x: at.x + 6, y: at.y }, 9),
    words: 'failed order (bounced: crossed out)',
  },
  {
    sample: (at) => element('line', { x1: at.x - 8, y1: at.y, x2: at.x + 8, y2: at.y, stroke: FAILED, 'stroke-width': 1.4, 'stroke-dasharray': '1.5 3' }),
    words: 'where a dislodged unit may retreat',
  },
  { sample: (at) => plus({ x: at.x - UNIT_SIZE / 2, y: at.y + UNIT_SIZE / 2 }, '#777777'), words: 'unit built' },
  { sample: (at) => cross(at, 12), words: 'unit removed, disbanded or destroyed' },
];
