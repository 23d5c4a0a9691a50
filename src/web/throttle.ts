import { createHash, randomUUID } from 'node:crypto';
import { Arrivals, type ThrottleLimit } from '../store/arrivals.js';
import type { JudgeDatabase } from '../store/database.js';

/**
 * The web's throttle, counted in the journal beside the mail's (store/arrivals.ts). A form sent by a
 * visitor not signed on counts for the visitor and for their IP address; a signed-on visitor's form
 * counts for the address they act as, together with that address's mail. A form naming an address
 * (JOIN, TAKEOVER, CREATE) is refused while that address's mail is over the throttle, but does not
 * count for it: a stranger's forms must not throttle someone else's mail. The codes mailed to one
 * address, and the games one IP address asks to create, have tighter limits of their own.
 */

/** Codes mailed to one address in an hour: a stranger can make the judge mail someone only this often. */
const CODES_PER_ADDRESS_PER_HOUR = 3;
/** Games one IP address may ask to create in a day, as one mail address may create (commands/master/games.ts). */
const CREATIONS_PER_IP_PER_DAY = 5;

const HOUR_MS = 3_600_000;

export class WebThrottle {
  private readonly arrivals: Arrivals;

  constructor(
    db: JudgeDatabase,
    private readonly forms: ThrottleLimit,
  ) {
    this.arrivals = new Arrivals(db);
  }

  /** A form from a visitor not signed on; `named`: the address it acts in the name of. */
  anonymousForm(visitor: string, ip: string, named: string | null, now: number): boolean {
    const senders = [`web visitor ${createHash('sha256').update(visitor).digest('base64url')}`, `web ip ${ip}`];
    return this.arrivals.admit(`web ${randomUUID()}`, senders, now, this.forms, named === null ? [] : [named.toLowerCase()]).admitted;
  }

  /** A form from a signed-on visitor, acting as `address`: counted with that address's mail. */
  signedOnForm(address: string, now: number): boolean {
    return this.arrivals.admit(`web ${randomUUID()}`, [address.toLowerCase()], now, this.forms).admitted;
  }

  /** A code to be mailed to `address`. */
  codeMailed(address: string, now: number): boolean {
    return this.arrivals.admit(`web ${randomUUID()}`, [`web code to ${address.toLowerCase()}`], now, { count: CODES_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS })
      .admitted;
  }

  /** A game asked to be created from `ip`. */
  creation(ip: string, now: number): boolean {
    return this.arrivals.admit(`web ${randomUUID()}`, [`web create ${ip}`], now, { count: CREATIONS_PER_IP_PER_DAY, windowMs: 24 * HOUR_MS }).admitted;
  }
}
