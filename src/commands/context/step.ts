import { clip, QUOTED_LINE_CHARACTERS, QUOTED_VALUE_CHARACTERS } from '../../common/clip.js';
import type { RefusalCode } from '../../common/errors.js';
import type { RefusedLine } from '../../engine/legality/reader.js';
import type { MailAttachment, OutgoingMail } from '../../store/outgoing-mail.js';
import type { ArchivedPress } from '../../store/press-archive.js';

/**
 * Who the lines of a mail act for: nobody yet, nobody any more (after SIGNOFF or a refused
 * SIGNON), a power (`master`: signed on with the Master's password), or the Master of a game.
 */
export type Session =
  | { readonly kind: 'none' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'power'; readonly game: string; readonly power: string; readonly master: boolean }
  | { readonly kind: 'master'; readonly game: string };

export const NO_SESSION: Session = { kind: 'none' };
export const CLOSED_SESSION: Session = { kind: 'closed' };

/** A refused line of a mail, with why in words (the reply quotes it) and as the catalogue's code. */
export interface Refused extends RefusedLine {
  readonly code: RefusalCode;
}

/**
 * What one command did: the reply's lines under its echo, the lines it refused, the files the
 * reply carries, the other mails it caused, and how it changed the mail's session. Plain data, so
 * that it can be recorded and replayed when the same mail is executed again.
 */
export interface Step {
  readonly lines: readonly string[];
  /** The lines it refused, when not just its own line (for `code`, `reason`): orders each on their own. */
  readonly refused?: readonly Refused[];
  readonly notices?: readonly OutgoingMail[];
  /** Files the reply carries (MAP's picture of the board). */
  readonly attachments?: readonly MailAttachment[];
  /** The session after the command; absent when unchanged. */
  readonly session?: Session;
  /** OFFICIAL: the subject later press in the mail goes out under (null: the usual one again). */
  readonly official?: string | null;
  /** Set when the command was refused: why, as the catalogue's code (`common/errors.ts`). */
  readonly code?: RefusalCode;
  /** Press the command sent, for the game's press archive: kept in the commit that records the step. */
  readonly archived?: ArchivedPress;
  /** Why the command was refused, for the quote at the end of the reply (else its first line). */
  readonly reason?: string;
}

/** `"line": reason`, the way every refusal is quoted; the reply echoed the line already, so it is cut shorter here. */
export function quoted({ line, reason }: RefusedLine): string {
  const why = clip(reason, QUOTED_LINE_CHARACTERS);
  return line === null ? why : `"${clip(line.trim(), QUOTED_VALUE_CHARACTERS)}": ${why}`;
}
