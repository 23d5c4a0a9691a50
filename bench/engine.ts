import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { adjudicate } from '../src/engine/adjudicate.js';
import { initialPosition } from '../src/engine/position.js';
import { readDatc } from '../src/datc/reader.js';
import { runCases } from '../src/datc/runner.js';
import type { PhaseResult, Position } from '../src/engine/types.js';
import type { GameMap } from '../src/map/game-map.js';
import { loadMapFile } from '../src/map/load.js';
import type { Phase } from '../src/map/model.js';
import { Board } from '../src/engine/board.js';
import { OrderReader, quotedRefusal } from '../src/engine/legality/reader.js';
import type { OrderPhase, SubmittedOrder } from '../src/orders/types.js';
import { formatMs, measure } from './stats.js';
import { figure } from './table.js';

/**
 * Adjudication speed on the standard map: movement phases of real-looking games (supports,
 * convoys, a circular movement, a convoy paradox; 22 and 34 units), a retreat phase and an
 * adjustment phase, each from checked orders (reading them is timed apart), and the whole DATC file.
 */

const SPRING: Phase = { season: 'SPRING', year: 1901, type: 'MOVEMENT' };
const FALL: Phase = { season: 'FALL', year: 1905, type: 'MOVEMENT' };
const FALL_RETREATS: Phase = { season: 'FALL', year: 1905, type: 'RETREATS' };
const WINTER: Phase = { season: 'WINTER', year: 1905, type: 'ADJUSTMENTS' };

/** `POWER: unit, unit; centers` per line. */
const MIDGAME = `
ENGLAND: F NWG, F NTH, A YOR, F ENG, A NWY; EDI LON LVP NWY SWE DEN
FRANCE: A BUR, A PIC, F MAO, A GAS, F WES; BRE PAR MAR SPA
GERMANY: A MUN, A KIE, F HOL, F DEN, A SIL; BER KIE MUN HOL BEL WAR RUM
RUSSIA: A STP, A WAR, A UKR, F SEV, A GAL; MOS SEV STP
AUSTRIA: A BUD, A VIE, A SER, A TRI, A TYR; BUD VIE TRI SER GRE
ITALY: A VEN, F ION, F TYS, A PIE; VEN ROM NAP TUN POR
TURKEY: F BLA, A BUL, A ARM, F AEG, A SMY; ANK CON SMY BUL`;

const OPENING_ORDERS = `
ENGLAND: F EDI - NWG | F LON - NTH | A LVP - YOR
FRANCE: F BRE - MAO | A PAR - BUR | A MAR S A PAR - BUR
GERMANY: F KIE - DEN | A BER - KIE | A MUN - RUH
RUSSIA: A WAR - GAL | A MOS - UKR | F SEV - BLA | F STP/SC - BOT
AUSTRIA: A BUD - SER | A VIE - GAL | F TRI - ALB
ITALY: F NAP - ION | A ROM - APU | A VEN H
TURKEY: F ANK - BLA | A CON - BUL | A SMY - CON`;

const MIDGAME_ORDERS = `
ENGLAND: A YOR - NTH - BEL | F NTH C A YOR - BEL | F ENG S A YOR - BEL | A NWY - SWE | F NWG - NWY
FRANCE: A PIC - BEL | A BUR S A PIC - BEL | F MAO - IRI | A GAS - SPA | F WES - LYO
GERMANY: A MUN - BUR | A KIE S F HOL | F HOL H | F DEN - SWE | A SIL S A VIE - GAL
RUSSIA: A STP H | A WAR - PRU | A UKR S F SEV - RUM | F SEV - RUM | A GAL S F SEV - RUM
AUSTRIA: A BUD - SER | A SER - TRI | A TRI - BUD | A VIE - GAL | A TYR - MUN
ITALY: A PIE - TYR | A VEN S A PIE - TYR | F ION - AEG | F TYS - LYO
TURKEY: F BLA - RUM | A BUL S F BLA - RUM | A ARM - SEV | F AEG H | A SMY H`;

/** England's convoy becomes a paradox: its army attacks the supporter of the attack on its fleet. */
const PARADOX_ORDERS = MIDGAME_ORDERS.replace('A YOR - NTH - BEL', 'A YOR - NTH - HOL')
  .replace('F NTH C A YOR - BEL', 'F NTH C A YOR - HOL')
  .replace('F ENG S A YOR - BEL', 'F ENG H')
  .replace('A KIE S F HOL | F HOL H', 'A KIE H | F HOL S F DEN - NTH')
  .replace('F DEN - SWE', 'F DEN - NTH');

const WINTER_ORDERS = `
ENGLAND: BUILD F LON
FRANCE: REMOVE A PIC
GERMANY: BUILD A BER | WAIVE
ITALY: BUILD F NAP
TURKEY: REMOVE F AEG`;

function readPosition(map: GameMap, text: string): Position {
  const lines = text.trim().split('\n');
  return {
    powers: map.powers.map((power) => {
      const line = lines.find((candidate) => candidate.startsWith(`${power.name}:`));
      const [units = '', centers = ''] = (line ?? ':;').slice(power.name.length + 1).split(';');
      return {
        name: power.name,
        units: units
          .split(',')
          .filter((unit) => unit.trim() !== '')
          .map((unit) => {
            const [type, location] = unit.trim().split(' ');
            return { type: type as 'A' | 'F', location: location! };
          }),
        retreating: [],
        centers: centers.trim().split(/\s+/).filter(Boolean),
        homes: [...power.homes],
        claimCredits: 0,
      };
    }),
  };
}

/** Each power's order lines, from `POWER: order | order` lines. */
type OrderLines = readonly (readonly [power: string, lines: readonly string[]])[];

