import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readAnyMap } from '../src/map/catalog.js';
import { boardSvg } from '../src/render/board-svg.js';
import { standardFall1901 } from './render.js';
import { formatMs, measure } from './stats.js';
import { figure } from './table.js';

/**
 * Pictures on a DPjudge `.ps` drawing (the corpus's standard board): the one-time conversion of the
 * drawing by Ghostscript, with no kept conversion to find (a cache folder of its own), and the
 * results picture of the render bench's Fall 1901 drawn on it once converted; then the same picture
 * on the judge's own standard board (maps/standard.svg).
 */
export function benchDrawings(corpus = resolve(process.env['JUDGE_CORPUS'] ?? join('..', 'shared'), 'corpus')): void {
  console.log('board drawings (conversion: once, no kept conversion; picture: results SVG on the converted drawing, median / p95 of 200)');
  const folder = join(corpus, 'dpjudge', 'maps');
  const definition = readAnyMap(join(folder, 'standard.map'), {
    searchPath: [folder],
    drawingCache: join(resolve('node_modules', '.cache'), `bench-drawings-${process.pid}`),
  });
  const start = performance.now();
  const art = definition.art;
  const conversion = performance.now() - start;
  if (art.kind !== 'drawing') {
    console.log(`  (no DPjudge drawing in ${folder}, or no Ghostscript: ${art.kind})`);
    return;
  }
  console.log(`  ${art.drawing.file}: converted in ${formatMs(conversion)} (Ghostscript, twice: the bounding box, then the board)`);
  figure('a DPjudge .ps drawing converted, once per drawing', formatMs(conversion), 'once', null);
  const map = definition.base;
  const fall = standardFall1901(map);
  const results = measure(() => boardSvg(map, fall.position, { title: 'standard', art, orders: fall.outcomes }), 200, 20);
  console.log(
    `  results picture with the ${fall.outcomes.length} orders of a Fall 1901 on it: median ${formatMs(results.median)} p95 ${formatMs(results.p95)} (target: < 5 ms)`,
  );
  figure('results picture on a .ps drawing, once converted', `${formatMs(results.median)} median`, '< 5 ms', results.median < 5);
  const own = readAnyMap(resolve('maps', 'standard.map'));
  const ownFall = standardFall1901(own.base);
  const ownResults = measure(() => boardSvg(own.base, ownFall.position, { title: 'standard', art: own.art, orders: ownFall.outcomes }), 200, 20);
  console.log(
    `  the same on the judge's own standard board (maps/standard.svg): median ${formatMs(ownResults.median)} p95 ${formatMs(ownResults.p95)} (target: < 5 ms)`,
  );
  figure("results picture on the judge's own standard board", `${formatMs(ownResults.median)} median`, '< 5 ms', ownResults.median < 5);
}
