import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../map/model.js';
import { readMainStatus, renderMainStatusBytes, type GameListing, type MainStatus, type ParsedMainStatus } from '../status/main-status.js';
import type { GameStatus } from '../status/model.js';
import { readStatus, type ParsedStatus } from '../status/parse.js';
import { withHashedPasswords } from '../status/password.js';
import { writeStatus, writtenReading } from '../status/write.js';
import { DurableStep, removeAbandonedWrites, renameDurably, writeFileAtomic } from './atomic-write.js';
import { sha256, type AuditLog } from './audit.js';
import type { QueuedMail } from './journal.js';
import { gameFolder } from './game-name.js';
import { isGameName } from '../status/game-name.js';
import { FileLock, withLock, type LockOptions } from './lock.js';
import { displayPath } from './paths.js';
import { runAwaiting, runBlocking, type Pausing } from './pauses.js';
import { JudgeFailure, Refusal } from '../common/errors.js';

/** Who changes a game, and by which command (its name only: arguments may hold a password). */
export interface Actor {
  readonly who: string;
  readonly command: string;
  /** The mail command behind the change (`<mail key>#<index>`), so that a mail run again after a crash can tell whether it took effect. */
  readonly cause?: string;
}

/** The mails that announce a change, built from the model about to be written; they leave only if it is. */
export type Announcement = () => readonly QueuedMail[];

/** One run of a reported change (`GameStore.updateReporting`): the model to write (null: nothing), what the caller learns, and the mails that announce it. */
export interface GameChange<T> {
  readonly game: GameStatus | null;
  readonly result: T;
  readonly announce?: Announcement;
}

/** A reported change done: the file as it ends up, and the result of the run that made it. */
export interface GameChanged<T> {
  readonly loaded: LoadedGame;
  readonly result: T;
}

/** A game's status file as read: the model, its diagnostics, and the checksum of the bytes read. */
export interface LoadedGame {
  readonly name: string;
  readonly path: string;
  readonly game: GameStatus;
  readonly diagnostics: readonly Diagnostic[];
  /** The file's bytes as read. */
  readonly bytes: Buffer;
  readonly sha256: string;
}

export interface GameStoreOptions {
  /** The games folder. */
  readonly games: string;
  readonly audit: AuditLog;
  readonly lock?: LockOptions;
  /** How many times `update` starts again when the file is edited by hand under it. */
  readonly attempts?: number;
  /** The judge's clock, for the audit log's times (the wall clock when not given). */
  readonly clock?: () => Date;
  /**
   * Given (the daemon, which must go on answering pages and mail), a read of a status file someone
   * is editing never waits for it to settle: it takes the version kept here, the one last read
   * settled. Without it (a one-shot process, which has nothing else to do) such a read blocks until
   * the file settles. A write always waits for the file, with `await`.
   */
  readonly lastSettled?: LastSettledFiles;
}

/**
 * The status files as last read settled, by path: the daemon's stores (mail, deadline checker, web
 * pages) share one, so that a file any of them read settled is known to all.
 */
export class LastSettledFiles {
  private readonly files = new Map<string, Buffer>();

  get(path: string): Buffer | undefined {
    return this.files.get(path);
  }

  keep(path: string, bytes: Buffer | null): void {
    if (bytes === null) this.files.delete(path);
    else this.files.set(path, bytes);
  }
}

/** The file changed on disk after it was read, and the change was not written over it. */
export class StatusConflictError extends JudgeFailure {
  override name = 'StatusConflictError';
}

/**
 * The daemon was asked for a file someone is editing, and had never read it settled: it does not
 * wait, and a mail asking for it is offered again (a conflict is temporary).
 */
export class StatusBeingEditedError extends StatusConflictError {
  override name = 'StatusBeingEditedError';
}

export class GameExistsError extends Refusal {
  override name = 'GameExistsError';
  readonly code = 'GAME_EXISTS';
}

export class NoSuchGameError extends Refusal {
  override name = 'NoSuchGameError';
  readonly code = 'NO_SUCH_GAME';

  /** The message names the file looked for, which is the judge's business. */
  override get reason(): string {
    return 'there is no such game on this judge';
  }
}