function orderLines(text: string): OrderLines {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [power, list] = line.split(':') as [string, string];
      return [power, list.split('|')] as const;
    });
}

/** Reads each power's lines into checked orders as processing does, one Board for all; a refused order is a bug in this bench. */
function readOrders(map: GameMap, position: Position, phase: OrderPhase, lines: OrderLines): SubmittedOrder[] {
  const orders: SubmittedOrder[] = [];
  const board = new Board(map, position);
  for (const [power, written] of lines) {
    const reader = new OrderReader({ map, position, power, phase }, board);
    for (const line of written) {
      const read = reader.read(line);
      if (!read.ok) throw new Error(`bench order refused: ${quotedRefusal(read.refused)}`);
      orders.push(read.submitted);
    }
  }
  return orders;
}

function unitCount(position: Position): number {
  return position.powers.reduce((sum, state) => sum + state.units.length + state.retreating.length, 0);
}

interface Scenario {
  label: string;
  /** The scenario the movement target is judged by. */
  headline?: boolean;
  phase: Phase;
  position: Position;
  orders: SubmittedOrder[];
}

function scenarios(map: GameMap): Scenario[] {
  const opening: Position = initialPosition(map);
  const midgame = readPosition(map, MIDGAME);
  const midgameOrders = readOrders(map, midgame, 'MOVEMENT', orderLines(MIDGAME_ORDERS));
  const afterMidgame: PhaseResult = adjudicate(map, FALL, midgame, midgameOrders);
  const retreating = { powers: afterMidgame.position.powers.map((state) => ({ ...state })) };
  const retreatOrders: SubmittedOrder[] = retreating.powers.flatMap((state) =>
    state.retreating.map((unit) => ({
      power: state.name,
      order: { kind: 'retreat' as const, unit: { type: unit.type, location: unit.location }, to: unit.retreats[0]! },
    })),
  );
  return [
    { label: 'movement, Spring 1901 opening', phase: SPRING, position: opening, orders: readOrders(map, opening, 'MOVEMENT', orderLines(OPENING_ORDERS)) },
    { label: 'movement, supports, convoy, cycle', phase: FALL, position: midgame, orders: midgameOrders, headline: true },
    { label: 'movement, with a convoy paradox', phase: FALL, position: midgame, orders: readOrders(map, midgame, 'MOVEMENT', orderLines(PARADOX_ORDERS)) },
    { label: `retreats (${retreatOrders.length} dislodged)`, phase: FALL_RETREATS, position: retreating, orders: retreatOrders },
    {
      label: 'adjustments, builds, removals, disorder',
      phase: WINTER,
      position: midgame,
      orders: readOrders(map, midgame, 'ADJUSTMENTS', orderLines(WINTER_ORDERS)),
    },
  ];
}

/**
 * Calls made untimed before each timing, so that "warm" means warm: each scenario deoptimises about
 * twenty functions the one before it had optimised, and V8 optimises them again on a thread of its
 * own, which on a busy 2-core host took longer than the 500 calls (5 ms) once made here. The timed
 * calls then ran partly unoptimised: the headline scenario printed 8.3–11.3 µs from one run to the
 * next, 7.0–7.8 µs with these (docs/performance-engine.md).
 */
const WARM_UP_CALLS = 5000;

/**
 * Reading and checking a whole movement phase's orders (34 lines), one board and a reader per power,
 * as processing reads them: handed each power's lines, so the bench's text is split before the clock starts.
 */
function orderReadingTime(map: GameMap, position: Position): number {
  const lines = orderLines(MIDGAME_ORDERS);
  return measure(() => readOrders(map, position, 'MOVEMENT', lines), 2000, WARM_UP_CALLS).median;
}

export async function benchEngine(root = resolve('.')): Promise<void> {
  const map = loadMapFile(resolve(root, 'maps', 'standard.map'));
  console.log('adjudication, standard map (warm; median / p95 of 2000 runs, orders already read)');
  let headline = Number.NaN;
  for (const scenario of scenarios(map)) {
    const timing = measure(() => adjudicate(map, scenario.phase, scenario.position, scenario.orders), 2000, WARM_UP_CALLS);
    const label = `${scenario.label} (${unitCount(scenario.position)} units)`;
    console.log(`  ${label.padEnd(52)} ${formatMs(timing.median).padStart(9)}  p95 ${formatMs(timing.p95)}`);
    if (scenario.headline) headline = timing.median;
  }
  console.log(`  34-unit movement phase: ${formatMs(headline)} median (target ≤ 11 µs)`);
  figure('movement phase, 34 units, warm', `${formatMs(headline)} median`, '≤ 11 µs', headline <= 0.011);
  const reading = orderReadingTime(map, readPosition(map, MIDGAME));
  console.log(`  reading and checking a movement phase's 34 orders: ${formatMs(reading)} median (target ≤ 50 µs)`);
  figure("reading and checking a movement phase's orders", `${formatMs(reading)} median`, '≤ 50 µs', reading <= 0.05);
  const datcFile = resolve(root, '..', 'shared', 'datc', 'datc_v2.4_06.txt');
  let datcText: string;
  try {
    datcText = readFileSync(datcFile, 'utf8');
  } catch {
    console.log(`  (no ${datcFile})`);
    return;
  }
  const cold = performance.now();
  const outcomes = runCases(readDatc(datcText).cases, () => map);
  const coldTime = performance.now() - cold;
  const warm = measure(() => runCases(readDatc(datcText).cases, () => map), 10, 2);
  const passed = outcomes.filter((outcome) => outcome.passed).length;
  console.log(
    `  whole DATC file (${outcomes.length} cases, ${passed} passed; read, set up, adjudicated, compared): ${formatMs(coldTime)} first run, ${formatMs(warm.median)} warm median`,
  );
}
