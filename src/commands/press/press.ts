import { GameRuleError, isCompleted } from '../../game/lifecycle.js';
import { hasOrders, orderPhaseOf } from '../../game/orders.js';
import { currentDeadline } from '../../game/schedule.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import type { ArchivedPress } from '../../store/press-archive.js';
import { formatPhase } from '../../map/phase.js';
import type { RulesInForce } from '../../rules/in-force.js';
import type { GameMap } from '../../map/game-map.js';
import { findPower, playedPhase, unplayedPhase, type GameStatus } from '../../status/model.js';
import type { Command, Press } from '../language/types.js';
import { noticeTo } from '../context/announcements.js';
import { currentMap, displayName, loadGame, mapsOf, phaseRules, type ExecutionContext } from '../context/context.js';
import { planPress, type Party, type PressPlan } from './press-rules.js';
import { testedAddresses } from '../../game/tester.js';
import type { SignedOnSession } from '../context/sender.js';
import type { Step } from '../context/step.js';
import { lateness } from '../../game/readiness.js';

/** PRESS and BROADCAST: each recipient gets a mail of their own, with the sender shown or hidden as the plan says. */

export interface PressOptions {
  /** OFFICIAL's subject, when the Master gave one: the press goes out under it, without the usual header. */
  readonly official: string | null;
  /** Orders for the sender's power are waiting in this mail (they count for MUST_ORDER). */
  readonly ordersInMail: boolean;
}

function partyName(map: GameMap, party: Party): string {
  return party.kind === 'master' ? 'the Master' : displayName(map, party.power.name);
}

function nameList(map: GameMap, parties: readonly Party[]): string {
  return parties.map((party) => partyName(map, party)).join(', ');
}

/** The header a recipient reads: what the sender chose to show. */
function shownHeader(map: GameMap, plan: PressPlan): string {
  const from = plan.shownFrom === null ? 'an anonymous sender' : partyName(map, plan.shownFrom);
  if (plan.shownTo === null) return `Broadcast message from ${from}`;
  return `Message from ${from} to ${nameList(map, plan.shownTo)}`;
}

/** The Master reads the truth as well as what the others were shown. */
function masterHeader(map: GameMap, plan: PressPlan, sender: Party, eavesdropping: boolean): string {
  const truth = plan.broadcast
    ? `Broadcast message from ${partyName(map, sender)}`
    : `Message from ${partyName(map, sender)} to ${nameList(map, plan.recipients)}`;
  const shown = shownHeader(map, plan);
  const notes = [eavesdropping ? 'a copy (EAVESDROP)' : '', shown === truth ? '' : `shown as: ${shown}`].filter((note) => note !== '');
  return notes.length > 0 ? `${truth} (${notes.join('; ')})` : truth;
}

function addressesOf(game: GameStatus, party: Party): readonly string[] {
  return party.kind === 'master' ? (game.master ? [game.master.email] : []) : party.power.addresses;
}

function senderParty(game: GameStatus, session: SignedOnSession): Party {
  if (session.kind === 'master') return { kind: 'master' };
  const power = findPower(game, session.power);
  if (!power) throw new GameRuleError(`game '${game.name}' has no player ${session.power}`);
  return { kind: 'power', power };
}

function ordersOnFile(game: GameStatus, sender: Party): boolean {
  const phase = playedPhase(game);
  if (sender.kind !== 'power' || phase === null) return false;
  const orderPhase = orderPhaseOf(phase);
  return orderPhase !== null && hasOrders(sender.power, orderPhase);
}

/** Powers still owing orders for the phase; the sender's orders in this mail count as given, as they do for MUST_ORDER. */
function latePowers(context: ExecutionContext, game: GameStatus, sender: Party, ordersInMail: boolean): ReadonlySet<string> {
  const late = new Set(lateness(game, mapsOf(context, game), context.rules, context.service.listings.variant(game)).map((owing) => owing.power));
  if (ordersInMail && sender.kind === 'power') late.delete(sender.power.name);
  return late;
}

