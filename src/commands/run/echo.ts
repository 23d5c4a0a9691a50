import { redactLine } from '../../status/redact.js';
import { wordsOf } from '../../status/text.js';

/**
 * Lines as the reply quotes them: a password or privacy word is never repeated, since a reply may
 * also go to a power's registered address, which need not be the sender's.
 */

const HIDDEN = '********';

/** Which words (0-based, the keyword first) of a line starting with these are secrets. */
const SECRET_WORDS: Readonly<Record<string, readonly number[]>> = {
  SIGNON: [2],
  RESIGN: [2],
  TAKEOVER: [2, 3],
  JOIN: [2, 3],
  CREATE: [2],
  PURGE: [2],
  RENAME: [3],
  REVIVE: [2],
  'SET PASSWORD': [2],
};

function secretPositions(words: readonly string[]): readonly number[] {
  const first = (words[0] ?? '').toUpperCase();
  const two = `${first} ${(words[1] ?? '').toUpperCase()}`;
  const listed = SECRET_WORDS[two] ?? SECRET_WORDS[first];
  if (listed) return listed;
  // OBSERVE name@game password [privacy], and every other role a game ALLOWs.
  return words[1]?.includes('@') ? [2, 3] : [];
}

export function shownLine(text: string): string {
  const redacted = redactLine(text);
  if (redacted !== text) return redacted.trim();
  const words = wordsOf(text);
  const secrets = secretPositions(words);
  if (secrets.length === 0) return text.trim();
  return words.map((word, index) => (secrets.includes(index) ? HIDDEN : word)).join(' ');
}
