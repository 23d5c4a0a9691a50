import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session } from '../commands/context/step.js';
import type { JudgeDatabase } from '../store/database.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * Who is looking at the pages. Every visitor carries a random id in a signed, HttpOnly,
 * SameSite=Strict cookie; the forms it is shown carry a token derived from that id, so a form posted
 * from elsewhere, or without its token, is refused. A visitor who signs on is kept in the journal
 * database (web_sessions), so that a restart of the judge signs nobody off; what is kept is who they
 * act for and the password hash on file when they signed on, never a password, and the id only as
 * its hash, so that a copy of the database opens nobody's session.
 */

export const VISITOR_COOKIE = 'visitor';

/** How long a signed-on visitor who does nothing stays signed on. */
const IDLE_MS = 12 * 3_600_000;
/** How stale the database's last sight of a visitor may get: a page view writes nothing more often. */
const LAST_SEEN_STEP_MS = 15 * 60_000;
const ID_BYTES = 24;
const FORM_TOKENS_KEPT = 10_000;
const VISITORS_KNOWN = 50_000;

export interface SignedOn {
  readonly game: string;
  readonly session: Extract<Session, { kind: 'power' | 'master' }>;
  /** How the pages name them: `France in alpha`, `the Master of alpha`. */
  readonly label: string;
  /** The password hash on file when they signed on: when it changes (SET PASSWORD by mail), the pages sign them off. */
  readonly fingerprint: string | null;
}

interface Row {
  readonly session: string;
  readonly label: string;
  readonly fingerprint: string | null;
  readonly last_seen: number;
}

function keyOf(visitor: string): string {
  return createHash('sha256').update(visitor).digest('base64url');
}

export class Visitors {
  /**
   * What the database says of each visitor seen lately, null for one not signed on, so that a page
   * view costs no query. Everything in it is in the database too: it is emptied when it grows large.
   */
  private readonly known = new Map<string, { signedOn: SignedOn; lastSeen: number } | null>();
  /** Each page a visitor loads carries their token: worked out once per visitor, not once per page. */
  private readonly formTokens = new BoundedCache<string>(FORM_TOKENS_KEPT);
  private readonly statements;

  constructor(
    private readonly secret: Buffer,
    private readonly db: JudgeDatabase,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS web_sessions (
        visitor TEXT PRIMARY KEY,
        session TEXT NOT NULL,
        label TEXT NOT NULL,
        fingerprint TEXT,
        last_seen INTEGER NOT NULL
      )`);
    this.statements = {
      find: db.prepare<[string], Row>('SELECT session, label, fingerprint, last_seen FROM web_sessions WHERE visitor = ?'),
      insert: db.prepare<[string, string, string, string | null, number]>(
        'INSERT OR REPLACE INTO web_sessions (visitor, session, label, fingerprint, last_seen) VALUES (?, ?, ?, ?, ?)',
      ),
      seen: db.prepare<[number, string]>('UPDATE web_sessions SET last_seen = ? WHERE visitor = ?'),
      remove: db.prepare<[string]>('DELETE FROM web_sessions WHERE visitor = ?'),
      forgetIdle: db.prepare<[number]>('DELETE FROM web_sessions WHERE last_seen < ?'),
    };
  }

  newId(): string {
    return randomBytes(ID_BYTES).toString('base64url');
  }

  /** The token every form shown to the visitor carries. */
  formToken(visitor: string): string {
    return this.formTokens.get(visitor, () => createHmac('sha256', this.secret).update(`form ${visitor}`).digest('base64url'));
  }

  formTokenMatches(visitor: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.formToken(visitor));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  find(visitor: string, now: number): SignedOn | null {
    const key = keyOf(visitor);
    const found = this.known.has(key) ? this.known.get(key)! : this.read(key);
    if (found === null) return null;
    if (now - found.lastSeen > IDLE_MS) {
      this.forget(key);
      return null;
    }
    if (now - found.lastSeen > LAST_SEEN_STEP_MS) {
      this.statements.seen.run(now, key);
      found.lastSeen = now;
    }
    return found.signedOn;
  }

  /** Signs the visitor on under a new id (the old one may have been seen by others); returns the id. */
  signOn(previous: string, signedOn: SignedOn, now: number): string {
    const visitor = this.newId();
    this.db.transaction(() => {
      this.forget(keyOf(previous));
      this.statements.forgetIdle.run(now - IDLE_MS);
      this.keep(keyOf(visitor), signedOn, now);
    })();
    return visitor;
  }

  /** The visitor changed their own password: they stay signed on, under the new one. */
  passwordChanged(visitor: string, fingerprint: string | null, now: number): void {
    const key = keyOf(visitor);
    const found = this.known.has(key) ? this.known.get(key)! : this.read(key);
    if (found !== null) this.keep(key, { ...found.signedOn, fingerprint }, now);
  }

  signOff(visitor: string): void {
    this.forget(keyOf(visitor));
  }

  private keep(key: string, signedOn: SignedOn, now: number): void {
    this.statements.insert.run(key, JSON.stringify(signedOn.session), signedOn.label, signedOn.fingerprint, now);
    this.remember(key, { signedOn, lastSeen: now });
  }

  private remember(key: string, found: { signedOn: SignedOn; lastSeen: number } | null): void {
    if (this.known.size >= VISITORS_KNOWN) this.known.clear();
    this.known.set(key, found);
  }

  private read(key: string): { signedOn: SignedOn; lastSeen: number } | null {
    const row = this.statements.find.get(key);
    let found = null;
    if (row !== undefined) {
      const session = JSON.parse(row.session) as SignedOn['session'];
      found = { signedOn: { game: session.game, session, label: row.label, fingerprint: row.fingerprint }, lastSeen: row.last_seen };
    }
    this.remember(key, found);
    return found;
  }

  private forget(key: string): void {
    this.remember(key, null);
    this.statements.remove.run(key);
  }
}
