import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { embeddedConfig, folder } from '../config/config.js';
import { openDatabase } from '../store/database.js';
import { AuditLog } from '../store/audit.js';
import { GameStore } from '../store/game-store.js';
import { GameService } from '../game/service.js';
import { Templates } from '../templates/templates.js';
import { formatMs, percentile } from './stats.js';

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

/**
 * One standard movement phase processed end to end through the game API: read the status file,
 * adjudicate, render and record the results, write the new status atomically with its audit entry.
 * Between runs the game is rolled back to Spring 1901 (not timed).
 */
export async function benchGame(runs = 60): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'judge-bench-game-'));
  try {
    const config = embeddedConfig(root);
    const db = openDatabase(join(root, 'judge.db'));
    const games = join(root, 'games');
    const service = new GameService({
      store: new GameStore({ games, audit: new AuditLog(db) }),
      games,
      mapFolders: [folder(config, 'maps')],
      templates: new Templates(folder(config, 'templates')),
      judgeAddress: config.config.judge.address,
      now: () => DateTime.fromISO('2026-01-05T12:00:00Z'),
    });
    const actor = { who: 'bench', command: 'BENCH' };
    await service.create({ name: 'bench', master: { id: null, email: 'm@example.org', name: 'M' }, masterPassword: 'pw', map: null }, actor);
    for (let n = 1; n <= 7; n++)
      await service.join('bench', { player: { id: n, email: `p${n}@example.org`, name: `P${n}` }, address: `p${n}@example.org`, password: `pw${n}` }, actor);
    for (const [power, lines] of Object.entries(ORDERS)) await service.submitOrders('bench', power, lines, actor);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      await service.process('bench', actor);
      times.push(performance.now() - start);
      await service.rollback('bench', actor, 'S1901M');
    }
    times.sort((a, b) => a - b);
    const warm = times.slice(0, Math.max(1, times.length - 5));
    console.log(
      `game: process one standard movement phase end to end (load, adjudicate, results, atomic save + audit): median ${formatMs(percentile(warm, 0.5))}, p95 ${formatMs(percentile(warm, 0.95))} over ${runs} runs (target < 5 ms)`,
    );
    db.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
