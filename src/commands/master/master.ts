import { lateList } from '../../game/orders.js';
import { GameRuleError, isCompleted, isForming } from '../../game/lifecycle.js';
import { phaseTitle } from '../../game/results.js';
import { phaseAbbrev } from '../../map/phase.js';
import { findPower, MAP_POWER_ROLE, playedPhase, unplayedPhase, type GameStatus } from '../../status/model.js';
import type { CommandBody } from '../language/types.js';
import { gameOverNotices, noticeTo, situation, startedNotices, tellEveryone } from '../context/announcements.js';
import { actorOf, currentMap, displayName, gameRules, loadGame, mapsOf, type ExecutionContext } from '../context/context.js';
import { resign } from '../joining/signing.js';
import type { MasterSession } from '../context/sender.js';
import type { Step } from '../context/step.js';
import { lateness } from '../../game/readiness.js';

/** The Master's commands on a game: its state, processing, rolling back, and who plays what. */

type Rolling = Extract<CommandBody, { kind: 'rollback' | 'rollforward' }>;

function playing(game: GameStatus) {
  const phase = playedPhase(game);
  if (phase === null) throw new GameRuleError(`game '${game.name}' is ${unplayedPhase(game) === 'FORMING' ? 'still forming' : 'over'}`);
  return phase;
}

/** FORM: a game in preparation is shown to the world and takes JOINs. */
export async function form(context: ExecutionContext, session: MasterSession): Promise<Step> {
  const game = loadGame(context, session.game).game;
  if (!isForming(game)) throw new GameRuleError(`game '${session.game}' has started already`);
  if (context.service.listings.listedState(session.game) !== 'preparation') throw new GameRuleError(`game '${session.game}' is forming already`);
  const actor = actorOf(context, 'FORM');
  await context.service.listings.form(session.game, actor);
  if (gameRules(context, game).has('SOLITAIRE')) return startSolitaire(context, session.game, game, actor);
  return { lines: [`Game '${session.game}' is forming: players may JOIN it.`] };
}

/** Rules.txt: a SOLITAIRE game gets a privacy password, skips FORMING, and starts with every power a dummy. */
async function startSolitaire(context: ExecutionContext, name: string, game: GameStatus, actor: ReturnType<typeof actorOf>): Promise<Step> {
  const privacy = game.privacy ?? privacyWord(context.random);
  if (game.privacy === null) await context.service.roster.setPrivacy(name, privacy, actor);
  const started = await context.service.lifecycle.start(name, actor);
  return {
    lines: [
      `Game '${name}' is a SOLITAIRE game: every power is a dummy of yours, and it has started.`,
      `Its privacy password is ${privacy}.`,
      situation(started.game),
    ],
  };
}

function privacyWord(random: () => number): string {
  const letters = 'abcdefghijkmnpqrstuvwxyz';
  return Array.from({ length: 10 }, () => letters[Math.floor(random() * letters.length)]).join('');
}

export async function activate(context: ExecutionContext, session: MasterSession): Promise<Step> {
  const game = loadGame(context, session.game).game;
  if (isForming(game)) {
    const started = await context.service.lifecycle.start(session.game, actorOf(context, 'ACTIVATE'));
    return {
      lines: [`Game '${session.game}' has started.`, situation(started.game)],
      notices: startedNotices(context, started.game).filter((notice) => !notice.to.includes(context.sender)),
    };
  }
  const listed = context.service.listings.mainStatus().status.games.find((listing) => listing.name === session.game);
  if (game.phase?.mode !== 'WAIT' && listed?.state !== 'waiting') throw new GameRuleError(`game '${session.game}' is active already`);
  const loaded = await context.service.lifecycle.activate(session.game, actorOf(context, 'ACTIVATE'));
  return { lines: [`Game '${session.game}' is active again.`, situation(loaded.game)] };
}

export async function wait(context: ExecutionContext, session: MasterSession): Promise<Step> {
  playing(loadGame(context, session.game).game);
  await context.service.lifecycle.wait(session.game, actorOf(context, 'WAIT'));
  return { lines: [`Game '${session.game}' waits: no phase is processed until you PROCESS it or ACTIVATE the game.`] };
}

export async function terminate(context: ExecutionContext, session: MasterSession): Promise<Step> {
  const loaded = await context.service.lifecycle.terminate(session.game, actorOf(context, 'TERMINATE'));
  const outcome = 'the Master has terminated it';
  return {
    lines: [`Game '${session.game}' is terminated.`],
    notices: gameOverNotices(context, loaded.game, outcome, [context.sender]),
  };
}

export async function processGame(context: ExecutionContext, session: MasterSession, force: boolean, phase: string | undefined): Promise<Step> {
  const game = loadGame(context, session.game).game;
  const current = phaseAbbrev(playing(game));
  if (phase !== undefined && phase !== current) throw new GameRuleError(`game '${session.game}' is at ${current}, not ${phase}; nothing was processed`);
  const late = lateness(game, mapsOf(context, game), context.rules, context.service.listings.variant(game));
  // Rules.txt: under CIVIL_DISORDER the Master's plain PROCESS puts the powers without orders in civil disorder.
  const civilDisorder = gameRules(context, game).has('CIVIL_DISORDER');
  if (!force && !civilDisorder && late.length > 0)
    throw new GameRuleError(`orders are missing or incomplete from ${lateList(currentMap(context, game), late)}; send PROCESS! to process anyway`);
  const outcome = await context.service.phases.process(session.game, actorOf(context, force ? 'PROCESS!' : 'PROCESS'), { expectPhase: current });
  if (outcome === null) throw new GameRuleError(`game '${session.game}' moved on from ${current} meanwhile; nothing was processed`);
  return {
    lines: [`${phaseTitle(outcome.report.phase)} of game '${session.game}' is processed; the results are mailed to everyone.`, situation(outcome.game)],
  };
}

