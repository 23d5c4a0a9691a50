import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChecker } from '../../src/checker/open.js';
import { OutageGuard } from '../../src/checker/outage.js';
import { registerCheckCommand } from '../../src/cli/subcommands/check.js';
import { loadConfig } from '../../src/config/config.js';
import { openGameService } from '../../src/game/open.js';
import { openDatabase } from '../../src/store/database.js';
import { master, player, projectRoot } from '../game/support.js';
import { actor, utc } from './support.js';

/** A judge folder with one game, started on Monday 5 January 2026 at noon (deadline Friday noon). */
async function judgeWithAGame(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'judge-check-'));
  const config = join(root, 'judge.config.json');
  writeFileSync(config, JSON.stringify({ folders: { maps: join(projectRoot, 'maps'), templates: join(projectRoot, 'templates') } }));
  const db = openDatabase(join(root, 'var', 'judge.db'));
  const service = openGameService(loadConfig(config), db, { now: () => utc('2026-01-05T12:00') });
  await service.lifecycle.create({ name: 'alpha', master, masterPassword: 'secret', map: null }, actor);
  for (let n = 1; n <= 7; n++) await service.roster.join('alpha', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
  db.close();
  return config;
}

function lastSweep(config: string): number | null {
  const loaded = loadConfig(config);
  const db = openDatabase(join(loaded.root, 'var', 'judge.db'));
  try {
    return new OutageGuard(db, loaded.config.deadlines, loaded.config.judge.name).lastSweepAt();
  } finally {
    db.close();
  }
}

function deadlineOf(config: string): string | null {
  const db = openDatabase(join(loadConfig(config).root, 'var', 'judge.db'));
  try {
    return openGameService(loadConfig(config), db).load('alpha').game.deadline;
  } finally {
    db.close();
  }
}

async function judgeCheck(...args: string[]): Promise<string[]> {
  const program = new Command().exitOverride();
  registerCheckCommand(program);
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  await program.parseAsync(['node', 'judge', 'check', ...args]);
  vi.restoreAllMocks();
  return written
    .join('')
    .split('\n')
    .filter((line) => line !== '');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('judge check', () => {
  it('runs one sweep at --now and prints a line per action and per mail', async () => {
    const config = await judgeWithAGame();
    expect(await judgeCheck('-c', config, '--now', '2026-01-09T08:00Z')).toEqual([
      expect.stringMatching(/^ {2}mail \(check alpha reminder\) to player\d@example\.org: alpha S1901M: reminder, orders due$/),
      ...Array(6).fill(expect.stringContaining('alpha S1901M: reminder, orders due')),
      expect.stringMatching(/^alpha: reminder \(WARN 2026-01-09 08:00 UTC: [A-Z, ]+\)$/),
      'swept at 2026-01-09 08:00 UTC: 1 game due, 1 action, 1 status file read',
    ]);
    const late = await judgeCheck('-c', config, '--now', '2026-01-09T12:00', 'alpha');
    expect(late.at(-2)).toBe('alpha: late notice (AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY; DELAY 24)');
    expect(late.filter((line) => line.includes('mail (check alpha late notice)'))).toHaveLength(8);
  });

  it('at a chosen --now counts no outage and records no sweep, unless --outage says so', async () => {
    const config = await judgeWithAGame();
    await judgeCheck('-c', config, '--now', '2026-01-05T12:20Z', '--outage');
    expect(lastSweep(config)).toBe(utc('2026-01-05T12:20').toMillis());

    expect(await judgeCheck('-c', config, '--now', '2026-01-06T12:20Z')).toEqual([
      'swept at 2026-01-06 12:20 UTC: 0 games due, 0 actions, 0 status files read',
    ]);
    expect(lastSweep(config)).toBe(utc('2026-01-05T12:20').toMillis());
    expect(deadlineOf(config)).toBe('202601091200');

    expect(await judgeCheck('-c', config, '--now', '2026-01-06T12:20Z', '--outage')).toContain('*: outage (outage of 1 day: 1 deadline moved on by 1 day)');
    // Friday 9 January a day on is a Saturday, which the default DAYS -MTWTF- refuses: Monday.
    expect(deadlineOf(config)).toBe('202601121200');
  });

  it('never records a sweep later than the present', async () => {
    const config = await judgeWithAGame();
    await judgeCheck('-c', config);
    const swept = lastSweep(config);
    await expect(judgeCheck('-c', config, '--now', '2999-01-01T00:00Z', '--outage')).rejects.toThrow(
      'judge check: --now may not be later than the present with --outage or --resume',
    );
    await judgeCheck('-c', config, '--now', '2999-01-01T00:00Z');
    expect(lastSweep(config)).toBe(swept);
    expect(swept).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a game it does not know', async () => {
    const config = await judgeWithAGame();
    await expect(judgeCheck('-c', config, 'alpha', 'nosuch')).rejects.toThrow("no game 'nosuch' is waiting for a deadline on this judge");
  });

  it('refuses a --now that is not an ISO time', async () => {
    const config = await judgeWithAGame();
    await expect(judgeCheck('-c', config, '--now', 'friday')).rejects.toThrow(/--now needs an ISO 8601 time/);
  });
});

describe('startChecker', () => {
  it('sweeps on the configured cron expression until stopped', async () => {
    const config = await judgeWithAGame();
    const loaded = loadConfig(config);
    const everySecond = { ...loaded, config: { ...loaded.config, deadlines: { ...loaded.config.deadlines, cron: '* * * * * *' } } };
    const db = openDatabase(join(loaded.root, 'var', 'judge.db'));
    const guard = new OutageGuard(db, loaded.config.deadlines, loaded.config.judge.name);
    expect(guard.lastSweepAt()).toBeNull();
    const running = startChecker(everySecond, db, { send: () => undefined }, () => undefined);
    await vi.waitFor(() => expect(guard.lastSweepAt()).not.toBeNull(), { timeout: 10_000, interval: 50 });
    await running.stop();
    db.close();
  });
});
