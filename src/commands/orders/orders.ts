import { GameRuleError } from '../../game/lifecycle.js';
import { lateList, ordersOnFile, orderPhaseOf, type SubmissionReport } from '../../game/orders.js';
import { phaseTitle } from '../../game/results.js';
import { currentDeadline } from '../../game/schedule.js';
import type { GameMap } from '../../map/game-map.js';
import type { Phase } from '../../map/model.js';
import { phaseAbbrev } from '../../map/phase.js';
import { findPower, MAP_POWER_ROLE, type GameStatus, type PowerStatus } from '../../status/model.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import { readyLine, situation, tellEveryone, tellMaster } from '../context/announcements.js';
import { actorOf, currentMap, displayName, loadGame, mapsOf, phaseRules, type ExecutionContext } from '../context/context.js';
import type { PowerSession, SignedOnSession } from '../context/sender.js';
import type { Step } from '../context/step.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { lateness } from '../../game/readiness.js';

/** Orders, CLEAR and STATUS: a power's orders for the current phase, and only its own. */

function orderingPhase(game: GameStatus): Phase {
  const phase = game.phase?.phase;
  if (phase === 'FORMING') throw new GameRuleError(`game '${game.name}' has not started yet; orders are taken once it has`);
  if (!phase || phase === 'COMPLETED') throw new GameRuleError(`game '${game.name}' is over; it takes no more orders`);
  if (!orderPhaseOf(phase)) throw new GameRuleError(`${phaseTitle(phase)} takes no orders; the Master processes it`);
  return phase;
}

function orderingPower(game: GameStatus, session: PowerSession): PowerStatus {
  const power = findPower(game, session.power);
  if (!power || power.role !== MAP_POWER_ROLE) throw new GameRuleError(`${session.power} is not a power on the map and gives no orders`);
  return power;
}

/**
 * The rule that makes orders on file final once the deadline has passed: NO_LATE_CHANGES, which
 * CIVIL_DISORDER brings along unless LATE_CHANGES is named (so that nobody changes orders to prey on
 * powers about to fall into civil disorder when the grace runs out); null when changes are allowed.
 */
function lateChangesBarredBy(rules: RulesInForce): string | null {
  if (rules.has('NO_LATE_CHANGES')) return 'NO_LATE_CHANGES';
  if (rules.has('CIVIL_DISORDER') && !rules.has('LATE_CHANGES')) return 'CIVIL_DISORDER (and not LATE_CHANGES)';
  return null;
}

/** The orders a submission now replaces: the standard game's on file, Crystal Ball's list being written (XtalballGame.updateOrders). */
function listBeingWritten(context: ExecutionContext, game: GameStatus, power: PowerStatus, phase: Phase): readonly string[] {
  return (
    context.service.listings
      .variant(game)
      .listsOnFile(game, power, phase)
      .find((list) => list.writing)?.orders ?? []
  );
}

/** The rule that bars changing `power`'s orders on file now: null when they may be changed (or there are none). */
function lateChangeBar(context: ExecutionContext, game: GameStatus, session: PowerSession, power: PowerStatus, phase: Phase): string | null {
  if (session.master || listBeingWritten(context, game, power, phase).length === 0) return null;
  const deadline = currentDeadline(game);
  if (deadline === null || deadline > context.now) return null;
  return lateChangesBarredBy(phaseRules(context, game));
}

function lateChangeRefusal(context: ExecutionContext, game: GameStatus, power: PowerStatus, rule: string): string {
  const name = displayName(currentMap(context, game), power.name);
  return `the game has ${rule}: the deadline has passed, so the orders on file for ${name} may no longer be changed`;
}

/**
 * Refuses a CLEAR of orders already on file after the deadline where a rule forbids it. A power
 * with no orders may still send them; the Master, ordering with the Master's password, is not bound.
 */
function refuseLateChange(context: ExecutionContext, game: GameStatus, session: PowerSession, power: PowerStatus, phase: Phase): void {
  const rule = lateChangeBar(context, game, session, power, phase);
  if (rule) throw new GameRuleError(lateChangeRefusal(context, game, power, rule));
}

