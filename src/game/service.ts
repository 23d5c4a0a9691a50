import { DateTime } from 'luxon';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findMapFile, isMapName, readAnyMap } from '../map/catalog.js';
import type { MapDefinition } from '../map/definition.js';
import { MapLoadError } from '../map/load.js';
import { formatDiagnostic, type Diagnostic } from '../map/model.js';
import { comparePhases, nextPhase, parsePhaseAbbrev, phaseAbbrev } from '../map/phase.js';
import type { FlowStep, Phase } from '../map/model.js';
import { parseVacations, renderTiming } from '../deadline/index.js';
import { findPower, MAP_POWER_ROLE, playedPhase, updatePower, type GameStatus, type PlayerIdentity, type PowerStatus, type Vote } from '../status/model.js';
import { OperationRules, rulesInForce } from './rules.js';
import { formatUnitAt } from '../status/codecs.js';
import { readStatus } from '../status/parse.js';
import { validateStatus } from '../status/validate.js';
import { writeStatus } from '../status/write.js';
import type { GameListing, GameState, ParsedMainStatus } from '../status/main-status.js';
import type { DurableStep } from '../store/atomic-write.js';
import { gameFolder } from '../store/game-name.js';
import type { Actor, GameStore, LoadedGame } from '../store/game-store.js';
import { newMessageId, type QueuedMail } from '../store/journal.js';
import type { MailAttachment, OutgoingMail } from '../store/outgoing-mail.js';
import type { Templates } from '../templates/templates.js';
import { GameArchive } from './archive.js';
import { keepSettings, withNewDeadline, withoutOrders, type RollSettings } from './rolling.js';
import { drawResultsPicture, pendingHiddenBuilds, resultsPictures } from './board-picture.js';
import { drawOnThisThread, type LoadedMap, type PendingPicture, type PictureDrawer } from './picture-thread.js';
import { duties } from './duties.js';
import { masterAddresses, testedAddresses } from './tester.js';
import {
  createGame,
  formAgain,
  GameRuleError,
  isCompleted,
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
import { clearOrders, hasOrders, orderPhaseOf, unorderedUnits, type LatePower, waitRequested, type SubmissionReport } from './orders.js';
import { positionOf } from './position.js';
import { currentPhase, processPhase, ProcessingError, type PhaseReport } from './process.js';
import { variantNamed, type Variant } from './variant.js';
import { setAcceptance, transferFunds, type TransferDone } from './payola/funds.js';
import { phaseTitle, resultsRenderer, type ResultsView } from './results.js';
import { extendDeadline, gameTiming, scheduleDeadline } from './schedule.js';
import { withStatusLines, type StatusEdit } from './status-lines.js';
import { castVote, concludeByVote, propose, veto } from './votes.js';
import { JudgeFailure } from '../common/errors.js';

/**
 * The game API: the one place the mail commands, the deadline checker and the CLI change games.
 * It loads maps, reads and writes status files through the GameStore (locks, atomic writes, hand
 * edits, audit), keeps the archive, and returns the mails an operation causes; sending them is the
 * caller's business.
 */

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

export interface GameServiceOptions {
  store: GameStore;
  games: string;
  /** Folders maps are looked up in: the maps folder first, then trials. */
  mapFolders: string[];
  /** Where the maps' drawings converted for pictures are kept (map/drawings/ghostscript.ts); without, each is converted once per process. */
  drawingCache?: string;
  templates: Templates;
  /** The judge's address: the Message-IDs of the mails queued with a change are in its domain. */
  judgeAddress: string;
  now?: () => DateTime;
  random?: () => number;
  /** Draws the results pictures; default on the processing thread (the daemon's draws on a thread of its own). */
  pictures?: PictureDrawer;
}

/** As whom a recipient reads a game's general mail. */
function recipientView(recipient: Recipient): ResultsView {
  return { reader: recipient.reader, master: recipient.master, omniscient: recipient.omniscient };
}

/** A phase processed: what happened, and the game after it. */
/** One receiver of a game's general mail: its addresses, and as whom it reads. */
export interface Recipient {
  addresses: string[];
  reader: string | null;
  master: boolean;
  omniscient: boolean;
}

export interface ProcessedOutcome {
  readonly report: PhaseReport;
  readonly game: GameStatus;
}

/** A phase previewed: the results mails for the Master, to send. */
export interface PreviewOutcome extends ProcessedOutcome {
  readonly notices: OutgoingMail[];
}

export class GameService {
  private readonly mapCache = new Map<string, LoadedMap>();
  /** The state each game was last given in the main status file, so unchanged states cost no write. */
  private readonly listedStates = new Map<string, GameState>();
  private readonly now: () => DateTime;

  constructor(private readonly options: GameServiceOptions) {
    this.now = options.now ?? (() => DateTime.utc());
  }

  get templates(): Templates {
    return this.options.templates;
  }

  archive(name: string): GameArchive {
    return new GameArchive(gameFolder(this.options.games, name));
  }

  /** The map a game plays on (standard when the status file names none), read once and cached. */
  maps(game: GameStatus): MapDefinition {
    return this.loadedMap(game).definition;
  }

  private loadedMap(game: GameStatus): LoadedMap {
    const name = game.map?.name ?? 'standard';
    const morphLines = game.morphs.flatMap((block) => block.lines);
    const key = morphLines.length === 0 ? name : `${name}\n${morphLines.join('\n')}`;
    let loaded = this.mapCache.get(key);
    if (!loaded) {
      const path = this.findMap(name);
      const morph = morphLines.length === 0 ? {} : { morph: { lines: morphLines, source: `MORPH of ${game.name ?? 'the game'}` } };
      const cache = this.options.drawingCache === undefined ? {} : { drawingCache: this.options.drawingCache };
      const options = { searchPath: this.options.mapFolders, ...cache, ...morph };
      const definition = readAnyMap(path, options);
      if (!definition.ok) throw new MapLoadError(definition.diagnostics);
      loaded = { definition, source: { key, path, options } };
      this.mapCache.set(key, loaded);
    }
    return loaded;
  }

  private findMap(name: string): string {
    if (!isMapName(name)) throw new GameRuleError(`'${name}' is not a map name`);
    const path = findMapFile(name, this.options.mapFolders);
    if (path === undefined) throw new GameRuleError(`there is no map '${name}' on this judge`);
    return path;
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
    return [...loaded.diagnostics, ...validateStatus(game, { map, rules: rules.of(game, map), folder: loaded.name })].filter(
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

  /**
   * Keeps a game's state in the main status file in step with its status file. A game the checker
   * or the Master put in the waiting state stays waiting until it is ACTIVATEd (`reactivate`); a game
   * in preparation stays there until its Master's FORM.
   */
  private async list(actor: Actor, name: string, state: GameState | null, reactivate = false): Promise<void> {
    if (state !== null && !reactivate && this.listedStates.get(name) === state) return;
    await this.options.store.updateMainStatus(actor, (current) => {
      const games = current.status.games.filter((listing) => listing.name !== name);
      const old = current.status.games.find((listing) => listing.name === name);
      if (state === null) return { ...current.status, games };
      const kept =
        !reactivate && ((old?.state === 'waiting' && state === 'active') || (old?.state === 'preparation' && state === 'forming')) ? old.state : state;
      this.listedStates.set(name, kept);
      if (old && old.state === kept) return null;
      const listing = { name, variant: old?.variant ?? 'standard', state: kept, flags: old?.flags ?? [], line: old?.line ?? null };
      return { ...current.status, games: old ? current.status.games.map((entry) => (entry === old ? listing : entry)) : [...games, listing] };
    });
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
    await this.list(actor, name, this.stateOf(loaded.game), true);
    return loaded;
  }

  /** WAIT: the game's phase is in the WAIT mode and the game listed as waiting: nothing is processed until the Master says so. */
  async wait(name: string, actor: Actor): Promise<LoadedGame> {
    const loaded = await this.options.store.update(name, actor, ({ game }) => {
      if (playedPhase(game) === null) throw new GameRuleError(`game '${name}' is not being played, so it cannot wait`);
      return { ...game, phase: { ...game.phase!, mode: 'WAIT' } };
    });
    await this.list(actor, name, 'waiting');
    return loaded;
  }

  private stateOf(game: GameStatus): GameState {
    if (isForming(game)) return 'forming';
    if (isCompleted(game)) return !game.result || game.result.victors.length === 0 ? 'terminated' : 'completed';
    return 'active';
  }

  /** A game is created forming, or in preparation (a CREATE by mail: hidden until its Master's FORM). */
  async create(request: NewGameRequest, actor: Actor, state: Extract<GameState, 'preparation' | 'forming'> = 'forming'): Promise<LoadedGame> {
    const game = createGame(request);
    const loaded = await this.options.store.create(request.name, actor, game);
    await this.list(actor, request.name, state);
    return loaded;
  }

  /** FORM: a game in preparation takes JOINs from now on. */
  async form(name: string, actor: Actor): Promise<void> {
    await this.list(actor, name, 'forming', true);
  }

  /** The game's state as the main status file lists it (null for a game it does not list). */
  listedState(name: string): GameState | null {
    return this.listings().status.games.find((listing) => listing.name === name)?.state ?? null;
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
    options: { announce?: (game: GameStatus) => OutgoingMail[]; origin?: string; rules?: OperationRules } = {},
  ): Promise<LoadedGame> {
    let changed: GameStatus | null = null;
    const rules = options.rules ?? new OperationRules();
    const work = (current: LoadedGame) => (changed = change(current.game, this.maps(current.game), rules));
    const { announce } = options;
    const origin = options.origin ?? `${actor.who} ${actor.command} ${name}`;
    const loaded = await this.options.store.update(name, actor, work, announce && (() => this.queued(announce(changed!), origin)));
    await this.list(actor, name, this.stateOf(loaded.game));
    return loaded;
  }

  async join(name: string, request: JoinRequest, actor: Actor): Promise<{ loaded: LoadedGame; started: boolean }> {
    const loaded = await this.change(name, actor, (game, maps, rules) => {
      const joined = joinGame(game, maps.base, request, rules.of(game, maps.base));
      const waitForMaster = rules.of(joined, maps.base).has('START_MASTER');
      return isFull(joined, maps.base) && !waitForMaster ? startGame(joined, maps, rules.of(joined, maps.base), this.now(), this.options.random) : joined;
    });
    return { loaded, started: !isForming(loaded.game) };
  }

  async start(name: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, rules) => startGame(game, maps, rules.of(game, maps.base), this.now(), this.options.random));
  }

  /** Submits orders for a power; when every power that owes orders has them and none waits, DELAY becomes 1. */
  /** `vet` sees the orders that would be on file before anything is written, and may refuse them by throwing. */
  async submitOrders(
    name: string,
    power: string,
    lines: readonly string[],
    actor: Actor,
    vet: (report: SubmissionReport) => void = () => {},
  ): Promise<SubmissionReport & { ready: boolean }> {
    let report: SubmissionReport | null = null;
    const rules = new OperationRules();
    const loaded = await this.change(
      name,
      actor,
      (game, maps) => {
        const phase = currentPhase(game);
        const map = maps.at(phase);
        report = this.variant(game).submitOrders(game, power, lines, { map, position: positionOf(game, map), phase, rules: rules.of(game, map) });
        vet(report);
        return this.withReadiness(report.game, maps, rules);
      },
      { rules },
    );
    return { ...report!, game: loaded.game, ready: loaded.game.delay !== null && this.latePowers(loaded.game, rules).length === 0 };
  }

  /** Powers that owe orders for the current phase and lack some on file (dummies without a controller owe none). */
  latePowers(game: GameStatus, rules: OperationRules): string[] {
    return this.lateness(game, rules).map((late) => late.power);
  }

  /** The late powers, each with the units it has left without an order. */
  lateness(game: GameStatus, operationRules: OperationRules): LatePower[] {
    const phase = playedPhase(game);
    if (phase === null) return [];
    const orderPhase = orderPhaseOf(phase);
    if (!orderPhase) return [];
    const maps = this.maps(game);
    const map = maps.at(phase);
    const rules = operationRules.of(game, map);
    return (
      duties(map, phase, positionOf(game, map), rules)
        .map((duty) => findPower(game, duty.power))
        .filter((power) => power !== undefined)
        // A dummy owes orders when someone controls it, or when the Master is to order it (no CD_DUMMIES).
        .filter((power) => power.player?.current !== 'DUMMY' || power.control.length > 0 || !rules.has('CD_DUMMIES'))
        .map((power) => ({
          power: power.name,
          ordered: hasOrders(power, orderPhase),
          unordered: unorderedUnits(power, orderPhase, !rules.has('DEFAULT_UNORDERED')),
        }))
        .filter((power) => !power.ordered || power.unordered.length > 0)
        .map(({ power, ordered, unordered }) => ({ power, unordered: ordered ? unordered : [] }))
    );
  }

  private withReadiness(game: GameStatus, maps: MapDefinition, rules: OperationRules): GameStatus {
    const waiting = waitRequested(game, rules.of(game, maps.base));
    const ready = this.latePowers(game, rules).length === 0 && !waiting;
    // Orders that complete a late phase (DELAY 24 after a late notice) process at the next check too.
    if (ready && (game.delay === null || game.delay > 1)) return { ...game, delay: 1 };
    if (!ready && game.delay === 1) return { ...game, delay: null };
    return game;
  }

  /** Who receives a game's general mail, and as whom they read it (OMNISCIENT: as the Master sees the board). */
  recipients(game: GameStatus): Recipient[] {
    const list: Recipient[] = [];
    for (const power of game.powers) {
      if (power.addresses.length === 0) continue;
      const reader = power.role === MAP_POWER_ROLE ? power.name : null;
      list.push({ addresses: testedAddresses(game, power.addresses), reader, master: false, omniscient: power.omniscient !== 'no' });
    }
    list.push({ addresses: masterAddresses(game), reader: null, master: true, omniscient: false });
    return list.filter((recipient) => recipient.addresses.length > 0);
  }

  /**
   * Processes the current phase: adjudicates, records the results and the snapshot, saves the new
   * status. The results mails (and `also`'s, mails the caller sends about the same step) are queued
   * with the new status file in one durable step: they leave if and only if it is written, whatever
   * crash comes when (docs/durability.md). Null when the game was not at `expectPhase`.
   */
  async process(
    name: string,
    actor: Actor,
    options: { expectPhase?: string; also?: (game: GameStatus) => OutgoingMail[]; origin?: string; disorder?: readonly string[] } = {},
  ): Promise<ProcessedOutcome | null> {
    const archive = this.archive(name);
    let outcome: ProcessedOutcome | null = null;
    // The results text, rendered once per distinct reader for the results file and every mail.
    let render: (view: ResultsView) => string = () => '';
    let pictures: (view: ResultsView) => PendingPicture | null = () => null;
    const work = (current: LoadedGame, step: DurableStep): GameStatus | null => {
      const adjudicated = this.adjudicated(current.game, options.expectPhase);
      if (adjudicated === null) return null;
      outcome = { ...adjudicated, report: { ...adjudicated.report, disorder: [...(options.disorder ?? [])] } };
      const maps = this.maps(current.game);
      const { phase } = outcome.report;
      const abbrev = phaseAbbrev(phase);
      render = resultsRenderer(outcome.report, maps.at(phase), this.options.templates);
      // Asked for first: a drawer on another thread draws them while this one writes the files below.
      pictures = this.askForPictures(name, outcome.report, outcome.game, this.options.pictures ?? drawOnThisThread);
      archive.saveSnapshots(abbrev, current.bytes, writeStatus(outcome.game, step), step);
      // The history is the public record, but of a BLIND game the Master's alone (HISTORY tells players so) until it ends.
      archive.recordResults(
        abbrev,
        render({ reader: null, master: outcome.report.blind !== null }),
        (recorded) => precedes(maps.base.data.flow, recorded, phase),
        step,
      );
      // Under the lock and before the new status lands, so that no crash leaves a stale ROLLFORWARD behind.
      archive.forgetAbandonedPhases(phasesAfter(maps.base.data.flow, phase), maps.base.data.flow.length);
      return outcome.game;
    };
    const announce = () => {
      const { report, game } = outcome!;
      const taken = (view: ResultsView) => pictures(view)?.() ?? null;
      const notices = [...this.resultNotices(name, report, game, false, render, taken), ...(options.also?.(game) ?? [])];
      return this.queued(notices, options.origin ?? (actor.cause ? `mail ${actor.cause}` : `${actor.who} ${actor.command} ${name}`));
    };
    await this.options.store.update(name, actor, work, announce);
    const processed = outcome as ProcessedOutcome | null;
    if (processed) await this.list(actor, name, this.stateOf(processed.game));
    return processed;
  }

  /** The results of the current phase as processing would give them, mailed to the Master only; the game is unchanged. */
  preview(name: string, options: { expectPhase?: string } = {}): PreviewOutcome | null {
    const outcome = this.adjudicated(this.load(name).game, options.expectPhase);
    if (outcome === null) return null;
    const maps = this.maps(outcome.game);
    const render = resultsRenderer(outcome.report, maps.at(outcome.report.phase), this.options.templates);
    const picture = resultsPictures(name, outcome.report, outcome.game, maps, (job) => drawResultsPicture(maps, job));
    return { ...outcome, notices: this.resultNotices(name, outcome.report, outcome.game, true, render, picture) };
  }

  private adjudicated(game: GameStatus, expectPhase: string | undefined): ProcessedOutcome | null {
    const phase = currentPhase(game);
    if (expectPhase && expectPhase !== phaseAbbrev(phase)) return null;
    const outcome = processPhase(game, this.maps(game), { variant: this.variant(game), now: this.now(), today: this.today() });
    const found = game.name === null ? [] : this.foundUnits(game.name, game);
    return found.length === 0 ? outcome : { ...outcome, report: { ...outcome.report, found } };
  }

  /** The game's rules variant, as the main status file lists it (standard when unlisted). */
  variant(game: GameStatus): Variant {
    const listed = this.options.store.loadMainStatus().status.games.find((listing) => listing.name === game.name)?.variant ?? 'standard';
    const variant = variantNamed(listed);
    if (variant === null) throw new ProcessingError(`the game plays the rules variant ${listed}, which this judge does not play`);
    return variant;
  }

  /** The hidden builds of the last adjustment phase, which the results of the phase after it reveal. */
  private foundUnits(name: string, game: GameStatus): { power: string; unit: string }[] {
    return pendingHiddenBuilds(this.archive(name), game, this.maps(game)).flatMap(({ power, location }) => {
      const unit = findPower(game, power)?.units.find((candidate) => candidate.location === location);
      return unit ? [{ power, unit: formatUnitAt(unit) }] : [];
    });
  }

  /** Asks `drawer` at once for every results picture the phase's recipients get; each reader's is taken when its mail is made. */
  private askForPictures(name: string, report: PhaseReport, game: GameStatus, drawer: PictureDrawer): (view: ResultsView) => PendingPicture | null {
    const map = this.loadedMap(game);
    const pictures = resultsPictures(name, report, game, map.definition, (job) => drawer.draw(map, job));
    for (const recipient of this.recipients(game)) pictures(recipientView(recipient));
    return pictures;
  }

  private resultNotices(
    name: string,
    report: PhaseReport,
    game: GameStatus,
    preview: boolean,
    render: (view: ResultsView) => string,
    picture: (view: ResultsView) => MailAttachment | null,
  ): OutgoingMail[] {
    const subject = `${preview ? 'PREVIEW ' : ''}${name} ${phaseAbbrev(report.phase)} results (${phaseTitle(report.phase)})`;
    return this.recipients(game)
      .filter((recipient) => !preview || recipient.master)
      .map((recipient) => {
        const view = recipientView(recipient);
        const board = picture(view);
        return { to: recipient.addresses, subject, text: render(view), ...(board !== null && { attachments: [board] }) };
      });
  }

  /** Notices as outbox mails, each under a Message-ID of the judge's domain. */
  private queued(notices: readonly OutgoingMail[], origin: string): QueuedMail[] {
    return notices.filter((notice) => notice.to.length > 0).map((notice) => ({ mail: notice, messageId: newMessageId(this.options.judgeAddress), origin }));
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
    let outcome = '';
    await this.change(name, actor, (game, maps) => {
      const written = withStatusLines(game, edit, maps, (edited) => this.maps(edited), name);
      outcome = written.outcome;
      return written.game;
    });
    return outcome;
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

  /** REVEAL: the players of a finished NO_REVEAL game are published. */
  /** SOLITAIRE: the game's privacy word, where it has none yet (JOIN and OBSERVE then need it). */
  async setPrivacy(name: string, privacy: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => (game.privacy === null ? { ...game, privacy } : null));
  }

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

  /** ROLLBACK: the game as it was when `phase` (default: the previous one) was about to be processed. */
  async rollback(name: string, actor: Actor, phase?: string, settings: RollSettings = {}): Promise<LoadedGame> {
    const archive = this.archive(name);
    return this.roll(name, actor, settings, (current) => {
      const processed = archive.resultsBlocks().map((block) => block.phase);
      const target = phase?.toUpperCase() ?? processed[processed.length - 1];
      if (!target) throw new GameRuleError(`the game ${name} has no earlier phase to roll back to`);
      if (target === 'FORMING') {
        const first = processed[0];
        return { game: formAgain(current), record: () => first !== undefined && archive.truncateResults(first) };
      }
      const bytes = archive.snapshot(target);
      if (!bytes) throw new GameRuleError(`the game ${name} has no saved phase ${target}`);
      return { game: readStatus(bytes, `${name}/history/${target}`).game, record: () => archive.truncateResults(target) };
    });
  }

  /** ROLLFORWARD: re-applies the phases saved in the history after a ROLLBACK: the next one, or those up to `phase`. */
  async rollforward(name: string, actor: Actor, phase?: string, settings: RollSettings = {}): Promise<LoadedGame> {
    const archive = this.archive(name);
    return this.roll(name, actor, settings, (from) => {
      const replayed: { abbrev: string; results: string }[] = [];
      let game = from;
      // Every saved phase is found before any results are recorded again, so that a gap changes nothing.
      do {
        const abbrev = phaseAbbrev(currentPhase(game));
        const results = archive.savedResults(abbrev);
        const following = archive.snapshot(`${abbrev}.next`);
        if (!results || !following) throw new GameRuleError(`the game ${name} has nothing saved after ${abbrev}; PROCESS it instead`);
        replayed.push({ abbrev, results });
        game = readStatus(following, `${name}/history/${abbrev}.next`).game;
      } while (phase !== undefined && replayed.length < 1000 && !isForming(game) && !isCompleted(game) && phaseAbbrev(currentPhase(game)) !== phase);
      return { game, record: () => replayed.forEach(({ abbrev, results }) => archive.recordResults(abbrev, results)) };
    });
  }

  /** The game `rolled` gives, settled as `settings` ask, in one write; `record` keeps the archive in step under the lock. */
  private async roll(
    name: string,
    actor: Actor,
    settings: RollSettings,
    rolled: (game: GameStatus) => { game: GameStatus; record: () => void },
  ): Promise<LoadedGame> {
    const loaded = await this.options.store.update(name, actor, (current) => {
      const { game, record } = rolled(current.game);
      const settled = settings.keepSettings ? keepSettings(game, current.game) : game;
      record();
      if (isForming(settled)) return settled;
      if (settings.clearOrders) return withoutOrders(settled, this.maps(settled), this.now());
      return settings.newDeadline ? withNewDeadline(settled, this.maps(settled), this.now()) : settled;
    });
    await this.list(actor, name, this.stateOf(loaded.game));
    return loaded;
  }

  /** Lists a game as waiting in the main status file: the deadline checker then only reminds its Master. */
  async markWaiting(name: string, actor: Actor): Promise<void> {
    await this.list(actor, name, 'waiting');
  }

  /** CLEAR: the power's orders go; a game that was ready to process is not any more. */
  async clearOrders(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, rules) => this.withReadiness(clearOrders(game, power), maps, rules));
  }

  /** SET WAIT / SET NOWAIT: a waiting power holds the phase back even with every order in. */
  async setWait(name: string, power: string, wait: boolean, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps, rules) =>
      this.withReadiness(
        updatePower(game, power, (status) => ({ ...status, wait })),
        maps,
        rules,
      ),
    );
  }

  /** Payola's TRANSFER: money from one treasury to another; the mails telling both sides leave with the change. */
  async transferFunds(
    name: string,
    move: { from: string; to: string; amount: number },
    actor: Actor,
    announce: (done: TransferDone) => OutgoingMail[],
  ): Promise<TransferDone> {
    let done: TransferDone | null = null;
    await this.change(name, actor, (game, maps, rules) => (done = transferFunds(game, maps, rules.of(game, maps.base), move.from, move.to, move.amount)).game, {
      announce: () => announce(done!),
    });
    return done!;
  }

  /** Payola's ACCEPT: a power's acceptance list, which settles ties between bids for its units. */
  async setAcceptance(name: string, power: string, list: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps) => setAcceptance(game, maps, power, list));
  }

  /** The main status file, as LIST shows it. */
  listings(): ParsedMainStatus {
    return this.options.store.loadMainStatus();
  }

  /** Changes a game's line in the main status file (its variant or flags), leaving its state. */
  async updateListing(name: string, actor: Actor, change: (listing: GameListing) => GameListing): Promise<void> {
    await this.options.store.updateMainStatus(actor, (current) => {
      const old = current.status.games.find((listing) => listing.name === name);
      if (!old) throw new GameRuleError(`the game ${name} is not in the main status file`);
      const next = change(old);
      return { ...current.status, games: current.status.games.map((entry) => (entry === old ? next : entry)) };
    });
  }

  /** RENAME: the folder, the GAME line and the main status file's listing take the new name (see `GameStore.renameGame`). */
  async rename(name: string, newName: string, actor: Actor): Promise<LoadedGame> {
    if (existsSync(gameFolder(this.options.games, newName))) throw new GameRuleError(`there is a game ${newName} already`);
    const loaded = await this.options.store.renameGame(name, newName, actor);
    this.listedStates.delete(name);
    return loaded;
  }

  /** PURGE: the game leaves the main status file and its folder is moved aside under `.purged`, not deleted. */
  async purge(name: string, actor: Actor): Promise<void> {
    await this.options.store.purgeGame(name, join('.purged', `${name}.${this.now().toFormat('yyyyMMddHHmmss')}`), actor);
    this.listedStates.delete(name);
  }
}

/** Whether a phase recorded in the results file (by its abbreviation) comes before `phase` in game time. */
function precedes(flow: readonly FlowStep[], recorded: string, phase: Phase): boolean {
  const earlier = parsePhaseAbbrev(recorded, flow);
  return earlier !== null && comparePhases(flow, earlier, phase) < 0;
}

/** The abbreviations of the phases after `phase` in the flow, without end. */
function* phasesAfter(flow: readonly FlowStep[], phase: Phase): Generator<string> {
  for (let next = nextPhase(flow, phase); ; next = nextPhase(flow, next)) yield phaseAbbrev(next);
}
