import type { Diagnostic } from './model.js';
import type { GameMap } from './game-map.js';

/**
 * Where a map's places are drawn: the `<map>.coords` file a judgekeeper may put beside a map file
 * (docs/board-coordinates.md). Map files carry no geometry, so without one the picture lays the
 * map out from its adjacency graph; with one, every province stands where the file says.
 *
 * One line per place, `#` starts a comment:
 *
 *     LON  412 318                 a province: where it is drawn (its army stands there)
 *     SPA  180 700  LABEL 170 672  ... and where its name is written
 *     SPA/NC  176 642              a coast: where a fleet on it stands
 *
 * Pure: the loader reads the file and hands its text here.
 */

interface CoordinatePoint {
  readonly x: number;
  readonly y: number;
}

export interface PlaceCoordinates {
  readonly point: CoordinatePoint;
  /** Where the place's name is centred; null: the picture finds a free spot near the point. */
  readonly label: CoordinatePoint | null;
}

export interface BoardCoordinates {
  /** The file, as diagnostics name it. */
  readonly file: string;
  /** By location abbreviation in upper case: provinces (`SPA`) and coasts (`SPA/NC`). */
  readonly places: ReadonlyMap<string, PlaceCoordinates>;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

function coordinate(words: readonly string[], at: number): CoordinatePoint | null {
  const [x, y] = [words[at], words[at + 1]];
  if (x === undefined || y === undefined || !NUMBER.test(x) || !NUMBER.test(y)) return null;
  return { x: Number(x), y: Number(y) };
}

/** Reads a coordinates file; lines it cannot read are left out, each with a warning. */
export function parseBoardCoordinates(text: string, file: string): { coordinates: BoardCoordinates; diagnostics: Diagnostic[] } {
  const places = new Map<string, PlaceCoordinates>();
  const diagnostics: Diagnostic[] = [];
  const warn = (line: number, message: string): void => void diagnostics.push({ file, line, severity: 'warning', message });
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = index + 1;
    const words = raw
      .replace(/#.*/, '')
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '');
    if (words.length === 0) continue;
    const place = words[0]!.toUpperCase();
    const point = coordinate(words, 1);
    const hasLabel = words.length === 6 && words[3]!.toUpperCase() === 'LABEL';
    const label = hasLabel ? coordinate(words, 4) : null;
    if (point === null || (words.length !== 3 && !hasLabel) || (hasLabel && label === null)) {
      warn(line, `cannot read '${raw.trim()}': write a place, its x and y, and optionally LABEL with the x and y of its name`);
      continue;
    }
    if (places.has(place)) {
      warn(line, `${place} is placed a second time; the first line for it counts`);
      continue;
    }
    places.set(place, { point, label });
  }
  return { coordinates: { file, places }, diagnostics };
}

/** What a coordinates file says that its map does not fit: places the map lacks, provinces left out. */
export function checkBoardCoordinates(coordinates: BoardCoordinates, map: GameMap): Diagnostic[] {
  const warn = (message: string): Diagnostic => ({ file: coordinates.file, line: 0, severity: 'warning', message });
  const diagnostics: Diagnostic[] = [];
  const known = new Set(map.locations.map((location) => location.abbrev));
  const strangers = [...coordinates.places.keys()].filter((place) => !known.has(place));
  if (strangers.length > 0) diagnostics.push(warn(`not places of the map ${map.name}, left out of its picture: ${strangers.join(' ')}`));
  const provinces = [...new Set(map.locations.map((location) => location.province))];
  const missing = provinces.filter((province) => !coordinates.places.has(province));
  if (missing.length > 0) diagnostics.push(warn(`no position for ${missing.join(' ')}: the picture puts each beside its neighbours`));
  return diagnostics;
}
