import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { lineChanges, type LineChange } from '../status/line-diff.js';
import { redactLine } from '../status/redact.js';
import { decodeStatusBytes, splitLines } from '../status/text.js';
import { renameOrDrop, syncFolder, unlinkQuietly, type StagedFile } from './atomic-write.js';
import { durableWrite } from './crash-points.js';
import { withoutSync, type JudgeDatabase } from './database.js';
import { diskSync } from './disk-sync.js';
import { createJournalTables, Outbox, type QueuedMail } from './journal.js';

/**
 * The audit log: every change the judge makes to a file under `games/`, with who asked, when, the
 * command, and the lines before and after (secrets hidden). An entry is written as `pending`
 * before the file is replaced and marked `done` after; an entry a crash left pending is settled by
 * comparing the file with the entry's before and after checksums (`reconcile`). The mails that
 * announce a change (a phase's results) are queued with its entry and leave only once it is done,
 * so that a change and its announcement happen together or not at all.
 */

type AuditState = 'pending' | 'done' | 'abandoned' | 'uncertain';

export interface AuditEntry {
  readonly id: number;
  /** The file, relative to the games folder (`alpha/status`, `status`). */
  readonly file: string;
  readonly game: string | null;
  /** ISO 8601, UTC. */
  readonly at: string;
  readonly actor: string;
  readonly command: string;
  /** SHA-256 of the file before (null: the file was created) and after. */
  readonly beforeSha256: string | null;
  readonly afterSha256: string;
  readonly changes: readonly LineChange[];
  readonly state: AuditState;
  /** What caused the change: a mail's command (`<mail key>#<index>`), or null. */
  readonly cause: string | null;
}

export interface AuditChange {
  readonly file: string;
  readonly game: string | null;
  /** Who asked: a player's or Master's address, `judgekeeper`, `deadline checker`. */
  readonly actor: string;
  /** The command by name (`SET DEADLINE`, `PROCESS`): never its arguments, which may hold a password. */
  readonly command: string;
  readonly before: Uint8Array | null;
  readonly after: Uint8Array;
  /** What caused the change (a mail's command), so that a mail run again can tell whether it took effect. */
  readonly cause?: string | null;
  /** When the change is made; the current time if not given (a judge's clock may be set, in tests). */
  readonly at?: Date;
  /** The temporary file holding `after` until it is renamed into place, when there is one. */
  readonly staged?: string | null;
  /**
   * Files staged to land with the change (a phase's history snapshots), renamed in with it and
   * flushed in the same wait: if a crash leaves the change on disk and one of them still staged,
   * recovery renames it in; if the change never landed, recovery removes it.
   */
  readonly companions?: readonly StagedFile[];
}

/** An entry a crash left pending, settled by what is on disk. */
export interface SettledEntry {
  readonly id: number;
  readonly state: 'done' | 'abandoned';
  /** The change's rename, lost in a power cut after it was announced, was made again. */
  readonly rolledForward: boolean;
}

interface AuditRow {
  id: number;
  file: string;
  game: string | null;
  at: string;
  actor: string;
  command: string;
  before_sha256: string | null;
  after_sha256: string;
  changes: string;
  state: AuditState;
  cause: string | null;
  staged: string | null;
  companions: string | null;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function linesOf(bytes: Uint8Array | null): string[] {
  return bytes === null ? [] : splitLines(decodeStatusBytes(bytes).text).map((line) => line.text);
}

/** Changed lines with secrets hidden afterwards, so a changed password still shows as a changed line. */
function redactedChanges(before: Uint8Array | null, after: Uint8Array): LineChange[] {
  return lineChanges(linesOf(before), linesOf(after)).map((change) => ({
    ...change,
    before: change.before.map(redactLine),
    after: change.after.map(redactLine),
  }));
}

/** An entry's row as `begin` inserts it. */
type EntryRow = Omit<AuditRow, 'id' | 'state'>;

function entryRow(change: AuditChange): EntryRow {
  return {
    file: change.file,
    game: change.game,
    at: (change.at ?? new Date()).toISOString(),
    actor: change.actor,
    command: change.command,
    before_sha256: change.before === null ? null : sha256(change.before),
    after_sha256: sha256(change.after),
    changes: JSON.stringify(redactedChanges(change.before, change.after)),
    cause: change.cause ?? null,
    staged: change.staged ?? null,
    companions: change.companions === undefined || change.companions.length === 0 ? null : JSON.stringify(change.companions),
  };
}

export class AuditLog {
  private readonly outbox: Outbox;
  private readonly beginWithMails;
  private readonly abandonWithMails;
  private readonly reconcileWithMails;
  private readonly renamedWithMails;
  private readonly clearLanding;
  private readonly insert;
  private readonly settle;
  private readonly unsettledOf;
  private readonly markUncertain;
  private readonly unsettledFilesQuery;
  private readonly doneByCause;
  private readonly createdBy;
  private readonly lastDone;
  private readonly select;

