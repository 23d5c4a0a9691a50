import type { DateTime, Zone } from 'luxon';
import { checkSetDeadline, formatDeadlineStamp, gameZone } from '../../deadline/index.js';
import { GameRuleError, isCompleted } from '../../game/lifecycle.js';
import { describeDeadline, phaseTitle } from '../../game/results.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import { currentDeadline, gameTiming } from '../../game/schedule.js';
import { DRAW_PROPOSAL, voters } from '../../game/votes.js';
import { formatPhase } from '../../map/phase.js';
import { formatVote } from '../../status/codecs.js';
import { findPower, MAP_POWER_ROLE, playedPhase, type GameStatus, type Proposal, type Vote } from '../../status/model.js';
import type { AbsenceSpan, DateSpec } from '../language/types.js';
import { gameOverNotices, readyLine, tellEveryone, tellMaster, tellPowers } from '../context/announcements.js';
import { actorOf, currentMap, displayName, gameRules, loadGame, mapsOf, phaseRules, type ExecutionContext } from '../context/context.js';
import { resolveDate } from './dates.js';
import type { SignedOnSession } from '../context/sender.js';
import type { Step } from '../context/step.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { latePowers } from '../../game/readiness.js';

/** The SET commands and VOTE: a signed-on player's own settings, and the game's deadline. */

type Signed = SignedOnSession;

function powerOf(session: Signed, keyword: string): string {
  if (session.kind !== 'power') throw new GameRuleError(`${keyword} is for players; sign on as a power`);
  return session.power;
}

function actsAsMaster(session: Signed): boolean {
  return session.kind === 'master' || session.master;
}

export async function setAddress(context: ExecutionContext, session: Signed, addresses: readonly string[]): Promise<Step> {
  const chosen = addresses.length > 0 ? [...addresses] : [context.sender];
  await context.service.roster.setAddresses(session.game, session.kind === 'master' ? null : session.power, chosen, actorOf(context, 'SET ADDRESS'));
  const whose = session.kind === 'master' ? "The Master's address" : 'Your address';
  return { lines: [`${whose} in game '${session.game}' is now ${chosen.join(', ')}.`] };
}

export async function setPassword(context: ExecutionContext, session: Signed, password: string): Promise<Step> {
  await context.service.roster.setPassword(session.game, session.kind === 'master' ? null : session.power, password, actorOf(context, 'SET PASSWORD'));
  return { lines: [`${session.kind === 'master' ? "The Master's password" : 'Your password'} in game '${session.game}' is changed.`] };
}

/** NO_WAIT, and REAL_TIME (processed the moment the last orders are in): no player may hold a phase back. */
function waitingBarredBy(rules: RulesInForce): string | null {
  if (rules.has('NO_WAIT')) return 'the game has NO_WAIT: nobody may hold the phase back';
  if (rules.has('REAL_TIME')) return 'the game has REAL_TIME: it is processed as soon as the last orders are in, and nobody may hold it back';
  return null;
}

export async function setWait(context: ExecutionContext, session: Signed, wait: boolean): Promise<Step> {
  const power = powerOf(session, wait ? 'SET WAIT' : 'SET NOWAIT');
  const current = loadGame(context, session.game).game;
  const barred = wait ? waitingBarredBy(gameRules(context, current)) : null;
  if (barred) throw new GameRuleError(barred);
  if (findPower(current, power)?.role !== MAP_POWER_ROLE) throw new GameRuleError(`${power} gives no orders and cannot wait`);
  const loaded = await context.service.schedule.setWait(session.game, power, wait, actorOf(context, wait ? 'SET WAIT' : 'SET NOWAIT'));
  const ready =
    !wait &&
    loaded.game.delay === 1 &&
    latePowers(loaded.game, mapsOf(context, loaded.game), context.rules, context.service.listings.variant(loaded.game)).length === 0;
  const lines = [wait ? 'You are waiting: the phase is not processed before its deadline.' : 'You are no longer waiting.'];
  if (ready) lines.push(readyLine(phaseRules(context, loaded.game)));
  return { lines };
}

