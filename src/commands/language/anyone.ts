import { accept, refuse, type Verdict } from '../../common/verdict.js';
import { joinTarget, nameAtGame, playerAtGame } from './login.js';
import { wordCountProblem, type Invocation, type Reader } from './grammar.js';
import type { CommandBody, Login } from './types.js';
import { gameName, phase, plainWord, playerName } from './values.js';
import { allOf, mapped } from './verdicts.js';

/** The readers of the commands anyone may send, signed on or not: lists, joining, signing on, and creating games. */

const LOGIN_FORM = 'Agame password or name@game password';
const JOIN_FORM = 'JOIN [power@]game password [privacy]';

/** SIGNON, RESIGN and TAKEOVER: `Agame password` or `name@game password`, then `extras` optional words. */
function login(call: Invocation, extras: number): Verdict<Login> {
  const { keyword, words } = call;
  const wrong = wordCountProblem(
    words,
    [`${keyword} needs the power and game, then the password: ${keyword} ${LOGIN_FORM}`, `${keyword} needs a password`],
    2 + extras,
    `${keyword} takes too many words: ${keyword} ${LOGIN_FORM}${extras > 0 ? ' [privacy]' : ''}`,
  );
  if (wrong !== null) return refuse(wrong);
  return mapped(playerAtGame(words[0]!), (found) => ({ ...found, password: words[1]! }));
}

/** The game a request names; after a SIGNON it may be left out for the signed-on game. */
function requestedGame(call: Invocation, word: string | undefined): Verdict<string | undefined> {
  if (word !== undefined) return gameName(word);
  return call.signedOn ? accept(undefined) : refuse(`${call.keyword} needs a game name`);
}

function withGame<T extends object>(game: string | undefined, body: T): T & { game?: string } {
  return game === undefined ? body : { ...body, game };
}

const MAP_FORMATS = new Set(['GIF', 'PS', 'PDF', 'SVG', 'PNG']);

/** RESIGN replaces a SIGNON (`RESIGN Agame password`); after a SIGNON, `RESIGN` alone or the Master's `RESIGN power`. */
export const resign: Reader = (call) => {
  const [target] = call.words;
  if (call.signedOn && target === undefined) return accept({ kind: 'resignSignedOn' });
  if (call.signedOn && call.words.length === 1 && !target!.includes('@')) return mapped(playerName(target!), (power) => ({ kind: 'resignPower', power }));
  return mapped(login(call, 0), (resigning) => ({ kind: 'resign', ...resigning }));
};

export const list: Reader = (call) => {
  if (call.words.length > 1) return refuse('LIST takes at most one game name');
  const [word] = call.words;
  if (word === undefined) return accept({ kind: 'list' });
  return mapped(gameName(word), (game) => ({ kind: 'list', game }));
};

export const summary: Reader = (call) => {
  if (call.words.length > 1) return refuse('SUMMARY takes one game name');
  return mapped(requestedGame(call, call.words[0]), (game) => withGame(game, { kind: 'summary' as const }));
};

export const history: Reader = (call) => {
  // After a SIGNON the game may be left out, so a first word that reads as a phase is a phase.
  const [first] = call.words;
  if (call.words[call.words.length - 1]?.toUpperCase() === 'PRESS') {
    if (call.words.length > 2) return refuse('HISTORY PRESS takes only a game name: HISTORY [game] PRESS');
    const game = requestedGame(call, call.words.length === 2 ? first : undefined);
    return mapped(game, (name) => withGame(name, { kind: 'pressHistory' as const }));
  }
  const gameGiven = first !== undefined && !(call.signedOn && phase(first, 'no FORMING').ok);
  const game = requestedGame(call, gameGiven ? first : undefined);
  if (!game.ok) return game;
  const phases = allOf(...call.words.slice(gameGiven ? 1 : 0).map((word) => phase(word, 'no FORMING')));
  return mapped(phases, (read) => withGame(game.value, { kind: 'history' as const, phases: read }));
};