/**
 * The lines to submit after the deadline under a rule barring late changes (Rules.txt: "no changes
 * can be made to any already-submitted orders"): a power still late, its orders on file incomplete,
 * may add the missing ones. They are added to those on file, which must all stay as they are.
 */
function lateAdditions(context: ExecutionContext, game: GameStatus, power: PowerStatus, phase: Phase, rule: string, lines: readonly string[]) {
  const onFile = listBeingWritten(context, game, power, phase);
  const missing = stillUnordered(context, game, power);
  if (missing.length === 0) throw new GameRuleError(lateChangeRefusal(context, game, power, rule));
  const added = lines.filter((line) => !onFile.includes(line.trim().toUpperCase()));
  const vet = (report: SubmissionReport) => {
    const changed = onFile.filter((order) => !report.onFile.includes(order));
    if (changed.length > 0)
      throw new GameRuleError(
        `${lateChangeRefusal(context, game, power, rule)} (${changed.join('; ')}); only the units still without an order may be ordered: ${missing.join(', ')}`,
      );
  };
  return { lines: [...onFile, ...added], vet };
}

function onFileLines(context: ExecutionContext, game: GameStatus, power: PowerStatus, phase: Phase): string[] {
  const map = currentMap(context, game);
  const name = displayName(map, power.name);
  const variant = context.service.listings.variant(game);
  return [
    ...variant
      .listsOnFile(game, power, phase)
      .flatMap(({ title, orders }) => [
        `Orders on file for ${name} for ${title}:`,
        ...(orders.length > 0 ? orders.map((order) => `  ${order}`) : ['  (none)']),
      ]),
    ...(variant.powerAccount?.(game, power, map, phaseRules(context, game)) ?? []),
  ];
}

function stillUnordered(context: ExecutionContext, game: GameStatus, power: PowerStatus): readonly string[] {
  return (
    lateness(game, mapsOf(context, game), context.rules, context.service.listings.variant(game)).find((candidate) => candidate.power === power.name)
      ?.unordered ?? []
  );
}

/** What a power still owes after its orders: the units left without one, so that it knows it is late. */
function stillLate(context: ExecutionContext, game: GameStatus, power: PowerStatus): string[] {
  const late = lateness(game, mapsOf(context, game), context.rules, context.service.listings.variant(game)).find((candidate) => candidate.power === power.name);
  if (late === undefined) return [];
  const name = displayName(currentMap(context, game), power.name);
  if (late.unordered.length === 0) return [`${name} has no orders on file and counts as late until it has.`];
  return [`Still without an order: ${late.unordered.join(', ')}. ${name} counts as late until every unit is ordered.`];
}

/** Every order is in: a REAL_TIME game is processed at once (Rules.txt), any other by the deadline checker. */
async function whenReady(context: ExecutionContext, name: string, phase: Phase, rules: RulesInForce): Promise<string[]> {
  if (!rules.has('REAL_TIME')) return [readyLine(rules)];
  const outcome = await context.service.phases.process(name, actorOf(context, 'REAL_TIME'), { expectPhase: phaseAbbrev(phase) });
  if (outcome === null) return [];
  return [
    `Every power that owes orders has them on file now, and the game has REAL_TIME: ${phaseTitle(phase)} is processed; the results are mailed to everyone.`,
    situation(outcome.game),
  ];
}

/** Every order line of a SIGNON's block at once: together they replace whatever was on file. */
export async function submitOrders(context: ExecutionContext, session: PowerSession, lines: readonly string[]): Promise<Step> {
  const current = loadGame(context, session.game).game;
  const phase = orderingPhase(current);
  const power = orderingPower(current, session);
  const bar = lateChangeBar(context, current, session, power, phase);
  const late = bar === null ? { lines, vet: undefined } : lateAdditions(context, current, power, phase, bar, lines);
  const report = await context.service.submitOrders(session.game, power.name, late.lines, actorOf(context, 'ORDERS'), late.vet, (submitted) =>
    announced(context, submitted.game, submitted.broadcast),
  );
  const now = findPower(report.game, power.name)!;
  const rules = phaseRules(context, report.game);
  const ready = report.ready ? await whenReady(context, session.game, phase, rules) : [];
  const refusedCount = report.refused.length;
  const summary = refusedCount > 0 ? [`${refusedCount} order line${refusedCount === 1 ? ' was' : 's were'} not accepted (see below).`] : [];
  return {
    lines: [...summary, ...onFileLines(context, report.game, now, phase), ...report.notes, ...stillLate(context, report.game, now), ...ready],
    refused: report.refused.map((refused) => ({ ...refused, code: 'ORDER_REFUSED' })),
    ...(refusedCount > 0 ? { code: 'ORDER_REFUSED' } : {}),
    notices: orderCopies(context, report.game, now, phase, rules),
  };
}