function refusedPress(command: Press & Command, reason: string): Step {
  const body = command.body === '' ? ['  (empty)'] : command.body.split('\n').map((line) => `  ${line}`);
  return {
    lines: [`Press not sent: ${reason}.`, 'Your message was:', ...body],
    code: 'PRESS_REFUSED',
    refused: [{ line: command.text.trim(), reason, code: 'PRESS_REFUSED' }],
  };
}

/** What the press archive keeps of a message; null for a broadcast after the end under NO_EOG, which is not kept as an end-of-game statement. */
function archived(
  context: ExecutionContext,
  name: string,
  game: GameStatus,
  rules: RulesInForce,
  header: string,
  plan: PressPlan,
  body: string,
): ArchivedPress | null {
  const endOfGame = isCompleted(game);
  if (endOfGame && plan.broadcast && rules.has('NO_EOG')) return null;
  const phase = playedPhase(game);
  const phaseName = phase ? formatPhase(phase) : (unplayedPhase(game) ?? 'FORMING');
  return { game: name, sentAt: context.now.toISO() ?? '', phase: phaseName, header, body, endOfGame };
}

export function sendPress(context: ExecutionContext, session: SignedOnSession, command: Press & Command, options: PressOptions): Step {
  const game = loadGame(context, session.game).game;
  const map = currentMap(context, game);
  const sender = senderParty(game, session);
  const rules = phaseRules(context, game);
  const deadline = currentDeadline(game);
  const deadlinePassed = deadline !== null && deadline <= context.now;
  const hasOrders = options.ordersInMail || ordersOnFile(game, sender);
  const late = latePowers(context, game, sender, options.ordersInMail);
  const verdict = planPress({ game, map, rules, sender, press: command, hasOrders, deadlinePassed, late });
  if (!verdict.ok) return refusedPress(command, verdict.reason);
  const plan = verdict.plan;
  const subject = options.official ?? `Diplomacy press (game ${game.name})`;
  const delivered = new Set<string>();
  const notices: OutgoingMail[] = [];
  const deliver = (party: Party, header: string) => {
    const addresses = addressesOf(game, party).filter((address) => !delivered.has(address.toLowerCase()));
    if (addresses.length === 0) return;
    for (const address of addresses) delivered.add(address.toLowerCase());
    const view = { header: options.official === null ? header : null, game: game.name, body: command.body };
    const to = testedAddresses(game, addresses);
    if (to.length > 0) notices.push(noticeTo(context, to, subject, 'press', view));
  };
  for (const address of addressesOf(game, sender)) delivered.add(address.toLowerCase());
  delivered.add(context.sender);
  for (const party of plan.recipients) deliver(party, party.kind === 'master' ? masterHeader(map, plan, sender, false) : shownHeader(map, plan));
  if (plan.masterListens) deliver({ kind: 'master' }, masterHeader(map, plan, sender, true));
  for (const power of game.powers.filter((entry) => entry.omniscient === 'yes-with-press'))
    deliver({ kind: 'power', power }, masterHeader(map, plan, sender, false));
  if (!command.quiet) {
    const view = {
      game: game.name,
      recipients: plan.broadcast ? 'everyone in the game' : nameList(map, plan.recipients),
      header: shownHeader(map, plan),
      body: command.body,
    };
    notices.push(noticeTo(context, [context.sender], `Copy of your press (game ${game.name})`, 'press-copy', view));
  }
  const reach = plan.broadcast ? 'Broadcast sent to everyone in the game' : `Press sent to ${nameList(map, plan.recipients)}`;
  const kept = archived(context, session.game, game, rules, masterHeader(map, plan, sender, false), plan, command.body);
  // Under OFFICIAL the recipients see the subject and no header: the reply names what they see.
  const seen = options.official === null ? `they read: "${shownHeader(map, plan)}"` : `under the subject "${options.official}", with no header`;
  return { lines: [`${reach}; ${seen}.`], notices, ...(kept === null ? {} : { archived: kept }) };
}