  constructor(private readonly db: JudgeDatabase) {
    createJournalTables(db);
    this.outbox = new Outbox(db);
    db.exec(`
      CREATE TABLE IF NOT EXISTS audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        file TEXT NOT NULL,
        game TEXT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        command TEXT NOT NULL,
        before_sha256 TEXT,
        after_sha256 TEXT NOT NULL,
        changes TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'abandoned', 'uncertain'))
      );
      CREATE INDEX IF NOT EXISTS audit_by_file ON audit (file, id);
      CREATE INDEX IF NOT EXISTS audit_pending ON audit (file) WHERE state = 'pending';
    `);
    addColumnIfMissing(db, 'audit', 'cause', 'TEXT');
    addColumnIfMissing(db, 'audit', 'staged', 'TEXT');
    addColumnIfMissing(db, 'audit', 'companions', 'TEXT');
    // The changes renamed in whose folders' flush has not been seen to return: a row apiece, apart
    // from the entries, so that marking and clearing one does not rewrite an entry and its changes.
    // Queries start from it (CROSS JOIN keeps that order): it holds a row or two, the entries grow for ever.
    db.exec(`CREATE TABLE IF NOT EXISTS audit_landing (audit_id INTEGER PRIMARY KEY REFERENCES audit (id))`);
    db.exec(`CREATE INDEX IF NOT EXISTS audit_by_cause ON audit (cause) WHERE cause IS NOT NULL`);
    db.exec(`CREATE INDEX IF NOT EXISTS audit_creations ON audit (actor, at) WHERE before_sha256 IS NULL`);
    this.insert = db.prepare(
      `INSERT INTO audit (file, game, at, actor, command, before_sha256, after_sha256, changes, state, cause, staged, companions)
       VALUES (@file, @game, @at, @actor, @command, @before_sha256, @after_sha256, @changes, 'pending', @cause, @staged, @companions)`,
    );
    this.settle = db.prepare<{ id: number; state: AuditState }>(`UPDATE audit SET state = @state WHERE id = @id AND state = 'pending'`);
    this.unsettledOf = db.prepare<[string, string], UnsettledRow>(
      `SELECT id, file, state, before_sha256, after_sha256, staged, companions FROM audit WHERE file = ? AND state = 'pending'
       UNION ALL SELECT id, file, state, before_sha256, after_sha256, staged, companions FROM audit_landing CROSS JOIN audit ON id = audit_id WHERE file = ?
       ORDER BY id`,
    );
    this.markUncertain = db.prepare<[number]>(`UPDATE audit SET state = 'uncertain' WHERE id = ?`);
    this.clearLanding = db.prepare<[number]>(`DELETE FROM audit_landing WHERE audit_id = ?`);
    const markLanding = db.prepare<[number]>(`INSERT INTO audit_landing (audit_id) VALUES (?)`);
    this.renamedWithMails = db.transaction((id: number) => {
      this.settle.run({ id, state: 'done' });
      markLanding.run(id);
      this.outbox.release(id);
    });
    this.unsettledFilesQuery = db.prepare<[], { file: string }>(
      `SELECT file FROM audit WHERE state = 'pending' UNION SELECT file FROM audit_landing CROSS JOIN audit ON id = audit_id`,
    );
    this.doneByCause = db.prepare<[string], { done: number }>(`SELECT count(*) AS done FROM audit WHERE cause = ? AND state = 'done'`);
    this.select = db.prepare(`SELECT * FROM audit WHERE file = ? ORDER BY id`);
    // A game's status file is created (no before) once per game: that is the count of games made.
    this.createdBy = db.prepare<[string, string], { n: number }>(
      `SELECT count(*) AS n FROM audit WHERE actor = ? AND before_sha256 IS NULL AND game IS NOT NULL AND state = 'done' AND at > ?`,
    );
    this.lastDone = db.prepare<[string], { after_sha256: string }>(`SELECT after_sha256 FROM audit WHERE file = ? AND state = 'done' ORDER BY id DESC LIMIT 1`);
    this.beginWithMails = db.transaction((entry: EntryRow, mails: readonly QueuedMail[]) => {
      const id = Number(this.insert.run(entry).lastInsertRowid);
      this.outbox.hold(id, mails, Date.now());
      return id;
    });
    this.abandonWithMails = db.transaction((id: number) => {
      this.settle.run({ id, state: 'abandoned' });
      this.outbox.dropHeld(id);
    });
    this.reconcileWithMails = db.transaction((file: string, found: string | null) => {
      const settled: SettledEntry[] = [];
      let current = found;
      for (const row of this.unsettledOf.all(file, file)) {
        if (row.state === 'done') {
          // Renamed in and announced by a process that died, or lost power, before the folders' flush returned.
          const landing = landingOutcome(row, current);
          if (landing === 'lost') current = rollForward(row);
          if (landing === 'overtaken') this.keepOvertaken(row);
          landCompanionsAndFolders(row);
          this.clearLanding.run(row.id);
          if (landing === 'lost') settled.push({ id: row.id, state: 'done', rolledForward: true });
          continue;
        }
        const state = settledState(row, current);
        // A change settled done may have been renamed in by a process that died before the folders' flush.
        if (state === 'done') landCompanionsAndFolders(row);
        if (state === 'abandoned') settleCompanions(row.companions, 'abandoned');
        this.settle.run({ id: row.id, state });
        if (state === 'done') this.outbox.release(row.id);
        // An uncertain change's mails stay held: the judgekeeper decides (see docs/durability.md).
        if (state === 'abandoned') this.outbox.dropHeld(row.id);
        if (state !== 'uncertain') settled.push({ id: row.id, state, rolledForward: false });
      }
      return settled;
    });
  }