/** The judgekeeper flagged the game `corrupt` in the main status file: nothing changes it until the flag goes. */
class GameLockedError extends Refusal {
  override name = 'GameLockedError';
  readonly code = 'GAME_BUSY';
}

interface Target {
  readonly path: string;
  /** The audit log's name for the file, relative to the games folder. */
  readonly file: string;
  readonly game: string | null;
}

/**
 * A game folder being moved by RENAME or PURGE, written to the games folder (as `.moving`) before
 * the first step and removed after the last, so that a move a crash cut short is finished by
 * `recoverAll` (docs/durability.md, "A game renamed or purged").
 */
interface FolderMove {
  readonly game: string;
  /** The folder the game goes to, relative to the games folder. */
  readonly to: string;
  /** RENAME: the game goes on under this name; PURGE (null): it leaves the main status file. */
  readonly newName: string | null;
  readonly actor: Actor;
}

const DEFAULT_ATTEMPTS = 5;
const MAIN_STATUS = 'status';
const MOVING = '.moving';
const RECOVERY: Actor = { who: 'judge', command: 'RECOVER' };

/**
 * The games folder on disk. Reads need no lock (files are only ever replaced whole). Every write
 * takes the file's lock, settles what an earlier crash left behind, reads the file afresh, writes
 * the new version atomically and records it in the audit log. The judgekeeper's editor takes no
 * lock, so just before the new file replaces the old one the store checks the old one is still
 * what it read, and starts again from the edited file if not.
 */
export class GameStore {
  private readonly attempts: number;
  /**
   * Each status file's last reading, by its checksum: a file nobody changed since is not parsed
   * again (the web pages read the same game for every visitor). Models are immutable, so one
   * reading can be handed out to every caller.
   */
  private readonly readings = new Map<string, { readonly sha256: string; readonly parsed: ParsedStatus }>();
  /**
   * The main status file's last reading, by its bytes: every change to a game reads it for the
   * game's `corrupt` flag, and parsing it grows with the number of games (0.28 ms at 300 games).
   */
  private mainReading: { readonly bytes: Buffer; readonly parsed: ParsedMainStatus } | null = null;
  /**
   * Each file's last change whose renames' flush has not returned yet: the change is `done` and
   * announced as soon as it is renamed in (recovery renames it in again should a power cut lose the
   * renames), and its `landing` mark is cleared when the flush returns. The next change to the file
   * waits for that first.
   */
  private readonly landing = new Map<string, Promise<void>>();

  constructor(private readonly options: GameStoreOptions) {
    this.attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  }

  statusPath(name: string): string {
    return join(gameFolder(this.options.games, name), 'status');
  }

  load(name: string): LoadedGame {
    const path = this.statusPath(name);
    // Looked for first: a mail naming a game that does not exist is common, and a failed read costs an exception.
    if (!existsSync(path)) throw this.noSuchGame(name, path);
    const bytes = this.readSettled(path, this.gameTarget(name).file);
    if (bytes === null) throw this.noSuchGame(name, path);
    return this.loaded(name, path, bytes);
  }

  /**
   * Changes a game: `change` gets the file as it is now and returns the new model (null: nothing
   * to write). It may run more than once, when the file is edited by hand meanwhile, so it must
   * not act on the world; the last run's model is the one written. Plaintext passwords are hashed.
   * The store writes whatever the diagnostics of `current` say: lines it could not read stay as
   * they are, and whether a game with errors may be changed is the caller's decision. Files that
   * must land with the change (a phase's history) are staged into `step`: flushed with the status
   * file and renamed in with it, just before it.
   */
  async update(
    name: string,
    actor: Actor,
    change: (current: LoadedGame, step: DurableStep) => GameStatus | null,
    announce?: Announcement,
  ): Promise<LoadedGame> {
    const run = (current: LoadedGame, step: DurableStep) => ({ game: change(current, step), result: undefined, ...(announce && { announce }) });
    return (await this.updateReporting(name, actor, run)).loaded;
  }

