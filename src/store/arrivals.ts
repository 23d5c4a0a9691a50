import { withoutSync, type JudgeDatabase } from './database.js';

/**
 * The throttle's count of what arrived from whom, kept in the journal so that every judge process
 * (the daemon, pipe mode's process per mail, the web pages) counts in one place. An arrival is
 * counted when it comes, in one transaction that reads the count and adds to it, so that forty mails
 * arriving at once are forty arrivals, not forty that each saw none before them. What is counted
 * per sender is a mail's From address, a web visitor, a web visitor's IP address, or an address a
 * web form names: a web form naming an address shares that address's count with its mail.
 */

/** The decision on one arrival: the same each time the same arrival (by key) is offered again. */
export interface Admission {
  readonly admitted: boolean;
  /** Refused, and the first of its senders' refusals in the window: the one whose sender is told. */
  readonly firstRefused: boolean;
}

export interface ThrottleLimit {
  readonly count: number;
  readonly windowMs: number;
}

interface Row {
  readonly id: number;
  readonly at: number;
  readonly admitted: number;
}

/** Arrivals older than this are never counted by any limit: they are dropped as new ones come. */
const KEPT_MS = 2 * 86_400_000;

export class Arrivals {
  private readonly admitOnce;

  constructor(private readonly db: JudgeDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS arrivals (
        id       INTEGER PRIMARY KEY,
        key      TEXT NOT NULL,
        sender   TEXT NOT NULL,
        at       INTEGER NOT NULL,
        admitted INTEGER NOT NULL,
        UNIQUE (key, sender)
      );
      CREATE INDEX IF NOT EXISTS arrivals_by_sender ON arrivals (sender, at);
    `);
    const find = db.prepare<[string], Row>('SELECT id, at, admitted FROM arrivals WHERE key = ? ORDER BY id LIMIT 1');
    const count = db.prepare<[string, number, number, number], { admitted: number; refused: number }>(
      `SELECT count(*) FILTER (WHERE admitted = 1) AS admitted, count(*) FILTER (WHERE admitted = 0) AS refused
         FROM arrivals WHERE sender = ? AND at > ? AND at <= ? AND id < ?`,
    );
    const insert = db.prepare<[string, string, number, number]>('INSERT INTO arrivals (key, sender, at, admitted) VALUES (?, ?, ?, ?)');
    const forgetOld = db.prepare<[number]>('DELETE FROM arrivals WHERE at < ?');
    this.admitOnce = db.transaction((key: string, senders: readonly string[], now: number, limit: ThrottleLimit, alsoWithin: readonly string[]): Admission => {
      const known = find.get(key);
      // A new arrival comes after every row there is; one offered again, after the rows before its own.
      const id = known?.id ?? Number.MAX_SAFE_INTEGER;
      const at = known?.at ?? now;
      const counts = [...senders, ...alsoWithin].map((sender) => count.get(sender, at - limit.windowMs, at, id)!);
      const admitted = known !== undefined ? known.admitted === 1 : counts.every((counted) => counted.admitted < limit.count);
      if (known === undefined) {
        forgetOld.run(now - KEPT_MS);
        for (const sender of senders) insert.run(key, sender, now, admitted ? 1 : 0);
      }
      return { admitted, firstRefused: !admitted && counts.every((counted) => counted.refused === 0) };
    });
  }

  /**
   * Counts the arrival `key` from each of `senders` and says whether it is within `limit` for every
   * one of them, and for each of `alsoWithin` (whose count it does not add to). Committed without
   * waiting for the disk: an arrival lost in a power cut is one the judge forgets it counted, which
   * only lets its sender one more through.
   */
  admit(key: string, senders: readonly string[], now: number, limit: ThrottleLimit, alsoWithin: readonly string[] = []): Admission {
    return withoutSync(this.db, () => this.admitOnce.immediate(key, senders, now, limit, alsoWithin));
  }
}
