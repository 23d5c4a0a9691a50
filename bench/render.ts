import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { adjudicate } from '../src/engine/adjudicate.js';
import { initialPosition } from '../src/engine/position.js';
import type { OrderOutcome, Position } from '../src/engine/types.js';
import { GENERATED_BOARD } from '../src/map/board-art.js';
import type { BoardCoordinates } from '../src/map/board-coordinates.js';
import type { GameMap } from '../src/map/game-map.js';
import type { Phase } from '../src/map/model.js';
import { isMapFileName, readAnyMap } from '../src/map/catalog.js';
import { parseOrder } from '../src/orders/parse.js';
import { svgToPng } from '../src/render/board-png.js';
import { layOutBoard } from '../src/render/board-layout.js';
import { boardSvg } from '../src/render/board-svg.js';
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
function benchOne(label: string, map: GameMap, coordinates: BoardCoordinates | null, target: string): void {
  const position = initialPosition(map);
  const layout = measure(() => layOutBoard(map, coordinates), 5, 1);
  const picture = measure(
    () => boardSvg(map, position, { title: label, art: coordinates === null ? GENERATED_BOARD : { kind: 'coordinates', coordinates } }),
    50,
    10,
  );
  console.log(
    `  ${label.padEnd(44)} layout ${formatMs(layout.median).padStart(10)}  picture ${formatMs(picture.median).padStart(10)} p95 ${formatMs(picture.p95)}${target}`,
  );
}

function played(
  map: GameMap,
  phase: Phase,
  position: Position,
  orders: Readonly<Record<string, readonly string[]>>,
): { position: Position; outcomes: OrderOutcome[] } {
  const submitted = Object.entries(orders).flatMap(([power, lines]) =>
    lines.map((line) => {
      const parsed = parseOrder(map, line, 'MOVEMENT');
      if (!parsed.ok) throw new Error(`${power}: ${line}: ${parsed.reason}`);
      return { power, order: parsed.readings[0]! };
    }),
  );
  return adjudicate(map, phase, position, submitted);
}

/**
 * A year of the standard game with something of everything in its Fall: moves, bounces, supports,
 * two convoys, a hold and a dislodgement. The bench draws its results; scripts/docs-pictures.mjs
 * draws them for docs/.
 */
export function standardFall1901(map: GameMap): { position: Position; outcomes: OrderOutcome[] } {
  const spring = played(map, { season: 'SPRING', year: 1901, type: 'MOVEMENT' }, initialPosition(map), {
    ENGLAND: ['F LON - NTH', 'F EDI - NWG', 'A LVP - YOR'],
    FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR', 'F BRE - MAO'],
    GERMANY: ['A BER - KIE', 'F KIE - DEN', 'A MUN - RUH'],
    ITALY: ['A VEN H', 'A ROM - APU', 'F NAP - ION'],
    AUSTRIA: ['A VIE - GAL', 'A BUD - SER', 'F TRI - ALB'],
    RUSSIA: ['A WAR H', 'A MOS - UKR', 'F SEV - BLA', 'F STP/SC - BOT'],
    TURKEY: ['F ANK - BLA', 'A CON - BUL', 'A SMY - ARM'],
  });
  return played(map, { season: 'FALL', year: 1901, type: 'MOVEMENT' }, spring.position, {
    ENGLAND: ['F NTH C A YOR - NWY', 'A YOR - NWY', 'F NWG S A YOR - NWY'],
    FRANCE: ['F MAO - POR', 'A BUR - BEL', 'A MAR - SPA'],
    GERMANY: ['A RUH - BEL', 'F DEN - SWE', 'A KIE - HOL'],
    ITALY: ['A VEN H', 'F ION C A APU - TUN', 'A APU - TUN'],
    AUSTRIA: ['A GAL H', 'A SER - RUM', 'F ALB - GRE'],
    RUSSIA: ['A WAR - GAL', 'A UKR S A WAR - GAL', 'F SEV - RUM', 'F BOT - SWE'],
    TURKEY: ['A BUL - GRE', 'F ANK - CON', 'A ARM - SEV'],
  });
}

export async function benchRender(corpus = resolve('..', 'shared', 'corpus')): Promise<void> {
  console.log('board pictures (layout: once per map, median of 5; picture: SVG of the opening position on the kept layout, median / p95 of 50)');
  const definition = readAnyMap(resolve('maps', 'standard.map'));
  const standard = definition.base;
  const art = definition.art;
  const coordinates = art.kind === 'coordinates' ? art.coordinates : null;
  benchOne('maps/standard.map + standard.coords', standard, coordinates, ' (target: picture < 20 ms)');
  benchOne('maps/standard.map, graph layout', standard, null, '');
  const largest = largestCorpusMap(corpus);
  if (largest) benchOne(`${largest.name} (${new Set(largest.map.locations.map((l) => l.province)).size} provinces)`, largest.map, null, '');
  else console.log(`  (no corpus in ${corpus})`);
  const fall = standardFall1901(standard);
  const results = measure(() => boardSvg(standard, fall.position, { title: 'standard', art, orders: fall.outcomes }), 200, 20);
  console.log(
    `  standard results picture with the ${fall.outcomes.length} orders of a Fall 1901: median ${formatMs(results.median)} p95 ${formatMs(results.p95)} (target: < 5 ms)`,
  );
  const svg = boardSvg(standard, initialPosition(standard), { title: 'standard', art });
  svgToPng(svg);
  const png = measure(() => svgToPng(svg), 10, 2);
  console.log(`  standard board as PNG (resvg): ${formatMs(png.median)}`);
}
