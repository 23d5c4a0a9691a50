import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { readStatus } from '../../src/status/parse.js';
import { writeStatus } from '../../src/status/write.js';
import { type GameStatus } from '../../src/status/model.js';
import { AuditLog, sha256 } from '../../src/store/audit.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore } from '../../src/store/game-store.js';
import { fixtureText } from '../status/fixtures.js';
// The child's own module: the parent computes the versions the child writes with the same code.
import { versionNumberOf, versionOf } from './children/crash-writer.mjs';

const TRIALS = 60;
const GAME = 'crash';
const WRITER = join(__dirname, 'children', 'crash-writer.mjs');

/**
 * Starts a writer at version `first`, lets it save for a random moment, then kills it with SIGKILL.
 * The moment begins once the writer is ready and has saved `savedFirst` times: on a busy machine a
 * first save can outlast every moment, and the kills must land in later saves too.
 */
async function killWriterMidway(dist: string, games: string, database: string, first: number, savedFirst: number): Promise<void> {
  const child = spawn(process.execPath, [WRITER, dist, games, database, GAME, String(first)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready') && output.split('saved').length - 1 >= savedFirst) resolve();
    });
    child.on('exit', () => reject(new Error('the writer ended before it was ready')));
  });
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
  child.kill('SIGKILL');
  // Waiting for the exit reaps the child, so its process number no longer counts as alive.
  await exited;
}

describe('a writer killed with SIGKILL while saving', () => {
  const dist = inject('compiledJudge');

  it(`leaves every file old or new, never torn, and the audit log agreeing with it (${TRIALS} trials)`, async () => {
    const root = mkdtempSync(join(tmpdir(), 'judge-crash-'));
    const games = join(root, 'games');
    const database = join(root, 'var', 'judge.db');
    const audit = new AuditLog(openDatabase(database));
    const store = new GameStore({ games, audit });
    const base = readStatus(Buffer.from(fixtureText('movement.status'))).game;
    await store.create(GAME, { who: 'crash test', command: 'CREATE' }, versionOf({ ...base, name: GAME }, 0));
    let version = 0;
    const outcomes = { advanced: 0, unchanged: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const before = store.load(GAME).game;
      await killWriterMidway(dist, games, database, version + 1, trial % 2);
      await store.recover(GAME);

      const bytes = readFileSync(join(games, GAME, 'status'));
      const read = readStatus(bytes);
      expect(read.diagnostics).toEqual([]);
      const now = versionNumberOf(read.game.deadline!);
      expect(now).toBeGreaterThanOrEqual(version);
      // Exactly the file version `now` is, byte for byte: the writer's change applied to what it started from.
      expect(bytes.equals(writeStatus(versionOf(before as GameStatus, now)))).toBe(true);
      outcomes[now > version ? 'advanced' : 'unchanged']++;
      version = now;

      const entries = audit.history(`${GAME}/status`);
      expect(entries.filter((entry) => entry.state === 'pending' || entry.state === 'uncertain')).toEqual([]);
      const done = entries.filter((entry) => entry.state === 'done');
      expect(done.at(-1)!.afterSha256).toBe(sha256(bytes));
      for (let index = 1; index < done.length; index++) expect(done[index]!.beforeSha256).toBe(done[index - 1]!.afterSha256);
      expect(readdirSync(join(games, GAME))).toEqual(['status']);
    }
    expect(outcomes.advanced).toBeGreaterThan(TRIALS / 4);
  }, 240_000);
});
