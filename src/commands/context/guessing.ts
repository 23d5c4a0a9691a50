import { withoutSync, type JudgeDatabase } from '../../store/database.js';

/**
 * Password guessing, throttled in var/judge.db: every judge process (the daemon, pipe mode's process
 * per mail, the web pages) counts in it. An attempt is counted before its password is checked, in
 * the one transaction that reads the limits, and uncounted when the password was right: attempts
 * made at once are counted one after the other, and none is checked once the limit is reached.
 * Three limits, because a From line is easily forged (docs/security.md):
 * - an address with too many wrong passwords for places not its own may try none but its own;
 * - a game with too many wrong passwords from anyone takes passwords only from the addresses
 *   registered in it, so that its own players still get in;
 * - a place (a power, the Master's, an observer's name, the game's privacy word) with too many
 *   wrong passwords for it takes them only from its own player's addresses, who is told.
 * A place's own address is never refused: a forger of it guesses blind, since every answer goes to
 * the real owner, and at no more than the mail throttle lets that address send.
 */

export const GUESS_WINDOW_MINUTES = 60;
export const GUESSES_PER_ADDRESS = 5;
export const GUESSES_PER_GAME = 12;
export const GUESSES_PER_TARGET = 5;

export type GuessBlock = { readonly by: 'address' | 'game' | 'target'; readonly until: Date } | null;

/** What a wrong password crossed, so that the Master (and a target's player) is told once per crossing. */
export interface WrongPassword {
  readonly addressLimitReached: boolean;
  readonly gameLimitReached: boolean;
  readonly targetLimitReached: boolean;
  readonly failures: number;
}

/**
 * Who a password was tried for: a power or observer by name, the Master (`MASTER`), the privacy
 * word (`PRIVACY`), and whether the sender is that place's own.
 */
export interface GuessTarget {
  readonly name: string;
  readonly ownAddress: boolean;
}

export type GuessOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly blocked: NonNullable<GuessBlock> }
  | { readonly ok: false; readonly blocked: null; readonly wrong: WrongPassword };

/** An attempt to check: who makes it, for what, and whether the sender's address is registered in the game. */
export interface GuessAttempt {
  readonly address: string;
  readonly game: string;
  readonly target: GuessTarget;
  readonly registered: boolean;
}

interface Counts {
  readonly byAddress: number;
  readonly byGame: number;
  readonly byTarget: number;
}

export class PasswordGuard {
  private readonly reserve;
  private readonly forgive;
  private readonly countsAfter;
  private counted = 0;

