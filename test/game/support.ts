import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DateTime } from 'luxon';
import { openDatabase, type JudgeDatabase } from '../../src/store/database.js';
import { AuditLog } from '../../src/store/audit.js';
import { GameStore, type LastSettledFiles } from '../../src/store/game-store.js';
import { Outbox } from '../../src/store/journal.js';
import { GameService } from '../../src/game/service.js';
import type { PictureDrawer } from '../../src/game/picture-thread.js';
import type { OutgoingMail } from '../../src/store/outgoing-mail.js';
import { Templates } from '../../src/templates/templates.js';

export const projectRoot = join(__dirname, '..', '..');

/** A game service on a fresh games folder and database, with a clock the test moves. */
export function testJudge(options: { mapFolders?: string[]; seed?: number; pictures?: PictureDrawer; lastSettled?: LastSettledFiles } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'judge-game-'));
  const games = join(root, 'games');
  const db = openDatabase(join(root, 'var', 'judge.db'));
  const clock = { now: DateTime.fromISO('2026-01-05T12:00:00Z', { zone: 'utc' }) };
  const store = new GameStore({
    games,
    audit: new AuditLog(db),
    clock: () => clock.now.toJSDate(),
    ...(options.lastSettled ? { lastSettled: options.lastSettled } : {}),
  });
  let state = options.seed ?? 1;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const service = new GameService({
    store,
    games,
    mapFolders: options.mapFolders ?? [join(projectRoot, 'maps')],
    templates: new Templates(join(projectRoot, 'templates')),
    judgeAddress: 'judge@example.org',
    now: () => clock.now,
    random,
    ...(options.pictures ? { pictures: options.pictures } : {}),
  });
  return { root, games, db, store, service, clock, random };
}

export const master = { id: null, email: 'master@example.org', name: 'Game_Master' };

export function player(n: number) {
  return { id: n, email: `player${n}@example.org`, name: `Player_${n}` };
}

/** Each database's Outbox, made once: making one prepares all its statements, and the checker's tests read the outbox at every one of thousands of sweeps. */
const outboxes = new WeakMap<JudgeDatabase, Outbox>();

function outboxOf(db: JudgeDatabase): Outbox {
  let outbox = outboxes.get(db);
  if (outbox === undefined) outboxes.set(db, (outbox = new Outbox(db)));
  return outbox;
}

/** The mails queued in the outbox that may leave (not held for a change still in progress), oldest first, with their origin. */
export function queuedMails(db: JudgeDatabase, afterId = 0): { id: number; origin: string; mail: OutgoingMail }[] {
  return outboxOf(db).queuedAfter(afterId);
}

/** The newest outbox row's id: `queuedMails(db, lastQueuedId(db))` later reads what was queued since. */
export function lastQueuedId(db: JudgeDatabase): number {
  return outboxOf(db).newestId();
}
