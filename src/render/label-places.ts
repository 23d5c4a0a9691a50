import type { Point } from './graph-layout.js';
import { boxesOverlap, textBox, type Box } from './svg-text.js';

/**
 * Where the names go: each beside its place, clear of every spot a unit or a center mark may
 * take and of every name placed before it. A name is tried on the sides of its place nearest
 * first (above, below, beside, then the corners), within the place's own cell where it can be,
 * then further out ring by ring.
 */

/** The space in pixels left between a name and what it must not touch. */
const CLEARANCE = 1.5;
/** How far each ring of tries lies beyond the last. */
const RING_STEP = 5;
const RINGS = 12;
/** Directions tried, best first: above, below, right, left, then the corners. */
const SIDES: readonly Point[] = [
  { x: 0, y: -1 },
  { x: 0, y: 1 },
  { x: 1, y: 0 },
  { x: -1, y: 0 },
  { x: 1, y: -1 },
  { x: -1, y: -1 },
  { x: 1, y: 1 },
  { x: -1, y: 1 },
];
const GRID = 48;

/** The boxes already on the board, bucketed by a coarse grid so that a try checks only its neighbourhood. */
export class TakenBoxes {
  private readonly cells = new Map<string, Box[]>();

  private *keys(box: Box): Generator<string> {
    for (let column = Math.floor(box.left / GRID); column <= Math.floor(box.right / GRID); column++)
      for (let row = Math.floor(box.top / GRID); row <= Math.floor(box.bottom / GRID); row++) yield `${column} ${row}`;
  }

  add(box: Box): void {
    for (const key of this.keys(box)) {
      const cell = this.cells.get(key);
      if (cell) cell.push(box);
      else this.cells.set(key, [box]);
    }
  }

  hits(box: Box): boolean {
    for (const key of this.keys(box)) if (this.cells.get(key)?.some((taken) => boxesOverlap(taken, box))) return true;
    return false;
  }
}

export function squareAround(centre: Point, size: number): Box {
  return { left: centre.x - size / 2, top: centre.y - size / 2, right: centre.x + size / 2, bottom: centre.y + size / 2 };
}

export function insideBox(box: Box, within: Box): boolean {
  return box.left >= within.left && box.top >= within.top && box.right <= within.right && box.bottom <= within.bottom;
}

function grown(box: Box, by: number): Box {
  return { left: box.left - by, top: box.top - by, right: box.right + by, bottom: box.bottom + by };
}

function inside(polygon: readonly Point[], point: Point): boolean {
  let within = false;
  for (let index = 0, previous = polygon.length - 1; index < polygon.length; previous = index++) {
    const a = polygon[index]!;
    const b = polygon[previous]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) within = !within;
  }
  return within;
}

export interface NamePlace {
  readonly text: string;
  readonly size: number;
  /** Where the text is anchored: the middle of its baseline. */
  readonly at: Point;
  readonly box: Box;
}

export interface NameToPlace {
  readonly text: string;
  readonly size: number;
  /** The place named. */
  readonly around: Point;
  /** Half the size of the mark at the place that the name must clear. */
  readonly reach: number;
  /** The cell the name should stay in, if it can (empty: anywhere). */
  readonly cell: readonly Point[];
  /** The side tried first, when not above (a coast's name goes on its outer side). */
  readonly facing?: Point;
  /** The board the name must stay on: given, the name is looked for further out, to the board's edge, rather than put over another. */
  readonly within?: Box;
}

function sidesFacing(facing: Point | undefined): readonly Point[] {
  if (facing === undefined) return SIDES;
  const score = (side: Point): number => (side.x * facing.x + side.y * facing.y) / Math.hypot(side.x, side.y);
  return [...SIDES].sort((a, b) => score(b) - score(a));
}

/** A name whose box has its middle at `centre`. */
export function nameCentredAt(text: string, size: number, centre: Point): NamePlace {
  const probe = textBox(text, 0, 0, size);
  // The baseline lies below the box's middle by what the descent leaves.
  const at = { x: centre.x, y: centre.y - (probe.top + probe.bottom) / 2 };
  return { text, size, at, box: textBox(text, at.x, at.y, size) };
}

/**
 * The sides tried on a ring: the eight, and on a board a name must stay on, more between them the
 * further out the ring lies, so that the nearest hole of a crowded region is found, not one on a ray.
 */
function sidesOn(ring: number, sides: readonly Point[], within: Box | undefined): readonly Point[] {
  if (within === undefined || ring < 2) return sides;
  const count = 8 * Math.ceil(ring / 2);
  const between = Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
    const [x, y] = [Math.cos(angle), Math.sin(angle)];
    // On the square the eight sides lie on: a corner is (1, 1), as theirs are.
    const edge = Math.max(Math.abs(x), Math.abs(y));
    return { x: x / edge, y: y / edge };
  });
  return [...sides, ...between];
}

/** A name put on `side` of its place, `ring` rings out. */
function tryAt(name: NameToPlace, side: Point, ring: number): NamePlace {
  const probe = textBox(name.text, 0, 0, name.size);
  const away = name.reach + CLEARANCE + ring * RING_STEP;
  const halfWidth = (probe.right - probe.left) / 2;
  const halfHeight = (probe.bottom - probe.top) / 2;
  return nameCentredAt(name.text, name.size, { x: name.around.x + side.x * (away + halfWidth), y: name.around.y + side.y * (away + halfHeight) });
}

/** Places one name where nothing is yet, and takes its box. */
export function placeName(name: NameToPlace, taken: TakenBoxes): NamePlace {
  const sides = sidesFacing(name.facing);
  const { within } = name;
  // Out of the cell a name may go further before it gives up: a crowded layout (a world map's Europe) has no room near.
  const outerRings = within === undefined ? 2 * RINGS : Math.ceil(Math.max(within.right - within.left, within.bottom - within.top) / RING_STEP);
  let fallback: NamePlace | null = null;
  for (const keepInCell of name.cell.length >= 3 ? [true, false] : [false]) {
    for (let ring = 0; ring < (keepInCell ? RINGS : outerRings); ring++) {
      for (const side of sidesOn(ring, sides, within)) {
        const attempt = tryAt(name, side, ring);
        fallback ??= attempt;
        if (within !== undefined && !insideBox(attempt.box, within)) continue;
        if (keepInCell && !inside(name.cell, { x: attempt.at.x, y: (attempt.box.top + attempt.box.bottom) / 2 })) continue;
        if (taken.hits(grown(attempt.box, CLEARANCE))) continue;
        taken.add(attempt.box);
        return attempt;
      }
    }
  }
  // Nowhere free within reach: the first choice, so that the name at least stays by its place.
  taken.add(fallback!.box);
  return fallback!;
}
