import { readFileSync } from 'node:fs';
import { formatMs, percentile } from '../durations.js';
import { folder, loadConfig } from '../../config/config.js';
import { readDatc } from '../../datc/reader.js';
import { runCases, type CaseOutcome } from '../../datc/runner.js';
import { findMapFile } from '../../map/catalog.js';
import type { GameMap } from '../../map/game-map.js';
import { loadMapFile } from '../../map/load.js';

/** Timed adjudications per case with --time, after the untimed one that checks it. */
const TIMED_RUNS = 25;

/** A variant's map, found as a game finds it (`<variant>.map`, nJudge's `map.<variant>`), loaded once per run. */
function mapLoader(mapsDir: string): (variant: string) => GameMap {
  const loaded = new Map<string, GameMap>();
  return (variant) => {
    const name = variant.toLowerCase();
    let map = loaded.get(name);
    if (!map) {
      const path = findMapFile(name, [mapsDir]);
      if (path === undefined) throw new Error(`judge datc: there is no map '${name}' in ${mapsDir}`);
      map = loadMapFile(path, { searchPath: [mapsDir] });
      loaded.set(name, map);
    }
    return map;
  };
}

function printTimes(outcomes: readonly CaseOutcome[]): void {
  const byType = new Map<string, number[]>();
  for (const outcome of outcomes) byType.set(outcome.phaseType, [...(byType.get(outcome.phaseType) ?? []), ...outcome.times]);
  for (const [type, times] of byType) {
    if (times.length === 0) continue;
    times.sort((a, b) => a - b);
    const cases = outcomes.filter((outcome) => outcome.phaseType === type).length;
    console.log(`${type.toLowerCase()}: median ${formatMs(percentile(times, 0.5))}, p95 ${formatMs(percentile(times, 0.95))} per case (${cases} cases)`);
  }
}

export interface DatcOptions {
  readonly time?: boolean;
  readonly maps?: string;
}

/** `judge datc`: runs the file's cases and prints a line per case, then the counts. */
export function runDatcFile(file: string, options: DatcOptions): void {
  const datc = readDatc(readFileSync(file, 'utf8'));
  for (const problem of datc.problems) console.log(`warning: ${problem}`);
  const mapsDir = options.maps ?? folder(loadConfig(), 'maps');
  const outcomes = runCases(datc.cases, mapLoader(mapsDir), options.time ? { timedRuns: TIMED_RUNS } : {});
  for (const outcome of outcomes) console.log(outcome.passed ? `PASS ${outcome.id}` : `FAIL ${outcome.id}: ${outcome.detail}`);
  const failed = outcomes.filter((outcome) => !outcome.passed).length;
  console.log(`${outcomes.length - failed} passed, ${failed} failed`);
  if (options.time) printTimes(outcomes);
  if (failed > 0 || outcomes.length === 0) process.exitCode = 1;
}
