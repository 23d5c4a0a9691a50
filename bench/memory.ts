import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure } from './table.js';

/**
 * The daemon's memory with 100 active games after a few phases each: `judge start` as it ships,
 * each game's phases processed by a Master's PROCESS! mail dropped into its Maildir, and the
 * process's resident set (VmRSS) read from /proc once the phase's mails are handled. Measured as
 * started by hand and as contrib/judge.service starts it: docs/performance.md, "The daemon's memory".
 */

const JUDGE_COMMAND = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const GAMES = 100;
const PHASES = 3;
const TARGET_MB = 150;
/** What contrib/judge.service sets for the judge: fewer malloc arenas, a smaller young generation. */
const UNIT_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=2' };

/** A started standard game, seven players, Fall 1901: the DPjudge-move fixture's game under another name. */
function gameStatus(name: string): string {
  const status = readFileSync(resolve('test/fixtures/dpjudge-judge/games/oldgame/status'), 'utf8');
  return status.replace('GAME oldgame', `GAME ${name}`).replace(/^DEADLINE .*$/m, 'DEADLINE 209901091200');
}

function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 900_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`memory bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The RSS after each round of phases, in MB, of a daemon started with `env` added. */
async function daemonRss(env: Record<string, string>): Promise<number[]> {
  const folder = mkdtempSync(join(tmpdir(), 'judge-bench-memory-'));
  const games = join(folder, 'games');
  const names = Array.from({ length: GAMES }, (_, index) => `g${index}`);
  for (const name of names) {
    mkdirSync(join(games, name), { recursive: true });
    writeFileSync(join(games, name, 'status'), gameStatus(name));
  }
  writeFileSync(join(games, 'status'), names.map((name) => `${name} standard active\n`).join(''));
  const config = { judge: { name: 'BENCH', address: 'judge@bench.test', keeper: 'keeper@bench.test' }, web: { listen: 'http://127.0.0.1:0' } };
  writeFileSync(join(folder, 'judge.config.json'), JSON.stringify(config));
  const daemon = spawn(process.execPath, [JUDGE_COMMAND, 'start', '--config', join(folder, 'judge.config.json')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  daemon.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  const maildir = join(folder, 'var', 'maildir');
  const handled = (): number => {
    try {
      return readdirSync(join(maildir, '.processed', 'cur')).length;
    } catch {
      return 0;
    }
  };
  try {
    await until(() => printed.includes(' started'), 'the judge to start');
    const sizes: number[] = [];
    let sent = 0;
    for (let phase = 0; phase < PHASES; phase++) {
      for (const name of names) {
        const file = `bench-${++sent}`;
        const text = `From: master@dp.example.org\nTo: judge@bench.test\nSubject: ${file}\nMessage-ID: <${file}@bench.test>\n\nSIGNON M${name} oldmasterpw\nPROCESS!\n`;
        writeFileSync(join(maildir, 'tmp', file), text);
        renameSync(join(maildir, 'tmp', file), join(maildir, 'new', file));
      }
      await until(() => handled() >= sent, `the phase ${phase + 1} mails to be handled`);
      sizes.push(residentMb(daemon.pid!));
    }
    return sizes;
  } finally {
    daemon.kill('SIGTERM');
    await new Promise((resolve) => daemon.once('exit', resolve));
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function benchMemory(): Promise<void> {
  const mb = (sizes: readonly number[]) => sizes.map((size) => `${size.toFixed(0)}`).join(' / ');
  const byHand = await daemonRss({});
  const asUnit = await daemonRss(UNIT_ENVIRONMENT);
  console.log(`memory (${GAMES} active games, RSS after each of ${PHASES} phases): by hand ${mb(byHand)} MB; as the unit starts it ${mb(asUnit)} MB`);
  const last = asUnit.at(-1)!;
  figure(
    `daemon memory, ${GAMES} active games after ${PHASES} phases (RSS)`,
    `${last.toFixed(0)} MB (as the unit starts it; without its settings ${byHand.at(-1)!.toFixed(0)} MB)`,
    `≤ ${TARGET_MB} MB`,
    last <= TARGET_MB,
  );
}
