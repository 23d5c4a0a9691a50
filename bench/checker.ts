import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { DeadlineChecker } from '../src/checker/sweep.js';
import { GameService } from '../src/game/service.js';
import { AuditLog } from '../src/store/audit.js';
import { openDatabase, type JudgeDatabase } from '../src/store/database.js';
import { GameStore } from '../src/store/game-store.js';
import { Templates } from '../src/templates/templates.js';
import { formatMs, percentile } from './stats.js';

/**
 * The deadline checker over many games: the first sweep, which builds the index from every status
 * file, then sweeps with nothing due (the steady state, target under 0.5 s for 10,000 games), and a
 * sweep in which 1% of the games have passed their deadline (late notices written and queued).
 */

const STARTED = DateTime.fromISO('2026-01-05T12:00:00Z', { zone: 'utc' });
/**
 * The sample game's deadline is Friday noon: the sweeps of the first hours, twenty minutes apart,
 * have nothing due, until 1% of the games reach their deadline, four hours after the start.
 */
const QUIET_SWEEPS = 11;
const EARLY_DEADLINE = '202601051600';
const EARLY_SWEEP_MINUTES = 20 * (QUIET_SWEEPS + 1);
const actor = { who: 'bench', command: 'BENCH' };

interface Judge {
  readonly root: string;
  readonly games: string;
  readonly db: JudgeDatabase;
  readonly service: GameService;
}

function openJudge(root: string): Judge {
  const games = join(root, 'games');
  const db = openDatabase(join(root, 'var', 'judge.db'));
  const templates = new Templates(resolve('templates'));
  const store = new GameStore({ games, audit: new AuditLog(db) });
  const service = new GameService({ store, games, mapFolders: [resolve('maps')], templates, judgeAddress: 'judge@bench.test', now: () => STARTED });
  return { root, games, db, service };
}

/** A standard game started with seven players at STARTED: the status file every benchmark game copies. */
async function sampleStatus(): Promise<string> {
  const judge = openJudge(mkdtempSync(join(tmpdir(), 'judge-bench-sample-')));
  const master = { id: null, email: 'master@example.org', name: 'Master' };
  await judge.service.lifecycle.create({ name: 'sample', master, masterPassword: 'secret', map: null }, actor);
  for (let n = 1; n <= 7; n++) {
    const player = { id: n, email: `player${n}@example.org`, name: `Player_${n}` };
    await judge.service.roster.join('sample', { player, address: player.email, password: `pw${n}` }, actor);
  }
  const text = readFileSync(join(judge.games, 'sample', 'status'), 'utf8');
  judge.db.close();
  rmSync(judge.root, { recursive: true, force: true });
  return text;
}

/** Writes the games' status files and the main status file straight into a fresh games folder. */
function writeGames(sample: string, total: number, completed: number, early: number): Judge {
  const judge = openJudge(mkdtempSync(join(tmpdir(), 'judge-bench-checker-')));
  const listing: string[] = [];
  for (let index = 0; index < total; index++) {
    const name = `game${index}`;
    mkdirSync(join(judge.games, name), { recursive: true });
    let text = sample.replace(/^GAME .*$/m, `GAME ${name}`);
    if (index < early) text = text.replace(/^DEADLINE .*$/m, `DEADLINE ${EARLY_DEADLINE}`);
    writeFileSync(join(judge.games, name, 'status'), text);
    listing.push(`${name} standard ${index >= total - completed ? 'completed' : 'active'}\n`);
  }
  writeFileSync(join(judge.games, 'status'), listing.join(''));
  return judge;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

async function benchCase(label: string, sample: string, total: number, completed: number): Promise<void> {
  const early = Math.floor((total - completed) / 100);
  const judge = writeGames(sample, total, completed, early);
  let mails = 0;
  const checker = new DeadlineChecker({
    service: judge.service,
    db: judge.db,
    games: judge.games,
    sink: { send: (notices) => void (mails += notices.length) },
    judge: { name: 'BENCH', keeper: 'keeper@example.org' },
    deadlines: { outageMinutes: 60, outagePolicy: 'hold' },
    lockFile: join(judge.root, 'var', 'checker.lock'),
  });
  const sweepAt = (minutes: number) => timed(() => checker.sweep(STARTED.plus({ minutes })));
  const build = await sweepAt(20);
  const quiet: number[] = [];
  for (let sweep = 2; sweep <= QUIET_SWEEPS; sweep++) quiet.push((await sweepAt(20 * sweep)).ms);
  quiet.sort((a, b) => a - b);
  mails = 0;
  const due = await sweepAt(EARLY_SWEEP_MINUTES);
  console.log(`  ${label}`);
  console.log(`    first sweep (index built from ${build.result.reread} status files) ${formatMs(build.ms).padStart(12)}`);
  console.log(
    `    sweep with nothing due (median of ${quiet.length}) ${formatMs(percentile(quiet, 0.5)).padStart(17)}${total >= 10_000 ? '  (target < 500 ms)' : ''}`,
  );
  console.log(`    sweep with ${due.result.due} games past their deadline (${mails} mails) ${formatMs(due.ms).padStart(10)}`);
  judge.db.close();
  rmSync(judge.root, { recursive: true, force: true });
}

/** `npm run bench`: the deadline checker's sweeps over 1,000 and 10,000 games. */
export async function benchChecker(): Promise<void> {
  console.log('deadline checker (status files on a temporary disk folder, SQLite index in WAL mode)');
  const sample = await sampleStatus();
  await benchCase('1,000 active games', sample, 1000, 0);
  await benchCase('10,000 active games', sample, 10_000, 0);
  await benchCase('10,000 games, 9,000 of them completed', sample, 10_000, 9000);
}
