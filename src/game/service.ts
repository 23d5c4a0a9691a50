import { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import { formatDiagnostic, type Diagnostic } from '../map/model.js';
import { parseVacations, renderTiming } from '../deadline/index.js';
import { findPower, MAP_POWER_ROLE, playedPhase, updatePower, type GameStatus, type PlayerIdentity, type PowerStatus, type Vote } from '../status/model.js';
import { OperationRules, rulesInForce } from './rules.js';
import type { RulesInForce } from '../rules/in-force.js';
import { validateStatus } from '../status/validate.js';
import type { GameState } from '../status/main-status.js';
import { gameFolder } from '../store/game-name.js';
import type { Actor, GameChanged, GameStore, LoadedGame } from '../store/game-store.js';
import { queuedMails } from '../store/journal.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import type { Templates } from '../templates/templates.js';
import { GameArchive } from './archive.js';
import { GameMaps, type MapFolders } from './game-maps.js';
import { gameState, GameListings } from './listings-service.js';
import type { PictureDrawer } from './picture-thread.js';
import {
  createGame,
  GameRuleError,
  isForming,
  isFull,
  joinGame,
  resignPower,
  startGame,
  takeOverPower,
  dummyPower,
  revivePower,
  terminateGame,
  type JoinRequest,
  type NewGameRequest,
} from './lifecycle.js';
import type { SubmissionReport } from './orders.js';
import { setAcceptance, transferFunds, type TransferDone } from './payola/funds.js';
import { positionOf } from './position.js';
import { currentPhase } from './process.js';
import { describeDeadline } from './results.js';
import { PhaseRunner } from './phase-service.js';
import { latePowers, withReadiness } from './readiness.js';
import { GameRolls } from './roll-service.js';
import { extendDeadline, gameTiming, scheduleDeadline } from './schedule.js';
import { withStatusLines, type StatusEdit } from './status-lines.js';
import { castVote, concludeByVote, propose, veto } from './votes.js';
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

/** What a game change may add: mails that tell of it (`announce`, from the new status), and the rules in force it reads. */
interface ChangeOptions {
  announce?: (game: GameStatus) => OutgoingMail[];
  origin?: string;
  rules?: OperationRules;
}

/**
 * The game API: the one place the mail commands, the deadline checker and the CLI change games.
 * It loads maps, reads and writes status files through the GameStore (locks, atomic writes, hand
 * edits, audit), keeps the archive, and returns the mails an operation causes; sending them is the
 * caller's business. Its parts: `listings` (the main status file), `phases` (processing and
 * previews) and `rolls` (ROLLBACK, ROLLFORWARD); the operations on one game's status file are its own.
 */
export class GameService {
  readonly listings: GameListings;
  readonly phases: PhaseRunner;
  readonly rolls: GameRolls;
  private readonly gameMaps: GameMaps;
  private readonly now: () => DateTime;

  constructor(private readonly options: GameServiceOptions) {
    const now = options.now ?? (() => DateTime.utc());
    const { store, games, templates, judgeAddress } = options;
    const maps = new GameMaps(options);
    const listings = new GameListings(store, games, now);
    const archive = (name: string) => this.archive(name);
    this.now = now;
    this.gameMaps = maps;
    this.listings = listings;
    this.phases = new PhaseRunner({ store, archive, maps, listings, templates, judgeAddress, now, ...(options.pictures && { pictures: options.pictures }) });
    this.rolls = new GameRolls({ store, archive, maps, listings, now });
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

  private today(): string {
    return this.now().toISODate()!;
  }

  /** ACTIVATE: a waiting game is active again, from a fresh deadline, and out of the WAIT mode the Master put it in. */
  async activate(name: string, actor: Actor): Promise<LoadedGame> {
    const loaded = await this.options.store.update(name, actor, (current) => {
      const game = current.game;
      const phase = playedPhase(game);
      if (phase === null) return null;
      const maps = this.maps(game);
      const line = game.phase!;
      const resumed = { ...game, phase: line.mode === 'WAIT' ? { ...line, mode: 'PHASE' as const } : line, deadline: null, delay: null };
      return scheduleDeadline(resumed, phase, maps.base.data.flow, rulesInForce(game, maps.base.rules()), this.now());
    });
    await this.listings.keepInStep(actor, name, gameState(loaded.game), true);
    return loaded;
  }

  /** WAIT: the game's phase is in the WAIT mode and the game listed as waiting: nothing is processed until the Master says so. */
  async wait(name: string, actor: Actor): Promise<LoadedGame> {
    const loaded = await this.options.store.update(name, actor, ({ game }) => {
      if (playedPhase(game) === null) throw new GameRuleError(`game '${name}' is not being played, so it cannot wait`);
      return { ...game, phase: { ...game.phase!, mode: 'WAIT' } };
    });
    await this.listings.markWaiting(name, actor);
    return loaded;
  }

  /** A game is created forming, or in preparation (a CREATE by mail: hidden until its Master's FORM). */
  async create(request: NewGameRequest, actor: Actor, state: Extract<GameState, 'preparation' | 'forming'> = 'forming'): Promise<LoadedGame> {
    const game = createGame(request);
    const loaded = await this.options.store.create(request.name, actor, game);
    await this.listings.keepInStep(actor, request.name, state);
    return loaded;
  }

  /**
   * Applies a pure change and keeps the main status file's state in step: what every named
   * operation below is built on, and private so that a game changes only through one of them.
   * The change reads the rules in force from `rules`, made once for the operation (or handed over
   * by an operation that reads them again after the change).
   * `announce` gives the mails that tell of the change, from the new status: they are queued with it
   * in one durable step, so they leave if and only if it is written.
   */
  private async change(
    name: string,
    actor: Actor,
    change: (game: GameStatus, maps: MapDefinition, rules: OperationRules) => GameStatus | null,
    options: ChangeOptions = {},
  ): Promise<LoadedGame> {
    const changed = await this.changeReporting(name, actor, (game, maps, rules) => ({ game: change(game, maps, rules), result: undefined }), options);
    return changed.loaded;
  }

  /** `change` for an operation that tells its caller what it did: the result of the run that was written comes back with the game. */
  private async changeReporting<T>(
    name: string,
    actor: Actor,
    change: (game: GameStatus, maps: MapDefinition, rules: OperationRules) => { game: GameStatus | null; result: T },
    options: ChangeOptions = {},
  ): Promise<GameChanged<T>> {
    const rules = options.rules ?? new OperationRules();
    const { announce } = options;
    const origin = options.origin ?? `${actor.who} ${actor.command} ${name}`;
    const changed = await this.options.store.updateReporting(name, actor, (current) => {
      const run = change(current.game, this.maps(current.game), rules);
      const next = run.game;
      if (announce === undefined || next === null) return run;
      return { ...run, announce: () => queuedMails(announce(next), origin, this.options.judgeAddress) };
    });
    await this.listings.follow(actor, changed.loaded);
    return changed;
  }

  async join(name: string, request: JoinRequest, actor: Actor): Promise<{ loaded: LoadedGame; started: boolean }> {
    const loaded = await this.change(name, actor, (game, maps, rules) => {
      const joined = joinGame(game, maps.base, request, rules.of(game, maps.base));
      const waitForMaster = rules.of(joined, maps.base).has('START_MASTER');
      return isFull(joined, maps.base) && !waitForMaster ? this.started(joined, maps, rules.of(joined, maps.base)) : joined;
    });
    return { loaded, started: !isForming(loaded.game) };
  }

  async start(name: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, rules) => this.started(game, maps, rules.of(game, maps.base)));
  }

  private started(game: GameStatus, maps: MapDefinition, rules: RulesInForce): GameStatus {
    return startGame(game, maps, rules, this.now(), this.options.random, this.listings.variant(game).movesBeforeBlankStart);
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
    const { loaded, result: report } = await this.changeReporting(
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
    let done: TransferDone | null = null;
    const { result } = await this.changeReporting(
      name,
      actor,
      (game, maps, rules) => {
        done = transferFunds(game, maps, rules.of(game, maps.base), move.from, move.to, move.amount);
        return { game: done.game, result: done };
      },
      { announce: () => announce(done!) },
    );
    return result;
  }

  /** Payola's ACCEPT: a power's acceptance list, which settles ties between bids for its units. */
  async setAcceptance(name: string, power: string, list: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps) => setAcceptance(game, maps, power, list));
  }

  /** VOTE: records a power's vote and ends the game when the voters agree. */
  async vote(name: string, power: string, vote: Vote, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, operationRules) => {
      const rules = operationRules.of(game, maps.base);
      return concludeByVote(castVote(game, power, vote, rules), rules, this.today());
    });
  }

  /** PROPOSE (PROPOSE_DIAS games): a draw of all voters or a concession, agreed to by the proposer. */
  async propose(name: string, power: string, result: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, operationRules) => {
      const rules = operationRules.of(game, maps.base);
      return concludeByVote(propose(game, power, result, rules), rules, this.today());
    });
  }

  /** VOTE NO on a proposal: it is dropped with every vote for it. */
  async veto(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => veto(game, power));
  }

  /**
   * The grace period ended: every late power resigns in one status write, queued with the mails that
   * tell of it (`announce`), so that a crash leaves all or none of it.
   */
  async resignForLateness(
    name: string,
    powers: readonly string[],
    actor: Actor,
    options: { announce: (game: GameStatus) => OutgoingMail[]; origin: string },
  ): Promise<LoadedGame> {
    return this.change(name, actor, (game) => powers.reduce(resignPower, game), options);
  }

  async resign(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => resignPower(game, power));
  }

  /** TAKEOVER and REVIVE: a new player for a power. One who observed the game leaves the observer's place. */
  async takeOver(name: string, power: string, request: JoinRequest, actor: Actor): Promise<LoadedGame> {
    const address = request.address.toLowerCase();
    const observing = (entry: PowerStatus) => entry.role !== MAP_POWER_ROLE && entry.addresses.some((known) => known.toLowerCase() === address);
    return this.change(name, actor, (game) => {
      const taken = takeOverPower(game, power, request);
      return { ...taken, powers: taken.powers.filter((entry) => !observing(entry)) };
    });
  }

  /** OBSERVE and the other roles beside the map's powers: the new player's block, under a name nobody has. */
  async addPlayer(name: string, block: PowerStatus, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => {
      if (findPower(game, block.name)) throw new GameRuleError(`the name ${block.name} is taken in game '${name}'`);
      return { ...game, powers: [...game.powers, block] };
    });
  }

  /** A player beside the map's powers takes another role under the same name. */
  async changeRole(name: string, player: string, role: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => updatePower(game, player, (status) => ({ ...status, role })));
  }

  /** TAKEOVER of the Master's place. */
  async replaceMaster(name: string, master: PlayerIdentity, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => ({ ...game, master }));
  }

  /** SET ADDRESS: where a power's mail goes; the Master's (`power` null) takes the first address. */
  async setAddresses(name: string, power: string | null, addresses: readonly string[], actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => {
      if (power !== null) return updatePower(game, power, (status) => ({ ...status, addresses: [...addresses] }));
      return { ...game, master: game.master ? { ...game.master, email: addresses[0]! } : null };
    });
  }

  /** SET PASSWORD: a power's, or the Master's (`power` null). */
  async setPassword(name: string, power: string | null, password: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) =>
      power === null ? { ...game, masterPassword: password } : updatePower(game, power, (status) => ({ ...status, password })),
    );
  }

  /** SET ABSENCE: a NOT entry of the game's TIMING (`20260301-20260305`); no deadline falls in it. */
  async addAbsence(name: string, entry: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps) => {
      const timing = gameTiming(game, maps.base.data.flow);
      return { ...game, timing: renderTiming({ ...timing, not: [...timing.not, ...parseVacations(entry)] }) };
    });
  }

  /** SET DEADLINE: the phase's deadline, as a DEADLINE stamp of the game's zone. */
  async setDeadline(name: string, stamp: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => ({ ...game, deadline: stamp }));
  }

  /** SET NODRAW: the power's vote is withdrawn. */
  async withdrawVote(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => updatePower(game, power, (status) => ({ ...status, vote: null })));
  }

  /** A Master's status-file lines, written where they belong in the game's file; returns what became of them. */
  async writeStatusLines(name: string, edit: StatusEdit, actor: Actor): Promise<string> {
    const { result } = await this.changeReporting(name, actor, (game, maps) => {
      const written = withStatusLines(game, edit, maps, (edited) => this.maps(edited), name);
      return { game: written.game, result: written.outcome };
    });
    return result;
  }

  /**
   * The DELAY count of DPjudge's twenty-minute checks, as the checker keeps it: `delayFor` decides
   * on the game as it is under the lock and gives the new count (null: none), or undefined to leave
   * the game as it is. `announce`'s mails are queued with the change (see `change`).
   */
  async setDelay(
    name: string,
    actor: Actor,
    delayFor: (game: GameStatus) => number | null | undefined,
    options: { announce?: (game: GameStatus) => OutgoingMail[]; origin?: string } = {},
  ): Promise<LoadedGame> {
    return this.change(
      name,
      actor,
      (game) => {
        const delay = delayFor(game);
        return delay === undefined ? null : { ...game, delay };
      },
      options,
    );
  }

  /**
   * After an outage of the checker: the deadline moves on by `minutes`, kept to the game's DAYS and
   * NOT rules; a game without one is left as it is. `announce`'s mails are queued with the change.
   */
  async extendDeadline(
    name: string,
    minutes: number,
    actor: Actor,
    options: { announce?: (game: GameStatus) => OutgoingMail[]; origin?: string } = {},
  ): Promise<LoadedGame> {
    return this.change(
      name,
      actor,
      (game, maps, rules) => (game.deadline === null ? null : extendDeadline(game, maps.base.data.flow, rules.of(game, maps.base), minutes)),
      options,
    );
  }

  /** SOLITAIRE: the game's privacy word, where it has none yet (JOIN and OBSERVE then need it). */
  async setPrivacy(name: string, privacy: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => (game.privacy === null ? { ...game, privacy } : null));
  }

  /** REVEAL: the players of a finished NO_REVEAL game are published. */
  async reveal(name: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => ({ ...game, rules: [...game.rules, [{ rule: 'NO_REVEAL', on: false }]] }));
  }

  async dummy(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => dummyPower(game, power));
  }

  async revive(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => revivePower(game, power));
  }

  async terminate(name: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => terminateGame(game, this.today()));
  }

  /** CLEAR: the power's orders go; a game that was ready to process is not any more. */
  async clearOrders(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, rules) => {
      const variant = this.listings.variant(game);
      return withReadiness(variant.clearOrders(game, power), maps, rules, variant);
    });
  }

  /** SET WAIT / SET NOWAIT: a waiting power holds the phase back even with every order in. */
  async setWait(name: string, power: string, wait: boolean, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, rules) =>
      withReadiness(
        updatePower(game, power, (status) => ({ ...status, wait })),
        maps,
        rules,
        this.listings.variant(game),
      ),
    );
  }
}