  /**
   * `update` for a change that tells its caller what it did: each run returns its model with its
   * `result` and the mails that `announce` it, and the last run's (the one written, or found to
   * have nothing to write) comes back with the file.
   */
  async updateReporting<T>(name: string, actor: Actor, change: (current: LoadedGame, step: DurableStep) => GameChange<T>): Promise<GameChanged<T>> {
    this.refuseLocked(name);
    const target = this.existingGameTarget(name);
    const runs: { last?: GameChange<T> } = {};
    const bytes = await this.commit(
      target,
      actor,
      async (current, step) => {
        if (current === null) throw this.noSuchGame(name, target.path);
        const run = change(this.loaded(name, target.path, current), step);
        runs.last = run;
        return run.game === null ? null : writeStatus(await withHashedPasswords(run.game), step);
      },
      () => runs.last?.announce?.() ?? [],
    );
    // `commit` returns only after a run of `produce` that wrote or had nothing to write.
    return { loaded: this.loaded(name, target.path, bytes!), result: runs.last!.result };
  }

  /**
   * Writes a model made from `loaded`, refusing if the file was changed since it was read: the
   * caller reads it again and redoes its change (`update` does that by itself).
   */
  async save(loaded: LoadedGame, next: GameStatus, actor: Actor): Promise<LoadedGame> {
    this.refuseLocked(loaded.name);
    const target = this.existingGameTarget(loaded.name);
    const bytes = await this.commit(target, actor, async (current) => {
      if (current === null || sha256(current) !== loaded.sha256)
        throw new StatusConflictError(`${displayPath(target.path)} was changed after it was read (edited by hand?); the change was not written, read it again`);
      return writeStatus(await withHashedPasswords(next));
    });
    return this.loaded(loaded.name, target.path, bytes!);
  }

  /** Creates a game's folder and status file; refuses if the game has one already. */
  async create(name: string, actor: Actor, game: GameStatus): Promise<LoadedGame> {
    const target = this.gameTarget(name);
    mkdirSync(gameFolder(this.options.games, name), { recursive: true });
    const bytes = await this.commit(target, actor, async (current) => {
      if (current !== null) throw new GameExistsError(`the game ${name} exists already`);
      return writeStatus(await withHashedPasswords(game));
    });
    return this.loaded(name, target.path, bytes!);
  }

  /**
   * RENAME: the game's folder, its GAME line and its listing in the main status file take the new
   * name, under the main status file's lock, each step in the audit log, finished by `recoverAll`
   * when a crash cuts it short.
   */
  async renameGame(name: string, newName: string, actor: Actor): Promise<LoadedGame> {
    await this.moveGame({ game: name, to: newName, newName, actor });
    return this.load(newName);
  }

  /** PURGE: the game's folder is moved aside to `aside` (relative to the games folder) and its listing removed, as RENAME moves it. */
  async purgeGame(name: string, aside: string, actor: Actor): Promise<void> {
    await this.moveGame({ game: name, to: aside, newName: null, actor });
  }

  private async moveGame(move: FolderMove): Promise<void> {
    this.refuseLocked(move.game);
    const target = this.existingGameTarget(move.game);
    await withLock(
      `${this.mainTarget(null).path}.lock`,
      async (mainLock) => {
        await this.finishMove(mainLock);
        this.existingGameTarget(move.game);
        if (existsSync(join(this.options.games, move.to))) throw new GameExistsError(`the game ${move.newName ?? move.to} exists already`);
        // The game's lock is taken before the intent is written: a move that must wait too long is refused whole.
        const gameLock = await FileLock.acquire(`${target.path}.lock`, this.options.lock);
        try {
          writeFileAtomic(join(this.options.games, MOVING), Buffer.from(JSON.stringify(move)));
        } catch (error) {
          gameLock.release();
          throw error;
        }
        await this.finishMove(mainLock, gameLock);
      },
      this.options.lock,
    );
  }

