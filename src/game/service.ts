import { DateTime } from 'luxon';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { readAnyMap } from '../map/catalog.js';
import type { MapDefinition } from '../map/definition.js';
import { MapLoadError } from '../map/load.js';
import { formatDiagnostic, unsupportedUse, type Diagnostic } from '../map/model.js';
import { phaseAbbrev } from '../map/phase.js';
import { findPower, MAP_POWER_ROLE, rulesInForce, updatePower, type GameStatus, type Vote } from '../status/model.js';
import { readStatus } from '../status/parse.js';
import { validateStatus } from '../status/validate.js';
import { writeStatus } from '../status/write.js';
import type { GameListing, GameState, ParsedMainStatus } from '../status/main-status.js';
import { gameFolder } from '../store/game-name.js';
import type { Actor, GameStore, LoadedGame } from '../store/game-store.js';
import { newMessageId, type QueuedMail } from '../store/journal.js';
import { noticeMail } from './notice-mail.js';
import type { Templates } from '../templates/templates.js';
import { GameArchive } from './archive.js';
import type { MailAttachment } from './attachment.js';
import { resultsPictures } from './board-picture.js';
import { duties } from './duties.js';
import {
  createGame,
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
import { clearOrders, hasOrders, orderPhaseOf, unorderedUnits, type LatePower, submitOrders, waitRequested, type SubmissionReport } from './orders.js';
import { positionOf } from './position.js';
import { currentPhase, processPhase, type PhaseReport } from './process.js';
import { phaseTitle, renderResults, resultsRenderer } from './results.js';
import { scheduleDeadline } from './schedule.js';
import { castVote, concludeByVote, propose, veto } from './votes.js';

/**
 * The game API: the one place the mail commands, the deadline checker and the CLI change games.
 * It loads maps, reads and writes status files through the GameStore (locks, atomic writes, hand
 * edits, audit), keeps the archive, and returns the mails an operation causes as notices; sending
 * them is the caller's business.
 */

export interface Notice {
  to: string[];
  subject: string;
  text: string;
  /** Files sent with it: results carry the board's picture. */
  attachments?: MailAttachment[];
}

/** A game whose status file has errors (a hand edit gone wrong): nothing can be done in it until they are mended. */
export class BrokenStatusFileError extends Error {
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
  templates: Templates;
  /** The judge's address: the Message-IDs of the mails queued with a change are in its domain. */
  judgeAddress: string;
  now?: () => DateTime;
  random?: () => number;
}

/** A phase processed: what happened, and the game after it. */
export interface ProcessedOutcome {
  readonly report: PhaseReport;
  readonly game: GameStatus;
}

/** A phase previewed: the results mails for the Master, to send. */
export interface PreviewOutcome extends ProcessedOutcome {
  readonly notices: Notice[];
}

export class GameService {
  private readonly mapCache = new Map<string, MapDefinition>();
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
    const name = game.map?.name ?? 'standard';
    const morphLines = game.morphs.flatMap((block) => block.lines);
    const key = morphLines.length === 0 ? name : `${name}\n${morphLines.join('\n')}`;
    let definition = this.mapCache.get(key);
    if (!definition) {
      const path = this.findMap(name);
      const morph = morphLines.length === 0 ? {} : { morph: { lines: morphLines, source: `MORPH of ${game.name ?? 'the game'}` } };
      definition = readAnyMap(path, { searchPath: this.options.mapFolders, ...morph });
      if (!definition.ok) throw new MapLoadError(definition.diagnostics);
      this.mapCache.set(key, definition);
    }
    return definition;
  }

  private findMap(name: string): string {
    if (!/^[A-Za-z0-9_.+-]+$/.test(name) || name.includes('..')) throw new GameRuleError(`'${name}' is not a map name`);
    for (const folder of this.options.mapFolders) {
      for (const candidate of [join(folder, `${name}.map`), join(folder, `map.${name}`), join(folder, name)]) {
        if (existsSync(candidate)) return candidate;
      }
    }
    throw new GameRuleError(`there is no map '${name}' on this judge`);
  }

  load(name: string): LoadedGame {
    return this.options.store.load(name);
  }

  /** The errors in a game's status file, each with its file and line: what a hand edit got wrong. */
  statusErrors(loaded: LoadedGame): Diagnostic[] {
    const { game } = loaded;
    const maps = this.maps(game);
    const phase = game.phase?.phase;
    const map = phase && typeof phase === 'object' ? maps.at(phase) : maps.base;
    return [...loaded.diagnostics, ...validateStatus(game, { map, folder: loaded.name })].filter((diagnostic) => diagnostic.severity === 'error');
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
   * or the Master put in the waiting state stays waiting until it is ACTIVATEd (`reactivate`).
   */
  private async list(actor: Actor, name: string, state: GameState | null, reactivate = false): Promise<void> {
    if (state !== null && !reactivate && this.listedStates.get(name) === state) return;
    await this.options.store.updateMainStatus(actor, (current) => {
      const games = current.status.games.filter((listing) => listing.name !== name);
      const old = current.status.games.find((listing) => listing.name === name);
      if (state === null) return { ...current.status, games };
      const kept = old?.state === 'waiting' && state === 'active' && !reactivate ? 'waiting' : state;
      this.listedStates.set(name, kept);
      if (old && old.state === kept) return null;
      const listing = { name, variant: old?.variant ?? 'standard', state: kept, flags: old?.flags ?? [], line: old?.line ?? null };
      return { ...current.status, games: old ? current.status.games.map((entry) => (entry === old ? listing : entry)) : [...games, listing] };
    });
  }

  /** ACTIVATE: a waiting game is active again, from a fresh deadline. */
  async activate(name: string, actor: Actor): Promise<LoadedGame> {
    const loaded = await this.options.store.update(name, actor, (current) => {
      const game = current.game;
      const phase = game.phase?.phase;
      if (!phase || typeof phase !== 'object') return null;
      const maps = this.maps(game);
      return scheduleDeadline({ ...game, deadline: null, delay: null }, phase, maps.base.data.flow, rulesInForce(game, maps.base.rules()), this.now());
    });
    await this.list(actor, name, this.stateOf(loaded.game), true);
    return loaded;
  }

  private stateOf(game: GameStatus): GameState {
    if (isForming(game)) return 'forming';
    if (isCompleted(game)) return !game.result || game.result.victors.length === 0 ? 'terminated' : 'completed';
    return 'active';
  }

  async create(request: NewGameRequest, actor: Actor): Promise<LoadedGame> {
    const game = createGame(request);
    const unsupported = unsupportedUse(this.maps(game).base.data);
    if (unsupported) throw new GameRuleError(`no game can be created on the map '${request.map}': ${unsupported}`);
    const loaded = await this.options.store.create(request.name, actor, game);
    await this.list(actor, request.name, 'forming');
    return loaded;
  }

  /** Applies a pure change and keeps the main status file's state in step. */
  async change(name: string, actor: Actor, change: (game: GameStatus, maps: MapDefinition) => GameStatus | null): Promise<LoadedGame> {
    const loaded = await this.options.store.update(name, actor, (current) => change(current.game, this.maps(current.game)));
    await this.list(actor, name, this.stateOf(loaded.game));
    return loaded;
  }

  async join(name: string, request: JoinRequest, actor: Actor): Promise<{ loaded: LoadedGame; started: boolean }> {
    const loaded = await this.change(name, actor, (game, maps) => {
      const joined = joinGame(game, maps.base, request);
      const waitForMaster = rulesInForce(joined, maps.base.rules()).includes('START_MASTER');
      return isFull(joined, maps.base) && !waitForMaster ? startGame(joined, maps, this.now(), this.options.random) : joined;
    });
    return { loaded, started: !isForming(loaded.game) };
  }

  async start(name: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps) => startGame(game, maps, this.now(), this.options.random));
  }

  /** Submits orders for a power; when every power that owes orders has them and none waits, DELAY becomes 1. */
  async submitOrders(name: string, power: string, lines: readonly string[], actor: Actor): Promise<SubmissionReport & { ready: boolean }> {
    let report: SubmissionReport | null = null;
    const loaded = await this.change(name, actor, (game, maps) => {
      const phase = currentPhase(game);
      const map = maps.at(phase);
      report = submitOrders(game, power, lines, { map, position: positionOf(game, map), phase, rules: rulesInForce(game, map.rules()) });
      return this.withReadiness(report.game);
    });
    return { ...report!, game: loaded.game, ready: loaded.game.delay !== null && this.latePowers(loaded.game).length === 0 };
  }

  /** Powers that owe orders for the current phase and lack some on file (dummies without a controller owe none). */
  latePowers(game: GameStatus): string[] {
    return this.lateness(game).map((late) => late.power);
  }

  /** The late powers, each with the units it has left without an order. */
  lateness(game: GameStatus): LatePower[] {
    const phase = game.phase?.phase;
    if (!phase || typeof phase !== 'object') return [];
    const orderPhase = orderPhaseOf(phase);
    if (!orderPhase) return [];
    const maps = this.maps(game);
    const map = maps.at(phase);
    const rules = rulesInForce(game, map.rules());
    return duties(map, phase, positionOf(game, map), rules)
      .map((duty) => findPower(game, duty.power))
      .filter((power) => power !== undefined)
      // A dummy owes orders when someone controls it, or when the Master is to order it (no CD_DUMMIES).
      .filter((power) => power.player?.current !== 'DUMMY' || power.control.length > 0 || !rules.includes('CD_DUMMIES'))
      .map((power) => ({
        power: power.name,
        ordered: hasOrders(power, orderPhase),
        unordered: unorderedUnits(power, orderPhase, !rules.includes('DEFAULT_UNORDERED')),
      }))
      .filter((power) => !power.ordered || power.unordered.length > 0)
      .map(({ power, ordered, unordered }) => ({ power, unordered: ordered ? unordered : [] }));
  }

  private withReadiness(game: GameStatus): GameStatus {
    const waiting = waitRequested(game, rulesInForce(game, this.maps(game).base.rules()));
    const ready = this.latePowers(game).length === 0 && !waiting;
    // Orders that complete a late phase (DELAY 24 after a late notice) process at the next check too.
    if (ready && (game.delay === null || game.delay > 1)) return { ...game, delay: 1 };
    if (!ready && game.delay === 1) return { ...game, delay: null };
    return game;
  }

  /** Who receives a game's general mail, and as whom they read it. */
  recipients(game: GameStatus): { addresses: string[]; reader: string | null; master: boolean }[] {
    const list: { addresses: string[]; reader: string | null; master: boolean }[] = [];
    for (const power of game.powers) {
      if (power.addresses.length === 0) continue;
      list.push({ addresses: [...power.addresses], reader: power.role === MAP_POWER_ROLE ? power.name : null, master: false });
    }
    if (game.master) list.push({ addresses: [game.master.email], reader: null, master: true });
    return list;
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
    options: { expectPhase?: string; also?: (game: GameStatus) => Notice[]; origin?: string; disorder?: readonly string[] } = {},
  ): Promise<ProcessedOutcome | null> {
    const archive = this.archive(name);
    let outcome: ProcessedOutcome | null = null;
    const work = (current: LoadedGame): GameStatus | null => {
      const adjudicated = this.adjudicated(current.game, options.expectPhase);
      if (adjudicated === null) return null;
      outcome = { ...adjudicated, report: { ...adjudicated.report, disorder: [...(options.disorder ?? [])] } };
      const abbrev = phaseAbbrev(outcome.report.phase);
      archive.saveSnapshot(abbrev, current.bytes);
      archive.saveSnapshot(`${abbrev}.next`, writeStatus(outcome.game));
      archive.recordResults(abbrev, renderResults(outcome.report, this.maps(current.game).at(outcome.report.phase), this.options.templates, { reader: null }));
      // Under the lock and before the new status lands, so that no crash leaves a stale ROLLFORWARD behind.
      archive.forgetAbandonedPhases();
      return outcome.game;
    };
    const announce = () => {
      const { report, game } = outcome!;
      const notices = [...this.resultNotices(name, report, game, false), ...(options.also?.(game) ?? [])];
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
    return outcome && { ...outcome, notices: this.resultNotices(name, outcome.report, outcome.game, true) };
  }

  private adjudicated(game: GameStatus, expectPhase: string | undefined): ProcessedOutcome | null {
    const phase = currentPhase(game);
    if (expectPhase && expectPhase !== phaseAbbrev(phase)) return null;
    return processPhase(game, this.maps(game), { now: this.now(), today: this.today() });
  }

  private resultNotices(name: string, report: PhaseReport, game: GameStatus, preview: boolean): Notice[] {
    const render = resultsRenderer(report, this.maps(game).at(report.phase), this.options.templates);
    const picture = resultsPictures(name, report, game, this.maps(game));
    const subject = `${preview ? 'PREVIEW ' : ''}${name} ${phaseAbbrev(report.phase)} results (${phaseTitle(report.phase)})`;
    return this.recipients(game)
      .filter((recipient) => !preview || recipient.master)
      .map((recipient) => {
        const view = { reader: recipient.reader, master: recipient.master };
        const board = picture(view);
        return { to: recipient.addresses, subject, text: render(view), ...(board !== null && { attachments: [board] }) };
      });
  }

  /** Notices as outbox mails, each under a Message-ID of the judge's domain. */
  private queued(notices: readonly Notice[], origin: string): QueuedMail[] {
    return notices.filter((notice) => notice.to.length > 0).map((notice) => ({ mail: noticeMail(notice), messageId: newMessageId(this.options.judgeAddress), origin }));
  }

  /** VOTE: records a power's vote and ends the game when the voters agree. */
  async vote(name: string, power: string, vote: Vote, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps) => concludeByVote(castVote(game, power, vote, maps.base.rules()), maps.base.rules(), this.today()));
  }

  /** PROPOSE (PROPOSE_DIAS games): a draw of all voters or a concession, agreed to by the proposer. */
  async propose(name: string, power: string, result: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game, maps) => concludeByVote(propose(game, power, result, maps.base.rules()), maps.base.rules(), this.today()));
  }

  /** VOTE NO on a proposal: it is dropped with every vote for it. */
  async veto(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => veto(game, power));
  }

  async resign(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => resignPower(game, power));
  }

  async takeOver(name: string, power: string, request: JoinRequest, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => takeOverPower(game, power, request));
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
  async rollback(name: string, actor: Actor, phase?: string): Promise<LoadedGame> {
    const archive = this.archive(name);
    const loaded = await this.options.store.update(name, actor, () => {
      const processed = archive.resultsBlocks().map((block) => block.phase);
      const target = phase?.toUpperCase() ?? processed[processed.length - 1];
      if (!target) throw new GameRuleError(`the game ${name} has no earlier phase to roll back to`);
      const bytes = archive.snapshot(target);
      if (!bytes) throw new GameRuleError(`the game ${name} has no saved phase ${target}`);
      archive.truncateResults(target);
      return readStatus(bytes, `${name}/history/${target}`).game;
    });
    await this.list(actor, name, this.stateOf(loaded.game));
    return loaded;
  }

  /** ROLLFORWARD: re-applies the next phase saved in the history after a ROLLBACK. */
  async rollforward(name: string, actor: Actor): Promise<LoadedGame> {
    const archive = this.archive(name);
    const loaded = await this.options.store.update(name, actor, (current) => {
      const phase = currentPhase(current.game);
      const abbrev = phaseAbbrev(phase);
      const results = archive.savedResults(abbrev);
      const following = archive.snapshot(`${abbrev}.next`);
      if (!results || !following) throw new GameRuleError(`the game ${name} has nothing saved after ${abbrev}; PROCESS it instead`);
      archive.recordResults(abbrev, results);
      return readStatus(following, `${name}/history/${abbrev}.next`).game;
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
    return this.change(name, actor, (game) => this.withReadiness(clearOrders(game, power)));
  }

  /** SET WAIT / SET NOWAIT: a waiting power holds the phase back even with every order in. */
  async setWait(name: string, power: string, wait: boolean, actor: Actor): Promise<LoadedGame> {
    return this.change(name, actor, (game) => this.withReadiness(updatePower(game, power, (status) => ({ ...status, wait }))));
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

  /** RENAME: the folder and the GAME line take the new name; the main status file follows. */
  async rename(name: string, newName: string, actor: Actor): Promise<LoadedGame> {
    const target = gameFolder(this.options.games, newName);
    if (existsSync(target)) throw new GameRuleError(`there is a game ${newName} already`);
    const listing = this.listings().status.games.find((entry) => entry.name === name);
    await this.options.store.update(name, actor, (current) => ({ ...current.game, name: newName }));
    renameSync(gameFolder(this.options.games, name), target);
    await this.options.store.updateMainStatus(actor, (current) => ({
      ...current.status,
      games: [
        ...current.status.games.filter((entry) => entry.name !== name),
        { name: newName, variant: listing?.variant ?? 'standard', state: listing?.state ?? 'forming', flags: listing?.flags ?? [], line: null },
      ],
    }));
    return this.load(newName);
  }

  /** PURGE: the game leaves the main status file and its folder is moved aside under `.purged`, not deleted. */
  async purge(name: string, actor: Actor): Promise<void> {
    const folder = gameFolder(this.options.games, name);
    if (!existsSync(folder)) throw new GameRuleError(`there is no game ${name}`);
    await this.list(actor, name, null);
    const purged = join(this.options.games, '.purged');
    mkdirSync(purged, { recursive: true });
    renameSync(folder, join(purged, `${name}.${this.now().toFormat('yyyyMMddHHmmss')}`));
  }
}
