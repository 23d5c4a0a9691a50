import { basename, dirname } from 'node:path';
import { DrawingReadError, GENERATED_BOARD, type BoardArt, type BoardDrawing, type DrawnPlace } from '../board-art.js';
import { checkBoardCoordinates, parseBoardCoordinates } from '../board-coordinates.js';
import type { MapFileSystem } from '../dpjudge/script.js';
import type { GameMap } from '../game-map.js';
import type { Diagnostic } from '../model.js';
import { matchDrawing } from './drawing-match.js';
import { paperOf, readPostScriptPlaces } from './dpjudge-ps.js';
import { applyMatrix, convertedGround } from './ghostscript.js';
import { readJdipSvg } from './jdip-svg.js';

/**
 * The board art of a map, chosen where the map is loaded: the first of these files that is there
 * and can be read, beside the map file under the map's name, else under the name of the board its
 * MAP line names (DPjudge's way of saying a variant is drawn on another map's board):
 *
 * 1. `<map>.ps`, a DPjudge map drawing (drawn by Ghostscript, once per drawing);
 * 2. `<map>.svg`, a jDip SVG map;
 * 3. `<map>.coords`, a coordinates file (board-coordinates.ts);
 * 4. none: the picture is laid out from the adjacencies.
 *
 * A file that cannot be read is a warning naming its file and line, and the next source is taken.
 */

interface Source {
  readonly extension: string;
  read(path: string, fs: MapFileSystem, map: GameMap, cacheFolder: string | null): { art: BoardArt; diagnostics: Diagnostic[] } | null;
}

function drawingArt(read: { drawing: BoardDrawing; diagnostics: Diagnostic[] }, map: GameMap): { art: BoardArt; diagnostics: Diagnostic[] } {
  const matched = matchDrawing(read.drawing, map);
  return { art: { kind: 'drawing', drawing: matched.drawing }, diagnostics: [...read.diagnostics, ...matched.diagnostics] };
}

const SOURCES: readonly Source[] = [
  {
    extension: 'ps',
    read(path, fs, map, cacheFolder) {
      const text = fs.read(path);
      const file = fs.display(path);
      const places = readPostScriptPlaces(text, file);
      const psinfo = fs.resolve('psinfo', dirname(path));
      const paper = psinfo === null || dirname(psinfo) !== dirname(path) ? 'letter' : paperOf(fs.read(psinfo), basename(path).replace(/\.ps$/i, ''));
      const ground = convertedGround(path, text, file, paper, cacheFolder);
      if (ground === null) return null;
      const picture = (point: DrawnPlace['unit']) => applyMatrix(ground.transform, point);
      const drawn = new Map<string, DrawnPlace>(
        [...places.units].map(([name, unit]) => {
          const [center, label] = [places.centers.get(name), places.labels.get(name)];
          return [
            name,
            { unit: picture(unit), dislodged: null, label: label === undefined ? null : picture(label), center: center === undefined ? null : picture(center) },
          ];
        }),
      );
      const drawing: BoardDrawing = {
        kind: 'postscript',
        file,
        width: ground.width,
        height: ground.height,
        ground: ground.markup,
        places: drawn,
        fullNames: places.fullNames,
      };
      return drawingArt({ drawing, diagnostics: places.diagnostics }, map);
    },
  },
  {
    extension: 'svg',
    read: (path, fs, map) => drawingArt(readJdipSvg(fs.read(path), fs.display(path)), map),
  },
  {
    extension: 'coords',
    read(path, fs, map) {
      const { coordinates, diagnostics } = parseBoardCoordinates(fs.read(path), fs.display(path));
      return { art: { kind: 'coordinates', coordinates }, diagnostics: [...diagnostics, ...checkBoardCoordinates(coordinates, map)] };
    },
  },
];

/** A source's file for the map: beside the map file, else that of the board the map's MAP line names. */
function sourceFile(map: GameMap, mapPath: string, fs: MapFileSystem, extension: string): string | null {
  const folder = dirname(mapPath);
  const beside = fs.resolve(`${map.name}.${extension}`, folder);
  if (beside !== null && dirname(beside) === folder) return beside;
  return map.data.graphicalMap === map.name ? null : fs.resolve(`${map.data.graphicalMap}.${extension}`, folder);
}

export function findBoardArt(map: GameMap, mapPath: string, fs: MapFileSystem, cacheFolder: string | null): { art: BoardArt; diagnostics: Diagnostic[] } {
  const refused: Diagnostic[] = [];
  for (const source of SOURCES) {
    const path = sourceFile(map, mapPath, fs, source.extension);
    if (path === null) continue;
    try {
      const found = source.read(path, fs, map, cacheFolder);
      if (found !== null) return { art: found.art, diagnostics: [...refused, ...found.diagnostics] };
    } catch (error) {
      if (!(error instanceof DrawingReadError)) throw error;
      refused.push({
        file: error.file,
        line: error.line,
        severity: 'warning',
        message: `${error.message.slice(error.message.indexOf(': ') + 2)}; the picture is drawn without it`,
      });
    }
  }
  return { art: GENERATED_BOARD, diagnostics: refused };
}