  /**
   * Finishes the move written in `.moving`, if there is one, while holding the main status file's
   * lock (and the game's, when the caller took it). Every step is skipped when it is done already,
   * so a crash anywhere is finished by running this again: the GAME line, then the folder, then
   * the listing, then `.moving` goes.
   */
  private async finishMove(mainLock: FileLock, gameLock?: FileLock): Promise<void> {
    const intent = join(this.options.games, MOVING);
    const written = readIfExists(intent);
    if (written === null) return;
    const move = JSON.parse(written.toString('utf8')) as FolderMove;
    const target = this.gameTarget(move.game);
    if (existsSync(target.path)) {
      const lock = gameLock ?? (await FileLock.acquire(`${target.path}.lock`, this.options.lock));
      const to = join(this.options.games, move.to);
      try {
        // PURGE changes nothing in the file, but settles what a crash left of its changes, as RENAME's write does.
        const rewrite = async (current: Buffer | null) => (move.newName === null ? null : this.withGameLine(target, current, move.newName));
        await this.commitHeld(target, move.actor, rewrite, undefined, lock);
        // The file's renames reach the disk before its folder moves: recovery finds a lost one by the folder's old name.
        await this.landed(target.file);
        mkdirSync(dirname(to), { recursive: true });
        lock.assertHeld();
        renameDurably(dirname(target.path), to);
      } catch (error) {
        lock.release();
        throw error;
      }
      lock.movedTo(join(to, `${MAIN_STATUS}.lock`)).release();
    }
    await this.commitHeld(
      this.mainTarget(move.game),
      move.actor,
      async (current) => renderMainStatusBytes(movedListing(this.parseMain(current), move)),
      undefined,
      mainLock,
    );
    await this.landed(this.mainTarget(null).file);
    unlinkSync(intent);
  }

  /** Resolves once this process's last change to `file` is on disk, its renames' flush returned. */
  private async landed(file: string): Promise<void> {
    await this.landing.get(file);
    this.landing.delete(file);
  }

  /** The status file with its GAME line naming `name` (null: it does already). */
  private async withGameLine(target: Target, current: Buffer | null, name: string): Promise<Buffer | null> {
    if (current === null) throw this.noSuchGame(target.game!, target.path);
    const { game } = this.loaded(target.game!, target.path, current);
    return game.name === name ? null : writeStatus(await withHashedPasswords({ ...game, name }));
  }

  /** Settles what a crash left behind (the lock, temporary files, pending audit entries); writes nothing. */
  async recover(name: string): Promise<void> {
    await this.commit(this.existingGameTarget(name), RECOVERY, async () => null);
  }

  /**
   * Settles every change a crash left pending, in every file: each is found on disk or not, and the
   * mails held with it leave or are forgotten accordingly. Cheap when nothing is pending.
   */
  async recoverAll(): Promise<void> {
    if (existsSync(join(this.options.games, MOVING))) await withLock(`${this.mainTarget(null).path}.lock`, (lock) => this.finishMove(lock), this.options.lock);
    for (const file of this.options.audit.unsettledFiles()) {
      const target = this.targetOfFile(file);
      if (existsSync(dirname(target.path))) await this.commit(target, RECOVERY, async () => null);
      else this.options.audit.reconcile(file, null);
    }
  }

  /** How many game folders `who` created since `since`. */
  creationsBy(who: string, since: Date): number {
    return this.options.audit.creationsBy(who, since);
  }

  /** Whether a change with this cause reached its file (call `recoverAll` first after a crash). */
  tookEffect(cause: string): boolean {
    return this.options.audit.tookEffect(cause);
  }

  private targetOfFile(file: string): Target {
    if (file === MAIN_STATUS) return { path: join(this.options.games, MAIN_STATUS), file, game: null };
    const game = file.slice(0, file.indexOf('/'));
    return { path: join(this.options.games, file), file, game };
  }

  private refuseLocked(name: string): void {
    const listing = this.loadMainStatus().status.games.find((entry) => entry.name === name);
    if (listing?.flags.includes('corrupt'))
      throw new GameLockedError(`the game ${name} is locked: the judgekeeper has flagged it corrupt, and nothing changes it until the flag is lifted`);
  }

  loadMainStatus(): ParsedMainStatus {
    return this.parseMain(readIfExists(this.mainTarget(null).path));
  }

  /** Changes the main status file the way `update` changes a game's. */
  async updateMainStatus(actor: Actor, change: (current: ParsedMainStatus) => MainStatus | null): Promise<ParsedMainStatus> {
    mkdirSync(this.options.games, { recursive: true });
    const bytes = await this.commit(this.mainTarget(null), actor, async (current) => {
      const next = change(this.parseMain(current));
      return next === null ? null : renderMainStatusBytes(next);
    });
    return this.parseMain(bytes);
  }

