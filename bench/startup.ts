import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { formatMs, percentile } from './stats.js';
import { figure } from './table.js';

/** The judge as it ships, built by `npm run build` (which `npm run bench` runs first). */
const JUDGE_COMMAND = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const RUNS = 21;

/** Median wall time of a Node process running `args` to its end. */
function processTime(args: readonly string[]): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const { status } = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (status !== 0) throw new Error(`node ${args.join(' ')} exited with ${status}`);
    times.push(performance.now() - start);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** `judge help` as a judgekeeper types it, against a Node process that does nothing. */
export function benchStartup(): void {
  const bare = processTime(['-e', '0']);
  const help = processTime([JUDGE_COMMAND, 'help']);
  console.log(`start-up (median of ${RUNS} processes): judge help ${formatMs(help)}; node -e 0 ${formatMs(bare)}`);
  figure('`judge help` start-up', `${formatMs(help)} (node -e 0: ${formatMs(bare)})`, '≤ 100 ms', help <= 100);
}
