import { OperationRules } from '../game/rules.js';
import type { DateTime } from 'luxon';
import type { DeadlinesConfig } from '../config/config.js';
import type { GameService } from '../game/service.js';
import type { JudgeDatabase } from '../store/database.js';
import { withLock } from '../store/lock.js';
import { runActiveStep } from './active-steps.js';
import type { Assessment } from './assess.js';
import { remindMaster, remindOfErrors } from './daily-steps.js';
import { DeadlineIndex, type IndexedGame } from './deadline-index.js';
import { CheckerMail } from './notices.js';
import { OutageGuard } from './outage.js';
import { messageOf, type Done, type NoticeSink, type SweepContext } from './sink.js';

/**
 * One sweep of the deadline checker: bring the deadline index up to date, mind an outage, then for
 * each game that has something due, do the first of the spec's section 6 that applies: status-file
 * errors, forming or waiting reminders, GRACE expiry, the DELAY countdown, processing a ready game,
 * late notices, WARN reminders. Every change goes through the game API, so a sweep and a mail on
 * the same game take turns on its lock; a lock file keeps two sweeps (the daemon's and a
 * `judge check`) from running at once.
 */

export interface CheckerOptions {
  readonly service: GameService;
  readonly db: JudgeDatabase;
  /** The games folder (the main status file and each game's folder). */
  readonly games: string;
  readonly sink: NoticeSink;
  readonly judge: { readonly name: string; readonly keeper: string };
  readonly deadlines: Pick<DeadlinesConfig, 'outageMinutes' | 'outagePolicy'>;
  /** The lock file only one sweep at a time holds. */
  readonly lockFile: string;
}

export interface SweepOptions {
  /** Only these games (`judge check game...`); such a sweep neither detects nor records an outage. */
  readonly games?: readonly string[];
  /** Ends the hold after an outage (`judge check --resume`). */
  readonly resume?: boolean;
  /**
   * False for a sweep at a time the judgekeeper chose (`judge check --now`): the gap since the last
   * sweep is then no outage, and this sweep is not recorded as the last. A held judge stays held.
   */
  readonly outage?: boolean;
}

/** One line of a sweep's report: `game: action (detail)`; the game is `*` for the judge as a whole. */
export interface SweepAction {
  readonly game: string;
  readonly action: string;
  readonly detail: string;
}

export interface SweepReport {
  readonly at: DateTime;
  /** Status files read because they changed since the last sweep. */
  readonly reread: number;
  /** Games that had something due. */
  readonly due: number;
  readonly actions: readonly SweepAction[];
  /** When a game next comes due (epoch milliseconds), as the index knows after this sweep; null if none will. */
  readonly nextDueAt: number | null;
}

/** A sweep longer than this is taken to have died, and its lock is broken. */
const SWEEP_LOCK_STALE_MS = 3_600_000;

/** The step a sweep was taking for a game, as the judgekeeper reads it when it failed. */
function stepName(game: IndexedGame, assessment: Assessment): string {
  if (assessment.problems.length > 0) return 'status-file error reminder';
  if (game.state !== 'active') return `${game.state} reminder`;
  return assessment.step.kind;
}

export class DeadlineChecker {
  private readonly index: DeadlineIndex;
  private readonly outage: OutageGuard;
  private readonly mail: CheckerMail;

  constructor(private readonly options: CheckerOptions) {
    this.index = new DeadlineIndex(options.db, options.service, options.games);
    this.outage = new OutageGuard(options.db, options.deadlines, options.judge.name);
    this.mail = new CheckerMail(options.service.templates, options.judge.keeper);
  }

  /** Runs one sweep at `now`; throws LockTimeoutError when another sweep is running. */
  async sweep(now: DateTime, options: SweepOptions = {}): Promise<SweepReport> {
    return withLock(this.options.lockFile, () => this.sweepLocked(now, options), { timeoutMs: 0, staleAfterMs: SWEEP_LOCK_STALE_MS });
  }

  private async sweepLocked(now: DateTime, options: SweepOptions): Promise<SweepReport> {
    const context: SweepContext = { service: this.options.service, mail: this.mail, sink: this.options.sink, now, rules: new OperationRules() };
    // A crash may have cut a change short anywhere (a mail, `judge process`, the last sweep): settle it first.
    await this.options.service.recoverInterrupted();
    const reread = await this.index.refresh(now);
    const unknown = options.games?.filter((game) => !this.index.lists(game)) ?? [];
    if (unknown.length > 0) throw new Error(`no game ${unknown.map((game) => `'${game}'`).join(', ')} is waiting for a deadline on this judge`);
    const actions: SweepAction[] = [];
    if (options.games === undefined) {
      const outage = await this.outage.check(context, this.index, { resume: options.resume === true, detect: options.outage !== false });
      actions.push(...outage.lines.map((line) => ({ game: '*', action: 'outage', detail: line })));
      if (outage.hold) return { at: now, reread, due: 0, actions, nextDueAt: null };
    }
    const only = options.games && new Set(options.games);
    const due = this.index.due(now).filter((game) => !only || only.has(game.name));
    for (const game of due) {
      const done = await this.checkGame({ ...context, rules: new OperationRules() }, game);
      if (done) actions.push({ game: game.name, action: done.action, detail: done.detail });
    }
    return { at: now, reread, due: due.length, actions, nextDueAt: this.index.nextDue(now) };
  }

  private async checkGame(context: SweepContext, game: IndexedGame): Promise<Done | null> {
    const assessment = this.index.reassess(game.name, context.now, context.rules);
    if (!assessment || assessment.dueAt === null || assessment.dueAt > context.now.toMillis()) return null;
    try {
      let done: Done | null;
      if (assessment.problems.length > 0) done = remindOfErrors(context, game.name, assessment);
      else if (game.state !== 'active') done = remindMaster(context, game.name, game.state, assessment, game.memory);
      else done = await runActiveStep(context, game.name, assessment, game.memory);
      this.options.db.transaction(() => {
        if (done?.mails) context.sink.send(done.mails.notices, done.mails.origin);
        this.index.remember(game.name, done?.memory ?? {}, context.now);
      })();
      return done;
    } catch (error) {
      const message = messageOf(error);
      const step = stepName(game, assessment);
      if (this.index.failed(game.name, message)) context.sink.send(this.mail.checkFailed(game.name, step, message), `check ${game.name} failed`);
      this.index.reassess(game.name, context.now);
      return { action: 'failed', detail: `${step}: ${message}` };
    }
  }
}