export const map: Reader = (call) => {
  const last = call.words[call.words.length - 1]?.toUpperCase();
  const format = last !== undefined && MAP_FORMATS.has(last) ? last : undefined;
  const gameWords = format === undefined ? call.words : call.words.slice(0, -1);
  if (gameWords.length > 1) return refuse(`MAP takes one game name and at most a format (${[...MAP_FORMATS].join(', ')})`);
  const game = requestedGame(call, gameWords[0]);
  if (!game.ok) return game;
  return accept(withGame(game.value, format === undefined ? { kind: 'map' as const } : { kind: 'map' as const, format }));
};

export const join: Reader = (call) => {
  const missing = [`JOIN needs the game, then your password: ${JOIN_FORM}`, 'JOIN needs a password'];
  const wrong = wordCountProblem(call.words, missing, 3, `JOIN takes too many words: ${JOIN_FORM}`);
  if (wrong !== null) return refuse(wrong);
  const [target, password, privacy] = call.words as [string, string, string?];
  return mapped(joinTarget(target), (joined) => ({ kind: 'join', ...joined, password, ...(privacy !== undefined && { privacy }) }));
};

export const takeover: Reader = (call) => {
  const privacy = call.words[2];
  return mapped(login(call, 1), (taken) => ({ kind: 'takeover', ...taken, ...(privacy !== undefined && { privacy }) }));
};

export const signon: Reader = (call) => mapped(login(call, 0), (signon) => ({ kind: 'signon', ...signon }));

export const help: Reader = (call) => accept(call.rest === '' ? { kind: 'help' } : { kind: 'help', topic: call.rest.toUpperCase() });

export const create: Reader = (call) => {
  const wrong = wordCountProblem(
    call.words,
    ['CREATE needs a game name, then the Master password: CREATE game password [variant]', 'CREATE needs a Master password'],
    3,
    'CREATE takes a game name, a password and at most a rule variant',
  );
  if (wrong !== null) return refuse(wrong);
  const [game, password, variant] = call.words as [string, string, string?];
  const checked = allOf(gameName(game), variant === undefined ? accept(undefined) : plainWord(variant, 'rule variant'));
  if (!checked.ok) return checked;
  const [name, rules] = checked.value;
  return accept({ kind: 'create', game: name, password, ...(rules !== undefined && { variant: rules }) });
};

export const purge: Reader = (call) => {
  if (call.words.length !== 2) return refuse('PURGE needs the game name and the Master password: PURGE game password');
  return mapped(gameName(call.words[0]!), (game) => ({ kind: 'purge', game, password: call.words[1]! }));
};

export const rename: Reader = (call) => {
  if (call.words.length !== 3) return refuse('RENAME needs the game name, the new name and the Master password: RENAME game newgame password');
  const names = allOf(gameName(call.words[0]!), gameName(call.words[1]!));
  if (!names.ok) return names;
  const [game, newGame] = names.value;
  return accept({ kind: 'rename', game, newGame, password: call.words[2]! });
};

export const signoff: Reader = () => accept({ kind: 'signoff' });

/** `TYPE name@game password [privacy]`: OBSERVE, MONITOR or any type a game ALLOWs, at least three letters long. */
export function joinAs(playerType: string, words: readonly string[]): Verdict<CommandBody> {
  const needsName = `${playerType} needs your chosen name and the game: ${playerType} name@game password`;
  if (!(words[0] ?? '').includes('@')) return refuse(needsName);
  const tooMany = `${playerType} takes too many words: ${playerType} name@game password [privacy]`;
  const wrong = wordCountProblem(words, [needsName, `${playerType} needs a password`], 3, tooMany);
  if (wrong !== null) return refuse(wrong);
  const [target, password, privacy] = words as [string, string, string?];
  return mapped(nameAtGame(target), (named) => ({ kind: 'joinAs', playerType, ...named, password, ...(privacy !== undefined && { privacy }) }));
}

/** Words that can start a join as a non-map power: letters only, three or more, as DPjudge asked. */
export function isPlayerTypeWord(word: string): boolean {
  return /^[A-Za-z]{3,}$/.test(word);
}