  /** The main status file; `game` names the game its change is about, for the audit log. */
  private mainTarget(game: string | null): Target {
    return { path: join(this.options.games, MAIN_STATUS), file: MAIN_STATUS, game };
  }

  private parseMain(bytes: Buffer | null): ParsedMainStatus {
    const read = bytes ?? Buffer.alloc(0);
    if (this.mainReading?.bytes.equals(read)) return this.mainReading.parsed;
    const parsed = readMainStatus(read, displayPath(this.mainTarget(null).path));
    this.mainReading = { bytes: read, parsed };
    return parsed;
  }

  /**
   * The file for a read: as `settling` gives it, waited for in a one-shot process; in the daemon
   * (`lastSettled`), never waited for: a file being edited is taken as it was last read settled.
   */
  private readSettled(path: string, file: string): Buffer | null {
    const { lastSettled } = this.options;
    if (lastSettled === undefined) return runBlocking(this.settling(path, file));
    const now = this.settling(path, file).next();
    if (now.done === true) return now.value;
    const kept = lastSettled.get(path);
    if (kept !== undefined) return kept;
    throw new StatusBeingEditedError(
      `${displayPath(path)} is being edited (changed in the last ${SETTLE_MS} ms) and the judge has not read it settled yet; it is read once it is left alone`,
    );
  }

  /**
   * The file as it is once nobody is writing it. The judge's own writes are whole (renamed into
   * place) and known by their checksum; a file changed in the last moments by someone else (the
   * judgekeeper's editor, which may write in place) is read again once it has stayed unchanged for
   * SETTLE_MS, so that the judge never acts on half a file. It yields its pauses: a write awaits
   * them in every process, a read blocks on them only in a one-shot process (`readSettled`).
   */
  private *settling(path: string, file: string): Pausing<Buffer | null> {
    const giveUpAt = Date.now() + MOST_SETTLING_MS;
    for (;;) {
      const bytes = readIfExists(path);
      const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
      const quietFor = modified === undefined ? SETTLE_MS : Date.now() - modified;
      if (bytes === null || quietFor >= SETTLE_MS || Date.now() >= giveUpAt || this.options.audit.lastWritten(file) === sha256(bytes)) {
        this.options.lastSettled?.keep(path, bytes);
        return bytes;
      }
      yield SETTLE_MS - quietFor;
    }
  }

  /**
   * Reads every game's status file once it has settled, so that the daemon has a settled version of
   * each before anyone asks for one being edited (`lastSettled`).
   */
  async readAllSettled(): Promise<void> {
    if (!existsSync(this.options.games)) return;
    const folders = readdirSync(this.options.games, { withFileTypes: true }).filter((entry) => entry.isDirectory() && isGameName(entry.name));
    for (const { name } of folders) {
      const target = this.gameTarget(name);
      if (existsSync(target.path)) await runAwaiting(this.settling(target.path, target.file));
    }
  }

  private noSuchGame(name: string, path: string): NoSuchGameError {
    return new NoSuchGameError(`there is no game ${name} (no ${displayPath(path)})`);
  }

  private gameTarget(name: string): Target {
    return { path: this.statusPath(name), file: `${name}/${MAIN_STATUS}`, game: name };
  }

  /** The lock lives in the game's folder, so a game that is not there is reported before locking. */
  private existingGameTarget(name: string): Target {
    const target = this.gameTarget(name);
    if (!existsSync(target.path)) throw this.noSuchGame(name, target.path);
    return target;
  }

  private loaded(name: string, path: string, bytes: Buffer): LoadedGame {
    const checksum = sha256(bytes);
    let reading = this.readings.get(path);
    if (reading?.sha256 !== checksum) {
      const file = displayPath(path);
      reading = { sha256: checksum, parsed: writtenReading(bytes, file) ?? readStatus(bytes, file) };
      this.readings.set(path, reading);
    }
    return { name, path, game: reading.parsed.game, diagnostics: reading.parsed.diagnostics, bytes, sha256: checksum };
  }

