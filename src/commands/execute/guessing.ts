import type { JudgeDatabase } from '../../store/database.js';

/**
 * Password guessing, throttled in var/judge.db (the pipe mode starts a process per mail, so the
 * count must outlive the process). An address with too many wrong passwords in the window may not
 * try again until the window has passed; a game with too many wrong passwords from anyone takes
 * passwords only from the addresses registered in it, so that its own players still get in.
 */

export const GUESS_WINDOW_MINUTES = 60;
export const GUESSES_PER_ADDRESS = 5;
export const GUESSES_PER_GAME = 12;

export type GuessBlock = { readonly by: 'address' | 'game'; readonly until: Date } | null;

/** What a wrong password crossed, so that the Master is told once per crossing. */
export interface WrongPassword {
  readonly addressLimitReached: boolean;
  readonly gameLimitReached: boolean;
  readonly failures: number;
}

export class PasswordGuard {
  private readonly insert;
  private readonly countByAddress;
  private readonly countByGame;
  private readonly oldestByAddress;
  private readonly oldestByGame;

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
    this.insert = db.prepare<[string, string, number]>('INSERT INTO password_failures (address, game, at) VALUES (?, ?, ?)');
    this.countByAddress = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM password_failures WHERE address = ? AND at > ?');
    this.countByGame = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM password_failures WHERE game = ? AND at > ?');
    this.oldestByAddress = db.prepare<[string, number], { at: number | null }>('SELECT min(at) AS at FROM password_failures WHERE address = ? AND at > ?');
    this.oldestByGame = db.prepare<[string, number], { at: number | null }>('SELECT min(at) AS at FROM password_failures WHERE game = ? AND at > ?');
  }

  private since(now: Date): number {
    return now.getTime() - GUESS_WINDOW_MINUTES * 60_000;
  }

  /** Whether `address` may try a password in `game` now; `registered`: the address belongs to the game. */
  blocked(address: string, game: string, registered: boolean, now: Date): GuessBlock {
    const since = this.since(now);
    if (this.countByAddress.get(address, since)!.n >= GUESSES_PER_ADDRESS)
      return { by: 'address', until: this.windowEnd(this.oldestByAddress.get(address, since)!.at) };
    if (!registered && this.countByGame.get(game, since)!.n >= GUESSES_PER_GAME)
      return { by: 'game', until: this.windowEnd(this.oldestByGame.get(game, since)!.at) };
    return null;
  }

  failed(address: string, game: string, now: Date): WrongPassword {
    this.insert.run(address, game, now.getTime());
    const since = this.since(now);
    const byAddress = this.countByAddress.get(address, since)!.n;
    const byGame = this.countByGame.get(game, since)!.n;
    return { addressLimitReached: byAddress === GUESSES_PER_ADDRESS, gameLimitReached: byGame === GUESSES_PER_GAME, failures: byGame };
  }

  private windowEnd(oldest: number | null): Date {
    return new Date((oldest ?? 0) + GUESS_WINDOW_MINUTES * 60_000);
  }
}
