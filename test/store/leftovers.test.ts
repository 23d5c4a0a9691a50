import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepLeftovers } from '../../src/store/leftovers.js';

/** What killed judge processes leave behind, swept when a judge starts (issue 31). */

/** The pid of a process that has ended. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
}

function holder(pid: number): string {
  return JSON.stringify({ pid, host: hostname(), token: 'f'.repeat(16), since: Date.now() });
}

const HOUR_AGO = new Date(Date.now() - 3_600_000);

describe('leftovers of killed judge processes', () => {
  it('removes half-written outbox files, dead lock claims, and game folders holding only a dead lock; keeps what live processes and real games have', () => {
    const root = mkdtempSync(join(tmpdir(), 'judge-leftovers-'));
    const [games, outbox] = [join(root, 'games'), join(root, 'var', 'outbox')];
    const dead = deadPid();
    mkdirSync(outbox, { recursive: true });
    writeFileSync(join(outbox, `.20261206T120000Z-x@judge.eml.tmp-${dead}-abc1`), 'half');
    writeFileSync(join(outbox, `.20261206T120001Z-y@judge.eml.tmp-${process.pid}-abc2`), 'being written');
    writeFileSync(join(outbox, '20261206T120002Z-z@judge.eml'), 'sent');

    // A CREATE killed after taking its lock, one killed after making its folder, and one running now.
    for (const name of ['killed', 'empty', 'running']) mkdirSync(join(games, name), { recursive: true });
    writeFileSync(join(games, 'killed', 'status.lock'), holder(dead));
    writeFileSync(join(games, 'killed', `status.lock.${dead}.${'a'.repeat(16)}`), '');
    writeFileSync(join(games, 'running', 'status.lock'), holder(process.pid));
    // A game whose disk filled while a claim was written: the empty claim of a dead process goes, the game stays.
    mkdirSync(join(games, 'full'));
    writeFileSync(join(games, 'full', 'status'), 'GAME full\n');
    writeFileSync(join(games, 'full', `status.lock.${dead}.${'b'.repeat(16)}`), '');
    for (const name of ['killed', 'empty', 'running', 'full']) utimesSync(join(games, name), HOUR_AGO, HOUR_AGO);

    expect(sweepLeftovers(games, outbox)).toEqual({ outboxFiles: 1, gameFolders: 2 });
    expect(readdirSync(outbox).sort()).toEqual([`.20261206T120001Z-y@judge.eml.tmp-${process.pid}-abc2`, '20261206T120002Z-z@judge.eml']);
    expect(existsSync(join(games, 'killed'))).toBe(false);
    expect(existsSync(join(games, 'empty'))).toBe(false);
    expect(readdirSync(join(games, 'running'))).toEqual(['status.lock']);
    expect(readdirSync(join(games, 'full'))).toEqual(['status']);
  });

  it('leaves a new game folder alone: a CREATE starting now makes its folder before it takes its lock', () => {
    const root = mkdtempSync(join(tmpdir(), 'judge-leftovers-'));
    mkdirSync(join(root, 'games', 'fresh'), { recursive: true });
    expect(sweepLeftovers(join(root, 'games'), join(root, 'outbox'))).toEqual({ outboxFiles: 0, gameFolders: 0 });
    expect(existsSync(join(root, 'games', 'fresh'))).toBe(true);
  });
});
