import { DateTime } from 'luxon';
import { controllerOf } from '../../game/control.js';
import type { Notice } from '../../game/service.js';
import type { GameMap } from '../../map/game-map.js';
import { findPower, type GameStatus, type PowerStatus } from '../../status/model.js';
import { hashPassword, verifyPassword } from '../../status/password.js';
import type { LoadedGame } from '../../store/game-store.js';
import type { PlayerRef } from '../types.js';
import { currentMap, loadGame, type ExecutionContext } from './context.js';
import type { Session } from './step.js';
import { GUESS_WINDOW_MINUTES, GUESSES_PER_ADDRESS, GUESSES_PER_GAME, type WrongPassword } from './guessing.js';

/**
 * Checking who a SIGNON, RESIGN or Master command says the sender is. A refusal never tells a
 * missing player from a wrong password, and both take the same work (two password checks), so the
 * answer reveals nothing about who plays. Wrong passwords count towards the guessing limits.
 */

export type Authenticated =
  | { readonly kind: 'master' }
  | { readonly kind: 'power'; readonly power: PowerStatus; readonly master: boolean };

export type LoginResult =
  | { readonly ok: true; readonly loaded: LoadedGame; readonly who: Authenticated }
  | { readonly ok: false; readonly reason: string; readonly notices: Notice[] };

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
  const block = context.guard.blocked(context.sender, gameName, registered, instant);
  if (block !== null) {
    const reason =
      block.by === 'address'
        ? `too many wrong passwords came from your address; the judge takes no password from it until ${clock(block.until)}`
        : `too many wrong passwords were sent for game '${gameName}'; until ${clock(block.until)} the judge takes passwords for it only from its players' registered addresses`;
    return { ok: false, reason, notices: [] };
  }
  const authenticated = await authenticate(game, currentMap(context, game), who, password);
  if (authenticated !== null) return { ok: true, loaded, who: authenticated };
  const wrong = context.guard.failed(context.sender, gameName, instant);
  return { ok: false, reason: `no player of game '${gameName}' has that name and password`, notices: guessingNotices(context, game, who, wrong) };
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

function guessingNotices(context: ExecutionContext, game: GameStatus, who: PlayerRef, wrong: WrongPassword): Notice[] {
  if (!game.master || (!wrong.addressLimitReached && !wrong.gameLimitReached)) return [];
  const until = clock(context.now.plus({ minutes: GUESS_WINDOW_MINUTES }).toJSDate());
  const view = {
    game: game.name,
    minutes: GUESS_WINDOW_MINUTES,
    address: context.sender,
    target: describeTarget(who),
    until,
    byAddress: wrong.addressLimitReached ? { limit: GUESSES_PER_ADDRESS } : null,
    byGame: wrong.gameLimitReached ? { limit: GUESSES_PER_GAME } : null,
  };
  return [{ to: [game.master.email], subject: `${game.name}: wrong passwords`, text: context.service.templates.render('password-guessing', view) }];
}