const LONGEST_PLAYER_ABSENCE_DAYS = 14;

/** What SET ABSENCE covers, on the game's clocks: `from` is the start of today for SET ABSENCE TO. */
interface AbsencePeriod {
  readonly kind: AbsenceSpan['kind'];
  readonly from: DateTime;
  readonly fromTimed: boolean;
  readonly to: DateTime;
  readonly toTimed: boolean;
}

function absencePeriod(span: AbsenceSpan, zone: Zone, now: DateTime): AbsencePeriod {
  const today = now.setZone(zone).startOf('day');
  const midnight = { hour: 0, minute: 0 };
  const fromSpec = span.kind === 'until' ? null : span.kind === 'on' ? span.date : span.from;
  const toSpec = span.kind === 'range' ? span.to : span.date;
  const from = fromSpec ? resolveDate(fromSpec, zone, today, midnight) : today;
  const to = span.kind === 'on' ? from : resolveDate(toSpec, zone, from, midnight);
  return { kind: span.kind, from, fromTimed: fromSpec?.time !== undefined, to, toTimed: toSpec.time !== undefined };
}

/** A day without a time covers the whole day, as a NOT entry of TIMING does. */
function absenceEnd(period: AbsencePeriod): DateTime {
  return period.toTimed ? period.to : period.to.plus({ days: 1 });
}

function absenceDays(period: AbsencePeriod): number {
  return absenceEnd(period).diff(period.from, 'days').days;
}

/**
 * An absence over before it is entered would be taken silently and do nothing. A time alone means
 * today (Email.txt: "this could only be today"), so `SET ABSENCE TO 13:00` sent at 15:39 is one.
 */
function refusePastAbsence(period: AbsencePeriod, span: AbsenceSpan, now: DateTime): void {
  const end = absenceEnd(period);
  if (end > now) return;
  const shown = (moment: DateTime) => moment.toFormat('ccc d LLL yyyy HH:mm');
  const timeAlone = span.kind === 'until' && span.date.day === undefined && span.date.weekday === undefined;
  const tomorrow = `SET ABSENCE TO ${end.plus({ days: 1 }).day} ${end.toFormat('HH:mm')}`;
  const hint = timeAlone ? `; a time alone means today, so name the day for another (${tomorrow})` : '';
  throw new GameRuleError(`the absence would be over already: it ends ${shown(end)}, and it is ${shown(now.setZone(end.zone))} on the game's clocks${hint}`);
}

function stampOf(date: DateTime, withTime: boolean): string {
  return date.toFormat(withTime ? 'yyyyMMddHHmm' : 'yyyyMMdd');
}

function timingEntry(period: AbsencePeriod): string {
  const from = stampOf(period.from, period.fromTimed);
  const to = stampOf(period.to, period.toTimed);
  return period.kind === 'until' ? `-${to}` : period.kind === 'on' ? from : `${from}-${to}`;
}

function absenceWords(period: AbsencePeriod): string {
  const shown = (date: DateTime, timed: boolean) => date.toFormat(timed ? 'ccc d LLL yyyy HH:mm' : 'ccc d LLL yyyy');
  if (period.kind === 'until') return `until ${shown(period.to, period.toTimed)}`;
  if (period.kind === 'on') return `on ${shown(period.from, period.fromTimed)}`;
  return `from ${shown(period.from, period.fromTimed)} to ${shown(period.to, period.toTimed)}`;
}

/**
 * Who hears of an absence: everyone but the sender, or under SILENT_ABSENCES the Master alone (the
 * absence still shows in TIMING). Under HIDE_ABSENTEES only the Master learns which power asked.
 */
function absenceNotices(context: ExecutionContext, game: GameStatus, session: Signed, period: string): OutgoingMail[] {
  const rules = gameRules(context, game);
  const master = actsAsMaster(session);
  const setBy = master ? 'the Master' : displayName(currentMap(context, game), powerOf(session, 'SET ABSENCE'));
  const hidden = !master && rules.has('HIDE_ABSENTEES');
  const silent = rules.has('SILENT_ABSENCES');
  const view = { game: game.name, period, setBy: hidden ? null : setBy, hiddenSetter: hidden ? setBy : null, silent };
  const subject = `${game.name}: an absence is entered`;
  if (!silent) return tellEveryone(context, game, subject, 'absence', view, [context.sender]);
  const masterSentIt = game.master?.email.toLowerCase() === context.sender;
  return masterSentIt ? [] : tellMaster(context, game, subject, 'absence', view);
}

