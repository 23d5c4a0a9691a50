import type { Phase } from '../model.js';
import type { DiagnosticSink } from './diagnostics.js';
import { splitLines } from './text.js';

/**
 * Reads a `seed.<variant>` file: the start phase (`S1901M`), the unit lines (`R: F St Petersburg/sc`,
 * Machiavelli `Am A Austria`) up to a `-1` line, then the optional ownership record (one power
 * letter or `.` per map area, in area order, possibly wrapped) up to the next `-1`. Machiavelli
 * status records (`N:`, `O:`, `C:`, `H:`, `F:` lines) are not read: those maps are not played.
 */

export interface SeedUnit {
  power: string;
  /** `A`, `F`, or Machiavelli's `G` (garrison). */
  type: string;
  /** The area as written: a full name or an abbreviation, with an optional `/coast`. */
  place: string;
  line: number;
}

export interface SeedFile {
  file: string;
  begin: Phase | null;
  units: SeedUnit[];
  /** The concatenated ownership record, or null when ownership comes from the map. */
  ownership: { letters: string; line: number } | null;
}

const SEASONS: Record<string, string> = { S: 'SPRING', U: 'SUMMER', F: 'FALL' };

/** nJudge's `F1900B` (fall builds) is the adjustment phase the model files under WINTER. */
function diplomacyPhase(season: string, year: number, type: string): Phase | string {
  if (type === 'M' || type === 'R') {
    if (season === 'U') return 'Diplomacy has no summer season';
    return { season: SEASONS[season]!, year, type: type === 'M' ? 'MOVEMENT' : 'RETREATS' };
  }
  if (type === 'B') {
    if (season !== 'F') return 'builds (B) only follow a fall (F) season';
    return { season: 'WINTER', year, type: 'ADJUSTMENTS' };
  }
  return `'${type}' is not a Diplomacy phase (M, R or B)`;
}

function machiavelliPhase(season: string, year: number, type: string): Phase | string {
  const types: Record<string, string> = { M: 'MOVEMENT', R: 'RETREATS', A: 'ADJUSTMENTS' };
  if (!types[type]) return `'${type}' is not a Machiavelli phase (M, R or A)`;
  if (type === 'A' && season !== 'F') return 'adjustments (A) only follow a fall (F) season';
  return { season: SEASONS[season]!, year, type: types[type]! };
}

function parseStartPhase(text: string, machiavelli: boolean): Phase | string {
  const match = /^([A-Za-z])(-?\d+)([A-Za-z])$/.exec(text.trim());
  if (!match) return `expected the start phase, e.g. S1901M, but found '${text.trim()}'`;
  const season = match[1]!.toUpperCase();
  const type = match[3]!.toUpperCase();
  if (!SEASONS[season]) return `unknown season '${match[1]}' in start phase '${text.trim()}' (S, U or F)`;
  const phase = (machiavelli ? machiavelliPhase : diplomacyPhase)(season, Number(match[2]), type);
  return typeof phase === 'string' ? `${phase}, in start phase '${text.trim()}'` : phase;
}

function parseUnit(text: string, line: number, machiavelli: boolean): SeedUnit | string {
  const marker = machiavelli ? 'm' : ':';
  const match = /^(\S)(\S)\s+(\S+)\s+(.+)$/.exec(text.trim());
  if (!match || match[2] !== marker)
    return machiavelli
      ? `expected a Machiavelli unit line '<power letter>m <A|F|G> <area>', found '${text.trim()}'`
      : `expected a unit line '<power letter>: <A|F> <area>', found '${text.trim()}'`;
  const type = match[3]!.toUpperCase();
  const types = machiavelli ? ['A', 'F', 'G'] : ['A', 'F'];
  if (!types.includes(type)) return `unknown unit type '${match[3]}' (expected ${types.join(', ')})`;
  return { power: match[1]!, type, place: match[4]!.trim(), line };
}

export function parseSeedFile(text: string, file: string, machiavelli: boolean, sink: DiagnosticSink): SeedFile {
  const seed: SeedFile = { file, begin: null, units: [], ownership: null };
  const lines = splitLines(text);
  let index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0) {
    sink.error(file, 1, 'the seed file is empty');
    return seed;
  }
  const begin = parseStartPhase(lines[index]!, machiavelli);
  if (typeof begin === 'string') {
    sink.error(file, index + 1, begin);
    return seed;
  }
  seed.begin = begin;
  for (index++; index < lines.length && !lines[index]!.startsWith('-1'); index++) {
    if (lines[index]!.trim() === '') continue;
    const unit = parseUnit(lines[index]!, index + 1, machiavelli);
    if (typeof unit === 'string') sink.error(file, index + 1, unit);
    else seed.units.push(unit);
  }
  if (index >= lines.length) {
    sink.error(file, lines.length, "the unit list is not ended by a '-1' line");
    return seed;
  }
  if (machiavelli) return seed;
  const recordStart = index + 1;
  let letters = '';
  for (index++; index < lines.length && !lines[index]!.startsWith('-1'); index++) letters += lines[index]!.replace(/\s+/g, '');
  if (letters !== '') seed.ownership = { letters, line: recordStart + 1 };
  if (index >= lines.length && letters !== '') sink.error(file, lines.length, "the ownership record is not ended by a '-1' line");
  return seed;
}
