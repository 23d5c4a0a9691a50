import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { FileLock, LockLostError, LockTimeoutError, withLock } from '../../src/store/lock.js';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'judge-lock-'));
}

/** The number of a process that has just ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

function staleLock(path: string, holder: { pid: number; host?: string; since?: number }): void {
  writeFileSync(path, JSON.stringify({ pid: holder.pid, host: holder.host ?? hostname(), token: 'feedfacefeedface', since: holder.since ?? Date.now() }));
}

describe('the lock file', () => {
  it('is held by one at a time, and the next takes it when it is released', async () => {
    const path = join(folder(), 'status.lock');
    const first = await FileLock.acquire(path);
    const order: string[] = [];
    const second = FileLock.acquire(path).then((lock) => {
      order.push('second');
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    order.push('first released');
    first.release();
    (await second).release();
    expect(order).toEqual(['first released', 'second']);
    expect(readdirSync(join(path, '..'))).toEqual([]);
  });

  it('gives up after the timeout, saying who holds it', async () => {
    const path = join(folder(), 'status.lock');
    const held = await FileLock.acquire(path);
    await expect(FileLock.acquire(path, { timeoutMs: 50 })).rejects.toThrow(
      new RegExp(`status.lock is held by process ${process.pid} on ${hostname()} since .*; if no judge is running there, delete the lock file`),
    );
    await expect(FileLock.acquire(path, { timeoutMs: 10 })).rejects.toBeInstanceOf(LockTimeoutError);
    held.release();
  });

  it('breaks the lock of a process that died, and clears its left-over claims, even one it died writing', async () => {
    const dir = folder();
    const path = join(dir, 'status.lock');
    const pid = await deadPid();
    staleLock(path, { pid });
    staleLock(`${path}.${pid}.0123456789abcdef`, { pid });
    writeFileSync(`${path}.${pid}.fedcba9876543210`, '');
    await withLock(path, async () => {
      expect(readdirSync(dir)).toEqual(['status.lock']);
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits for a live holder on another host, but not for ever', async () => {
    const path = join(folder(), 'status.lock');
    staleLock(path, { pid: 1, host: 'elsewhere' });
    await expect(FileLock.acquire(path, { timeoutMs: 30 })).rejects.toThrow('held by process 1 on elsewhere');
    staleLock(path, { pid: 1, host: 'elsewhere', since: Date.now() - 10_000 });
    (await FileLock.acquire(path, { staleAfterMs: 5_000 })).release();
  });

  it('knows when it was taken over, and then leaves the new holder alone', async () => {
    const path = join(folder(), 'status.lock');
    const lock = await FileLock.acquire(path);
    lock.assertHeld();
    staleLock(path, { pid: process.pid });
    expect(() => lock.assertHeld()).toThrow(LockLostError);
    lock.release();
    expect(JSON.parse(readFileSync(path, 'utf8')).token).toBe('feedfacefeedface');
  });
});

describe('the lock between processes', () => {
  const dist = inject('compiledJudge');

  it('lets two processes update one file without losing an update', async () => {
    const dir = folder();
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    const run = promisify(execFile);
    const child = join(__dirname, 'children', 'counter.mjs');
    await Promise.all([1, 2, 3].map(() => run(process.execPath, [child, dist, join(dir, 'counter.lock'), counter, '150'])));
    expect(readFileSync(counter, 'utf8')).toBe('450');
    expect(readdirSync(dir)).toEqual(['counter']);
  }, 60_000);
});
