import { GameRuleError, isForming, playablePowers } from '../../game/lifecycle.js';
import { isReservedWord } from '../../status/keywords.js';
import {
  BUILT_IN_ROLES,
  findPower,
  isPowerNumber,
  MAP_POWER_ROLE,
  newPower,
  type GameStatus,
  type PlayerIdentity,
  type PowerStatus,
} from '../../status/model.js';
import { verifyPassword } from '../../status/password.js';
import type { Command, CommandBody } from '../language/types.js';
import { noticeTo, situation, startedNotices, tellEveryone, tellMaster } from '../context/announcements.js';
import { actorOf, currentMap, displayName, gameRules, loadGame, mapsOf, refuseInPreparation, type ExecutionContext } from '../context/context.js';
import { checkSecret, logIn, referredPower } from '../context/login.js';
import { CLOSED_SESSION, type Step } from '../context/step.js';

/** JOIN, OBSERVE (and the other non-map roles) and TAKEOVER: taking a place in a game. */

type Join = Extract<CommandBody, { kind: 'join' }> & Command;
type JoinAs = Extract<CommandBody, { kind: 'joinAs' }> & Command;
type Takeover = Extract<CommandBody, { kind: 'takeover' }> & Command;

/** The sender as a NO-ID player: this judge keeps no player database. */
function identityOf(context: ExecutionContext): PlayerIdentity {
  return { id: null, email: context.sender, name: '' };
}

function powerOfSender(context: ExecutionContext, game: GameStatus): PowerStatus | undefined {
  return game.powers.find((power) => power.addresses.some((address) => address.toLowerCase() === context.sender));
}

/** Before the start a POWER#n signs on by its number; a chosen power by its name. */
function signonName(power: string): string {
  return isPowerNumber(power) ? power.slice('POWER#'.length) : `${power.toLowerCase()}@`;
}

/** A refused JOIN, OBSERVE or TAKEOVER: nothing after it acts for an earlier SIGNON. */
function refusedStep(keyword: string, refused: { readonly reason: string; readonly notices: Step['notices'] }): Step {
  return {
    lines: [`${keyword} refused: ${refused.reason}.`],
    code: 'LOGIN_REFUSED',
    reason: refused.reason,
    notices: refused.notices ?? [],
    session: CLOSED_SESSION,
  };
}

/** A private game's privacy word, checked within the guessing limits (the game layer checks it again, cheaply). */
async function privacyRefusal(context: ExecutionContext, gameName: string, game: GameStatus, privacy: string | null | undefined, keyword: string) {
  const word = game.privacy;
  if (word === null) return null;
  const place = { name: 'PRIVACY', owner: undefined, describe: 'the privacy word' };
  const refused = await checkSecret(
    context,
    gameName,
    game,
    place,
    () => privacy?.toUpperCase() === word.toUpperCase(),
    `the game ${gameName} is private: ${keyword} needs its privacy word`,
  );
  return refused === null ? null : refusedStep(keyword, refused);
}

export async function join(context: ExecutionContext, command: Join): Promise<Step> {
  refuseInPreparation(context, command.game);
  const privacy = await privacyRefusal(context, command.game, loadGame(context, command.game).game, command.privacy, 'JOIN');
  if (privacy !== null) return privacy;
  const request = {
    player: identityOf(context),
    address: context.sender,
    password: command.password,
    power: command.power ?? null,
    privacy: command.privacy ?? null,
  };
  loadGame(context, command.game);
  const { loaded, started } = await context.service.roster.join(command.game, request, actorOf(context, 'JOIN'));
  const game = loaded.game;
  const power = powerOfSender(context, game)!;
  const map = currentMap(context, game);
  const name = displayName(map, power.name);
  const session = { kind: 'power', game: command.game, power: power.name, master: false } as const;
  if (started) {
    return {
      lines: [`You have joined game '${command.game}'. The game has started: you play ${name}.`, situation(game)],
      notices: startedNotices(context, game).filter((notice) => !notice.to.includes(context.sender)),
      session,
    };
  }
  const joined = game.powers.filter((entry) => entry.role === MAP_POWER_ROLE && entry.player !== null).length;
  const wanted = playablePowers(game, mapsOf(context, game).base).length;
  const view = { address: context.sender, game: command.game, power: name, joined, wanted };
  const dealt = isPowerNumber(power.name) ? ' You will be told which power you play when the game starts.' : ` ${startWhen(context, game, joined === wanted)}`;
  return {
    lines: [
      `You have joined game '${command.game}' as ${name}; sign on with SIGNON ${signonName(power.name)}${command.game} and your password.`,
      `${joined} of ${wanted} players have joined.${dealt}`,
    ],
    notices: joinAnnouncement(context, game, view),
    session,
  };
}

/** Under START_MASTER a full game waits for its Master's ACTIVATE (Rules.txt). */
function startWhen(context: ExecutionContext, game: GameStatus, full: boolean): string {
  if (!gameRules(context, game).has('START_MASTER')) return 'The game starts when every power has a player.';
  return full
    ? 'Every power has a player now; the game starts when its Master starts it (START_MASTER).'
    : 'The game starts when every power has a player and its Master starts it (START_MASTER).';
}

/** Rules.txt: a join is broadcast to everyone in the forming game (only the Master learns the address), unless SILENT_JOIN. */
function joinAnnouncement(context: ExecutionContext, game: GameStatus, view: object) {
  const subject = `${game.name}: a player joined`;
  if (gameRules(context, game).has('SILENT_JOIN')) return tellMaster(context, game, subject, 'player-joined', view);
  return tellEveryone(context, game, subject, 'player-joined', view, [context.sender]);
}