  /**
   * The write protocol. Returns the file's bytes as they end up: the new version, or the current
   * one when `produce` has nothing to write.
   */
  private async commit(
    target: Target,
    actor: Actor,
    produce: (current: Buffer | null, step: DurableStep) => Promise<Buffer | null>,
    announce?: Announcement,
  ): Promise<Buffer | null> {
    return withLock(`${target.path}.lock`, (lock) => this.commitHeld(target, actor, produce, announce, lock), this.options.lock);
  }

  /** The write protocol's work once the file's lock is held. */
  private async commitHeld(
    target: Target,
    actor: Actor,
    produce: (current: Buffer | null, step: DurableStep) => Promise<Buffer | null>,
    announce: Announcement | undefined,
    lock: FileLock,
  ): Promise<Buffer | null> {
    const { audit } = this.options;
    // This process's last change to the file lands before another begins (else recovery below would flush its folders again, waiting).
    await this.landed(target.file);
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      let current = await runAwaiting(this.settling(target.path, target.file));
      if (audit.reconcile(target.file, current === null ? null : sha256(current)).some((entry) => entry.rolledForward))
        current = await runAwaiting(this.settling(target.path, target.file));
      removeAbandonedWrites(target.path);
      const step = new DurableStep();
      let next: Buffer | null;
      let staged: string;
      try {
        next = await produce(current, step);
        if (next === null || (current !== null && next.equals(current))) {
          await step.discard();
          return current;
        }
        staged = step.stageLast(target.path, next);
      } catch (error) {
        await step.discard();
        throw error;
      }
      let entry: number | null = null;
      let renaming = false;
      let landed: Promise<void>;
      try {
        const at = this.options.clock?.() ?? new Date();
        const change = {
          file: target.file,
          game: target.game,
          actor: actor.who,
          command: actor.command,
          cause: actor.cause ?? null,
          before: current,
          after: next,
          staged,
          companions: step.companions(),
          at,
        };
        // The entry's flush waits for the disk at the same moment as the files' flushes.
        const begun = audit.begin(change, announce);
        entry = begun.id;
        step.waitFor(begun.onDisk);
        await step.flushed();
        if (!sameBytes(readIfExists(target.path), current)) {
          await step.discard();
          audit.abandon(entry);
          continue;
        }
        lock.assertHeld();
        renaming = true;
        landed = (await step.renameIn()).landed;
      } catch (error) {
        await step.discard();
        // Failed before its renames (a read-back check or a flush failed, the lock was lost), nothing of
        // the change is visible: it is abandoned now. Once they began, it stays pending, and the next
        // access settles it by the file and the staged file.
        if (entry !== null && !renaming) audit.abandon(entry);
        throw error;
      }
      const renamed = entry;
      this.landing.set(
        target.file,
        landed
          .then(() => audit.landed(renamed))
          // The entry stays landing: the next change to the file, or recovery, flushes its folders again and clears it.
          .catch((error: unknown) => process.emitWarning(`${displayPath(target.path)}: its renames' flush did not return: ${String(error)}`)),
      );
      audit.renamed(entry);
      this.options.lastSettled?.keep(target.path, next);
      return next;
    }
    throw new StatusConflictError(`${displayPath(target.path)} kept changing while the judge was writing it (${this.attempts} tries); nothing was written`);
  }
}

/**
 * How long a file the judge did not write must have been left alone before the judge acts on it:
 * an editor that saves in place (not by rename) is caught half-way through otherwise.
 */
const SETTLE_MS = 400;
/** The longest the judge waits for a file being edited to settle before it acts on it as it is. */
const MOST_SETTLING_MS = 5_000;

/** The main status file's games after a move: the listing renamed (added when missing), or gone on PURGE. */
function movedListing(current: ParsedMainStatus, move: FolderMove): MainStatus {
  const games = current.status.games;
  if (move.newName === null) return { ...current.status, games: games.filter((listing) => listing.name !== move.game) };
  if (games.some((listing) => listing.name === move.newName)) return current.status;
  const old = games.find((listing) => listing.name === move.game);
  const renamed: GameListing = { name: move.newName, variant: old?.variant ?? 'standard', state: old?.state ?? 'forming', flags: old?.flags ?? [], line: null };
  return { ...current.status, games: old ? games.map((listing) => (listing === old ? renamed : listing)) : [...games, renamed] };
}

function readIfExists(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}