/** SET ABSENCE becomes a NOT entry of the game's TIMING: no deadline falls in it. */
export async function setAbsence(context: ExecutionContext, session: Signed, span: AbsenceSpan): Promise<Step> {
  const current = loadGame(context, session.game).game;
  if (isCompleted(current)) throw new GameRuleError(`game '${session.game}' is over`);
  const master = actsAsMaster(session);
  if (!master && gameRules(context, current).has('NO_ABSENCES')) throw new GameRuleError('the game has NO_ABSENCES: only the Master may SET ABSENCE');
  const period = absencePeriod(span, gameZone(current.zone ?? undefined), context.now);
  refusePastAbsence(period, span, context.now);
  if (!master && absenceDays(period) > LONGEST_PLAYER_ABSENCE_DAYS)
    throw new GameRuleError(`only the Master may set an absence longer than ${LONGEST_PLAYER_ABSENCE_DAYS} days`);
  const entry = timingEntry(period);
  const loaded = await context.service.schedule.addAbsence(session.game, entry, actorOf(context, 'SET ABSENCE'));
  const words = absenceWords(period);
  return {
    lines: [`No deadline of game '${session.game}' will fall ${words} (TIMING NOT ${entry}).`],
    notices: absenceNotices(context, loaded.game, session, words),
  };
}

function playingPhase(game: GameStatus) {
  const phase = playedPhase(game);
  if (phase === null) throw new GameRuleError(`game '${game.name}' is not being played, so it has no deadline to set`);
  return phase;
}

export async function setDeadline(context: ExecutionContext, session: Signed, date: DateSpec): Promise<Step> {
  const current = loadGame(context, session.game).game;
  const phase = playingPhase(current);
  const maps = mapsOf(context, current);
  const rules = gameRules(context, current);
  const timing = gameTiming(current, maps.base.data.flow);
  const zone = gameZone(current.zone ?? undefined);
  const requested = resolveDate(date, zone, context.now, timing.at[0] ?? { hour: 0, minute: 0 });
  const master = actsAsMaster(session);
  const setter = master ? ({ role: 'master' } as const) : ({ role: 'player', playerDeadlines: rules.has('PLAYER_DEADLINES') } as const);
  const deadline = currentDeadline(current) ?? undefined;
  const verdict = checkSetDeadline({
    requested,
    timing,
    zone: current.zone ?? undefined,
    phase: formatPhase(phase),
    now: context.now,
    current: deadline,
    setter,
  });
  if (!verdict.allowed) throw new GameRuleError(verdict.reason);
  const stamp = formatDeadlineStamp(requested, zone);
  const loaded = await context.service.schedule.setDeadline(session.game, stamp, actorOf(context, 'SET DEADLINE'));
  const shown = describeDeadline(stamp, current.zone);
  const setBy = master ? 'the Master' : displayName(currentMap(context, current), powerOf(session, 'SET DEADLINE'));
  const hidden = !master && rules.has('HIDE_EXTENDERS');
  const view = { game: session.game, phase: phaseTitle(phase), deadline: shown, setBy: hidden ? null : setBy, hiddenSetter: hidden ? setBy : null };
  return {
    lines: [`The deadline of game '${session.game}' for ${phaseTitle(phase)} is now ${shown}.`],
    notices: tellEveryone(context, loaded.game, `${session.game}: new deadline ${shown}`, 'deadline-changed', view, [context.sender]),
  };
}

