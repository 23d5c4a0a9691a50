import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { PlayerRef } from './types.js';
import { gameName, playerName, shown } from './values.js';
import { mapped } from './verdicts.js';

/**
 * The player-and-game word of SIGNON, RESIGN, TAKEOVER, JOIN and OBSERVE: `name@game`, or (for
 * SIGNON, RESIGN and TAKEOVER) one character glued to the game name: `Ajigdy`, `3jigdy`, `Mjigdy`.
 */

export interface PlayerAtGame {
  readonly who: PlayerRef;
  readonly game: string;
}

function namedRef(name: string): PlayerRef {
  return name === 'MASTER' ? { form: 'master' } : { form: 'name', name };
}

/** `name@game`: both parts required. */
export function nameAtGame(word: string): Verdict<{ name: string; game: string }> {
  const parts = word.split('@');
  if (parts.length !== 2) return refuse(`${shown(word)} needs exactly one @ between a name and the game`);
  const [name, game] = parts as [string, string];
  if (name === '') return refuse(`${shown(word)} has no name before the @`);
  const player = playerName(name);
  if (!player.ok) return player;
  const checkedGame = gameName(game);
  if (!checkedGame.ok) return checkedGame;
  return accept({ name: player.value, game: checkedGame.value });
}

/** A single letter is a power's initial (M: the Master); a single digit is POWER#n before the game starts. */
function letterRef(character: string): PlayerRef | null {
  if (/^[0-9]$/.test(character)) return { form: 'number', number: Number(character) };
  if (!/^[A-Za-z]$/.test(character)) return null;
  const initial = character.toUpperCase();
  return initial === 'M' ? { form: 'master' } : { form: 'initial', initial };
}

export function playerAtGame(word: string): Verdict<PlayerAtGame> {
  if (word.includes('@')) {
    return mapped(nameAtGame(word), ({ name, game }) => ({ who: namedRef(name), game }));
  }
  const who = letterRef(word.charAt(0));
  if (who === null) return refuse(`${shown(word)} must start with a power's initial or number, or be name@game`);
  if (word.length === 1) return refuse(`${shown(word)} has no game name after the power's initial`);
  return mapped(gameName(word.slice(1)), (game) => ({ who, game }));
}

/** JOIN's `[power@]game`: the power, when given, is written in full. */
export function joinTarget(word: string): Verdict<{ power?: string; game: string }> {
  if (!word.includes('@')) return mapped(gameName(word), (game) => ({ game }));
  return mapped(nameAtGame(word), ({ name, game }) => ({ power: name, game }));
}
