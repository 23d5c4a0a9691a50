import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session } from '../commands/execute/step.js';

/**
 * Who is looking at the pages. Every visitor carries a random id in a signed, HttpOnly,
 * SameSite=Strict cookie; the forms it is shown carry a token derived from that id, so a form posted
 * from elsewhere, or without its token, is refused. A visitor who signs on is remembered here, in
 * memory only: a restart of the judge signs everyone off, and no password is ever written down.
 */

export const VISITOR_COOKIE = 'visitor';

/** How long a signed-on visitor who does nothing stays signed on. */
const IDLE_MS = 12 * 3_600_000;
const ID_BYTES = 24;

export interface SignedOn {
  readonly game: string;
  /** The word SIGNON names them by: a power's initial, `M` for the Master, an observer's name. */
  readonly who: string;
  /** Kept to sign each of the visitor's commands on, as each mail is signed on. */
  readonly password: string;
  readonly session: Extract<Session, { kind: 'power' | 'master' }>;
  /** How the pages name them: `France in alpha`, `the Master of alpha`. */
  readonly label: string;
  /** The password hash on file when they signed on: when it changes (SET PASSWORD by mail), the pages sign them off. */
  readonly fingerprint: string | null;
}

export class Visitors {
  private readonly signedOn = new Map<string, SignedOn & { lastSeen: number }>();

  constructor(private readonly secret: Buffer) {}

  newId(): string {
    return randomBytes(ID_BYTES).toString('base64url');
  }

  /** The token every form shown to the visitor carries. */
  formToken(visitor: string): string {
    return createHmac('sha256', this.secret).update(`form ${visitor}`).digest('base64url');
  }

  formTokenMatches(visitor: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.formToken(visitor));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  find(visitor: string, now: number): SignedOn | null {
    const found = this.signedOn.get(visitor);
    if (!found) return null;
    if (now - found.lastSeen > IDLE_MS) {
      this.signedOn.delete(visitor);
      return null;
    }
    found.lastSeen = now;
    return found;
  }

  /** Signs the visitor on under a new id (the old one may have been seen by others); returns the id. */
  signOn(previous: string, signedOn: SignedOn, now: number): string {
    this.signedOn.delete(previous);
    this.forgetIdle(now);
    const visitor = this.newId();
    this.signedOn.set(visitor, { ...signedOn, lastSeen: now });
    return visitor;
  }

  signOff(visitor: string): void {
    this.signedOn.delete(visitor);
  }

  private forgetIdle(now: number): void {
    for (const [visitor, entry] of this.signedOn) if (now - entry.lastSeen > IDLE_MS) this.signedOn.delete(visitor);
  }
}
