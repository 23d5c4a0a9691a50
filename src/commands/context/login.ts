import { masterAddresses, testedAddresses } from '../../game/tester.js';
import { DateTime } from 'luxon';
import { controllerOf } from '../../game/control.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import type { GameMap } from '../../map/game-map.js';
import { findPower, type GameStatus, type PowerStatus } from '../../status/model.js';
import { hashPassword, verifyPassword } from '../../status/password.js';
import type { LoadedGame } from '../../store/game-store.js';
import type { PlayerRef } from '../language/types.js';
import { currentMap, loadGame, type ExecutionContext } from './context.js';
import type { Session } from './step.js';
import {
  GUESS_WINDOW_MINUTES,
  GUESSES_PER_ADDRESS,
  GUESSES_PER_GAME,
  GUESSES_PER_TARGET,
  type GuessBlock,
  type GuessTarget,
  type WrongPassword,
} from './guessing.js';

/**
 * Checking who a SIGNON, RESIGN or Master command says the sender is. A refusal never tells a
 * missing player from a wrong password, and both take the same work (two password checks), so the
 * answer reveals nothing about who plays. Wrong passwords count towards the guessing limits.
 */

export type Authenticated = { readonly kind: 'master' } | { readonly kind: 'power'; readonly power: PowerStatus; readonly master: boolean };

export type LoginResult =
  | { readonly ok: true; readonly loaded: LoadedGame; readonly who: Authenticated }
  | { readonly ok: false; readonly reason: string; readonly notices: OutgoingMail[] };

let standIn: Promise<string> | null = null;
/** A hash no password matches in practice, checked when there is nothing real to check against. */
function standInHash(): Promise<string> {
  standIn ??= hashPassword(`stand-in ${Math.random()} ${Date.now()}`);
  return standIn;
}

/** The power a SIGNON names: an initial (`F`), a number before the start (`3`), or a name. */
export function referredPower(game: GameStatus, map: GameMap, who: PlayerRef): PowerStatus | undefined {
  switch (who.form) {
    case 'master':
      return undefined;
    case 'initial': {
      const power = map.powerWithAbbrev(who.initial);
      return power ? findPower(game, power.name) : undefined;
    }
    case 'number':
      return findPower(game, `POWER#${who.number}`);
    case 'name':
      return findPower(game, who.name) ?? findPower(game, map.power(who.name)?.name ?? '');
  }
}

async function matches(stored: string | null, attempt: string): Promise<boolean> {
  return verifyPassword(stored ?? (await standInHash()), attempt).then((same) => same && stored !== null);
}

/** The password that opens a power: its own, or for a power under CONTROL, its controller's. */
function passwordOf(game: GameStatus, power: PowerStatus | undefined): string | null {
  if (!power) return null;
  const controller = controllerOf(power);
  return controller === null ? power.password : (findPower(game, controller)?.password ?? null);
}

/**
 * The stored password that opened a session: the Master's, or the power's (its controller's under
 * CONTROL). The web pages keep it to notice a password changed since their visitor signed on.
 */
export function sessionPassword(game: GameStatus, session: Exclude<Session, { kind: 'none' | 'closed' }>): string | null {
  if (session.kind === 'master' || session.master) return game.masterPassword;
  return passwordOf(game, findPower(game, session.power));
}

/** The power (or Master) the password opens; a power's page also opens with the Master's password. */
async function authenticate(game: GameStatus, map: GameMap, who: PlayerRef, password: string): Promise<Authenticated | null> {
  const power = referredPower(game, map, who);
  const ownPassword = await matches(passwordOf(game, power), password);
  const masterPassword = await matches(game.masterPassword, password);
  if (who.form === 'master') return masterPassword ? { kind: 'master' } : null;
  if (!power) return null;
  if (ownPassword) return { kind: 'power', power, master: false };
  return masterPassword ? { kind: 'power', power, master: true } : null;
}

/**
 * The addresses registered for the place a sign-on names (a power, an observer, the Master): where a
 * code that lets its owner sign on on the web, past the limits on strangers, is mailed. Empty when
 * the game has no such place, or no address for it.
 */
export function placeAddresses(game: GameStatus, map: GameMap, who: PlayerRef): string[] {
  if (who.form === 'master') return game.master ? [game.master.email] : [];
  return referredPower(game, map, who)?.addresses.slice() ?? [];
}

function registeredAddresses(game: GameStatus): string[] {
  const addresses = game.powers.flatMap((power) => power.addresses);
  if (game.master) addresses.push(game.master.email);
  return addresses.map((address) => address.toLowerCase());
}

function clock(instant: Date): string {
  return `${DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat('ccc d LLL yyyy HH:mm')} GMT`;
}

/** Logs a sender in to a game, within the guessing limits. `target` names who was asked for in refusals. */
export async function logIn(context: ExecutionContext, gameName: string, who: PlayerRef, password: string): Promise<LoginResult> {
  const loaded = loadGame(context, gameName);
  const game = loaded.game;
  const instant = context.now.toJSDate();
  const registered = registeredAddresses(game).includes(context.sender);
  const map = currentMap(context, game);
  const target = guessTarget(game, map, who, context.sender);
  let authenticated: Authenticated | null = null;
  const attempt = { address: context.sender, game: gameName, target, registered };
  const outcome = await context.guard.guarded(attempt, instant, async () => {
    authenticated = await authenticate(game, map, who, password);
    return authenticated !== null;
  });
  if (outcome.ok) return { ok: true, loaded, who: authenticated! };
  if (outcome.blocked !== null) return { ok: false, reason: blockReason(outcome.blocked, gameName), notices: [] };
  const reason =
    who.form === 'master'
      ? `that is not the Master's password of game '${gameName}'`
      : `no player of game '${gameName}' has that name and password${senderPowerHint(context, game, map, who)}`;
  return { ok: false, reason, notices: guessingNotices(context, game, describeTarget(who), referredPower(game, map, who), outcome.wrong) };
}

