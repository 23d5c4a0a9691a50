import { closeSync, fsyncSync, mkdtempSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { embeddedConfig, folder } from '../src/config/config.js';
import { phaseAbbrev } from '../src/map/phase.js';
import { openDatabase, type JudgeDatabase } from '../src/store/database.js';
import { AuditLog } from '../src/store/audit.js';
import { GameStore } from '../src/store/game-store.js';
import { GameService } from '../src/game/service.js';
import { daemonPictureDrawer, type PictureDrawer } from '../src/game/picture-thread.js';
import { Templates } from '../src/templates/templates.js';
import { formatMs, percentile } from './stats.js';
import { figure } from './table.js';

/** Spring 1901 orders with supports, a convoy and a bounce: a realistic movement phase. */
const ORDERS: Record<string, string[]> = {
  AUSTRIA: ['A VIE - GAL', 'A BUD - SER', 'F TRI - ALB'],
  ENGLAND: ['F LON - NTH', 'F EDI - NWG', 'A LVP - YOR'],
  FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR', 'F BRE - MAO'],
  GERMANY: ['A MUN - BUR', 'A BER - KIE', 'F KIE - DEN'],
  ITALY: ['A VEN H', 'A ROM - APU', 'F NAP - ION'],
  RUSSIA: ['A WAR - GAL', 'A MOS - UKR', 'F SEV - BLA', 'F STP/SC - BOT'],
  TURKEY: ['A CON - BUL', 'A SMY - ARM', 'F ANK - BLA'],
};

/** The history of a game that has run for years: phases played (every unit holding) and audit rows. */
const OLD_PHASES = 200;
const OLD_AUDIT_ROWS = 100_000;
const ACTOR = { who: 'bench', command: 'BENCH' };
/** The judge's clock, read once: parsing a time on every reading would be timed as processing. */
const BENCH_NOW = DateTime.fromISO('2026-01-05T12:00:00Z');

/** The game API as the daemon has it: `pictures` is its picture thread. */
function newService(root: string, db: JudgeDatabase, pictures: PictureDrawer): GameService {
  const config = embeddedConfig(root);
  const games = join(root, 'games');
  return new GameService({
    store: new GameStore({ games, audit: new AuditLog(db) }),
    games,
    mapFolders: [folder(config, 'maps')],
    templates: new Templates(folder(config, 'templates')),
    judgeAddress: config.config.judge.address,
    now: () => BENCH_NOW,
    pictures,
  });
}

async function newGame(service: GameService, name: string): Promise<void> {
  await service.lifecycle.create({ name, master: { id: null, email: 'm@example.org', name: 'M' }, masterPassword: 'pw', map: null }, ACTOR);
  for (let n = 1; n <= 7; n++)
    await service.roster.join(name, { player: { id: n, email: `p${n}@example.org`, name: `P${n}` }, address: `p${n}@example.org`, password: `pw${n}` }, ACTOR);
}

/** Ages a game: phases processed with every unit holding, and audit rows of other changes to its file. */
async function ageGame(service: GameService, db: JudgeDatabase, name: string): Promise<void> {
  for (let phase = 0; phase < OLD_PHASES; phase++) await service.phases.process(name, ACTOR);
  const insert = db.prepare(
    `INSERT INTO audit (file, game, at, actor, command, before_sha256, after_sha256, changes, state, cause)
     VALUES (?, ?, ?, 'bench', 'BENCH', 'before', 'after', '[]', 'done', ?)`,
  );
  db.transaction(() => {
    for (let row = 0; row < OLD_AUDIT_ROWS; row++) insert.run(`${name}/status`, name, new Date(row * 1000).toISOString(), `<old-${row}@bench> hash#0`);
  })();
}

/**
 * The calling thread's CPU time (ms) from Linux's scheduler statistics, null where there are none.
 * `process.cpuUsage` counts every thread, the thread pool's flushes among them, which run beside a
 * phase without delaying it; the main thread's time is what a phase waits for.
 */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

interface Timed {
  /** Median (ms) of the first FRESH_PROCESS_RUNS phases of the process, untimed otherwise. */
  freshProcess: number;
  median: number;
  p95: number;
  /** Median CPU of the whole process, and of its main thread (null off Linux). */
  cpu: number;
  mainCpu: number | null;
}

/**
 * Phases processed before the timed ones, so that what is timed is the judge as it runs, its code
 * compiled: a judge's code reaches its steady speed only after a hundred phases or so (the first
 * dozens cost up to twice as much), which a running daemon has long behind it. The first of them
 * are timed apart, as what a fresh process sees.
 */
const WARM_UP_RUNS = 200;
const FRESH_PROCESS_RUNS = 30;

/** One game's phase, processed again and again: `undo` puts it back as it was before each run. */
interface TimedGame {
  readonly name: string;
  readonly undo: () => Promise<void>;
  readonly firstRuns: number[];
  readonly times: number[];
  readonly cpu: number[];
  readonly mainCpu: number[];
}

/**
 * After each run (not timed) the phase is rolled back, what the ROLLBACK keeps for a ROLLFORWARD is
 * removed, and the rollback's flush is waited for, so that each run processes the phase as play
 * does: for the first time (replacing those files costs the file system more than making them
 * anew), on a game whose last change is on disk.
 */
async function timedGame(service: GameService, root: string, name: string): Promise<TimedGame> {
  for (const [power, lines] of Object.entries(ORDERS)) await service.submitOrders(name, power, lines, ACTOR);
  const phase = service.load(name).game.phase?.phase;
  if (phase === undefined || typeof phase === 'string') throw new Error(`${name} is not in a phase`);
  const abbrev = phaseAbbrev(phase);
  const history = join(root, 'games', name, 'history');
  const undo = async () => {
    await service.rolls.rollback(name, ACTOR, abbrev);
    for (const file of [abbrev, `${abbrev}.next`, `${abbrev}.results`]) rmSync(join(history, file), { force: true });
    // The rollback's renames are flushed after it returns, and the next change to the game waits for that: in play the change before a phase is long on disk.
    await service.recoverInterrupted();
  };
  return { name, undo, firstRuns: [], times: [], cpu: [], mainCpu: [] };
}

/**
 * Median and p95 (ms) of processing each game's current movement phase with ORDERS, and the median
 * CPU times. Several games are processed in turn, run by run, so that their figures are taken in
 * the same moments of a host whose speed moves from one second to the next: compared, they tell
 * the games apart, not the moments.
 */
async function timeProcessing(service: GameService, root: string, names: readonly string[], runs: number): Promise<Timed[]> {
  const games: TimedGame[] = [];
  for (const name of names) games.push(await timedGame(service, root, name));
  for (let run = 0; run < WARM_UP_RUNS; run++) {
    for (const game of games) {
      const start = performance.now();
      await service.phases.process(game.name, ACTOR);
      if (run < FRESH_PROCESS_RUNS) game.firstRuns.push(performance.now() - start);
      await game.undo();
    }
  }
  for (let run = 0; run < runs; run++) {
    for (const game of games) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      const startMain = threadCpuMs();
      await service.phases.process(game.name, ACTOR);
      const endMain = threadCpuMs();
      const used = process.cpuUsage(startCpu);
      game.times.push(performance.now() - start);
      game.cpu.push((used.user + used.system) / 1000);
      if (startMain !== null && endMain !== null) game.mainCpu.push(endMain - startMain);
      await game.undo();
    }
  }
  const warm = (values: number[]) => values.sort((a, b) => a - b).slice(0, Math.max(1, values.length - 5));
  return games.map((game) => ({
    freshProcess: percentile(
      game.firstRuns.sort((a, b) => a - b),
      0.5,
    ),
    median: percentile(warm(game.times), 0.5),
    p95: percentile(warm(game.times), 0.95),
    cpu: percentile(warm(game.cpu), 0.5),
    mainCpu: game.mainCpu.length === 0 ? null : percentile(warm(game.mainCpu), 0.5),
  }));
}