/** When the votes ended the game: the line for the reply and the mail to everyone. */
function gameOver(context: ExecutionContext, game: GameStatus, agreement: string): Pick<Step, 'lines' | 'notices'> {
  if (!isCompleted(game) || !game.result) return { lines: [] };
  const map = currentMap(context, game);
  const victors = game.result.victors.map((name) => displayName(map, name));
  const outcome = victors.length === 1 ? `${victors[0]} has won` : `it is drawn between ${victors.join(', ')}`;
  return {
    lines: [`${agreement}: game '${game.name}' is over, ${outcome}.`],
    notices: gameOverNotices(context, game, outcome),
  };
}

async function castVote(context: ExecutionContext, session: Signed, vote: Vote | null, keyword: string): Promise<Step> {
  const power = powerOf(session, keyword);
  const loaded =
    vote === null
      ? await context.service.votes.withdraw(session.game, power, actorOf(context, keyword))
      : await context.service.votes.cast(session.game, power, vote, actorOf(context, keyword));
  const ended = gameOver(context, loaded.game, 'The votes agree');
  return { lines: [vote === null ? 'Your vote is withdrawn.' : `Your vote is recorded: ${formatVote(vote)}.`, ...ended.lines], notices: ended.notices ?? [] };
}

function proposalText(context: ExecutionContext, game: GameStatus, proposal: Proposal): string {
  return proposal.result === DRAW_PROPOSAL ? 'a draw including all survivors' : `a concession to ${displayName(currentMap(context, game), proposal.result)}`;
}

/** PROPOSE: the voters hear of it (without the proposer's name under HIDE_PROPOSER). */
export async function propose(context: ExecutionContext, signed: Signed, result: string): Promise<Step> {
  const power = powerOf(signed, 'PROPOSE');
  const before = loadGame(context, signed.game).game;
  const conceded = result === DRAW_PROPOSAL ? result : (currentMap(context, before).power(result)?.name ?? result);
  const loaded = await context.service.votes.propose(signed.game, power, conceded, actorOf(context, 'PROPOSE'));
  const game = loaded.game;
  const proposal: Proposal = game.proposal ?? { result: conceded, proposer: power };
  const text = proposalText(context, game, proposal);
  const ended = gameOver(context, game, 'Everyone agrees');
  if (ended.lines.length > 0) return { lines: [`You propose ${text}.`, ...ended.lines], notices: ended.notices ?? [] };
  const hidden = gameRules(context, game).has('HIDE_PROPOSER');
  const view = { game: signed.game, proposed: true, proposal: text, proposer: hidden ? null : displayName(currentMap(context, game), power) };
  return {
    lines: [`You propose ${text}; your own YES is counted. The other powers with a vote are asked to agree.`],
    notices: tellPowers(context, game, voters(game), `${signed.game}: ${text} is proposed`, 'proposal', view, [context.sender]),
  };
}

/** VOTE NO: the proposal is gone; the voters are told it was vetoed, not by whom. */
export async function veto(context: ExecutionContext, signed: Signed): Promise<Step> {
  const power = powerOf(signed, 'VOTE NO');
  const before = loadGame(context, signed.game).game;
  const loaded = await context.service.votes.veto(signed.game, power, actorOf(context, 'VOTE NO'));
  const text = before.proposal ? proposalText(context, before, before.proposal) : 'the proposal';
  const view = { game: signed.game, vetoed: true, proposal: text };
  return {
    lines: [`You veto ${text}; it is off the table.`],
    notices: tellPowers(context, loaded.game, voters(loaded.game), `${signed.game}: the proposal is vetoed`, 'proposal', view, [context.sender]),
  };
}

export function vote(context: ExecutionContext, session: Signed, choice: Vote): Promise<Step> {
  return castVote(context, session, choice, 'VOTE');
}

/** SET DRAW: a vote for a draw among the powers named, or all survivors; SET NODRAW withdraws it. */
export function setDraw(context: ExecutionContext, signed: Signed, powers: readonly string[]): Promise<Step> {
  const game = loadGame(context, signed.game).game;
  return castVote(context, signed, { drawSize: powers.length > 0 ? powers.length : voters(game).length }, 'SET DRAW');
}

export function setNoDraw(context: ExecutionContext, session: Signed): Promise<Step> {
  return castVote(context, session, null, 'SET NODRAW');
}
