import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { adjudicate } from '../src/engine/adjudicate.js';
import { initialPosition } from '../src/engine/position.js';
import type { GameMap } from '../src/map/game-map.js';
import { parseOrder } from '../src/orders/parse.js';
import { svgToPng } from '../src/render/board-png.js';
import { boardSvg } from '../src/render/board-svg.js';
import { corpusBoards, type CorpusBoard } from './corpus-boards.js';

/**
 * `npm run boards:corpus -- <folder>`: a results picture with units and orders on every board
 * drawing of the corpus (JUDGE_CORPUS, default ../shared), and beside each the drawing as its own
 * program shows it (a DPjudge drawing with its names and centers, by Ghostscript; a jDip map as it
 * stands), to open side by side. The pictures are other projects' art: the folder must lie outside
 * the repository.
 */

/** Every unit of the opening ordered to the first place it may move to, every third holding: arrows, bounces and holds to look at. */
function openingOrders(map: GameMap) {
  const position = initialPosition(map);
  const orders = position.powers.flatMap((power) =>
    power.units.flatMap((unit, index) => {
      const to = map.locations.find((location) => location.abbrev !== unit.location && map.canMove(unit.type, unit.location, location.abbrev));
      const text = index % 3 === 2 || to === undefined ? `${unit.type} ${unit.location} H` : `${unit.type} ${unit.location} - ${to.abbrev}`;
      const parsed = parseOrder(map, text, 'MOVEMENT');
      return parsed.ok ? [{ power: power.name, order: parsed.readings[0]! }] : [];
    }),
  );
  return adjudicate(map, map.data.begin, position, orders);
}

/** The DPjudge drawing as DPjudge shows it: its DrawMap and ShowPage (names, centers, frame), turned upright. */
function plainPostScript(board: CorpusBoard): Buffer {
  const run = spawnSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=png16m', '-r150', '-sOutputFile=-', board.path, '-'], {
    input: 'DrawMap ShowPage\n',
    maxBuffer: 256 * 1024 * 1024,
  });
  const [width, height] = [run.stdout.readUInt32BE(16), run.stdout.readUInt32BE(20)];
  const turned =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${height}" height="${width}">` +
    `<image width="${width}" height="${height}" transform="translate(${height} 0) rotate(90)" xlink:href="data:image/png;base64,${run.stdout.toString('base64')}"/></svg>`;
  return svgToPng(turned);
}

function main(): void {
  const [folder] = process.argv.slice(2);
  if (folder === undefined) throw new Error('usage: npm run boards:corpus -- <folder outside the repository>');
  const out = resolve(folder);
  if (!relative(process.cwd(), out).startsWith('..')) throw new Error(`${out} lies inside the repository: the corpus's drawings are other projects' art`);
  const corpus = resolve(process.env['JUDGE_CORPUS'] ?? join('..', 'shared'), 'corpus');
  mkdirSync(out, { recursive: true });
  for (const board of corpusBoards(corpus, join(resolve('node_modules', '.cache'), 'conformance-drawings'))) {
    const map = board.definition.base;
    const result = openingOrders(map);
    const svg = boardSvg(map, result.position, {
      title: `${board.name}: results of the opening`,
      subtitle: `map ${map.name}`,
      art: board.art,
      orders: result.outcomes,
    });
    const name = board.name.replace(/[/.]/g, '-');
    writeFileSync(join(out, `${name}.results.png`), svgToPng(svg));
    writeFileSync(join(out, `${name}.source.png`), board.drawing.kind === 'postscript' ? plainPostScript(board) : svgToPng(readFileSync(board.path, 'utf8')));
    console.log(
      `${name}: ${result.outcomes.length} orders drawn; ${board.warnings.length} warnings${board.warnings.map((warning) => `\n  ${warning}`).join('')}`,
    );
  }
}

main();
