import { lastOrderInCharge } from '../../engine/movement/followed.js';
import type { MovementOrder } from '../../orders/types.js';
import { readOrderList } from '../../engine/xtalball/list-reader.js';
import { listToUpdate, lockedOrders, publicOrders, rollOver, type ListPower, type LockedOrders } from '../../engine/xtalball/order-lists.js';
import type { GameMap } from '../../map/game-map.js';
import type { Phase } from '../../map/model.js';
import { MOVEMENT } from '../../map/phase.js';
import { isBuildToken } from '../../engine/builds.js';
import { MAP_POWER_ROLE, findPower, playedPhase, updatePower, type GameStatus, type PowerStatus } from '../../status/model.js';
import { clearOrders, collectOrders, standardLateness, submitOrders, type OrderContext, type SubmissionReport } from '../orders.js';
import { standardListsOnFile } from '../lists-on-file.js';
import { phaseTitle } from '../phase-title.js';
import { controllerOf } from '../control.js';
import type { RulesInForce } from '../../rules/in-force.js';
import type { HistoryReader, ResultsAddition, Variant } from '../variant-record.js';

/**
 * Crystal Ball, as DPjudge runs it (XtalballGame, and its players' guide `variants/xtalball/pages/
 * Questions`): each power writes its movement orders one movement phase ahead. Its SOONER list,
 * locked in, is played; the LATER list it writes now becomes SOONER once SOONER has been played.
 * On the first turn every power first writes its SOONER list, and only once all are in (locked)
 * the LATER one. Retreats and adjustments are ordered as in the standard game, in their own phase.
 * A game begun on a blank board (MOBILIZE, BLANK_BOARD) opens with the movement phase before the
 * first builds, SKIPped: nothing is played in it, but the LATER lists written then are played in the
 * first movement phase after the builds (status file format, PHASE ... SKIP).
 */

/** The list mail's movement orders go to now. */
export function listBeingWritten(game: GameStatus): 'SOONER' | 'LATER' {
  const powers = game.powers.filter((power) => power.role === MAP_POWER_ROLE).map((power) => ({ units: power.units.length, sooner: power.sooner.length }));
  return listToUpdate(game.phase?.mode === 'SKIP', powers);
}

/** DPjudge's way to empty the list: a line of NMR or CLEAR alone (also in brackets); the orders after it fill it again. */
const EMPTIES = /^\s*[([]?\s*(NMR|CLEAR)\s*[)\]]?\s*$/i;

/**
 * A line naming a power, alone (`ITALY`, `ITALY:`, `[ITALY]`) or before an order (`ITALY: A ROM H`):
 * a player writes the list of a power it plays in the same mail (XtalballGame.updateOrders).
 */
