import type { HandledMail } from './intake.js';
import type { RawMail } from './raw-mail.js';

/**
 * Hands a batch of mails, in arrival order, to the judge and resolves once their outcome is
 * committed; the source files each mail away (processed or failed folder) only after that.
 */
export type MailHandler = (batch: readonly RawMail[]) => Promise<readonly HandledMail[]>;

/** Where mail comes in from while the daemon runs: an IMAP mailbox or the local Maildir. */
export interface MailSource {
  /** A line for the log: what the source reads. */
  readonly description: string;
  start(): void;
  /** Finishes the batch in hand, files it away, and stops. */
  stop(): Promise<void>;
}

/** The most mails fetched at once and handed to the judge as one batch (the IMAP source holds two: one handled, the next fetched). */
export const BATCH_SIZE = 100;
