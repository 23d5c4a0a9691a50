import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DateTime } from 'luxon';
import { openDatabase } from '../../src/store/database.js';
import { AuditLog } from '../../src/store/audit.js';
import { GameStore } from '../../src/store/game-store.js';
import { GameService } from '../../src/game/service.js';
import { Templates } from '../../src/templates/templates.js';

export const projectRoot = join(__dirname, '..', '..');

/** A game service on a fresh games folder and database, with a clock the test moves. */
export function testJudge(options: { mapFolders?: string[]; seed?: number } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'judge-game-'));
  const games = join(root, 'games');
  const db = openDatabase(join(root, 'var', 'judge.db'));
  const store = new GameStore({ games, audit: new AuditLog(db) });
  const clock = { now: DateTime.fromISO('2026-01-05T12:00:00Z', { zone: 'utc' }) };
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
    now: () => clock.now,
    random,
  });
  return { root, games, db, store, service, clock, random };
}

export const master = { id: null, email: 'master@example.org', name: 'Game_Master' };

export function player(n: number) {
  return { id: n, email: `player${n}@example.org`, name: `Player_${n}` };
}
