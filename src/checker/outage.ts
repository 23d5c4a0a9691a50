import { DateTime } from 'luxon';
import type { DeadlinesConfig } from '../config/config.js';
import { SLOT_MINUTES } from '../deadline/index.js';
import type { JudgeDatabase } from '../store/database.js';
import type { DeadlineIndex } from './deadline-index.js';
import { counted, durationText, type OutageReport } from './notices.js';
import { checkerActor, type SweepContext } from './sink.js';
import { recipients } from '../game/recipients.js';

/**
 * Outage safety. The time of the last full sweep is kept in SQLite (table `checker_state`); a sweep
 * that finds it older than the threshold knows the judge was down, and does not punish players for
 * it by processing a flood of expired games. Under 'hold' it tells the judgekeeper and does nothing
 * until `judge check --resume`; under 'extend' it moves every active deadline on by the outage
 * (rounded up to whole twenty-minute slots, so deadlines stay on them), tells the judgekeeper, and
 * sweeps as usual.
 */

export interface OutageOutcome {
  /** The sweep must do nothing more: the judge is held after an outage. */
  readonly hold: boolean;
  /** Report lines. */
  readonly lines: readonly string[];
}

const LAST_SWEEP = 'last_sweep_at';
/** Set while the judge is held: when the outage began (the last sweep before it). */
const HELD_SINCE = 'held_since';
const SLOT_MS = SLOT_MINUTES * 60_000;

export class OutageGuard {
  private readonly read;
  private readonly write;
  private readonly remove;

  constructor(
    db: JudgeDatabase,
    private readonly settings: Pick<DeadlinesConfig, 'outageMinutes' | 'outagePolicy'>,
    private readonly judgeName: string,
  ) {
    db.exec('CREATE TABLE IF NOT EXISTS checker_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    this.read = db.prepare<[string], { value: number }>('SELECT value FROM checker_state WHERE key = ?');
    this.write = db.prepare<[string, number]>('INSERT INTO checker_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
    this.remove = db.prepare<[string]>('DELETE FROM checker_state WHERE key = ?');
  }

  private get(key: string): number | null {
    return this.read.get(key)?.value ?? null;
  }

  /** When the last full sweep ran (ms since the epoch), or null before the first. */
  lastSweepAt(): number | null {
    return this.get(LAST_SWEEP);
  }

  /**
   * Called by every full sweep before it acts on any game. A sweep that does not `detect` (one at a
   * time the judgekeeper chose) only minds the hold: it neither reads the gap as an outage nor
   * records itself as the last sweep.
   */
  async check(context: SweepContext, index: DeadlineIndex, { resume, detect }: { resume: boolean; detect: boolean }): Promise<OutageOutcome> {
    const now = context.now.toMillis();
    const heldSince = this.get(HELD_SINCE);
    if (heldSince !== null) {
      const since = DateTime.fromMillis(heldSince, { zone: 'utc' }).toFormat("yyyy-MM-dd HH:mm 'UTC'");
      if (!resume) return { hold: true, lines: [`held since the outage that began ${since}: run judge check --resume`] };
      this.remove.run(HELD_SINCE);
      this.write.run(LAST_SWEEP, now);
      return { hold: false, lines: [`resumed after the outage that began ${since}`] };
    }
    if (!detect) return { hold: false, lines: [] };
    const last = this.get(LAST_SWEEP);
    // Never back: a `judge check --now` in the past must not make the daemon's next sweep look late.
    this.write.run(LAST_SWEEP, Math.max(now, last ?? now));
    if (last === null || now - last <= this.settings.outageMinutes * 60_000) return { hold: false, lines: [] };
    const report = {
      judge: this.judgeName,
      since: DateTime.fromMillis(last, { zone: 'utc' }),
      until: context.now,
      thresholdMinutes: this.settings.outageMinutes,
    };
    if (this.settings.outagePolicy === 'hold') {
      this.write.run(HELD_SINCE, last);
      context.sink.send(context.mail.outage({ ...report, extension: null }), 'check outage');
      return { hold: true, lines: [`outage of ${durationText((now - last) / 60_000)}: every game held until judge check --resume`] };
    }
    const minutes = (Math.ceil((now - last) / SLOT_MS) * SLOT_MS) / 60_000;
    const games = await extendDeadlines(context, index, minutes, report);
    context.sink.send(context.mail.outage({ ...report, extension: { minutes, games } }), 'check outage');
    return { hold: false, lines: [`outage of ${durationText((now - last) / 60_000)}: ${counted(games, 'deadline')} moved on by ${durationText(minutes)}`] };
  }
}

/**
 * Moves every active game's deadline on by `minutes`, kept to the game's DAYS and NOT, and tells
 * everyone in each game the new deadline, as SET DEADLINE does; returns how many games had one. A
 * game whose status file cannot be read is left as it is: the checker only reminds its Master of the errors.
 */
async function extendDeadlines(context: SweepContext, index: DeadlineIndex, minutes: number, outage: Omit<OutageReport, 'extension'>): Promise<number> {
  let extended = 0;
  for (const name of index.activeGames()) {
    try {
      const loaded = await context.service.schedule.extendDeadline(name, minutes, checkerActor('EXTEND'), {
        announce: (game) => context.mail.deadlineMoved(game, recipients(game), outage),
        origin: `check ${name} outage`,
      });
      if (loaded.game.deadline !== null) extended++;
    } catch {
      continue;
    }
    index.reassess(name, context.now);
  }
  return extended;
}
