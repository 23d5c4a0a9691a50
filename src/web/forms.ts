import { isGameName } from '../status/game-name.js';
import { Refusal } from '../common/errors.js';

/**
 * The forms' fields, read into the lines a player would mail. Every field that becomes one word of
 * a command must be one word, and every field that becomes one line must be one line, so that no
 * field can slip a command of its own into the text; what the words mean is the command
 * command executor's business, which answers a wrong one as it answers a mail.
 */

export type Fields = Readonly<Record<string, unknown>>;

/** A form that cannot be read: the visitor is shown `message`. */
export class FormError extends Refusal {
  override name = 'FormError';
  readonly code = 'FORM_UNREADABLE';
}

const LONGEST_WORD = 200;
const LONGEST_TEXT = 100_000;

/** All values of a field: one, several (checkboxes, repeated selects) or none. */
function values(fields: Fields, name: string): string[] {
  const value = fields[name];
  if (value === undefined) return [];
  const all = Array.isArray(value) ? value : [value];
  if (!all.every((item): item is string => typeof item === 'string')) throw new FormError(`the field '${name}' is not text`);
  return all;
}

function one(fields: Fields, name: string): string {
  const all = values(fields, name);
  if (all.length > 1) throw new FormError(`the field '${name}' is given more than once`);
  return all[0] ?? '';
}

/** A field that must hold one word. */
export function word(fields: Fields, name: string, what: string): string {
  const value = one(fields, name).trim();
  if (value === '') throw new FormError(`${what} is missing`);
  if (/\s/.test(value) || value.length > LONGEST_WORD) throw new FormError(`${what} must be a single word`);
  return value;
}

/** A field that may be left empty, else one word. */
export function optionalWord(fields: Fields, name: string, what: string): string | null {
  return one(fields, name).trim() === '' ? null : word(fields, name, what);
}

/** A field that must hold a line of text (several words allowed). */
export function line(fields: Fields, name: string, what: string): string {
  const value = one(fields, name).trim();
  if (value === '') throw new FormError(`${what} is missing`);
  if (/[\r\n]/.test(value) || value.length > LONGEST_WORD) throw new FormError(`${what} must be one line`);
  return value;
}

/** Lines, one per value of a repeated field (the order choices); empty values are left out. */
export function lines(fields: Fields, name: string): string[] {
  const all = values(fields, name).map((value) => value.trim());
  if (all.some((value) => /[\r\n]/.test(value) || value.length > LONGEST_WORD)) throw new FormError('each order must be one line');
  return all.filter((value) => value !== '');
}

/** A text area: its lines as typed, line ends made plain. */
export function text(fields: Fields, name: string, what: string): string {
  const value = one(fields, name).replace(/\r\n?/g, '\n');
  if (value.trim() === '') throw new FormError(`${what} is empty`);
  if (value.length > LONGEST_TEXT) throw new FormError(`${what} is longer than a mail the judge reads`);
  return value;
}

/** The words several checkboxes of one name give. */
function words(fields: Fields, name: string, what: string): string[] {
  const all = values(fields, name).map((value) => value.trim());
  if (all.some((value) => /\s/.test(value) || value === '' || value.length > LONGEST_WORD)) throw new FormError(`${what} must be single words`);
  return all;
}

export function gameField(fields: Fields, name = 'game'): string {
  const game = word(fields, name, 'The game name');
  if (!isGameName(game)) throw new FormError(`'${game}' is not a game name`);
  return game;
}

export function checked(fields: Fields, name: string): boolean {
  return one(fields, name) !== '';
}

/**
 * The SIGNON word for someone: a power's initial or number glued to the game (`Falpha`, `3alpha`),
 * or a name before it (`FRANCE@alpha`, `MASTER@alpha`, `kibitzer@alpha`).
 */
export function signonWord(who: string, game: string): string {
  return who.length === 1 ? `${who}${game}` : `${who}@${game}`;
}

const PRESS_ENDS = /^\s*(ENDPRESS|ENDBROADCAST|SIGNOFF)\b/i;

/** PRESS TO ... or BROADCAST, the body, and the line that ends it. */
export function pressLines(fields: Fields): string[] {
  const body = text(fields, 'body', 'The message');
  // A line that ends press would end the message there and be read as a command.
  const ending = body.split('\n').find((row) => PRESS_ENDS.test(row));
  if (ending !== undefined) throw new FormError(`the message may not have a line starting with ${ending.trim().split(/\s+/)[0]!.toUpperCase()}`);
  const to = words(fields, 'to', 'The recipients');
  const broadcast = checked(fields, 'broadcast');
  if (!broadcast && to.length === 0) throw new FormError('choose who the message is for, or everyone');
  const options = [checked(fields, 'grey') ? 'GREY' : null].filter((item) => item !== null);
  const header = broadcast ? ['BROADCAST', ...options] : ['PRESS', ...options, 'TO', to.join(',')];
  return [header.join(' '), ...body.split('\n'), broadcast ? 'ENDBROADCAST' : 'ENDPRESS'];
}