export async function preview(context: ExecutionContext, session: MasterSession, phase: string | undefined): Promise<Step> {
  const current = phaseAbbrev(playing(loadGame(context, session.game).game));
  if (phase !== undefined && phase !== current) throw new GameRuleError(`game '${session.game}' is at ${current}, not ${phase}`);
  const outcome = context.service.phases.preview(session.game, { expectPhase: current });
  if (outcome === null) throw new GameRuleError(`game '${session.game}' moved on from ${current} meanwhile`);
  return { lines: [`The preview of ${phaseTitle(outcome.report.phase)} is mailed to you; the game is unchanged.`], notices: outcome.notices };
}

export async function roll(context: ExecutionContext, session: MasterSession, command: Rolling): Promise<Step> {
  const before = loadGame(context, session.game).game;
  if (isCompleted(before)) throw new GameRuleError(`game '${session.game}' is over; it can no longer be rolled back or forward`);
  const actor = actorOf(context, command.kind.toUpperCase());
  const settings = { keepSettings: !command.full, clearOrders: !command.restore, newDeadline: true };
  const { game } =
    command.kind === 'rollback'
      ? await context.service.rolls.rollback(session.game, actor, command.phase, settings)
      : await context.service.rolls.rollforward(session.game, actor, command.phase, settings);
  const where = situation(game);
  const view = { game: session.game, direction: command.kind === 'rollback' ? 'back' : 'forward', situation: where, restored: command.restore };
  return {
    lines: [`Game '${session.game}' is rolled ${view.direction}.`, where],
    notices: tellEveryone(context, game, `${session.game}: rolled ${view.direction}`, 'rolled', view, [context.sender]),
  };
}

export function resignPlayer(context: ExecutionContext, session: MasterSession, power: string): Promise<Step> {
  return resign(context, session.game, power, true);
}

export async function dummy(context: ExecutionContext, session: MasterSession, powerName: string): Promise<Step> {
  const before = findPower(loadGame(context, session.game).game, powerName);
  if (!before || before.role !== MAP_POWER_ROLE) throw new GameRuleError(`game '${session.game}' has no power ${powerName}`);
  const loaded = await context.service.roster.dummy(session.game, before.name, actorOf(context, 'DUMMY'));
  const name = displayName(currentMap(context, loaded.game), before.name);
  const notices =
    before.addresses.length > 0
      ? [noticeTo(context, before.addresses, `${session.game}: ${name} is a dummy now`, 'dummied', { game: session.game, power: name })]
      : [];
  return { lines: [`${name} is a dummy now: it has no player and its units hold.`], notices };
}

/** REVIVE: the player who last played the power gets it back, with a new password told to them. */
export async function revive(context: ExecutionContext, session: MasterSession, powerName: string, password: string | undefined): Promise<Step> {
  const current = loadGame(context, session.game).game;
  const power = findPower(current, powerName);
  if (!power || power.role !== MAP_POWER_ROLE) throw new GameRuleError(`game '${session.game}' has no power ${powerName}`);
  if (typeof power.player?.current === 'object')
    throw new GameRuleError(`${power.name} is being played; REVIVE brings back the earlier player of a power left without one (a dummy or vacant)`);
  const previous = power.player?.earlier.map((stint) => stint.occupant).find((occupant) => typeof occupant === 'object');
  if (previous === undefined || typeof previous !== 'object') throw new GameRuleError(`nobody played ${power.name} before, so there is no one to bring back`);
  const newPassword = password ?? randomPassword(context.random);
  const request = { player: previous, address: previous.email, password: newPassword, privacy: current.privacy };
  const loaded = await context.service.roster.takeOver(session.game, power.name, request, actorOf(context, 'REVIVE'));
  const name = displayName(currentMap(context, loaded.game), power.name);
  const view = { game: session.game, power: name, password: newPassword, signon: `${power.name.toLowerCase()}@${session.game}` };
  return {
    lines: [`${name} is played again by its earlier player, who is told the new password.`],
    notices: [noticeTo(context, [previous.email], `${session.game}: welcome back`, 'revived', view)],
  };
}

function randomPassword(random: () => number): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => letters[Math.floor(random() * letters.length)]).join('');
}

/** REVEAL: under NO_REVEAL the players' identities are published once the Master says so. */
export async function reveal(context: ExecutionContext, session: MasterSession): Promise<Step> {
  const game = loadGame(context, session.game).game;
  if (!isCompleted(game)) throw new GameRuleError(`game '${session.game}' is not over; identities are revealed only after the end`);
  if (!gameRules(context, game).has('NO_REVEAL')) return { lines: [`Game '${session.game}' has no NO_REVEAL rule: its players are known already.`] };
  await context.service.roster.reveal(session.game, actorOf(context, 'REVEAL'));
  return { lines: [`The players of game '${session.game}' are revealed: SUMMARY ${session.game} shows them.`] };
}

export function official(subject: string | undefined): Step {
  if (subject === undefined) return { lines: ['Press after this goes out as usual again.'], official: null };
  return { lines: [`Press after this goes out under the subject "${subject}", without the usual header.`], official: subject };
}

export async function setListed(context: ExecutionContext, session: MasterSession, listed: boolean): Promise<Step> {
  await context.service.listings.updateListing(session.game, actorOf(context, listed ? 'SET LISTED' : 'SET UNLISTED'), (listing) => {
    const flags = listing.flags.filter((flag) => flag !== 'unlisted');
    return { ...listing, flags: listed ? flags : [...flags, 'unlisted'] };
  });
  return {
    lines: [listed ? `Game '${session.game}' is shown by LIST again.` : `Game '${session.game}' is left out of LIST; players need its name to find it.`],
  };
}
