import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HOST, processAlive } from './processes.js';
import { JudgeFailure } from '../common/errors.js';

/**
 * A lock file shared by every process of the judge (the mail processor and the deadline checker
 * may run apart). Taking it is atomic: the holder's details are written to a file of its own, which
 * is then hard-linked to the lock's name, and linking fails if the name exists. A lock whose holder
 * died (same host, no such process) or that is older than `staleAfterMs` is broken.
 *
 * Breaking is made safe by renaming the stale file away and checking it is the one judged stale;
 * should two processes race to break the same lock, the loser gives back what it took, and every
 * holder checks the lock is still its own just before it writes (`assertHeld`).
 */

export interface LockOptions {
  /** How long to wait for a live holder before giving up. */
  timeoutMs?: number;
  /** A lock older than this is broken even if its holder seems alive (a reused process number). */
  staleAfterMs?: number;
}

interface Holder {
  pid: number;
  host: string;
  token: string;
  since: number;
}

export class LockTimeoutError extends JudgeFailure {
  override name = 'LockTimeoutError';
}

export class LockLostError extends JudgeFailure {
  override name = 'LockLostError';
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STALE_AFTER_MS = 120_000;
const FIRST_POLL_MS = 2;
const LONGEST_POLL_MS = 50;

function newToken(): string {
  return randomBytes(8).toString('hex');
}

function readHolder(path: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    return typeof holder.token === 'string' && typeof holder.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

export class FileLock {
  private constructor(
    readonly path: string,
    private readonly token: string,
  ) {}

  static async acquire(path: string, options: LockOptions = {}): Promise<FileLock> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    const token = newToken();
    const claim = sideFile(path, token);
    try {
      writeFileSync(claim, JSON.stringify({ pid: process.pid, host: HOST, token, since: Date.now() } satisfies Holder), { flag: 'wx' });
    } catch (error) {
      // A full disk makes the file and refuses its bytes: the empty claim would stay while this process lives.
      tolerating(['ENOENT'], () => unlinkSync(claim));
      throw error;
    }
    try {
      const giveUpAt = Date.now() + timeoutMs;
      for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, LONGEST_POLL_MS)) {
        if (tolerating(['EEXIST'], () => linkSync(claim, path))) {
          removeDeadClaims(path);
          return new FileLock(path, token);
        }
        const holder = readHolder(path);
        if (isStale(holder, staleAfterMs)) {
          breakStaleLock(path, holder);
          continue;
        }
        if (Date.now() >= giveUpAt) throw new LockTimeoutError(describeHeld(path, holder));
        await sleep(poll);
      }
    } finally {
      unlinkSync(claim);
    }
  }

  /** Throws unless the lock file is still this lock's: called just before a write is made visible. */
  assertHeld(): void {
    if (readHolder(this.path)?.token !== this.token)
      throw new LockLostError(`${this.path} was taken over by another process while this one held it; nothing was written`);
  }

  /** The same lock once the folder holding its file was renamed: the file moved with the folder. */
  movedTo(path: string): FileLock {
    return new FileLock(path, this.token);
  }

  release(): void {
    if (readHolder(this.path)?.token === this.token) tolerating(['ENOENT'], () => unlinkSync(this.path));
  }
}

export async function withLock<T>(path: string, work: (lock: FileLock) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = await FileLock.acquire(path, options);
  try {
    return await work(lock);
  } finally {
    lock.release();
  }
}

/** Unreadable lock files are never ours (ours are complete before they get the lock's name). */
function isStale(holder: Holder | null, staleAfterMs: number): boolean {
  if (holder === null) return true;
  if (Date.now() - holder.since > staleAfterMs) return true;
  return holder.host === HOST && !processAlive(holder.pid);
}

function breakStaleLock(path: string, judged: Holder | null): void {
  const aside = sideFile(path, newToken());
  if (!tolerating(['ENOENT'], () => renameSync(path, aside))) return;
  const moved = readHolder(aside);
  // Someone broke the stale lock first and took the lock: put theirs back. Should a third process
  // have taken the name meanwhile, theirs is lost and its `assertHeld` will say so.
  if (moved !== null && moved.token !== judged?.token) tolerating(['EEXIST', 'ENOENT'], () => linkSync(aside, path));
  // Another process clearing dead claims may have removed the stale file already.
  tolerating(['ENOENT'], () => unlinkSync(aside));
}

/** Runs `step`; false when it failed with one of the expected error codes. */
function tolerating(codes: readonly string[], step: () => void): boolean {
  try {
    step();
    return true;
  } catch (error) {
    if (!codes.includes(code(error) ?? '')) throw error;
    return false;
  }
}

/** Claims and stale locks set aside are named after the process that made them: `status.lock.<pid>.<token>`. */
function sideFile(path: string, token: string): string {
  return `${path}.${process.pid}.${token}`;
}

const SIDE_FILE = /^(\d+)\.[0-9a-f]{16}$/;

/**
 * Side files of processes killed before they removed them: judged by the holder they hold, or,
 * when killed while writing it (unreadable), by the process named in the file's name.
 */
function removeDeadClaims(path: string): void {
  const folder = dirname(path);
  const prefix = `${basename(path)}.`;
  for (const entry of readdirSync(folder)) {
    const named = entry.startsWith(prefix) ? SIDE_FILE.exec(entry.slice(prefix.length)) : null;
    if (!named) continue;
    const file = join(folder, entry);
    const holder = readHolder(file);
    const dead = holder === null ? !processAlive(Number(named[1])) : holder.host === HOST && !processAlive(holder.pid);
    if (dead) tolerating(['ENOENT'], () => unlinkSync(file));
  }
}

/**
 * A lock, and the claims beside it, left by processes that died (found when a judge starts): the
 * dead claims are removed, and the lock too when its holder is dead. True when no lock is left.
 */
export function removeAbandonedLock(path: string): boolean {
  removeDeadClaims(path);
  if (!existsSync(path)) return true;
  const holder = readHolder(path);
  if (holder === null || holder.host !== HOST || processAlive(holder.pid)) return false;
  tolerating(['ENOENT'], () => unlinkSync(path));
  return true;
}

function describeHeld(path: string, holder: Holder | null): string {
  const who = holder ? `process ${holder.pid} on ${holder.host} since ${new Date(holder.since).toISOString()}` : 'another process';
  return `${path} is held by ${who}; if no judge is running there, delete the lock file`;
}
