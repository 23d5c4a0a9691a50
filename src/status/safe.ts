import { hasForbiddenValueCharacter, isNormalText, isOneWord, wordsOf } from './text.js';
import { Refusal } from '../common/errors.js';

/**
 * Thrown when a model value cannot be written as one line of a status file: a line break or other
 * control character (which could smuggle a line of its own in from a mail), or a space where the
 * format needs a single word. Secret values (passwords) are never quoted in the message.
 */
export class StatusWriteError extends Refusal {
  override name = 'StatusWriteError';
  readonly code = 'STATUS_FILE_CANNOT_HOLD';

  override get reason(): string {
    return `the status file cannot hold this, so nothing was written: ${this.message}`;
  }
}

function shown(value: string, secret: boolean): string {
  if (secret) return '(hidden)';
  const quoted = JSON.stringify(value);
  return quoted.length > 60 ? `${quoted.slice(0, 57)}..."` : quoted;
}

/** A value that must be one word: not empty, no white space, no control characters. */
export function word(value: string, what: string, secret = false): string {
  if (!isOneWord(value)) throw new StatusWriteError(`${what} must be one word without control characters, got ${shown(value, secret)}`);
  return value;
}

/** A word whose case does not matter (places, powers, rules): written upper-case, as the reader stores it. */
export function upperWord(value: string, what: string): string {
  return word(value, what).toUpperCase();
}

/** Free text for the rest of a line: control characters are refused, spacing is normalised as the reader does. */
export function freeText(value: string, what: string): string {
  if (isNormalText(value)) return value;
  if (hasForbiddenValueCharacter(value)) throw new StatusWriteError(`${what} must not hold control characters, got ${shown(value, false)}`);
  return wordsOf(value).join(' ');
}

export function nonEmptyText(value: string, what: string): string {
  const text = freeText(value, what);
  if (text === '') throw new StatusWriteError(`${what} must not be empty`);
  return text;
}

/** The readers take at most nine digits: more is a typo, not a count. */
const LARGEST_COUNT = 999_999_999;

export function wholeNumber(value: number, what: string): string {
  if (!Number.isSafeInteger(value) || value < 0 || value > LARGEST_COUNT)
    throw new StatusWriteError(`${what} must be a whole number of at most nine digits, got ${value}`);
  return String(value);
}