/**
 * Checks a secret other than a sign-on's password (an observer's password given to JOIN or OBSERVE
 * by name, a private game's privacy word) within the same guessing limits. Refused: the reason,
 * and the notices of a limit crossed; right: null.
 */
export async function checkSecret(
  context: ExecutionContext,
  gameName: string,
  game: GameStatus,
  place: { readonly name: string; readonly owner: PowerStatus | undefined; readonly describe: string },
  check: () => Promise<boolean> | boolean,
  wrongReason: string,
): Promise<{ readonly reason: string; readonly notices: OutgoingMail[] } | null> {
  const ownAddress = place.owner?.addresses.some((address) => address.toLowerCase() === context.sender) ?? false;
  const registered = registeredAddresses(game).includes(context.sender);
  const attempt = { address: context.sender, game: gameName, target: { name: place.name, ownAddress }, registered };
  const outcome = await context.guard.guarded(attempt, context.now.toJSDate(), check);
  if (outcome.ok) return null;
  if (outcome.blocked !== null) return { reason: blockReason(outcome.blocked, gameName), notices: [] };
  return { reason: wrongReason, notices: guessingNotices(context, game, place.describe, place.owner, outcome.wrong) };
}

/**
 * When the sender's own address plays another power of the game than the one signed on as, most
 * likely the wrong letter was used: the refusal names the sender's power. The reply goes only to
 * that address, so nobody learns anything about another address's power.
 */
function senderPowerHint(context: ExecutionContext, game: GameStatus, map: GameMap, who: PlayerRef): string {
  if (who.form === 'master') return '';
  const own = game.powers.find((power) => power.addresses.some((address) => address.toLowerCase() === context.sender));
  if (own === undefined || own.name === referredPower(game, map, who)?.name) return '';
  const power = map.power(own.name);
  if (power === undefined) return `. Your address plays ${own.name} in game '${game.name}'`;
  return `. Your address plays ${power.displayName} in game '${game.name}': sign on with SIGNON ${power.abbrev}${game.name}`;
}

/** The place a password was tried for, and whether the sender is registered for it (its owner). */
function guessTarget(game: GameStatus, map: GameMap, who: PlayerRef, sender: string): GuessTarget {
  if (who.form === 'master') return { name: 'MASTER', ownAddress: game.master?.email.toLowerCase() === sender };
  const power = referredPower(game, map, who);
  const name = power?.name ?? describeTarget(who).toUpperCase();
  return { name, ownAddress: power?.addresses.some((address) => address.toLowerCase() === sender) ?? false };
}

function blockReason(block: NonNullable<GuessBlock>, game: string): string {
  const until = clock(block.until);
  switch (block.by) {
    case 'address':
      return `too many wrong passwords came from your address; the judge takes no password from it until ${until}. If you are the player and lost your password, ask the Master of '${game}' to give your power a new one`;
    case 'target':
      return `too many wrong passwords were sent for this place in game '${game}'; until ${until} the judge takes its password only from its player's registered address (on the web pages: with a sign-on code mailed there)`;
    case 'game':
      return `too many wrong passwords were sent for game '${game}'; until ${until} the judge takes passwords for it only from its players' registered addresses (on the web pages: with a sign-on code mailed there)`;
  }
}

function describeTarget(who: PlayerRef): string {
  switch (who.form) {
    case 'master':
      return 'the Master';
    case 'initial':
      return `the power with initial ${who.initial}`;
    case 'number':
      return `POWER#${who.number}`;
    case 'name':
      return who.name;
  }
}

function guessingNotices(context: ExecutionContext, game: GameStatus, target: string, place: PowerStatus | undefined, wrong: WrongPassword): OutgoingMail[] {
  const owner = wrong.targetLimitReached ? ownerNotice(context, game, place) : [];
  if (!game.master || (!wrong.addressLimitReached && !wrong.gameLimitReached && !wrong.targetLimitReached)) return owner;
  const until = clock(context.now.plus({ minutes: GUESS_WINDOW_MINUTES }).toJSDate());
  const view = {
    game: game.name,
    minutes: GUESS_WINDOW_MINUTES,
    address: context.sender,
    target,
    until,
    byAddress: wrong.addressLimitReached ? { limit: GUESSES_PER_ADDRESS } : null,
    byGame: wrong.gameLimitReached ? { limit: GUESSES_PER_GAME } : null,
    byTarget: wrong.targetLimitReached ? { limit: GUESSES_PER_TARGET, place: place?.name ?? target } : null,
  };
  const to = masterAddresses(game);
  const master = to.length > 0 ? [{ to, subject: `${game.name}: wrong passwords`, text: context.service.templates.render('password-guessing', view) }] : [];
  return [...owner, ...master];
}

/** The player whose power someone tries to open is told, at their registered address, and how to get in. */
function ownerNotice(context: ExecutionContext, game: GameStatus, power: PowerStatus | undefined): OutgoingMail[] {
  if (!power || testedAddresses(game, power.addresses).length === 0) return [];
  const until = clock(context.now.plus({ minutes: GUESS_WINDOW_MINUTES }).toJSDate());
  const view = { game: game.name, power: power.name, limit: GUESSES_PER_TARGET, minutes: GUESS_WINDOW_MINUTES, until };
  return [
    {
      to: testedAddresses(game, power.addresses),
      subject: `${game.name}: wrong passwords for your power`,
      text: context.service.templates.render('password-guessing-owner', view),
    },
  ];
}
