import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMapFileName, readAnyMap } from '../src/map/catalog.js';
import { formatMs, measure } from './stats.js';

const CORPUS_FOLDERS = ['dpjudge/maps', 'dpjudge/trials', 'mila-maps', 'njudge'];

/** Load time of every corpus map (files read and parsed each run, warm), median of several runs. */
export async function benchMaps(corpus = resolve('..', 'shared', 'corpus')): Promise<void> {
  console.log('map loading (read + parse + build, warm; median / p95 of 25 runs)');
  const folders = CORPUS_FOLDERS.map((folder) => join(corpus, folder));
  const rows: { name: string; median: number; p95: number }[] = [];
  for (const folder of folders) {
    let entries: string[];
    try {
      entries = readdirSync(folder).filter(isMapFileName).sort();
    } catch {
      console.log(`  (no ${folder})`);
      continue;
    }
    for (const entry of entries) {
      const path = join(folder, entry);
      const timing = measure(() => readAnyMap(path, { searchPath: folders }), 25, 5);
      rows.push({ name: `${folder.slice(corpus.length + 1)}/${entry}`, median: timing.median, p95: timing.p95 });
    }
  }
  for (const row of rows) console.log(`  ${row.name.padEnd(40)} ${formatMs(row.median).padStart(10)}  p95 ${formatMs(row.p95)}`);
  const standard = rows.find((row) => row.name === 'dpjudge/maps/standard.map');
  if (standard) console.log(`  standard map: ${formatMs(standard.median)} (target < 2 ms)`);
  // A clone with nothing beside it has no corpus: only the judge's own map is timed.
  const slowest = rows.reduce<(typeof rows)[number] | undefined>((worst, row) => (worst === undefined || row.median > worst.median ? row : worst), undefined);
  if (slowest) console.log(`  slowest: ${slowest.name} ${formatMs(slowest.median)} (target < 20 ms)`);
  const own = resolve('maps', 'standard.map');
  try {
    const timing = measure(() => readAnyMap(own), 50, 10);
    console.log(`  maps/standard.map (the judge's own): ${formatMs(timing.median)}`);
  } catch (error) {
    console.log(`  maps/standard.map: ${(error as Error).message}`);
  }
}
