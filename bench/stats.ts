import { performance } from 'node:perf_hooks';
import { percentile } from '../src/cli/durations.js';

export { formatMs, percentile } from '../src/cli/durations.js';

/** Timing helpers shared by the benchmarks: they print numbers, tests never assert times. */

export interface Timing {
  median: number;
  p95: number;
  runs: number;
}

/** Runs `work` `warmup` times untimed, then `runs` times timed; milliseconds per run. */
export function measure(work: () => void, runs: number, warmup = Math.min(runs, 20)): Timing {
  for (let i = 0; i < warmup; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return timing(times);
}

function timing(times: number[]): Timing {
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95), runs: times.length };
}

/** `measure` for work that waits (requests, I/O). */
export async function measureAsync(work: () => Promise<unknown>, runs: number, warmup = Math.min(runs, 20)): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return timing(times);
}