const POWER_LINE = /^\s*(?:\[([^\]]+)\]|\(([^)]+)\)|([^\s:[(]+):?)(?:\s+(\S.*?))?\s*$/;

/** The mail's lines sorted by the power whose list they are: the sender's until a line names another. */
function linesByPower(map: GameMap, sender: string, lines: readonly string[]): Map<string, string[]> {
  const byPower = new Map<string, string[]>();
  let current = sender;
  for (const line of lines) {
    const named = POWER_LINE.exec(line);
    const power = named ? map.power((named[1] ?? named[2] ?? named[3])!.trim())?.name : undefined;
    const order = power === undefined ? line : named![4];
    if (power !== undefined && order === undefined) current = power;
    const owner = power !== undefined && order !== undefined ? power : current;
    byPower.set(owner, [...(byPower.get(owner) ?? []), ...(order === undefined ? [] : [order])]);
  }
  return byPower;
}

/** One power's list written: the lines after its last NMR or CLEAR, read; what was refused, quoted. */
function writtenList(owner: string, lines: readonly string[], context: OrderContext): { texts: readonly string[]; refused: readonly string[] } {
  const emptied = lines.findLastIndex((line) => EMPTIES.test(line));
  const read = readOrderList(context.map, lines.slice(emptied + 1));
  const whyRefused = (order: MovementOrder): string | null => {
    if (order.kind !== 'proxy') return null;
    // NO_PROXY switches PROXY_OK off (Rules.txt 4.1): the list then takes no proxy order.
    if (!context.rules.has('PROXY_OK')) return 'the game has NO_PROXY: no unit may be proxied';
    if (order.to === owner) return `a unit is proxied to another power; ${context.map.power(owner)?.displayName ?? owner} orders its own units itself`;
    return null;
  };
  const reasons = read.orders.map(whyRefused);
  return {
    texts: read.texts.filter((_text, index) => reasons[index] === null),
    refused: [...read.errors, ...read.texts.flatMap((text, index) => (reasons[index] === null ? [] : [`"${text}": ${reasons[index]}`]))],
  };
}

function submitList(game: GameStatus, power: string, lines: readonly string[], context: OrderContext): SubmissionReport {
  if (context.phase.type !== MOVEMENT) return submitOrders(game, power, lines, context);
  const which = listBeingWritten(game);
  const name = (who: string) => context.map.power(who)?.displayName ?? who;
  let next = game;
  const refused: string[] = [];
  const others: string[] = [];
  for (const [who, written] of linesByPower(context.map, power, lines)) {
    const status = findPower(game, who);
    if (who !== power && (status === undefined || controllerOf(status) !== power)) {
      refused.push(
        `"${who}": ${name(power)} does not play ${name(who)}, and may not write its list (a unit proxied to ${name(power)} is ordered without naming its owner)`,
      );
      continue;
    }
    const list = writtenList(who, written, context);
    refused.push(...list.refused);
    next = updatePower(next, who, (entry) => (which === 'SOONER' ? { ...entry, sooner: [...list.texts] } : { ...entry, later: [...list.texts] }));
    if (who !== power) others.push(`${name(who)}'s list is now:`, ...(list.texts.length > 0 ? list.texts.map((text) => `  ${text}`) : ['  (none)']));
  }
  const locked = which === 'SOONER' && listBeingWritten(next) === 'LATER';
  const own = findPower(next, power)!;
  return {
    game: next,
    onFile: [...(which === 'SOONER' ? own.sooner : own.later)],
    refused,
    notes: [...others, ...(locked ? [lockNotice(context.phase)] : [])],
    ...(locked && { broadcast: [lockNotice(context.phase)], restartsDeadline: true }),
  };
}

function lockNotice(phase: Phase): string {
  return `Every power has now entered its order list for ${phaseTitle(phase)}: the lists are locked in. Enter the next list, for the movement phase after it.`;
}

/** CLEAR empties the list being written (the locked-in one stays), and a retreat or adjustment phase's orders as in the standard game. */
function clearList(game: GameStatus, power: string): GameStatus {
  const cleared = clearOrders(game, power);
  if (playedPhase(game)?.type !== MOVEMENT) return cleared;
  return updatePower(cleared, power, (status) => (listBeingWritten(game) === 'SOONER' ? { ...status, sooner: [] } : { ...status, later: [] }));
}

/**
 * XtalballPower.movesSubmitted: in a movement phase a power with units (in a SKIPped phase, every
 * power) owes the list being written, and has given it once the list is not empty.
 */
function lateLists(game: GameStatus, context: OrderContext, owes: (power: PowerStatus) => boolean) {
  if (context.phase.type !== MOVEMENT) return standardLateness(game, context, owes);
  const which = listBeingWritten(game);
  const skipped = game.phase?.mode === 'SKIP';
  return context.map.powers
    .map((mapPower) => findPower(game, mapPower.name))
    .filter((power): power is PowerStatus => power !== undefined && owes(power) && (skipped || power.units.length > 0))
    .filter((power) => (which === 'SOONER' ? power.sooner : power.later).length === 0)
    .map((power) => ({ power: power.name, unordered: [] }));
}

/** A list's line as played: in canonical form (a hand edit may write `a mun  -  ruh`); a line that reads as no order, trimmed, which orders no unit. */
function canonicalOrder(map: GameMap, line: string): string {
  return readOrderList(map, [line]).texts[0] ?? line.trim();
}

/** The lists as the powers stand now: each power's SOONER list, its units and its centres. */
function listPowers(game: GameStatus, map: GameMap): ListPower[] {
  return map.powers.flatMap((mapPower) => {
    const power = findPower(game, mapPower.name);
    if (!power) return [];
    const units = power.units.filter((unit) => unit.retreats === null).map((unit) => `${unit.type} ${unit.location}`);
    const centers = power.owns.filter((center) => !isBuildToken(center)).length;
    return [{ name: power.name, sooner: power.sooner.map((line) => canonicalOrder(map, line)), units, centers }];
  });
}

function locked(game: GameStatus, map: GameMap, noProxy: boolean): LockedOrders {
  return lockedOrders(listPowers(game, map), noProxy);
}

/** The phase plays the SOONER lists: each unit the one order it follows there, read as its owner's order (a proxy's order included). */
function soonerOrders(game: GameStatus, context: OrderContext) {
  if (context.phase.type !== MOVEMENT) return collectOrders(game, context);
  const { orders } = locked(game, context.map, context.rules.has('NO_PROXY'));
  const ownerOf = new Map(listPowers(game, context.map).flatMap((power) => power.units.map((unit) => [unit.replace(/\/.*$/, ''), power.name] as const)));
  const followed = new Map<string, string[]>();
  for (const [unit, { order }] of orders) {
    const owner = ownerOf.get(unit);
    if (owner !== undefined) followed.set(owner, [...(followed.get(owner) ?? []), order]);
  }
  const playing = { ...game, powers: game.powers.map((power) => ({ ...power, orders: followed.get(power.name) ?? [] })) };
  return collectOrders(playing, context);
}

/** After a movement phase the LATER lists move up (XtalballGame.preMoveUpdate). */
function moveListsUp({ game, played }: { game: GameStatus; played: Phase }): GameStatus {
  if (played.type !== MOVEMENT) return game;
  return {
    ...game,
    powers: game.powers.map((power) => {
      if (power.role !== MAP_POWER_ROLE) return power;
      const { sooner, later } = rollOver({ sooner: power.sooner, later: power.later, units: power.units.map((unit) => `${unit.type} ${unit.location}`) });
      return { ...power, sooner, later };
    }),
  };
}

/** The SOONER lists as played, each power's under its name, each order with what became of it; under LIMIT_LISTS only as many of each as the largest power has centres. */
function listBlocks(game: GameStatus, map: GameMap, rules: RulesInForce, limited: boolean) {
  const { lists, largest } = locked(game, map, rules.has('NO_PROXY'));
  const powers = [...lists.keys()].filter((power) => (findPower(game, power)?.units.length ?? 0) > 0);
  const block = (power: string) => {
    const label = `${map.power(power)?.displayName ?? power}:`.padEnd(10);
    return publicOrders(lists.get(power) ?? [], limited, largest).map(({ order, note }) => `${label}[${note}] ${order}`);
  };
  return { powers, block, all: powers.flatMap((power) => [...block(power), '']) };
}

/**
 * The SOONER lists as played, each order with what became of it (`ordered`, `revoked`, `ignored`,
 * `no unit`, ...). Each power (and whoever plays it) reads its own, the Master all; under
 * PUBLIC_LISTS everyone reads all, and they are mailed to everyone apart as well (XtalballGame.
 * preMoveUpdate broadcasts them); LIMIT_LISTS, like PUBLIC_LISTS, limited (Rules.txt 4.2). Nothing
 * is told of a SKIPped phase, in which nothing was played.
 */
function playedLists(game: GameStatus, played: Phase, map: GameMap, rules: RulesInForce): readonly ResultsAddition[] {
  if (played.type !== MOVEMENT || game.phase?.mode === 'SKIP') return [];
  const limit = rules.has('LIMIT_LISTS');
  const heading = `${phaseTitle(played)} order lists:`;
  const { powers, block, all } = listBlocks(game, map, rules, limit);
  if (limit || rules.has('PUBLIC_LISTS')) return [{ lines: [heading, ...all], readers: null, mailedAs: 'order lists' }];
  return [
    { lines: [heading, ...all], readers: [] },
    ...powers.map((power) => ({ lines: [heading, ...block(power)], readers: playersOfList(game, power), master: false })),
  ];
}

/**
 * HISTORY: the lists of a movement phase that the reader may read beyond the public record ("the
 * order lists are kept secret until the end of the game. A player can see his own order lists going
 * back to the beginning of the game ... Once the game is finished, though, all order lists become
 * public knowledge", the guide): its own (and those of a dummy it plays) while the game goes on;
 * every list, whole, for the Master and once the game is over. Under PUBLIC_LISTS the record has them all.
 */
function listsInHistory(game: GameStatus, played: Phase, map: GameMap, rules: RulesInForce, reader: HistoryReader): readonly string[] {
  if (played.type !== MOVEMENT || game.phase?.mode === 'SKIP') return [];
  const limited = rules.has('LIMIT_LISTS');
  const everything = reader.master || reader.ended;
  if ((limited && !everything) || (rules.has('PUBLIC_LISTS') && !limited)) return [];
  const { powers, block } = listBlocks(game, map, rules, false);
  const readable = everything ? powers : powers.filter((power) => reader.reader !== null && playersOfList(game, power).includes(reader.reader));
  if (readable.length === 0) return [];
  return [`${phaseTitle(played)} order lists${limited ? ', whole' : ''}:`, ...readable.flatMap((power) => [...block(power), ''])];
}

/** Who reads a power's lists: the power, and the power playing it when it is a dummy under CONTROL. */
function playersOfList(game: GameStatus, power: string): string[] {
  const controller = controllerOf(findPower(game, power)!);
  return controller === null ? [power] : [power, controller];
}

export const CRYSTAL_BALL: Variant = {
  name: 'xtalball',
  displayName: 'Crystal Ball',
  orderLists: ['SOONER', 'LATER'],
  ordersToPlay: soonerOrders,
  followedOrders: lastOrderInCharge,
  betweenPhases: moveListsUp,
  resultsAdditions: playedLists,
  historyAdditions: listsInHistory,
  betweenPhasesAdditions: () => [],
  submitOrders: submitList,
  clearOrders: clearList,
  lateness: lateLists,
  listsOnFile: (game, power, phase) => {
    // XtalballGame.getOrders: between movement phases a power also reads the list locked in for the next one.
    if (phase.type !== MOVEMENT)
      return [
        ...standardListsOnFile(game, power, phase),
        ...(power.sooner.length === 0 ? [] : [{ title: 'the next movement phase (locked in: SOONER)', orders: power.sooner, writing: false }]),
      ];
    const writing = listBeingWritten(game);
    // On the first turn the SOONER list may be written again until every power has sent one.
    const soonerState = writing === 'SOONER' ? 'SOONER, locked in once every power has sent its list' : 'locked in: SOONER';
    const soonerTitle = game.phase?.mode === 'SKIP' ? null : `${phaseTitle(phase)} (${soonerState})`;
    return [
      ...(soonerTitle === null ? [] : [{ title: soonerTitle, orders: power.sooner, writing: writing === 'SOONER' }]),
      { title: 'the movement phase after it (LATER)', orders: power.later, writing: writing === 'LATER' },
    ];
  },
  movesBeforeBlankStart: true,
  broughtRules: ['FICTIONAL_OK', 'PROXY_OK'],
  lineRefusal: () => null,
  ruleRefusal: (rule) =>
    rule.variant === 'STANDARD' || rule.variant === 'PAYOLA'
      ? `${rule.name} is a rule of ${rule.variant === 'STANDARD' ? 'standard' : 'Payola'} games only, which Crystal Ball does not allow (Rules.txt 4.1)`
      : null,
};