/** What the variant tells everyone of a submission (Crystal Ball: the first turn's lists are locked), queued with the status file. */
function announced(context: ExecutionContext, game: GameStatus, lines: readonly string[] | undefined): OutgoingMail[] {
  if (lines === undefined) return [];
  return tellEveryone(context, game, `Diplomacy game ${game.name}: announcement`, 'announcement', { game: game.name, lines });
}

const BUILD_ORDER = /^BUILD [AF] ([^/\s]+)/;

function isHiddenBuild(order: string, map: GameMap, power: string, rules: RulesInForce): boolean {
  const site = BUILD_ORDER.exec(order)?.[1];
  return site !== undefined && (rules.has('HIDE_BUILDS') || (map.power(power)?.sites.hidden.includes(site) ?? false));
}

/** BROADCAST_ORDERS shows every change of orders to everyone; ALWAYS_CONFIRM (which it brings) copies the Master. */
function orderCopies(context: ExecutionContext, game: GameStatus, power: PowerStatus, phase: Phase, rules: RulesInForce): OutgoingMail[] {
  const map = currentMap(context, game);
  const name = displayName(map, power.name);
  const orders = ordersOnFile(power, orderPhaseOf(phase)!);
  const view = { game: game.name, power: name, phase: phaseTitle(phase), orders, allOrders: orders };
  const subject = `${game.name}: orders for ${name}`;
  if (rules.has('BROADCAST_ORDERS')) {
    // Builds hidden from the others in the results (HIDE_BUILDS, `~` sites) are hidden here too.
    const hidden = (order: string) => isHiddenBuild(order, map, power.name, rules);
    const shown = orders.map((order) => (hidden(order) ? 'BUILD HIDDEN' : order));
    return tellEveryone(context, game, subject, 'orders-entered', { ...view, orders: shown, copy: false }, [context.sender]);
  }
  if (rules.has('ALWAYS_CONFIRM')) return tellMaster(context, game, subject, 'orders-entered', { ...view, copy: true });
  return [];
}

export async function clearOrders(context: ExecutionContext, session: PowerSession): Promise<Step> {
  const current = loadGame(context, session.game).game;
  const phase = orderingPhase(current);
  const power = orderingPower(current, session);
  refuseLateChange(context, current, session, power, phase);
  const loaded = await context.service.clearOrders(session.game, power.name, actorOf(context, 'CLEAR'));
  const cleared = findPower(loaded.game, power.name)!;
  const rules = phaseRules(context, loaded.game);
  return {
    lines: ['Orders cleared.', ...onFileLines(context, loaded.game, cleared, phase)],
    notices: orderCopies(context, loaded.game, cleared, phase, rules),
  };
}

/** STATUS: a power sees its own orders; the Master sees every power's, and who is still missing. */
export function showStatus(context: ExecutionContext, session: SignedOnSession): Step {
  const game = loadGame(context, session.game).game;
  const phase = orderingPhase(game);
  if (session.kind === 'power') {
    const power = orderingPower(game, session);
    const waiting = power.wait ? ['You are waiting (SET WAIT): the phase is not processed early.'] : [];
    return { lines: [situation(game), ...onFileLines(context, game, power, phase), ...waiting] };
  }
  const late = lateness(game, mapsOf(context, game), context.rules, context.service.listings.variant(game));
  const powers = game.powers.filter((power) => power.role === MAP_POWER_ROLE);
  const missing =
    late.length > 0 ? [`Orders missing or incomplete from: ${lateList(currentMap(context, game), late)}.`] : ['Every power that owes orders has them on file.'];
  return { lines: [situation(game), ...powers.flatMap((power) => onFileLines(context, game, power, phase)), ...missing] };
}