  /**
   * Records a change about to be made, with the mails that announce it, in one commit: the mails are
   * held until `renamed` (or a `reconcile` that finds the change on disk) lets them leave, and
   * dropped by `abandon`. The commit does not wait for the disk: the entry gets there with `onDisk`,
   * a flush of the journal's log on the thread pool, begun at once so that it runs beside the
   * caller's flushes of its files. Nothing may act on the entry (rename its file in) before `onDisk`
   * resolves; a power cut before then loses the entry and its mails with the file not renamed in.
   * The mails are asked for (`announce`) once the entry is made ready: a phase's pictures, drawn on
   * another thread meanwhile, have that much longer.
   */
  begin(change: AuditChange, announce: () => readonly QueuedMail[] = () => []): { id: number; onDisk: Promise<void> } {
    const entry = entryRow(change);
    const mails = announce();
    const id = withoutSync(this.db, () => this.beginWithMails.immediate(entry, mails));
    durableWrite(`audit begin ${change.file} ${change.command}`);
    return { id, onDisk: diskSync(this.db).durable({ now: true }) };
  }

  /**
   * The change's files are renamed in, their folders' flush begun: its mails may leave, and its
   * command may say it is done, before that flush returns. A power cut may still lose the renames,
   * never the staged files (flushed before them): recovery then renames them in again (`reconcile`).
   * The entry is `done`, and `landing` (a row in `audit_landing`) until `landed`. This commit need not wait for the disk
   * either: lost, the entry is pending and not announced, and recovery settles it by the file as
   * before; the mails' sender flushes the journal before a mail leaves.
   */
  renamed(id: number): void {
    withoutSync(this.db, () => this.renamedWithMails(id));
    durableWrite('audit done');
  }

  /** The change's folders are flushed: it can no longer be lost. Lost in a power cut, this commit is made again by recovery. */
  landed(id: number): void {
    // A journal closed meanwhile (a command's process ending): the mark stays, and recovery clears it.
    if (!this.db.open) return;
    withoutSync(this.db, () => this.clearLanding.run(id));
    durableWrite('audit landed');
  }

  /** The change was never made; like `landed`, recovery would settle it the same way. */
  abandon(id: number): void {
    withoutSync(this.db, () => this.abandonWithMails(id));
    durableWrite('audit abandoned');
  }

  /**
   * Settles the entries a crash left pending, given the file as it is now (its checksum, null if it
   * does not exist): done if the file is the entry's after, abandoned if it is still the before. A
   * file that is neither was edited by hand since; the staged file tells which: still there, it was
   * never renamed into place (abandoned); gone, it was, and the edit came after (done). An entry
   * without a staged file (written by an older judge) is then uncertain. Call it under the file's lock.
   */
  reconcile(file: string, currentSha256: string | null): SettledEntry[] {
    // Checked first: a write finds nothing to settle almost always, and a transaction costs more than a look.
    if (this.unsettledOf.all(file, file).length === 0) return [];
    const settled: SettledEntry[] = this.reconcileWithMails.immediate(file, currentSha256);
    if (settled.length > 0) durableWrite(`audit reconciled ${file}`);
    return settled;
  }

  /**
   * A change renamed in and announced whose renames a power cut lost, and whose file was edited
   * before recovery: the edit stands, the change's bytes are kept beside the file for the
   * judgekeeper (`status.unapplied-<entry>`, which no writer removes), and the entry is `uncertain`.
   */
  private keepOvertaken(row: UnsettledRow): void {
    const staged = row.staged!;
    renameSync(staged, join(dirname(staged), `${basename(row.file)}.unapplied-${row.id}`));
    this.markUncertain.run(row.id);
  }