/** OBSERVE, MONITOR or an ALLOWed type, written in full or cut short (OBS). */
function roleNamed(game: GameStatus, written: string): string {
  const roles = [...BUILT_IN_ROLES, ...game.allow];
  const role = roles.find((candidate) => candidate.startsWith(written) || written.startsWith(candidate));
  if (!role) throw new GameRuleError(`game '${game.name}' takes no ${written}; it takes ${roles.join(', ')}`);
  return role;
}

/** A chosen name must not pass for a power, the Master or a keyword of the status file. */
function checkChosenName(game: GameStatus, context: ExecutionContext, name: string): void {
  const map = currentMap(context, game);
  const taken =
    name === 'MASTER' ||
    name === 'M' ||
    isReservedWord(name) ||
    isPowerNumber(name) ||
    /^\d$/.test(name) ||
    map.power(name) !== undefined ||
    map.powerWithAbbrev(name) !== undefined ||
    map.powers.some((power) => power.displayName.toUpperCase() === name);
  if (taken) throw new GameRuleError(`${name} cannot be a player's name in game '${game.name}'; choose another`);
}

export async function joinAs(context: ExecutionContext, command: JoinAs): Promise<Step> {
  const current = loadGame(context, command.game).game;
  refuseInPreparation(context, command.game);
  const role = roleNamed(current, command.playerType);
  const privacy = await privacyRefusal(context, command.game, current, command.privacy, role);
  if (privacy !== null) return privacy;
  const existing = findPower(current, command.name);
  if (existing) return changeRole(context, command, existing, role);
  checkChosenName(current, context, command.name);
  if (powerOfSender(context, current)) throw new GameRuleError(`your address already has a place in game '${command.game}'`);
  const block: PowerStatus = {
    ...newPower(command.name, role),
    addresses: [context.sender],
    player: { current: identityOf(context), earlier: [] },
    password: command.password,
  };
  await context.service.roster.addPlayer(command.game, block, actorOf(context, role));
  const view = { address: context.sender, game: command.game, power: `the ${role} ${command.name}` };
  return {
    lines: [`You have joined game '${command.game}' as the ${role} ${command.name}. Sign on with SIGNON ${command.name}@${command.game} and your password.`],
    notices: tellMaster(context, current, `${command.game}: ${command.name} joined as ${role}`, 'observer-joined', view),
    session: { kind: 'power', game: command.game, power: command.name, master: false },
  };
}

/** DPjudge lets a non-map player change type with the same name and password. */
async function changeRole(context: ExecutionContext, command: JoinAs, existing: PowerStatus, role: string): Promise<Step> {
  const game = loadGame(context, command.game).game;
  const stored = existing.role !== MAP_POWER_ROLE ? existing.password : null;
  const place = { name: existing.name, owner: existing, describe: existing.name };
  const check = async () => stored !== null && (await verifyPassword(stored, command.password));
  const refused = await checkSecret(context, command.game, game, place, check, `the name ${command.name} is taken in game '${command.game}'`);
  if (refused !== null) return refusedStep(role, refused);
  await context.service.roster.changeRole(command.game, existing.name, role, actorOf(context, role));
  return {
    lines: [`${command.name} takes part in game '${command.game}' as ${role} now.`],
    session: { kind: 'power', game: command.game, power: existing.name, master: false },
  };
}

export async function takeOver(context: ExecutionContext, command: Takeover): Promise<Step> {
  if (command.who.form === 'master') return takeOverMaster(context, command);
  const current = loadGame(context, command.game).game;
  const power = referredPower(current, currentMap(context, current), command.who);
  if (!power || power.role !== MAP_POWER_ROLE) throw new GameRuleError(`game '${command.game}' has no such power to take over`);
  if (isForming(current)) throw new GameRuleError(`game '${command.game}' has not started; JOIN it instead`);
  const own = powerOfSender(context, current);
  if (own && own.role === MAP_POWER_ROLE) throw new GameRuleError(`you already play ${own.name} in game '${command.game}'`);
  const privacy = await privacyRefusal(context, command.game, current, command.privacy, 'TAKEOVER');
  if (privacy !== null) return privacy;
  const request = { player: identityOf(context), address: context.sender, password: command.password, privacy: command.privacy ?? null };
  const loaded = await context.service.roster.takeOver(command.game, power.name, request, actorOf(context, 'TAKEOVER'));
  const game = loaded.game;
  const name = displayName(currentMap(context, game), power.name);
  const view = { game: command.game, power: name, address: context.sender };
  return {
    lines: [`You have taken over ${name} in game '${command.game}'.`, situation(game)],
    notices: tellEveryone(context, game, `${command.game}: ${name} has a new player`, 'new-player', view, [context.sender]),
    session: { kind: 'power', game: command.game, power: power.name, master: false },
  };
}

/** TAKEOVER Mgame password: the new Master knows the Master's password; the old one is told. */
async function takeOverMaster(context: ExecutionContext, command: Takeover): Promise<Step> {
  const login = await logIn(context, command.game, command.who, command.password);
  if (!login.ok)
    return { lines: [`TAKEOVER refused: ${login.reason}.`], code: 'LOGIN_REFUSED', reason: login.reason, notices: login.notices, session: CLOSED_SESSION };
  const before = login.loaded.game.master;
  await context.service.roster.replaceMaster(command.game, identityOf(context), actorOf(context, 'TAKEOVER master'));
  const notices =
    before && before.email.toLowerCase() !== context.sender
      ? [noticeTo(context, [before.email], `${command.game}: a new Master`, 'master-replaced', { game: command.game, address: context.sender })]
      : [];
  return { lines: [`You are now the Master of game '${command.game}'.`], notices, session: { kind: 'master', game: command.game } };
}
