import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folder, loadConfig } from '../../config/config.js';
import { readDatc } from '../../datc/reader.js';
import { runCases, type CaseOutcome } from '../../datc/runner.js';
import type { GameMap } from '../../map/game-map.js';
import { loadMapFile } from '../../map/load.js';

/** Timed adjudications per case with --time, after the untimed one that checks it. */
const TIMED_RUNS = 25;

/** A variant's map: `<maps>/<variant>.map`, loaded once per run. */
function mapLoader(mapsDir: string): (variant: string) => GameMap {
  const loaded = new Map<string, GameMap>();
  return (variant) => {
    const name = variant.toLowerCase();
    let map = loaded.get(name);
    if (!map) {
      map = loadMapFile(join(mapsDir, `${name}.map`), { searchPath: [mapsDir] });
      loaded.set(name, map);
    }
    return map;
  };
}

/** Microseconds: one adjudication takes tens of them. */
function micros(ms: number): string {
  return `${(ms * 1000).toFixed(1)} µs`;
}

/** The time a `fraction` of the sorted runs stayed within (nearest rank). */
function quantile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

function printTimes(outcomes: readonly CaseOutcome[]): void {
  const byType = new Map<string, number[]>();
  for (const outcome of outcomes) byType.set(outcome.phaseType, [...(byType.get(outcome.phaseType) ?? []), ...outcome.times]);
  for (const [type, times] of byType) {
    if (times.length === 0) continue;
    times.sort((a, b) => a - b);
    const cases = outcomes.filter((outcome) => outcome.phaseType === type).length;
    console.log(`${type.toLowerCase()}: median ${micros(quantile(times, 0.5))}, p95 ${micros(quantile(times, 0.95))} per case (${cases} cases)`);
  }
}

export function registerDatcCommand(program: Command): void {
  program
    .command('datc')
    .description('run a DATC test-case file against the adjudicator; exit status 0 only if every case passes')
    .argument('<file>', 'a file in the DATC case format (VARIANT_ALL, CASE ... END)')
    .option('--time', 'also print the median and 95th-percentile adjudication time per phase type')
    .option('--maps <dir>', 'where the variant maps are (default: the configured maps folder)')
    .action((file: string, options: { time?: boolean; maps?: string }) => {
      const datc = readDatc(readFileSync(file, 'utf8'));
      for (const problem of datc.problems) console.log(`warning: ${problem}`);
      const mapsDir = options.maps ?? folder(loadConfig(), 'maps');
      const outcomes = runCases(datc.cases, mapLoader(mapsDir), options.time ? { timedRuns: TIMED_RUNS } : {});
      for (const outcome of outcomes) console.log(outcome.passed ? `PASS ${outcome.id}` : `FAIL ${outcome.id}: ${outcome.detail}`);
      const failed = outcomes.filter((outcome) => !outcome.passed).length;
      console.log(`${outcomes.length - failed} passed, ${failed} failed`);
      if (options.time) printTimes(outcomes);
      if (failed > 0 || outcomes.length === 0) process.exitCode = 1;
    });
}