  constructor(private readonly db: JudgeDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS password_failures (
        address TEXT NOT NULL,
        game    TEXT NOT NULL,
        at      INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS password_failures_by_address ON password_failures (address, at);
      CREATE INDEX IF NOT EXISTS password_failures_by_game ON password_failures (game, at);
    `);
    const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('password_failures')`).all();
    if (!columns.some((column) => column.name === 'target')) db.exec(`ALTER TABLE password_failures ADD COLUMN target TEXT NOT NULL DEFAULT ''`);
    // A wrong password for the sender's own place is not held against the sender's address.
    if (!columns.some((column) => column.name === 'own')) db.exec(`ALTER TABLE password_failures ADD COLUMN own INTEGER NOT NULL DEFAULT 0`);
    db.exec('CREATE INDEX IF NOT EXISTS password_failures_by_target ON password_failures (game, target, at)');
    const insert = db.prepare<[string, string, string, number, number]>(
      'INSERT INTO password_failures (address, game, target, at, own) VALUES (?, ?, ?, ?, ?)',
    );
    const remove = db.prepare<[number]>('DELETE FROM password_failures WHERE rowid = ?');
    const counts = db.prepare<[string, number, string, number, string, string, number], Counts>(
      `SELECT (SELECT count(*) FROM password_failures WHERE address = ? AND own = 0 AND at > ?) AS byAddress,
              (SELECT count(*) FROM password_failures WHERE game = ? AND at > ?) AS byGame,
              (SELECT count(*) FROM password_failures WHERE game = ? AND target = ? AND at > ?) AS byTarget`,
    );
    const oldest = {
      address: db.prepare<[string, number], { at: number | null }>('SELECT min(at) AS at FROM password_failures WHERE address = ? AND own = 0 AND at > ?'),
      game: db.prepare<[string, number], { at: number | null }>('SELECT min(at) AS at FROM password_failures WHERE game = ? AND at > ?'),
      target: db.prepare<[string, string, number], { at: number | null }>(
        'SELECT min(at) AS at FROM password_failures WHERE game = ? AND target = ? AND at > ?',
      ),
    };
    const countsOf = (attempt: GuessAttempt, since: number): Counts =>
      counts.get(attempt.address, since, attempt.game, since, attempt.game, attempt.target.name, since)!;
    this.countsAfter = (attempt: GuessAttempt, now: Date) => countsOf(attempt, this.since(now));
    this.reserve = db.transaction((attempt: GuessAttempt, now: Date): { block: GuessBlock; id: number } => {
      const since = this.since(now);
      const { byAddress, byGame, byTarget } = countsOf(attempt, since);
      const { target } = attempt;
      let block: GuessBlock = null;
      if (!target.ownAddress && byAddress >= GUESSES_PER_ADDRESS)
        block = { by: 'address', until: this.windowEnd(oldest.address.get(attempt.address, since)!.at) };
      else if (!target.ownAddress && byTarget >= GUESSES_PER_TARGET)
        block = { by: 'target', until: this.windowEnd(oldest.target.get(attempt.game, target.name, since)!.at) };
      else if (!target.ownAddress && !attempt.registered && byGame >= GUESSES_PER_GAME)
        block = { by: 'game', until: this.windowEnd(oldest.game.get(attempt.game, since)!.at) };
      if (block !== null) return { block, id: 0 };
      const id = Number(insert.run(attempt.address, attempt.game, target.name, now.getTime(), target.ownAddress ? 1 : 0).lastInsertRowid);
      return { block, id };
    });
    this.forgive = (id: number) => withoutSync(db, () => remove.run(id));
  }

  private since(now: Date): number {
    return now.getTime() - GUESS_WINDOW_MINUTES * 60_000;
  }

  /** How many wrong passwords this guard has counted: a command that counted one has written to the journal. */
  get wrongPasswordsCounted(): number {
    return this.counted;
  }

  /**
   * Checks a password within the limits: the attempt is counted as wrong before `check` runs, and
   * forgiven when it was right, so a crash while checking leaves it counted. A blocked attempt is
   * not checked at all, so a hit by chance teaches the guesser nothing.
   */
  async guarded(attempt: GuessAttempt, now: Date, check: () => Promise<boolean> | boolean): Promise<GuessOutcome> {
    // Not waiting for the disk: an attempt whose count a power cut loses is one guess more, no harm to the journal.
    const { block, id } = withoutSync(this.db, () => this.reserve.immediate(attempt, now));
    if (block !== null) return { ok: false, blocked: block };
    let right = false;
    try {
      right = await check();
    } finally {
      if (!right) this.counted++;
    }
    if (right) {
      this.forgive(id);
      return { ok: true };
    }
    const { byAddress, byGame, byTarget } = this.countsAfter(attempt, now);
    const wrong = {
      addressLimitReached: !attempt.target.ownAddress && byAddress === GUESSES_PER_ADDRESS,
      gameLimitReached: byGame === GUESSES_PER_GAME,
      targetLimitReached: byTarget === GUESSES_PER_TARGET,
      failures: byGame,
    };
    return { ok: false, blocked: null, wrong };
  }

  private windowEnd(oldest: number | null): Date {
    return new Date((oldest ?? 0) + GUESS_WINDOW_MINUTES * 60_000);
  }
}
