import type { RefusalCode } from '../../common/errors.js';
import { GameRuleError } from '../../game/lifecycle.js';
import { findPower, MAP_POWER_ROLE, type GameStatus } from '../../status/model.js';
import type { Command, Login } from '../language/types.js';
import { noticeTo, situation, tellEveryone } from '../context/announcements.js';
import { actorOf, currentMap, displayName, type ExecutionContext } from '../context/context.js';
import { logIn, type Authenticated } from '../context/login.js';
import type { SignedOnSession } from '../context/sender.js';
import { CLOSED_SESSION, type Session, type Step } from '../context/step.js';

/** SIGNON, SIGNOFF and RESIGN: who the lines after them act for. */

function sessionOf(game: string, who: Authenticated): Session {
  return who.kind === 'master' ? { kind: 'master', game } : { kind: 'power', game, power: who.power.name, master: who.master };
}

function signedOnLine(game: GameStatus, map: ReturnType<typeof currentMap>, who: Authenticated): string {
  if (who.kind === 'master') return `Signed on as the Master of game '${game.name}'.`;
  const name = displayName(map, who.power.name);
  return `Signed on as ${name} in game '${game.name}'${who.master ? " with the Master's password" : ''}.`;
}

/** A refused login closes the session, so nothing after it acts for an earlier SIGNON. */
function refusedLogin(keyword: string, reason: string, notices: Step['notices'] = [], code: RefusalCode = 'LOGIN_REFUSED'): Step {
  return { lines: [`${keyword} refused: ${reason}.`], code, reason, session: CLOSED_SESSION, notices };
}

export async function signOn(context: ExecutionContext, command: Login): Promise<Step> {
  const login = await logIn(context, command.game, command.who, command.password);
  if (!login.ok) return refusedLogin('SIGNON', login.reason, login.notices);
  const game = login.loaded.game;
  return {
    lines: [signedOnLine(game, currentMap(context, game), login.who), situation(game)],
    session: sessionOf(command.game, login.who),
  };
}

export function signOff(): Step {
  return { lines: ['Signed off: the rest of the mail is not read.'], session: CLOSED_SESSION };
}

/** RESIGN in place of a SIGNON: it signs on too, so that a parting press can follow. */
export async function resignInsteadOfSignon(context: ExecutionContext, command: Login & Command): Promise<Step> {
  if (command.who.form === 'master') return refusedLogin('RESIGN', 'the Master may not resign; find a new Master, who sends TAKEOVER', [], 'GAME_RULE');
  const login = await logIn(context, command.game, command.who, command.password);
  if (!login.ok) return refusedLogin('RESIGN', login.reason, login.notices);
  const session = sessionOf(command.game, login.who);
  if (login.who.kind !== 'power') throw new GameRuleError('only a player can resign');
  try {
    return { ...(await resign(context, command.game, login.who.power.name, false)), session };
  } catch (error) {
    // Nothing after a refused RESIGN acts for the power: its orders were meant for a player who meant to leave.
    if (error instanceof GameRuleError)
      return {
        lines: [`RESIGN not done: ${error.message}. The rest of the mail is not read.`],
        code: error.code,
        reason: error.message,
        session: CLOSED_SESSION,
      };
    throw error;
  }
}

export async function resignSignedOn(context: ExecutionContext, session: SignedOnSession): Promise<Step> {
  if (session.kind !== 'power') throw new GameRuleError('the Master may not resign; name the power to resign a player: RESIGN power');
  return resign(context, session.game, session.power, false);
}

/** The player leaves: a forming game forgets them, a started one keeps the power vacant for a TAKEOVER. */
export async function resign(context: ExecutionContext, gameName: string, powerName: string, byMaster: boolean): Promise<Step> {
  if (context.mailHasProblems && !byMaster)
    throw new GameRuleError('RESIGN is done only from a mail without mistakes; this one has lines the judge could not read (listed below), so you still play');
  const before = context.service.load(gameName).game;
  const power = findPower(before, powerName);
  if (!power) throw new GameRuleError(`game '${gameName}' has no power ${powerName}`);
  const loaded = await context.service.roster.resign(gameName, power.name, actorOf(context, byMaster ? 'RESIGN power' : 'RESIGN'));
  const game = loaded.game;
  const map = currentMap(context, game);
  const name = displayName(map, power.name);
  // A player who resigned from their own address reads it in the reply; anyone else is told apart.
  const toldByReply = power.addresses.some((address) => address.toLowerCase() === context.sender);
  const notices =
    toldByReply || power.addresses.length === 0
      ? []
      : [noticeTo(context, power.addresses, `${gameName}: you have resigned`, 'resignation', { game: gameName, power: name, byMaster })];
  if (power.role === MAP_POWER_ROLE && findPower(game, power.name)) {
    const how = byMaster ? 'has been resigned by the Master' : 'has lost its player, who resigned';
    const view = { game: gameName, power: name, how, takeover: power.name.toLowerCase(), address: power.addresses.join(', ') };
    notices.push(...tellEveryone(context, game, `${gameName}: ${name} needs a new player`, 'vacancy', view, power.addresses));
  }
  const who = byMaster ? `${name} has been resigned` : `You have resigned from game '${gameName}' and no longer play ${name}`;
  return { lines: [`${who}.`], notices };
}
