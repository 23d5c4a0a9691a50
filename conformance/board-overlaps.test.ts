import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initialPosition } from '../src/engine/position.js';
import { GENERATED_BOARD } from '../src/map/board-art.js';
import { isMapFileName, readAnyMap } from '../src/map/catalog.js';
import { boardSvg } from '../src/render/board-svg.js';
import { crowdedPositions, nameBoxes, namesOverlapping } from '../test/render/board-geometry.js';
import { corpus, DRAWING_CACHE } from './corpus.js';

/** Every map of the corpus drawn readably (the folder comes from JUDGE_CORPUS, see corpus.ts). */
const FOLDERS = ['dpjudge/maps', 'dpjudge/trials', 'mila-maps', 'njudge'];

describe('every corpus map', () => {
  it('is drawn with no name over another name, a unit or a center mark, with units on every place, and every name legible', () => {
    const problems: string[] = [];
    let maps = 0;
    let names = 0;
    for (const folder of FOLDERS.map((name) => join(corpus, name))) {
      for (const entry of readdirSync(folder).filter(isMapFileName).sort()) {
        const definition = readAnyMap(join(folder, entry), { searchPath: [folder], drawingCache: DRAWING_CACHE });
        if (!definition.ok) continue;
        const map = definition.base;
        // The judge's own layouts, crowded; a map's drawing is board-drawings.test.ts's.
        const art = definition.art.kind === 'drawing' ? GENERATED_BOARD : definition.art;
        const positions = [initialPosition(map), ...crowdedPositions(map)];
        for (const position of positions) {
          const svg = boardSvg(map, position, { title: `Map ${map.name}`, art });
          problems.push(...namesOverlapping(svg).map((problem) => `${folder.slice(corpus.length + 1)}/${entry}: ${problem}`));
        }
        const drawn = nameBoxes(boardSvg(map, positions[0]!, { title: `Map ${map.name}`, art }));
        names += drawn.length;
        for (const name of drawn) if (name.size < 8) problems.push(`${entry}: ${name.what} is ${name.size} pixels high`);
        maps++;
      }
    }
    console.log(`corpus overlaps: ${maps} maps, ${names} names, ${problems.length} names overlapping or too small`);
    expect(maps).toBeGreaterThan(90);
    expect(problems).toEqual([]);
  }, 300_000);
});