  /** The files with entries a crash left pending. */
  unsettledFiles(): string[] {
    return this.unsettledFilesQuery.all().map((row) => row.file);
  }

  /** The checksum of the file as the judge last wrote it, or null. */
  lastWritten(file: string): string | null {
    return this.lastDone.get(file)?.after_sha256 ?? null;
  }

  /** How many game status files `actor` created since `since`. */
  creationsBy(actor: string, since: Date): number {
    return this.createdBy.get(actor, since.toISOString())?.n ?? 0;
  }

  /** Whether a change caused by `cause` reached its file. */
  tookEffect(cause: string): boolean {
    return (this.doneByCause.get(cause)?.done ?? 0) > 0;
  }

  history(file: string): AuditEntry[] {
    return (this.select.all(file) as AuditRow[]).map((row) => ({
      id: row.id,
      file: row.file,
      game: row.game,
      at: row.at,
      actor: row.actor,
      command: row.command,
      beforeSha256: row.before_sha256,
      afterSha256: row.after_sha256,
      changes: JSON.parse(row.changes) as LineChange[],
      state: row.state,
      cause: row.cause,
    }));
  }
}

type UnsettledRow = Pick<AuditRow, 'id' | 'file' | 'state' | 'before_sha256' | 'after_sha256' | 'staged' | 'companions'>;

/**
 * What became of a change announced once renamed in, whose folders' flush was not seen to return:
 * `landed` (the file is its after, or was edited after its rename: the staged file is gone), `lost`
 * (a power cut lost the rename: the file is still its before and the staged file, flushed before
 * the rename, holds its after) or `overtaken` (the rename was lost and the file edited since).
 */
function landingOutcome(row: UnsettledRow, current: string | null): 'landed' | 'lost' | 'overtaken' {
  if (row.after_sha256 === current || row.staged === null || !existsSync(row.staged)) return 'landed';
  return row.before_sha256 === current && stagedHolds(row.staged, row.after_sha256) ? 'lost' : 'overtaken';
}

function settledState(row: UnsettledRow, current: string | null): Exclude<AuditState, 'pending'> {
  if (row.after_sha256 === current) return 'done';
  if (row.before_sha256 === current) return 'abandoned';
  if (row.staged === null) return 'uncertain';
  return existsSync(row.staged) ? 'abandoned' : 'done';
}

/** A change found done: its history renamed in where a crash left it staged, and its folders flushed (the file's and the history's). */
function landCompanionsAndFolders(row: UnsettledRow): void {
  settleCompanions(row.companions, 'done');
  if (row.staged !== null) syncFolderIfThere(dirname(row.staged));
}

/** A game renamed or purged since took its folder away: nothing is left there to flush. */
function syncFolderIfThere(folder: string): void {
  if (existsSync(folder)) syncFolder(folder);
}

function stagedHolds(staged: string, checksum: string): boolean {
  return sha256(readFileSync(staged)) === checksum;
}

/**
 * Makes a change's rename again, which a power cut lost after the change was announced: its staged
 * file is renamed over the file (its companions are renamed in by `settleCompanions`, the folders
 * flushed by the caller). Returns the file's checksum now: the change's after.
 */
function rollForward(row: UnsettledRow): string {
  const staged = row.staged!;
  renameOrDrop(staged, join(dirname(staged), basename(row.file)));
  return row.after_sha256;
}

/**
 * The staged files of a change settled `done` are renamed in when a crash left them staged (their
 * bytes and names were flushed before the change's file was renamed in), their folders flushed
 * before the entry is settled; those of a change `abandoned` are removed. Renamed or removed
 * already, a file is left alone: settling again does nothing more.
 */
function settleCompanions(companions: string | null, state: 'done' | 'abandoned'): void {
  if (companions === null) return;
  const folders = new Set<string>();
  for (const { temporary, path } of JSON.parse(companions) as StagedFile[]) {
    if (state === 'done') folders.add(dirname(path));
    if (!existsSync(temporary)) continue;
    if (state === 'abandoned') unlinkQuietly(temporary);
    else renameOrDrop(temporary, path);
  }
  // Renamed here or by the process that made the change: a power cut may have lost either rename until its folder is flushed.
  for (const folder of folders) syncFolderIfThere(folder);
}

/** Journals written by an older judge lack the newer columns: they are added, empty, on opening. */
function addColumnIfMissing(db: JudgeDatabase, table: string, column: string, type: string): void {
  const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
  if (!columns.some((entry) => entry.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}
