import { createHash, randomInt } from 'node:crypto';
import { withoutSync, type JudgeDatabase } from '../store/database.js';

/**
 * One-time codes the judge mails to an address, so that a web action in that address's name (JOIN,
 * TAKEOVER, CREATE, or a sign-on to a place closed to strangers) is done only by whoever reads that
 * address's mail. What is kept is the command's text around the password, which the visitor gives
 * again with the code, and the code only as its hash: the database holds no password, and a copy of
 * it redeems no code.
 */

/** The command a code stands for: its text is `before`, a space, the password, then `after`. */
export interface PendingCommand {
  readonly address: string;
  readonly before: string;
  readonly after: string;
}

/** How long a mailed code may be used. */
export const CODE_VALID_MINUTES = 60;
/** No 0/O or 1/I: a code is read from a mail and typed. 32 ** 10 codes: not to be guessed within the web's throttle. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

function hashOf(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('base64url');
}

export class MailedCodes {
  private readonly insert;
  private readonly take;
  private readonly forgetExpired;

  constructor(private readonly db: JudgeDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS web_codes (
        code_hash  TEXT PRIMARY KEY,
        address    TEXT NOT NULL,
        before     TEXT NOT NULL,
        after      TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      )`);
    this.insert = db.prepare<[string, string, string, string, number]>(
      'INSERT INTO web_codes (code_hash, address, before, after, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.take = db.prepare<[string, number], PendingCommand>('DELETE FROM web_codes WHERE code_hash = ? AND expires_at > ? RETURNING address, before, after');
    this.forgetExpired = db.prepare<[number]>('DELETE FROM web_codes WHERE expires_at <= ?');
  }

  /** A new code for `command`, valid for CODE_VALID_MINUTES; shown to the address in groups of five. */
  issue(command: PendingCommand, now: number): string {
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    this.db.transaction(() => {
      this.forgetExpired.run(now);
      this.insert.run(hashOf(code), command.address, command.before, command.after, now + CODE_VALID_MINUTES * 60_000);
    })();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  }

  /** The command a code stands for, once: a code is gone when used. Null for a wrong or expired code. */
  redeem(code: string, now: number): PendingCommand | null {
    return withoutSync(this.db, () => this.take.get(hashOf(code), now)) ?? null;
  }
}
