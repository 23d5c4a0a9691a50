import { parseAreaLine } from './area-line.js';
import type { DiagnosticSink } from './diagnostics.js';
import { parseMoveLine } from './move-line.js';
import { readOptions, type NumberedLine } from './options.js';
import { splitLines } from './text.js';
import type { AreaLine, MapFile, MoveLine } from './syntax.js';

/**
 * Reads the three sections of a `map.<variant>` file (areas, moves, options), each ended by a line
 * starting with `-`. As in nJudge, only lines starting with a letter or digit count in the first
 * two sections; anything else there is a comment.
 */

function isEntry(text: string): boolean {
  return /^[\p{L}\p{N}]/u.test(text);
}

function sections(text: string): NumberedLine[][] {
  const result: NumberedLine[][] = [[]];
  splitLines(text).forEach((lineText, index) => {
    if (lineText.startsWith('-')) result.push([]);
    else result[result.length - 1]!.push({ text: lineText, line: index + 1 });
  });
  return result;
}

function readAreas(lines: NumberedLine[], file: string, sink: DiagnosticSink): AreaLine[] | null {
  const areas: AreaLine[] = [];
  for (const { text, line } of lines) {
    if (!isEntry(text)) continue;
    const area = parseAreaLine(text, line);
    if (typeof area !== 'string') {
      areas.push(area);
      continue;
    }
    // nJudge gives up on a line without a comma; reading on would only pile up errors about a file that is not a map.
    if (!text.includes(',')) {
      sink.error(file, line, `${area}; nJudge stops reading the map there`);
      return null;
    }
    sink.error(file, line, area);
  }
  return areas;
}

function readMoves(lines: NumberedLine[], file: string, sink: DiagnosticSink): MoveLine[] {
  const moves: MoveLine[] = [];
  for (const { text, line } of lines) {
    if (!isEntry(text)) continue;
    const parsed = parseMoveLine(text, line);
    if (typeof parsed === 'string') {
      sink.error(file, line, parsed);
      continue;
    }
    for (const warning of parsed.warnings) sink.warn(file, line, warning);
    moves.push(parsed.move);
  }
  return moves;
}

/** Areas with Machiavelli city fields make the map a Machiavelli map; a mixture is an error. */
function isMachiavelli(areas: AreaLine[], file: string, sink: DiagnosticSink): boolean {
  const withCity = areas.filter((area) => area.city !== null);
  if (withCity.length === 0 || withCity.length === areas.length) return withCity.length > 0;
  const odd = withCity.length * 2 > areas.length ? areas.filter((area) => area.city === null) : withCity;
  const missing = odd[0]!.city === null;
  for (const area of odd)
    sink.error(
      file,
      area.line,
      missing
        ? `area ${area.name} lacks the Machiavelli city fields (income and city kind) the other areas have`
        : `area ${area.name} has Machiavelli city fields but most areas have none`,
    );
  return !missing;
}

export function parseMapFile(text: string, file: string, sink: DiagnosticSink): MapFile {
  const [areaLines = [], moveLines = [], optionLines = [], ...rest] = sections(text);
  const areas = readAreas(areaLines, file, sink);
  const empty: MapFile = { file, areas: [], moves: [], centerOrder: null, hongKong: [], gateways: [], railways: [], machiavelli: false };
  if (areas === null) return empty;
  if (areas.length === 0) {
    sink.error(file, 1, 'no area lines: an nJudge map file starts with lines like "Belgium,  x bel"');
    return empty;
  }
  const trailing = rest.flat().find((entry) => entry.text.trim() !== '');
  if (trailing) sink.warn(file, trailing.line, 'text after the options section is ignored');
  const machiavelli = isMachiavelli(areas, file, sink);
  const options = readOptions(optionLines, file, sink);
  if (!machiavelli)
    for (const block of options.machiavelliBlocks) sink.warn(file, block.line, `'${block.header}' is a Machiavelli block; a Diplomacy map ignores it`);
  return {
    file,
    areas,
    moves: readMoves(moveLines, file, sink),
    centerOrder: options.centerOrder,
    hongKong: options.hongKong,
    gateways: options.gateways,
    railways: options.railways,
    machiavelli,
  };
}
