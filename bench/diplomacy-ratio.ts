import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { adjudicate } from '../src/engine/adjudicate.js';
import { initialPosition } from '../src/engine/position.js';
import { seededRandom } from '../src/engine/civil-disorder.js';
import type { Position } from '../src/engine/types.js';
import { OrderReader, quotedRefusal } from '../src/engine/legality/reader.js';
import { duties } from '../src/game/duties.js';
import type { GameMap } from '../src/map/game-map.js';
import { loadMapFile } from '../src/map/load.js';
import type { Phase } from '../src/map/model.js';
import { nextPhase, phaseAbbrev } from '../src/map/phase.js';
import type { SubmittedOrder } from '../src/orders/types.js';
import { RulesInForce } from '../src/rules/in-force.js';
import { Bot } from '../test/game/bot.js';
import { formatMs, measure, percentile } from './stats.js';

/**
 * The judge side by side with the `diplomacy` Python package on the same movement phases: random
 * games on the standard map played by the tests' bot, each movement phase adjudicated by both. It
 * prints the median time of each and their ratio (issue 16's target: the judge ≥ 80× faster), and
 * on how many phases the two left the same units. Not part of `npm test` or `npm run bench`: it
 * needs Python with the package importable (see docs/performance.md).
 */

interface RecordedPhase {
  phase: Phase;
  position: Position;
  lines: Map<string, string[]>;
  orders: SubmittedOrder[];
  after: Position;
}

const NO_RULES = new RulesInForce([]);

function readOrders(map: GameMap, phase: Phase, position: Position, lines: ReadonlyMap<string, string[]>): SubmittedOrder[] {
  const orders: SubmittedOrder[] = [];
  for (const [power, written] of lines) {
    const reader = new OrderReader({ map, position, power, phase: phase.type as 'MOVEMENT' | 'RETREATS' | 'ADJUSTMENTS' });
    for (const line of written) {
      const read = reader.read(line);
      if (!read.ok) throw new Error(`the bot's order '${line}' for ${power} was refused: ${quotedRefusal(read.refused)}`);
      orders.push(read.submitted);
    }
  }
  return orders;
}

/** Plays `years` years of one random game and records its movement phases. */
function playGame(map: GameMap, seed: number, years: number): RecordedPhase[] {
  const bot = new Bot(seededRandom(`diplomacy-ratio ${seed}`));
  let phase = map.data.begin;
  let position: Position = initialPosition(map);
  const recorded: RecordedPhase[] = [];
  while (phase.year < map.data.begin.year + years) {
    const lines = new Map<string, string[]>();
    for (const duty of duties(map, phase, position, NO_RULES)) lines.set(duty.power, bot.orders(map, phase, position, duty.power, duty.adjustment));
    const orders = readOrders(map, phase, position, lines);
    const result = adjudicate(map, phase, position, orders);
    if (phase.type === 'MOVEMENT') recorded.push({ phase, position, lines, orders, after: result.position });
    position = result.position;
    if (result.victors.length > 0) break;
    phase = nextPhase(map.data.flow, phase);
  }
  return recorded;
}

function packagePhase(recorded: RecordedPhase) {
  const units: Record<string, string[]> = {};
  const centers: Record<string, string[]> = {};
  const orders: Record<string, string[]> = {};
  for (const state of recorded.position.powers) {
    units[state.name] = state.units.map((unit) => `${unit.type} ${unit.location}`);
    centers[state.name] = state.centers.filter((center) => !center.startsWith('SC'));
    orders[state.name] = recorded.lines.get(state.name) ?? [];
  }
  return { phase: phaseAbbrev(recorded.phase), units, centers, orders };
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function unitsAfter(position: Position): string {
  return position.powers
    .map(
      (state) =>
        `${state.name}:${state.units
          .map((unit) => `${unit.type} ${unit.location}`)
          .sort()
          .join(',')}`,
    )
    .join(';');
}

function packageUnitsAfter(after: Record<string, string[]>, powers: readonly string[]): string {
  return powers
    .map(
      (power) =>
        `${power}:${[...(after[power] ?? [])]
          .map((unit) => unit.replace(/^\*/, ''))
          .sort()
          .join(',')}`,
    )
    .join(';');
}

const program = new Command('bench:diplomacy')
  .description('the judge side by side with the diplomacy Python package on random standard-map movement phases')
  .option('--python <command>', 'the Python that can import diplomacy', 'python3')
  .option('--package <folder>', 'a folder holding the diplomacy package (added to PYTHONPATH)')
  .option('--games <count>', 'random games to play', (value) => Number(value), 40)
  .option('--years <count>', 'years of each game', (value) => Number(value), 10)
  .option('--runs <count>', "timings of each phase on the judge's side (their median is taken)", (value) => Number(value), 50)
  .parse();
const options = program.opts<{ python: string; package?: string; games: number; years: number; runs: number }>();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const map = loadMapFile(join(root, 'maps', 'standard.map'));
const phases = Array.from({ length: options.games }, (_, game) => playGame(map, game, options.years)).flat();

const python = spawnSync(options.python, [join(root, 'bench', 'diplomacy_ratio.py')], {
  input: JSON.stringify(phases.map(packagePhase)),
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
  env: { ...process.env, PYTHONPATH: [options.package, process.env.PYTHONPATH].filter(Boolean).join(':') },
});
if (python.status !== 0) {
  console.error(`${options.python} could not run the diplomacy package: ${python.error?.message ?? python.stderr.trim().split('\n').at(-1)}`);
  process.exit(1);
}
const packageRun = JSON.parse(python.stdout) as { ordering: number[]; seconds: number[]; after: Record<string, string[]>[] };

const adjudicating = phases.map((recorded) => measure(() => adjudicate(map, recorded.phase, recorded.position, recorded.orders), options.runs).median);
const reading = phases.map((recorded) => measure(() => readOrders(map, recorded.phase, recorded.position, recorded.lines), options.runs).median);
const powers = map.powers.map((power) => power.name);
const agreed = phases.filter((recorded, index) => unitsAfter(recorded.after) === packageUnitsAfter(packageRun.after[index]!, powers)).length;

const judgeMs = median(adjudicating);
const packageMs = median(packageRun.seconds) * 1000;
const judgeWholeMs = median(phases.map((_, index) => adjudicating[index]! + reading[index]!));
const packageWholeMs = median(packageRun.seconds.map((seconds, index) => seconds + packageRun.ordering[index]!)) * 1000;
console.log(`${phases.length} movement phases from ${options.games} random games of ${options.years} years on the standard map`);
console.log(
  `adjudication: judge ${formatMs(judgeMs)}, diplomacy package ${formatMs(packageMs)} (process()): ${(packageMs / judgeMs).toFixed(1)}× (target ≥ 80×)`,
);
console.log(
  `orders read and adjudicated: judge ${formatMs(judgeWholeMs)}, diplomacy package ${formatMs(packageWholeMs)} (set_orders() + process()): ${(packageWholeMs / judgeWholeMs).toFixed(1)}×`,
);
console.log(`the same units after the phase: ${agreed} of ${phases.length}`);
