import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BoardArt, BoardDrawing } from '../src/map/board-art.js';
import { readAnyMap } from '../src/map/catalog.js';
import type { MapDefinition } from '../src/map/definition.js';
import { matchDrawing } from '../src/map/drawings/drawing-match.js';
import { readJdipSvg } from '../src/map/drawings/jdip-svg.js';
import { formatDiagnostic } from '../src/map/model.js';

/**
 * The corpus's board drawings with the maps they draw: every DPjudge `.ps` drawing with the map
 * of its name beside it (read as the judge reads a map, so its drawing is found beside it), and
 * every jDip SVG map of `mila-maps/svg/` with the `diplomacy` package's map of its name (read by
 * the loader's own steps, as the SVG does not stand beside the map).
 */
export interface CorpusBoard {
  /** The drawing's file, from the corpus folder on. */
  readonly name: string;
  readonly path: string;
  readonly definition: MapDefinition;
  readonly drawing: BoardDrawing;
  readonly art: BoardArt;
  /** What the judge said of the drawing: warnings with file:line. */
  readonly warnings: readonly string[];
}

export function corpusBoards(corpus: string, drawingCache: string): CorpusBoard[] {
  const boards: CorpusBoard[] = [];
  for (const folder of ['dpjudge/maps', 'dpjudge/trials']) {
    for (const entry of readdirSync(join(corpus, folder))
      .filter((name) => name.endsWith('.ps'))
      .sort()) {
      const path = join(corpus, folder, entry);
      const definition = readAnyMap(join(corpus, folder, entry.replace(/\.ps$/, '.map')), { searchPath: [join(corpus, folder)], drawingCache });
      const art = definition.art;
      if (art.kind !== 'drawing') throw new Error(`${folder}/${entry}: the map is not drawn on it: ${definition.warnings.map(formatDiagnostic).join('; ')}`);
      boards.push({ name: `${folder}/${entry}`, path, definition, drawing: art.drawing, art, warnings: definition.warnings.map(formatDiagnostic) });
    }
  }
  const mila = join(corpus, 'mila-maps');
  for (const entry of readdirSync(join(mila, 'svg'))
    .filter((name) => name.endsWith('.svg'))
    .sort()) {
    const path = join(mila, 'svg', entry);
    const definition = readAnyMap(join(mila, `${basename(entry, '.svg')}.map`), { searchPath: [mila] });
    const read = readJdipSvg(readFileSync(path, 'utf8'), `mila-maps/svg/${entry}`);
    const matched = matchDrawing(read.drawing, definition.base);
    const art: BoardArt = { kind: 'drawing', drawing: matched.drawing };
    boards.push({
      name: `mila-maps/svg/${entry}`,
      path,
      definition,
      drawing: matched.drawing,
      art,
      warnings: [...read.diagnostics, ...matched.diagnostics].map(formatDiagnostic),
    });
  }
  return boards;
}
