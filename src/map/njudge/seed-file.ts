import type { Phase } from '../model.js';
import type { DiagnosticSink } from './diagnostics.js';
import { splitLines } from './text.js';

/**
 * Reads a `seed.<variant>` file: the start phase (`S1901M`), the unit lines (`R: F St Petersburg/sc`,
 * Machiavelli `Am A Austria`) up to a `-1` line, then the optional ownership record (one power
 * letter or `.` per map area, in area order, possibly wrapped) up to the next `-1`. Machiavelli
 * status records (`N:`, `O:`, `C:`, `H:`, `F:` lines) are not read: those maps are not played.
 *
 * nJudge also reads a seed written as its own start report: `Starting position for Spring of 1901.`
 * then `Austria: Army  Paris.` and `France:  Fleet St Petersburg (south coast).`, powers by name.
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

const PROSE_START = /^\s*Starting position for\s+(\w+)\s+of\s+(-?\d+)\s*\.?\s*$/i;
const PROSE_SEASONS: Record<string, [season: string, type: string]> = { spring: ['S', 'M'], fall: ['F', 'M'], autumn: ['F', 'M'], winter: ['F', 'B'] };
const PROSE_COASTS: Record<string, string> = { north: 'nc', south: 'sc', east: 'ec', west: 'wc' };

function parseProseStart(text: string): Phase | string {
  const match = PROSE_START.exec(text)!;
  const season = PROSE_SEASONS[match[1]!.toLowerCase()];
  if (!season) return `unknown season '${match[1]}' in '${text.trim()}' (Spring, Fall or Winter)`;
  const phase = diplomacyPhase(season[0], Number(match[2]), season[1]);
  return typeof phase === 'string' ? `${phase}, in '${text.trim()}'` : phase;
}

/**
 * The power letter a seed in prose means by a power's name, given the area its unit stands in, or
 * why it cannot tell.
 */
export type PowerLetterOf = (name: string, place: string) => string | { error: string };

/** `France:  Fleet St Petersburg (south coast).` */
function parseProseUnit(text: string, line: number, letterOf: PowerLetterOf): SeedUnit | string {
  const match = /^\s*([^:]+?)\s*:\s*(Army|Fleet)\s+(.+?)\s*\.?\s*$/i.exec(text);
  if (!match) return `expected a unit line '<power>: Army|Fleet <area>.', found '${text.trim()}'`;
  const coasted = /^(.+?)\s*\((\w+) coast\)$/i.exec(match[3]!);
  const coast = coasted && PROSE_COASTS[coasted[2]!.toLowerCase()];
  if (coasted && !coast) return `unknown coast '${coasted[2]} coast' in '${text.trim()}'`;
  const place = coasted ? `${coasted[1]}/${coast}` : match[3]!;
  const power = letterOf(match[1]!.replace(/\s+/g, ' '), place);
  if (typeof power !== 'string') return power.error;
  return { power, type: match[2]!.toUpperCase()[0]!, place, line };
}

export function parseSeedFile(text: string, file: string, machiavelli: boolean, sink: DiagnosticSink, letterOf: PowerLetterOf): SeedFile {
  const seed: SeedFile = { file, begin: null, units: [], ownership: null };
  const lines = splitLines(text);
  let index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0) {
    sink.error(file, 1, 'the seed file is empty');
    return seed;
  }
  const prose = !machiavelli && PROSE_START.test(lines[index]!);
  const begin = prose ? parseProseStart(lines[index]!) : parseStartPhase(lines[index]!, machiavelli);
  if (typeof begin === 'string') {
    sink.error(file, index + 1, begin);
    return seed;
  }
  seed.begin = begin;
  for (index++; index < lines.length && !lines[index]!.startsWith('-1'); index++) {
    if (lines[index]!.trim() === '') continue;
    const unit = prose ? parseProseUnit(lines[index]!, index + 1, letterOf) : parseUnit(lines[index]!, index + 1, machiavelli);
    if (typeof unit === 'string') sink.error(file, index + 1, unit);
    else seed.units.push(unit);
  }
  // A report ends where the file does; the ownership record, if any, still follows a '-1' line.
  if (prose && index >= lines.length) return seed;
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
