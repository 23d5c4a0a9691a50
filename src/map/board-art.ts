import { JudgeFailure } from '../common/errors.js';
import type { BoardCoordinates } from './board-coordinates.js';

/**
 * Where a map's pictures get their ground and their positions from: the board-art seam. The map
 * loader chooses one per map (load.ts, docs/board-pictures.md), in this order: a DPjudge `.ps`
 * drawing, a jDip SVG map, a coordinates file, else nothing, and the picture is laid out from the
 * adjacencies. The renderer draws from the value alone, with no file of its own to read.
 */
export type BoardArt =
  | { readonly kind: 'drawing'; readonly drawing: BoardDrawing }
  | { readonly kind: 'coordinates'; readonly coordinates: BoardCoordinates }
  | { readonly kind: 'generated' };

export const GENERATED_BOARD: BoardArt = { kind: 'generated' };

export interface DrawingPoint {
  readonly x: number;
  readonly y: number;
}

/** One place of a drawing, in the picture's pixels. A position the drawing does not give is null: the picture puts it beside the unit. */
export interface DrawnPlace {
  /** Where a unit on the place stands. */
  readonly unit: DrawingPoint;
  readonly dislodged: DrawingPoint | null;
  /** The middle of the place's name. */
  readonly label: DrawingPoint | null;
  /** Where the place's supply center is marked. */
  readonly center: DrawingPoint | null;
}

/** A drawing of the board read from a file beside the map, scaled to the picture's pixels. */
export interface BoardDrawing {
  readonly kind: 'postscript' | 'jdip';
  /** The file, as diagnostics name it. */
  readonly file: string;
  readonly width: number;
  readonly height: number;
  /** The ground as SVG markup, filling the box from 0,0 to width,height: seas, lands, borders; no unit, center or name. */
  readonly ground: string;
  /** By location abbreviation in upper case: provinces (`SPA`) and coasts (`SPA/NC`). */
  readonly places: ReadonlyMap<string, DrawnPlace>;
  /** The full names the drawing gives its places (a DPjudge drawing's INFO block), by their names in `places`. */
  readonly fullNames: ReadonlyMap<string, string>;
}

/** Bad input a drawing reader refuses: the map is then drawn as if the drawing were not there. */
export class DrawingReadError extends JudgeFailure {
  override name = 'DrawingReadError';

  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** What the picture of a map is drawn on, in words: for `judge map check --warnings`. */
export function describeBoardArt(art: BoardArt): string {
  switch (art.kind) {
    case 'drawing':
      return `drawn on ${art.drawing.kind === 'postscript' ? 'the DPjudge drawing' : 'the jDip SVG map'} ${art.drawing.file} (${art.drawing.places.size} places)`;
    case 'coordinates':
      return `drawn at the positions of ${art.coordinates.file}`;
    case 'generated':
      return 'drawn from its adjacencies (no drawing or coordinates file beside it)';
  }
}
