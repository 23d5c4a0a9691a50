import { createHash } from 'node:crypto';
import { lineChanges, type LineChange } from '../status/line-diff.js';
import { redactLine } from '../status/redact.js';
import { decodeStatusBytes, splitLines } from '../status/text.js';
import type { JudgeDatabase } from './database.js';

/**
 * The audit log: every change the judge makes to a file under `games/`, with who asked, when, the
 * command, and the lines before and after (secrets hidden). An entry is written as `pending`
 * before the file is replaced and marked `done` after; an entry a crash left pending is settled by
 * comparing the file with the entry's before and after checksums (`reconcile`).
 */

export type AuditState = 'pending' | 'done' | 'abandoned' | 'uncertain';

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

export class AuditLog {
  private readonly insert;
  private readonly settle;
  private readonly settlePending;
  private readonly select;

  constructor(db: JudgeDatabase) {
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
    `);
    this.insert = db.prepare(
      `INSERT INTO audit (file, game, at, actor, command, before_sha256, after_sha256, changes, state)
       VALUES (@file, @game, @at, @actor, @command, @before_sha256, @after_sha256, @changes, 'pending')`,
    );
    this.settle = db.prepare(`UPDATE audit SET state = @state WHERE id = @id AND state = 'pending'`);
    this.settlePending = db.prepare(
      `UPDATE audit SET state = CASE
         WHEN after_sha256 = @current THEN 'done'
         WHEN before_sha256 IS @current THEN 'abandoned'
         ELSE 'uncertain' END
       WHERE file = @file AND state = 'pending'`,
    );
    this.select = db.prepare(`SELECT * FROM audit WHERE file = ? ORDER BY id`);
  }

  /** Records a change about to be made; returns the entry's id for `complete` or `abandon`. */
  begin(change: AuditChange): number {
    const changes = redactedChanges(change.before, change.after);
    const result = this.insert.run({
      file: change.file,
      game: change.game,
      at: new Date().toISOString(),
      actor: change.actor,
      command: change.command,
      before_sha256: change.before === null ? null : sha256(change.before),
      after_sha256: sha256(change.after),
      changes: JSON.stringify(changes),
    });
    return Number(result.lastInsertRowid);
  }

  complete(id: number): void {
    this.settle.run({ id, state: 'done' });
  }

  abandon(id: number): void {
    this.settle.run({ id, state: 'abandoned' });
  }

  /**
   * Settles the entries a crash left pending, given the file as it is now (its checksum, null if it
   * does not exist): done if the file is the entry's after, abandoned if it is still the before,
   * uncertain if it is neither (edited by hand since).
   */
  reconcile(file: string, currentSha256: string | null): void {
    this.settlePending.run({ file, current: currentSha256 });
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
    }));
  }
}
