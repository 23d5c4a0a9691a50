import { OperationRules } from '../game/rules.js';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { DateTime } from 'luxon';
import type { GameService } from '../game/service.js';
import { readMainStatus, type GameListing } from '../status/main-status.js';
import type { JudgeDatabase } from '../store/database.js';
import { sha256 } from '../store/audit.js';
import { gameFolder } from '../store/game-name.js';
import { assess, type Assessment, type CheckedState } from './assess.js';
import type { Memory } from './memory.js';

/**
 * The deadline index (table `deadline_index`): per checked game, when a sweep next has something to
 * do for it, and the status file's identity (inode, size, mtime) and checksum when that was worked
 * out. A sweep stats the files of the games it checks and reads again only those that changed,
 * by the judge or by the judgekeeper's editor, then touches only the games that are due; completed,
 * terminated, held and corrupt games are not in the index at all. Everything but the checker's
 * memory (its reminders) can be rebuilt from the status files, and is, whenever a file changes.
 */

export interface IndexedGame {
  readonly name: string;
  readonly state: CheckedState;
  readonly memory: Memory;
}

interface FileIdentity {
  readonly ino: number;
  readonly size: number;
  readonly mtime: number;
}

interface Row {
  game: string;
  state: CheckedState;
  due_at: number | null;
  file_ino: number | null;
  file_size: number | null;
  file_mtime: number | null;
  state_since: number;
  reminded_at: number | null;
  warned_at: number | null;
  previewed_at: number | null;
  keeper_alerted_at: number | null;
}

/** Flags in the main status file that keep the checker off a game. */
const UNCHECKED_FLAGS: readonly string[] = ['held', 'corrupt'];
const MAIN_STATUS = 'status';
/**
 * Rebuilding the index after a start on a fresh database reads every status file: committing in
 * batches, and letting the event loop run between them, keeps the mail processor (in the same
 * process, and on the same database) from waiting long.
 */
const REASSESSED_PER_COMMIT = 200;

function checkedState(listing: GameListing): CheckedState | null {
  if (listing.flags.some((flag) => UNCHECKED_FLAGS.includes(flag))) return null;
  return listing.state === 'forming' || listing.state === 'active' || listing.state === 'waiting' ? listing.state : null;
}

function identityOf(path: string): FileIdentity | null {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats ? { ino: stats.ino, size: stats.size, mtime: stats.mtimeMs } : null;
}

/**
 * The file's identity as the index keeps it, or null when the bytes assessed are not the file's now:
 * while someone is saving a status file the daemon reads the copy it last read settled, and a game
 * whose identity were kept then would not be read again until its next change.
 */
function assessedIdentity(path: string, identity: FileIdentity | null, assessedSha256: string | undefined): FileIdentity | null {
  if (identity === null || assessedSha256 === undefined) return identity;
  try {
    return sha256(readFileSync(path)) === assessedSha256 ? identity : null;
  } catch {
    return null;
  }
}

function storedIdentity(row: Pick<Row, 'file_ino' | 'file_size' | 'file_mtime'>): FileIdentity | null {
  if (row.file_ino === null || row.file_size === null || row.file_mtime === null) return null;
  return { ino: row.file_ino, size: row.file_size, mtime: row.file_mtime };
}

function sameFile(a: FileIdentity | null, b: FileIdentity | null): boolean {
  return a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtime === b.mtime;
}

function memoryOf(row: Row): Memory {
  return {
    stateSince: row.state_since,
    remindedAt: row.reminded_at,
    warnedAt: row.warned_at,
    previewedAt: row.previewed_at,
    keeperAlertedAt: row.keeper_alerted_at,
  };
}

export class DeadlineIndex {
  private mainStatusIdentity: FileIdentity | null = null;
  private readonly statements;
  private readonly syncListings;
  private readonly reassessAll;