function mainThread(timed: Timed): string {
  return timed.mainCpu === null ? '' : `, main thread ${formatMs(timed.mainCpu)}`;
}

/**
 * Processing waits for the disk once (docs/durability.md: the step's files, their names and the
 * journal's log flushed together; the renames' flush is not waited for), so a phase can be no
 * faster than a flush of the disk it runs on: median of a small file written and flushed in `folder`.
 */
const DISK_WAITS = 1;
function flushCost(folder: string, runs = 30): number {
  const times: number[] = [];
  const path = join(folder, 'flush-probe');
  for (let run = 0; run < runs; run++) {
    const descriptor = openSync(path, 'w');
    writeSync(descriptor, Buffer.alloc(4096, 0x61));
    const start = performance.now();
    fsyncSync(descriptor);
    times.push(performance.now() - start);
    closeSync(descriptor);
  }
  unlinkSync(path);
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/**
 * One standard movement phase processed end to end through the game API: read the status file,
 * adjudicate, render and record the results, write the new status atomically with its audit entry.
 * Timed on a new game, and on one with years of history, which must not be slower.
 */
export async function benchGame(runs = 60): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'judge-bench-game-'));
  const db = openDatabase(join(root, 'judge.db'));
  // As the daemon draws results pictures: on a thread of its own (src/game/picture-thread.ts); the bench runs compiled, so it finds the worker script.
  const pictures = daemonPictureDrawer();
  try {
    const service = newService(root, db, pictures);
    await newGame(service, 'new');
    const [fresh] = (await timeProcessing(service, root, ['new'], runs)) as [Timed];
    const flush = flushCost(root);
    console.log(
      `game: process one standard movement phase end to end (load, adjudicate, results, atomic save + audit): median ${formatMs(fresh.median)}, p95 ${formatMs(fresh.p95)} over ${runs} runs after ${WARM_UP_RUNS} untimed (the process's first ${FRESH_PROCESS_RUNS}: median ${formatMs(fresh.freshProcess)}); CPU ${formatMs(fresh.cpu)} median${mainThread(fresh)}; this disk flushes a small file in ${formatMs(flush)} (median), and a phase waits for ${DISK_WAITS} flush`,
    );
    figure(
      'one standard movement phase end to end',
      `${formatMs(fresh.median)} median (CPU ${formatMs(fresh.cpu)}${mainThread(fresh)}; disk ≥ ${DISK_WAITS} × ${formatMs(flush)} flush)`,
      '≤ 3 ms',
      fresh.median <= 3,
    );
    await newGame(service, 'old');
    await ageGame(service, db, 'old');
    // A new game again, beside the old one in the same journal, processed in turn with it.
    await newGame(service, 'young');
    const [young, old] = (await timeProcessing(service, root, ['young', 'old'], runs)) as [Timed, Timed];
    console.log(
      `game: the same with ${OLD_PHASES} phases of history and ${OLD_AUDIT_ROWS} audit rows: median ${formatMs(old.median)}, p95 ${formatMs(old.p95)}; CPU ${formatMs(old.cpu)} median${mainThread(old)}; a new game processed in turn with it: median ${formatMs(young.median)}${mainThread(young)}`,
    );
    figure(
      `the same, game with ${OLD_PHASES} phases and ${OLD_AUDIT_ROWS / 1000}k audit rows`,
      `${formatMs(old.median)} median`,
      `as a new game processed in turn (${formatMs(young.median)})`,
      old.median <= young.median * 1.2,
    );
  } finally {
    await pictures.close();
    db.close();
    rmSync(root, { recursive: true, force: true });
  }
}
