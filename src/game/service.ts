import { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import { formatDiagnostic, type Diagnostic } from '../map/model.js';
import { playedPhase, type GameStatus } from '../status/model.js';
import { OperationRules } from './rules.js';
import { validateStatus } from '../status/validate.js';
import { gameFolder } from '../store/game-name.js';
import type { Actor, GameStore, LoadedGame } from '../store/game-store.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import type { Templates } from '../templates/templates.js';
import { GameArchive } from './archive.js';
import { GameChanges } from './game-changes.js';
import { GameMaps, type MapFolders } from './game-maps.js';
import { GameListings } from './listings-service.js';
import type { PictureDrawer } from './picture-thread.js';
import type { SubmissionReport } from './orders.js';
import { setAcceptance, transferFunds, type TransferDone } from './payola/funds.js';
import { positionOf } from './position.js';
import { currentPhase } from './process.js';
import { describeDeadline } from './results.js';
import { scheduleDeadline } from './schedule.js';
import type { RulesInForce } from '../rules/in-force.js';
import { PhaseRunner } from './phase-service.js';
import { latePowers, withReadiness } from './readiness.js';
import { GameLifecycle } from './lifecycle-service.js';
import { GameRolls } from './roll-service.js';
import { GameRoster } from './roster-service.js';
import { GameSchedule } from './schedule-service.js';
import { EndOfGameVotes } from './vote-service.js';
import { withStatusLines, type StatusEdit } from './status-lines.js';
import { JudgeFailure } from '../common/errors.js';

/** A game whose status file has errors (a hand edit gone wrong): nothing can be done in it until they are mended. */
export class BrokenStatusFileError extends JudgeFailure {
  override name = 'BrokenStatusFileError';

  constructor(
    readonly game: string,
    readonly errors: readonly Diagnostic[],
    options?: ErrorOptions,
  ) {
    super(`game '${game}': its status file has errors: ${errors.map(formatDiagnostic).join('; ')}`, options);
  }
}

export interface GameServiceOptions extends MapFolders {
  store: GameStore;
  games: string;
  templates: Templates;
  /** The judge's address: the Message-IDs of the mails queued with a change are in its domain. */
  judgeAddress: string;
  now?: () => DateTime;
  random?: () => number;
  /** Draws the results pictures; default on the processing thread (the daemon's draws on a thread of its own). */
  pictures?: PictureDrawer;
}

/**
 * The game API: the one place the mail commands, the deadline checker and the CLI change games.
 * It loads maps, reads and writes status files through the GameStore (locks, atomic writes, hand
 * edits, audit), keeps the archive, and returns the mails an operation causes; sending them is the
 * caller's business. Its parts: `listings` (the main status file), `lifecycle` (CREATE to
 * TERMINATE), `roster` (who plays and how they are reached), `schedule` (deadlines and DELAY),
 * `votes` (the vote on the game's end), `phases` (processing and previews) and `rolls` (ROLLBACK,
 * ROLLFORWARD); orders, funds and the Master's status-file lines are its own.
 */
export class GameService {
  readonly listings: GameListings;
  readonly lifecycle: GameLifecycle;
  readonly phases: PhaseRunner;
  readonly rolls: GameRolls;
  readonly roster: GameRoster;
  readonly schedule: GameSchedule;
  readonly votes: EndOfGameVotes;
  private readonly gameMaps: GameMaps;
  private readonly changes: GameChanges;
  private readonly now: () => DateTime;

  constructor(private readonly options: GameServiceOptions) {
    const now = options.now ?? (() => DateTime.utc());
    this.now = now;
    const { store, games, templates, judgeAddress } = options;
    const maps = new GameMaps(options);
    const listings = new GameListings(store, games, now);
    const archive = (name: string) => this.archive(name);
    this.gameMaps = maps;
    this.listings = listings;
    this.changes = new GameChanges({ store, maps, listings, judgeAddress });
    this.lifecycle = new GameLifecycle({ store, changes: this.changes, maps, listings, now, random: options.random });
    this.phases = new PhaseRunner({ store, archive, maps, listings, templates, judgeAddress, now, ...(options.pictures && { pictures: options.pictures }) });
    this.rolls = new GameRolls({ store, archive, maps, listings, now });
    this.roster = new GameRoster({ changes: this.changes, lifecycle: this.lifecycle });
    this.schedule = new GameSchedule({ changes: this.changes, listings });
    this.votes = new EndOfGameVotes({ changes: this.changes, now });
  }

  get templates(): Templates {
    return this.options.templates;
  }

  archive(name: string): GameArchive {
    return new GameArchive(gameFolder(this.options.games, name));
  }

  /** The map a game plays on (standard when the status file names none), read once and cached. */
  maps(game: GameStatus): MapDefinition {
    return this.gameMaps.of(game);
  }

  load(name: string): LoadedGame {
    return this.options.store.load(name);
  }

  /** The errors in a game's status file, each with its file and line: what a hand edit got wrong. */
  statusErrors(loaded: LoadedGame, rules: OperationRules): Diagnostic[] {
    const { game } = loaded;
    const maps = this.maps(game);
    const phase = playedPhase(game);
    const map = phase ? maps.at(phase) : maps.base;
    const variant = this.listings.mainStatus().status.games.find((listing) => listing.name === game.name)?.variant ?? 'standard';
    return [...loaded.diagnostics, ...validateStatus(game, { map, rules: rules.of(game, map), folder: loaded.name, variant })].filter(
      (diagnostic) => diagnostic.severity === 'error',
    );
  }

  /** How many games `who` created since `since` (the audit log remembers every CREATE). */
  creationsBy(who: string, since: Date): number {
    return this.options.store.creationsBy(who, since);
  }

  /** Whether a change caused by `cause` (a mail's command) reached its game. */
  tookEffect(cause: string): boolean {
    return this.options.store.tookEffect(cause);
  }

  /** Settles every change a crash cut short: each is on disk or not, and its held mails leave or are forgotten. */
  async recoverInterrupted(): Promise<void> {
    await this.options.store.recoverAll();
  }

  /**
   * Submits orders for a power; when every power that owes orders has them and none waits, DELAY
   * becomes 1. `vet` sees the orders that would be on file before anything is written, and may
   * refuse them by throwing. The mails `announce` makes of the submission (Crystal Ball's lock
   * notice) are queued with the status file: they leave once, whatever crash comes when.
   */
  async submitOrders(
    name: string,
    power: string,
    lines: readonly string[],
    actor: Actor,
    vet: (report: SubmissionReport) => void = () => {},
    announce: (report: SubmissionReport) => OutgoingMail[] = () => [],
  ): Promise<SubmissionReport & { ready: boolean }> {
    const rules = new OperationRules();
    let submitted: SubmissionReport | null = null;
    const { loaded, result: report } = await this.changes.applyReporting(
      name,
      actor,
      (game, maps) => {
        const phase = currentPhase(game);
        const map = maps.at(phase);
        const report = this.listings
          .variant(game)
          .submitOrders(game, power, lines, { map, position: positionOf(game, map), phase, rules: rules.of(game, map) });
        vet(report);
        submitted = report.restartsDeadline ? this.restartedDeadline(report, maps, rules.of(game, maps.base)) : report;
        return { game: withReadiness(submitted.game, maps, rules, this.listings.variant(game)), result: submitted };
      },
      { rules, announce: (game) => announce({ ...submitted!, game }) },
    );
    const ready = loaded.game.delay !== null && latePowers(loaded.game, this.maps(loaded.game), rules, this.listings.variant(loaded.game)).length === 0;
    return { ...report, game: loaded.game, ready };
  }

  /**
   * The deadline set afresh from now, as DPjudge's setDeadline does (not doubled as a first phase's,
   * nor kept when later), and told in the broadcast that asked for it.
   */
  private restartedDeadline(report: SubmissionReport, maps: MapDefinition, rules: RulesInForce): SubmissionReport {
    const game = scheduleDeadline({ ...report.game, deadline: null }, currentPhase(report.game), maps.base.data.flow, rules, this.now());
    const told = game.deadline === null ? [] : [`The deadline for orders is ${describeDeadline(game.deadline, game.zone)}.`];
    return { ...report, game, broadcast: [...(report.broadcast ?? []), ...told] };
  }

  /** Payola's TRANSFER: money from one treasury to another; the mails telling both sides leave with the change. */
  async transferFunds(
    name: string,
    move: { from: string; to: string; amount: number },
    actor: Actor,
    announce: (done: TransferDone) => OutgoingMail[],
  ): Promise<TransferDone> {
    const { result } = await this.changes.applyReporting(
      name,
      actor,
      (game, maps, rules) => {
        const done = transferFunds(game, maps, rules.of(game, maps.base), move.from, move.to, move.amount);
        return { game: done.game, result: done };
      },
      { announce: (_game, done) => announce(done) },
    );
    return result;
  }

  /** Payola's ACCEPT: a power's acceptance list, which settles ties between bids for its units. */
  async setAcceptance(name: string, power: string, list: string, actor: Actor): Promise<LoadedGame> {
    return this.changes.apply(name, actor, (game, maps) => setAcceptance(game, maps, power, list));
  }

  /** A Master's status-file lines, written where they belong in the game's file; returns what became of them. */
  async writeStatusLines(name: string, edit: StatusEdit, actor: Actor): Promise<string> {
    const { result } = await this.changes.applyReporting(name, actor, (game, maps) => {
      const written = withStatusLines(game, edit, maps, (edited) => this.maps(edited), name);
      return { game: written.game, result: written.outcome };
    });
    return result;
  }

  /** CLEAR: the power's orders go; a game that was ready to process is not any more. */
  async clearOrders(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.changes.apply(name, actor, (game, maps, rules) => {
      const variant = this.listings.variant(game);
      return withReadiness(variant.clearOrders(game, power), maps, rules, variant);
    });
  }
}