  constructor(
    db: JudgeDatabase,
    private readonly service: GameService,
    private readonly games: string,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS deadline_index (
        game              TEXT PRIMARY KEY,
        state             TEXT NOT NULL CHECK (state IN ('forming', 'active', 'waiting')),
        due_at            INTEGER,
        file_ino          INTEGER,
        file_size         INTEGER,
        file_mtime        REAL,
        file_sha256       TEXT,
        state_since       INTEGER NOT NULL,
        reminded_at       INTEGER,
        warned_at         INTEGER,
        previewed_at      INTEGER,
        keeper_alerted_at INTEGER,
        last_failure      TEXT
      );
      CREATE INDEX IF NOT EXISTS deadline_index_due ON deadline_index (due_at);
    `);
    this.statements = {
      all: db.prepare<[], Row>('SELECT * FROM deadline_index'),
      one: db.prepare<[string], Row>('SELECT * FROM deadline_index WHERE game = ?'),
      due: db.prepare<[number], Row>('SELECT * FROM deadline_index WHERE due_at <= ? ORDER BY due_at, game'),
      nextDue: db.prepare<[number], { due_at: number | null }>('SELECT MIN(due_at) AS due_at FROM deadline_index WHERE due_at > ?'),
      identities: db.prepare<[], Pick<Row, 'game' | 'file_ino' | 'file_size' | 'file_mtime'>>(
        'SELECT game, file_ino, file_size, file_mtime FROM deadline_index',
      ),
      insert: db.prepare<[string, string, number]>('INSERT INTO deadline_index (game, state, state_since) VALUES (?, ?, ?)'),
      changeState: db.prepare<[string, number, string]>('UPDATE deadline_index SET state = ?, state_since = ?, file_ino = NULL WHERE game = ?'),
      remove: db.prepare<[string]>('DELETE FROM deadline_index WHERE game = ?'),
      assessed: db.prepare(
        `UPDATE deadline_index SET due_at = @due, file_ino = @ino, file_size = @size, file_mtime = @mtime, file_sha256 = @sha
          WHERE game = @game`,
      ),
      remember: db.prepare(
        `UPDATE deadline_index SET reminded_at = @remindedAt, warned_at = @warnedAt, previewed_at = @previewedAt,
                keeper_alerted_at = @keeperAlertedAt, last_failure = NULL
          WHERE game = @game`,
      ),
      failed: db.prepare<[string, string, string]>('UPDATE deadline_index SET last_failure = ? WHERE game = ? AND last_failure IS NOT ?'),
    };
    this.syncListings = db.transaction((listed: ReadonlyMap<string, CheckedState>, now: number) => {
      const known = new Map(this.statements.all.all().map((row) => [row.game, row.state]));
      for (const game of known.keys()) if (!listed.has(game)) this.statements.remove.run(game);
      for (const [game, state] of listed) {
        const was = known.get(game);
        if (was === undefined) this.statements.insert.run(game, state, now);
        else if (was !== state) this.statements.changeState.run(state, now, game);
      }
    });
    this.reassessAll = db.transaction((games: readonly string[], now: DateTime) => {
      for (const game of games) this.reassess(game, now);
    });
  }

  /**
   * Brings the index up to date: the games listed in the main status file (read again when it
   * changed), and every game whose status file changed since it was last assessed. Returns how many
   * status files were read.
   */
  async refresh(now: DateTime): Promise<number> {
    this.syncMainStatus(now);
    const changed = this.statements.identities
      .all()
      .filter((row) => !sameFile(storedIdentity(row), identityOf(this.statusPath(row.game))))
      .map((row) => row.game);
    for (let start = 0; start < changed.length; start += REASSESSED_PER_COMMIT) {
      this.reassessAll(changed.slice(start, start + REASSESSED_PER_COMMIT), now);
      await setImmediatePromise();
    }
    return changed.length;
  }

  /** The games a sweep at `now` has something to do for, most overdue first. */
  due(now: DateTime): IndexedGame[] {
    return this.statements.due.all(now.toMillis()).map((row) => ({ name: row.game, state: row.state, memory: memoryOf(row) }));
  }

  /** When the first game comes due after `now` (epoch milliseconds), or null if none will. */
  nextDue(now: DateTime): number | null {
    return this.statements.nextDue.get(now.toMillis())?.due_at ?? null;
  }

  /** Whether the index lists the game: forming, active or waiting, not finished. */
  lists(game: string): boolean {
    return this.statements.one.get(game) !== undefined;
  }

  /** Every game the index lists, by name, with its state. */
  listed(): { name: string; state: CheckedState }[] {
    return this.statements.all
      .all()
      .map((row) => ({ name: row.game, state: row.state }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Every game the index lists as active. */
  activeGames(): string[] {
    return this.statements.all
      .all()
      .filter((row) => row.state === 'active')
      .map((row) => row.game);
  }

  /** Reads a game's status file again and records when it is next due; null if the index does not list the game. */
  reassess(game: string, now: DateTime, rules: OperationRules = new OperationRules()): Assessment | null {
    const row = this.statements.one.get(game);
    if (!row) return null;
    const path = this.statusPath(game);
    const seen = identityOf(path);
    const assessment = assess(this.service, game, row.state, memoryOf(row), now, rules);
    const identity = assessedIdentity(path, seen, assessment.loaded?.sha256);
    this.statements.assessed.run({
      game,
      due: assessment.dueAt,
      ino: identity?.ino ?? null,
      size: identity?.size ?? null,
      mtime: identity?.mtime ?? null,
      sha: assessment.loaded?.sha256 ?? null,
    });
    return assessment;
  }

  /**
   * After the checker acted on a game: records what it should remember (a reminder sent, a WARN acted
   * on), takes in the game's new state if the action changed it, and works out its next due time.
   */
  remember(game: string, memory: Partial<Omit<Memory, 'stateSince'>>, now: DateTime): void {
    this.syncMainStatus(now);
    const row = this.statements.one.get(game);
    if (!row) return;
    this.statements.remember.run({ ...memoryOf(row), ...memory, game });
    this.reassess(game, now);
  }

  /** Records that acting on a game failed; true when this failure is new (not the one of the last sweep). */
  failed(game: string, message: string): boolean {
    return this.statements.failed.run(message, game, message).changes > 0;
  }

  private statusPath(game: string): string {
    return join(gameFolder(this.games, game), 'status');
  }

  private syncMainStatus(now: DateTime): void {
    const path = join(this.games, MAIN_STATUS);
    const identity = identityOf(path);
    if (sameFile(this.mainStatusIdentity, identity)) return;
    this.mainStatusIdentity = identity;
    const bytes = identity === null ? Buffer.alloc(0) : readFileSync(path);
    const listed = new Map<string, CheckedState>();
    for (const listing of readMainStatus(bytes).status.games) {
      const state = checkedState(listing);
      if (state !== null) listed.set(listing.name, state);
    }
    this.syncListings(listed, now.toMillis());
  }
}
