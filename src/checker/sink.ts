import type { OperationRules } from '../game/rules.js';
import type { DateTime } from 'luxon';
import type { GameService } from '../game/service.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import type { Memory } from './memory.js';
import type { CheckerMail } from './notices.js';

/** Where the checker's mails go; the daemon queues them in the outbox. `origin` names the game and action. */
export interface NoticeSink {
  send(notices: OutgoingMail[], origin: string): void;
}

/** What a sweep works with for each game. */
export interface SweepContext {
  readonly service: GameService;
  readonly mail: CheckerMail;
  readonly sink: NoticeSink;
  readonly now: DateTime;
  /** The rules in force of the game a step acts on, made once for the step and read by all of it. */
  readonly rules: OperationRules;
}

/**
 * What the checker did for a game: one line of the sweep's report, what to remember of it, and the
 * mails it sends that change no status file (reminders): those are queued in the same journal
 * transaction as the memory, so that a crash neither loses a reminder nor sends it twice.
 */
export interface Done {
  readonly action: string;
  readonly detail: string;
  readonly memory?: Partial<Omit<Memory, 'stateSince'>>;
  readonly mails?: { readonly notices: OutgoingMail[]; readonly origin: string };
}

/** The checker in the audit log, with the step that made the change. */
export function checkerActor(command: string) {
  return { who: 'checker', command };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
