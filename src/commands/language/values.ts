import { clip, QUOTED_VALUE_CHARACTERS } from '../../common/clip.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import { isPhaseAbbreviation } from '../../status/codecs.js';
import { GAME_NAME_RULE, isGameName } from '../../status/game-name.js';
import { allOf } from './verdicts.js';

/**
 * The single words commands carry, checked before any of them can reach a file name or a status
 * file. Control characters never get this far: the parser refuses any line holding one.
 */

/** Values are shown JSON-quoted in reasons, so that nothing odd in them reaches a reply unescaped; a long one is cut. */
export function shown(value: string): string {
  return JSON.stringify(clip(value, QUOTED_VALUE_CHARACTERS));
}

/** Game names are read in lower case, as DPjudge did; the name can never be a path. */
export function gameName(word: string): Verdict<string> {
  if (!isGameName(word)) return refuse(`${shown(word)} is not a game name (${GAME_NAME_RULE})`);
  return accept(word.toLowerCase());
}

/** Power and player names: map powers, POWER#3, observers' chosen names such as kibitzer#1. */
const PLAYER_NAME = /^[A-Za-z0-9_#.-]{1,30}$/;
const PLAYER_NAME_RULE = "letters, digits, '_', '#', '.' and '-', at most 30 characters";

export function playerName(word: string): Verdict<string> {
  if (!PLAYER_NAME.test(word)) return refuse(`${shown(word)} is not a power or player name (${PLAYER_NAME_RULE})`);
  return accept(word.toUpperCase());
}

/**
 * A list of powers as press and SET DRAW take it: names joined by commas, or one word that may be a
 * name or initials run together (`AIRE`): only the game's powers can tell which.
 */
export function powerList(text: string, where: string): Verdict<string[]> {
  const items = text.split(',');
  if (items.includes('')) return refuse(`the list ${where} has an empty name: ${shown(text)}`);
  return allOf(...items.map(playerName));
}

/** `S1901M`, or FORMING where a rollback may go back to before the game began. */
export function phase(word: string, forming: 'FORMING allowed' | 'no FORMING'): Verdict<string> {
  const upper = word.toUpperCase();
  if (isPhaseAbbreviation(upper) || (forming === 'FORMING allowed' && upper === 'FORMING')) return accept(upper);
  return refuse(`${shown(word)} is not a phase (write it like S1901M${forming === 'FORMING allowed' ? ', or FORMING' : ''})`);
}

/** A rule variant: a plain word, read in lower case. */
const PLAIN_WORD = /^[A-Za-z0-9_-]{1,40}$/;

export function plainWord(word: string, what: string): Verdict<string> {
  if (!PLAIN_WORD.test(word)) return refuse(`${shown(word)} is not a ${what} (letters, digits, '_' and '-')`);
  return accept(word.toLowerCase());
}
