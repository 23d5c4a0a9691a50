import type { JudgeDatabase } from '../../store/database.js';

/**
 * Password guessing, throttled in var/judge.db (the pipe mode starts a process per mail, so the
 * count must outlive the process). Three limits, because a From line is easily forged:
 * - an address with too many wrong passwords in the window may not try again until it has passed;
 * - a game with too many wrong passwords from anyone takes passwords only from the addresses
 *   registered in it, so that its own players still get in;
 * - a power (or the Master's place) with too many wrong passwords for it, whatever addresses they
 *   came from (forged as the game's other players, say), takes passwords only from its own player's
 *   addresses, who is told of the attempts and how to get in.
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

/** Who a password was tried for: a power by name, or the Master (`MASTER`), and whether the sender is that place's own. */
export interface GuessTarget {
  readonly name: string;
  readonly ownAddress: boolean;
}

export class PasswordGuard {
  private readonly insert;
  private readonly countByAddress;
  private readonly countByGame;
  private readonly oldestByAddress;
  private readonly oldestByGame;
  private readonly countByTarget;
  private readonly oldestByTarget;
  private counted = 0;

  constructor(db: JudgeDatabase) {
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
    db.exec('CREATE INDEX IF NOT EXISTS password_failures_by_target ON password_failures (game, target, at)');
    this.insert = db.prepare<[string, string, string, number]>('INSERT INTO password_failures (address, game, target, at) VALUES (?, ?, ?, ?)');
    this.countByTarget = db.prepare<[string, string, number], { n: number }>(
      'SELECT count(*) AS n FROM password_failures WHERE game = ? AND target = ? AND at > ?',
    );
    this.oldestByTarget = db.prepare<[string, string, number], { at: number | null }>(
      'SELECT min(at) AS at FROM password_failures WHERE game = ? AND target = ? AND at > ?',
    );
    this.countByAddress = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM password_failures WHERE address = ? AND at > ?');
    this.countByGame = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM password_failures WHERE game = ? AND at > ?');
    this.oldestByAddress = db.prepare<[string, number], { at: number | null }>('SELECT min(at) AS at FROM password_failures WHERE address = ? AND at > ?');
    this.oldestByGame = db.prepare<[string, number], { at: number | null }>('SELECT min(at) AS at FROM password_failures WHERE game = ? AND at > ?');
  }

  private since(now: Date): number {
    return now.getTime() - GUESS_WINDOW_MINUTES * 60_000;
  }

  /** Whether `address` may try a password for `target` in `game` now; `registered`: the address belongs to the game. */
  blocked(address: string, game: string, target: GuessTarget, registered: boolean, now: Date): GuessBlock {
    const since = this.since(now);
    if (this.countByAddress.get(address, since)!.n >= GUESSES_PER_ADDRESS)
      return { by: 'address', until: this.windowEnd(this.oldestByAddress.get(address, since)!.at) };
    if (!target.ownAddress && this.countByTarget.get(game, target.name, since)!.n >= GUESSES_PER_TARGET)
      return { by: 'target', until: this.windowEnd(this.oldestByTarget.get(game, target.name, since)!.at) };
    if (!registered && this.countByGame.get(game, since)!.n >= GUESSES_PER_GAME)
      return { by: 'game', until: this.windowEnd(this.oldestByGame.get(game, since)!.at) };
    return null;
  }

  /** How many wrong passwords this guard has counted: a command that counted one has written to the journal. */
  get wrongPasswordsCounted(): number {
    return this.counted;
  }

  failed(address: string, game: string, target: GuessTarget, now: Date): WrongPassword {
    this.insert.run(address, game, target.name, now.getTime());
    this.counted++;
    const since = this.since(now);
    const byAddress = this.countByAddress.get(address, since)!.n;
    const byGame = this.countByGame.get(game, since)!.n;
    const byTarget = this.countByTarget.get(game, target.name, since)!.n;
    return {
      addressLimitReached: byAddress === GUESSES_PER_ADDRESS,
      gameLimitReached: byGame === GUESSES_PER_GAME,
      targetLimitReached: byTarget === GUESSES_PER_TARGET,
      failures: byGame,
    };
  }

  private windowEnd(oldest: number | null): Date {
    return new Date((oldest ?? 0) + GUESS_WINDOW_MINUTES * 60_000);
  }
}
