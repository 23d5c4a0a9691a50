import { Buffer } from 'node:buffer';
import { join } from 'node:path';

/**
 * How `judge mail` hands its mail to a running judge daemon (docs/deploying.md): over a Unix
 * socket in the daemon's var folder, the mail as one frame (its length as four bytes, big-endian,
 * then the bytes as piped), answered with one line of JSON once the mail is on disk. This module is
 * shared by the daemon and the command line's thin path, which loads nothing else of the judge.
 */

const HANDOFF_SOCKET_NAME = 'judge.sock';

/**
 * The longest socket path every platform Node runs on takes: `sun_path` holds 108 bytes on Linux
 * but 104 on macOS and the BSDs, the terminating NUL included.
 */
const LONGEST_SOCKET_PATH = 103;

/** The daemon's socket for the var folder `varFolder`; null where its path is too long for a socket, and no mail is handed over. */
export function handoffSocketPath(varFolder: string): string | null {
  const path = join(varFolder, HANDOFF_SOCKET_NAME);
  return Buffer.byteLength(path) <= LONGEST_SOCKET_PATH ? path : null;
}

export const FRAME_HEADER_BYTES = 4;

/** The frame of a mail: its length, then its bytes. */
export function mailFrame(mail: Buffer): Buffer[] {
  const header = Buffer.alloc(FRAME_HEADER_BYTES);
  header.writeUInt32BE(mail.length);
  return [header, mail];
}

/**
 * The daemon's answer. `handled`: the mail's outcome is on disk, whatever its commands said (pipe
 * mode's exit 0). `deferred`: nothing of it was recorded and it must be offered again (its game was
 * busy). `failed`: the daemon could not take it. `line` is the daemon's log line of the mail.
 */
export type HandoffAnswer =
  | { readonly outcome: 'handled'; readonly line: string }
  | { readonly outcome: 'deferred'; readonly line: string; readonly detail: string }
  | { readonly outcome: 'failed'; readonly detail: string };

export function encodeAnswer(answer: HandoffAnswer): string {
  return `${JSON.stringify(answer)}\n`;
}

/** The answer in `text`, once its line is complete; null before. */
export function decodeAnswer(text: string): HandoffAnswer | null {
  const end = text.indexOf('\n');
  return end < 0 ? null : (JSON.parse(text.slice(0, end)) as HandoffAnswer);
}
