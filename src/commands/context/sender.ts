import { Refusal } from '../../common/errors.js';
import type { Session } from './step.js';

/**
 * Who may send a command, and the one guard that refuses everybody else. The Master signed on to
 * a power with the Master's password acts as the Master too.
 */
export type Sender = 'anyone' | 'signed on' | 'power' | 'master';

export type SignedOnSession = Extract<Session, { kind: 'power' | 'master' }>;
export type PowerSession = Extract<Session, { kind: 'power' }>;
export interface MasterSession {
  readonly game: string;
}

/** The guard's refusal: the command needs a sign-on the mail has not made. */
class WrongSenderError extends Refusal {
  override name = 'WrongSenderError';
  readonly code = 'WRONG_SENDER';
}

/** What a command's handler is handed for its sender. */
export type SessionOf<S extends Sender> = {
  anyone: Session;
  'signed on': SignedOnSession;
  power: PowerSession;
  master: MasterSession;
}[S];

/** The session narrowed to what `sender` needs, or the refusal of `keyword` (as the reply names it). */
export function actingAs<S extends Sender>(session: Session, sender: S, keyword: string): SessionOf<S> {
  return narrowed(session, sender, keyword) as SessionOf<S>;
}

function narrowed(session: Session, sender: Sender, keyword: string): SessionOf<Sender> {
  switch (sender) {
    case 'anyone':
      return session;
    case 'signed on':
      if (session.kind === 'power' || session.kind === 'master') return session;
      throw new WrongSenderError(`${keyword} needs a SIGNON first`);
    case 'power':
      if (session.kind === 'power') return session;
      throw new WrongSenderError(
        session.kind === 'master'
          ? `${keyword} is for a power; sign on as the power (its initial and the Master's password)`
          : `${keyword} needs a SIGNON first`,
      );
    case 'master':
      if (session.kind === 'master' || (session.kind === 'power' && session.master)) return { game: session.game };
      if (session.kind === 'power') throw new WrongSenderError(`${keyword} is a Master's command; you are signed on as ${session.power}, not as the Master`);
      throw new WrongSenderError(`${keyword} is a Master's command: sign on as the Master first (SIGNON Mgame password)`);
  }
}
