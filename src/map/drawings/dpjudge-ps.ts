import { DrawingReadError, type DrawingPoint } from '../board-art.js';
import type { Diagnostic } from '../model.js';

/**
 * What a DPjudge map drawing (`<map>.ps`, written by DPjudge's map makers dpmap and mapit) says
 * about its places, read from its text: the `% INFO` block (`%  x  y  ABBR  Full name`, the point
 * each place's unit is drawn at), the supply center marks of its `VisitSupplies` procedure
 * (`/ABBR x y s`), and mapit's `UnitOffset` (its units stand that far above their point). All in the
 * drawing's own coordinates, y growing upwards. The drawing itself is Ghostscript's to draw
 * (ghostscript.ts). Pure: the loader reads the file and hands its text here.
 */
export interface PostScriptPlaces {
  readonly units: ReadonlyMap<string, DrawingPoint>;
  readonly centers: ReadonlyMap<string, DrawingPoint>;
  /** The middle of each place's name where the drawing writes it (its `VisitTerritories`). */
  readonly labels: ReadonlyMap<string, DrawingPoint>;
  readonly fullNames: ReadonlyMap<string, string>;
  readonly diagnostics: Diagnostic[];
}

const INFO_LINE = /^%\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(\S+)(?:\s+(.*))?$/;
const SUPPLY_LINE = /^\s*\/(\S+)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+s\s*$/;
const TERRITORY_LINE = /^\s*\((\S+)\)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+[a-z]\s*$/;
/**
 * Where DPjudge's DrawAlias writes a place's name from its point: halved (`.5 .5 scale`), 14 below
 * (`0 -14 translate`), so its baseline is 7 points under the point; the middle of its capitals, 14
 * points high halved, lies 2.5 points above that.
 */
const NAME_MIDDLE_BELOW = 7 - 2.5;

/** Refuses a file that is not a DPjudge map drawing (file:line); a line of its INFO block it cannot read is a warning. */
export function readPostScriptPlaces(text: string, file: string): PostScriptPlaces {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('%!PS')) throw new DrawingReadError(file, 1, 'it does not begin with %!PS: not a PostScript file');
  const info = lines.findIndex((line) => /^%\s*INFO\s*$/i.test(line));
  if (info < 0) throw new DrawingReadError(file, 1, 'no "% INFO" block: not a DPjudge map drawing (it says where no place is)');
  if (!lines.some((line) => /^\/DrawMap\b/.test(line)))
    throw new DrawingReadError(file, 1, 'no DrawMap procedure: not a DPjudge map drawing (it has no board to draw)');
  const diagnostics: Diagnostic[] = [];
  const units = new Map<string, DrawingPoint>();
  const fullNames = new Map<string, string>();
  const offset = Number(/^\s*\/UnitOffset\s+(-?\d+(?:\.\d+)?)\s+def\b/m.exec(text)?.[1] ?? 0);
  for (let index = info + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^%\s*(MAP|LANG)\b/i.test(line) || !line.startsWith('%')) break;
    if (/^%\s*$/.test(line)) continue;
    const match = INFO_LINE.exec(line);
    if (match === null) {
      diagnostics.push({
        file,
        line: index + 1,
        severity: 'warning',
        message: `cannot read '${line.trim()}': an INFO line is %, x, y, the place's abbreviation and its name`,
      });
      continue;
    }
    const place = match[3]!.toUpperCase();
    if (units.has(place)) continue;
    units.set(place, { x: Number(match[1]), y: Number(match[2]) + offset });
    if (match[4]?.trim()) fullNames.set(place, match[4].trim());
  }
  if (units.size === 0) throw new DrawingReadError(file, info + 1, 'its "% INFO" block places nothing: not a DPjudge map drawing');
  const centers = new Map<string, DrawingPoint>();
  const supplies = lines.findIndex((line) => /^\/VisitSupplies\b/.test(line));
  for (let index = supplies + 1; supplies >= 0 && index < lines.length && !/^\}/.test(lines[index]!); index++) {
    const match = SUPPLY_LINE.exec(lines[index]!);
    if (match !== null) centers.set(match[1]!.toUpperCase(), { x: Number(match[2]), y: Number(match[3]) });
  }
  const labels = new Map<string, DrawingPoint>();
  const territories = lines.findIndex((line) => /^\/VisitTerritories\b/.test(line));
  for (let index = territories + 1; territories >= 0 && index < lines.length && !/^\}/.test(lines[index]!); index++) {
    const match = TERRITORY_LINE.exec(lines[index]!);
    if (match !== null) labels.set(match[1]!.toUpperCase(), { x: Number(match[2]), y: Number(match[3]) - NAME_MIDDLE_BELOW });
  }
  return { units, centers, labels, fullNames, diagnostics };
}

/**
 * The paper a drawing was made for, as Ghostscript names it, from the `psinfo` file DPjudge keeps
 * beside its drawings (`name bbox papersize rotation`, `_` for the default, `-` for the line
 * above's, `=` for all the rest of the line above's); letter unless it says.
 */
export function paperOf(psinfo: string, map: string): string {
  let previous: string[] = [];
  for (const line of psinfo.split(/\r?\n/)) {
    const [name, ...values] = line.trim().split(/\s+/);
    if (name === undefined || name === '' || name.startsWith('#')) continue;
    const equals = values.indexOf('=');
    const fields = (equals < 0 ? values : [...values.slice(0, equals), ...previous.slice(equals)]).map((value, index) =>
      value === '-' ? (previous[index] ?? '_') : value,
    );
    previous = fields;
    if (name !== map) continue;
    const paper = fields[1]?.toLowerCase();
    return paper !== undefined && /^[a-z0-9]+$/.test(paper) && paper !== '_' ? paper : 'letter';
  }
  return 'letter';
}
