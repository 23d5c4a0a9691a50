import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { initialPosition } from '../engine/position.js';
import type { GameMap } from '../map/game-map.js';
import { isMapFileName, readAnyMap } from '../map/catalog.js';
import { svgToPng } from '../render/board-png.js';
import { layOutBoard } from '../render/board-layout.js';
import { boardSvg } from '../render/board-svg.js';
import { formatMs, measure } from './stats.js';

const CORPUS_FOLDERS = ['dpjudge/maps', 'dpjudge/trials', 'mila-maps', 'njudge'];

/** The corpus map with the most provinces: the worst case for the layout. */
function largestCorpusMap(corpus: string): { name: string; map: GameMap } | null {
  let largest: { name: string; map: GameMap; provinces: number } | null = null;
  for (const folder of CORPUS_FOLDERS.map((name) => join(corpus, name))) {
    let entries: string[];
    try {
      entries = readdirSync(folder).filter(isMapFileName).sort();
    } catch {
      continue;
    }
    for (const entry of entries) {
      const definition = readAnyMap(join(folder, entry), { searchPath: [folder] });
      if (!definition.ok) continue;
      const provinces = new Set(definition.base.locations.map((location) => location.province)).size;
      if (!largest || provinces > largest.provinces) largest = { name: `${folder.slice(corpus.length + 1)}/${entry}`, map: definition.base, provinces };
    }
  }
  return largest;
}

/** Laying a map out happens once per map; drawing a position on the kept layout happens for every mail. */
function benchOne(label: string, map: GameMap, target: string): void {
  const position = initialPosition(map);
  const layout = measure(() => layOutBoard(map), 5, 1);
  const picture = measure(() => boardSvg(map, position, { title: label }), 50, 10);
  console.log(`  ${label.padEnd(44)} layout ${formatMs(layout.median).padStart(10)}  picture ${formatMs(picture.median).padStart(10)} p95 ${formatMs(picture.p95)}${target}`);
}

export async function benchRender(corpus = resolve('..', 'shared', 'corpus')): Promise<void> {
  console.log('board pictures (layout: once per map, median of 5; picture: SVG of the opening position on the kept layout, median / p95 of 50)');
  const standard = readAnyMap(resolve('maps', 'standard.map')).base;
  benchOne('maps/standard.map', standard, ' (target: picture < 20 ms)');
  const largest = largestCorpusMap(corpus);
  if (largest) benchOne(`${largest.name} (${new Set(largest.map.locations.map((l) => l.province)).size} provinces)`, largest.map, '');
  else console.log(`  (no corpus in ${corpus})`);
  const svg = boardSvg(standard, initialPosition(standard), { title: 'standard' });
  svgToPng(svg);
  const png = measure(() => svgToPng(svg), 10, 2);
  console.log(`  standard board as PNG (resvg): ${formatMs(png.median)}`);
}
