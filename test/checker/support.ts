import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { DeadlinesConfig } from '../../src/config/config.js';
import { wakeMinute } from '../../src/checker/scheduler.js';
import { DeadlineChecker, type SweepAction } from '../../src/checker/sweep.js';
import type { OutgoingMail } from '../../src/store/outgoing-mail.js';
import type { LastSettledFiles } from '../../src/store/game-store.js';
import { duties } from '../../src/game/duties.js';
import { phaseAbbrev } from '../../src/map/phase.js';
import { positionOf } from '../../src/game/position.js';
import { type GameStatus } from '../../src/status/model.js';
import { rulesInForce } from '../../src/game/rules.js';
import { Bot } from '../game/bot.js';
import { master, player, lastQueuedId, queuedMails, testJudge } from '../game/support.js';
import { editGame } from '../support/edit-game.js';

export const KEEPER = 'keeper@example.org';
export const actor = { who: 'test', command: 'TEST' };
const SWEEP_MINUTES = 20;

interface SentNotice extends OutgoingMail {
  origin: string;
  /** The simulated time of the sweep that sent it. */
  at: string;
}

export interface GameSetup {
  timing?: string;
  zone?: string;
  rules?: string[];
  /** The rules variant the main status file lists the game under (CREATE's third word); standard when not given. */
  variant?: 'payola' | 'xtalball';
}

/**
 * A judge on a temporary folder with a deadline checker whose mail is kept in `sent`. Only the clock
 * is simulated: `sweepAt` moves it and runs a real sweep at that time.
 */
export function checkerJudge(options: { seed?: number; deadlines?: Partial<DeadlinesConfig>; lastSettled?: LastSettledFiles } = {}) {
  const judge = testJudge({ seed: options.seed ?? 3, ...(options.lastSettled ? { lastSettled: options.lastSettled } : {}) });
  const sent: SentNotice[] = [];
  const actions: (SweepAction & { at: string })[] = [];
  const checker = new DeadlineChecker({
    service: judge.service,
    db: judge.db,
    games: judge.games,
    sink: { send: (notices, origin) => sent.push(...notices.map((notice) => ({ ...notice, origin, at: stamp(judge.clock.now) }))) },
    judge: { name: 'TEST', keeper: KEEPER },
    deadlines: { outageMinutes: 60, outagePolicy: 'extend', ...options.deadlines },
    lockFile: join(judge.root, 'var', 'checker.lock'),
  });
  const bot = new Bot(judge.random);

  async function sweepAt(now: DateTime<true>, sweep: { games?: string[]; resume?: boolean } = {}) {
    judge.clock.now = now;
    const queuedBefore = lastQueuedId(judge.db);
    const report = await checker.sweep(now, sweep);
    // Results leave through the outbox with the status file they announce, not through the sink.
    sent.push(...queuedMails(judge.db, queuedBefore).map(({ mail, origin }) => ({ ...mail, origin, at: stamp(now) })));
    actions.push(...report.actions.map((action) => ({ ...action, at: stamp(now) })));
    return report;
  }

  /**
   * Sweeps as the daemon's scheduler does, up to `until`: at every :00, :20 and :40 after the clock,
   * and between them at the minute a game comes due; `between` runs before each sweep.
   */
  async function sweepUntil(until: DateTime, between?: (now: DateTime<true>) => Promise<void>) {
    const slot = SWEEP_MINUTES * 60_000;
    const nextTick = (after: number) => (Math.floor(after / slot) + 1) * slot;
    let at = nextTick(judge.clock.now.toMillis());
    while (at <= until.toMillis()) {
      const now = utc(DateTime.fromMillis(at, { zone: 'utc' }).toISO()!);
      judge.clock.now = now;
      if (between) await between(now);
      const report = await sweepAt(now);
      at = Math.min(nextTick(at), wakeMinute(report) ?? Infinity);
    }
  }

  /** A game with seven players, set up before it starts (so its first deadline follows TIMING). */
  async function startGame(name: string, setup: GameSetup = {}): Promise<GameStatus> {
    await judge.service.lifecycle.create({ name, master, masterPassword: 'master-secret', map: null }, actor);
    const variant = setup.variant;
    if (variant) await judge.service.listings.updateListing(name, actor, (listing) => ({ ...listing, variant }));
    await editGame(judge.store, name, (game) => ({
      ...game,
      timing: setup.timing ?? null,
      zone: setup.zone ?? null,
      rules: setup.rules ? [setup.rules.map((rule) => ({ rule, on: true }))] : [],
    }));
    for (let n = 1; n <= 7; n++) await judge.service.roster.join(name, { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
    return game(name);
  }

  function game(name: string): GameStatus {
    return judge.service.load(name).game;
  }

  /** Orders from the bot for every power that owes some, except those in `skip`. */
  async function order(name: string, skip: readonly string[] = []): Promise<void> {
    const current = game(name);
    const phase = current.phase!.phase;
    if (typeof phase !== 'object') throw new Error(`${name} is not playing`);
    const map = judge.service.maps(current).at(phase);
    const position = positionOf(current, map);
    for (const duty of duties(map, phase, position, rulesInForce(current, map.rules()))) {
      if (skip.includes(duty.power)) continue;
      const lines = bot.orders(map, phase, position, duty.power, duty.adjustment);
      await judge.service.submitOrders(name, duty.power, lines.length > 0 ? lines : ['WAIVE'], actor);
    }
  }

  function emailOf(name: string, power: string): string {
    return game(name).powers.find((entry) => entry.name === power)!.addresses[0]!;
  }

  return { ...judge, checker, sent, actions, sweepAt, sweepUntil, startGame, game, order, emailOf };
}

function stamp(instant: DateTime): string {
  return instant.toUTC().toFormat("yyyy-MM-dd'T'HH:mm'Z'");
}

export function utc(iso: string): DateTime<true> {
  const instant = DateTime.fromISO(iso, { zone: 'utc' });
  if (!instant.isValid) throw new Error(`not an ISO time: ${iso}`);
  return instant;
}

export function phaseOf(game: GameStatus): string {
  const phase = game.phase!.phase;
  return typeof phase === 'object' ? phaseAbbrev(phase) : phase;
}
