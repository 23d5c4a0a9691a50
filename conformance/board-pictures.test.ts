import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { initialPosition } from '../src/engine/position.js';
import { isMapFileName, readAnyMap } from '../src/map/catalog.js';
import { boardSvg } from '../src/render/board-svg.js';
import { corpus } from './corpus.js';
import { checkXml } from '../test/render/xml-check.js';

const FOLDERS = ['dpjudge/maps', 'dpjudge/trials', 'mila-maps', 'njudge'];

describe('every corpus map', () => {
  it('draws its opening position as well-formed SVG, in reasonable time', () => {
    let drawn = 0;
    let slowest = { name: '', ms: 0 };
    for (const folder of FOLDERS.map((name) => join(corpus, name))) {
      for (const entry of readdirSync(folder).filter(isMapFileName).sort()) {
        const definition = readAnyMap(join(folder, entry), { searchPath: [folder] });
        if (!definition.ok) continue;
        const map = definition.base;
        const position = initialPosition(map);
        const start = performance.now();
        const svg = boardSvg(map, position, { title: `Map ${map.name}` });
        const ms = performance.now() - start;
        if (ms > slowest.ms) slowest = { name: `${folder}/${entry}`, ms };
        expect(checkXml(svg).problems, `${folder}/${entry}`).toEqual([]);
        drawn++;
      }
    }
    expect(drawn).toBeGreaterThan(90);
    // The largest maps (350 provinces) lay out in well under a second; a generous bound for slow machines.
    expect(slowest.ms, slowest.name).toBeLessThan(3000);
  }, 120_000);
});
