import { lastOrderInCharge } from '../../engine/movement/followed.js';
import { readOrderList } from '../../engine/xtalball/list-reader.js';
import { refusal } from '../../engine/legality/reader.js';
import { listToUpdate, lockedOrders, publicOrders, rollOver, type ListPower, type LockedOrders } from '../../engine/xtalball/order-lists.js';
import type { GameMap } from '../../map/game-map.js';
import type { Phase } from '../../map/model.js';
import { MOVEMENT } from '../../map/phase.js';
import { isBuildToken } from '../../engine/builds.js';
import { MAP_POWER_ROLE, findPower, updatePower, type GameStatus, type PowerStatus } from '../../status/model.js';
import { clearOrders, collectOrders, standardLateness, submitOrders, type OrderContext, type SubmissionReport } from '../orders.js';
import { standardListsOnFile } from '../lists-on-file.js';
import { phaseTitle } from '../phase-title.js';
import { rulesInForce } from '../rules.js';
import type { ResultsAddition, Variant } from '../variant-record.js';

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

function submitList(game: GameStatus, power: string, lines: readonly string[], context: OrderContext): SubmissionReport {
  if (context.phase.type !== MOVEMENT) return submitOrders(game, power, lines, context);
  const which = listBeingWritten(game);
  const emptied = lines.findLastIndex((line) => EMPTIES.test(line));
  const read = readOrderList(context.map, lines.slice(emptied + 1));
  // NO_PROXY switches PROXY_OK off (Rules.txt 4.1): the list then takes no proxy order.
  const proxyRefused = (index: number) => !context.rules.has('PROXY_OK') && read.orders[index]!.kind === 'proxy';
  const texts = read.texts.filter((_text, index) => !proxyRefused(index));
  const refused = [
    ...read.errors,
    ...read.texts.filter((_text, index) => proxyRefused(index)).map((text) => refusal(text, 'the game has NO_PROXY: no unit may be proxied')),
  ];
  const next = updatePower(game, power, (status) => (which === 'SOONER' ? { ...status, sooner: texts } : { ...status, later: texts }));
  const locked = which === 'SOONER' && listBeingWritten(next) === 'LATER';
  return {
    game: next,
    onFile: texts,
    refused,
    notes: locked ? [lockNotice(context.phase)] : [],
    ...(locked && { broadcast: [lockNotice(context.phase)] }),
  };
}

function lockNotice(phase: Phase): string {
  return `Every power has now entered its order list for ${phaseTitle(phase)}: the lists are locked in. Enter the next list, for the movement phase after it.`;
}

/** CLEAR empties the list being written (the locked-in one stays), and a retreat or adjustment phase's orders as in the standard game. */
function clearList(game: GameStatus, power: string): GameStatus {
  const cleared = clearOrders(game, power);
  const phase = game.phase?.phase;
  if (typeof phase !== 'object' || phase.type !== MOVEMENT) return cleared;
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

/** The lists as the powers stand now: each power's SOONER list, its units and its centres. */
function listPowers(game: GameStatus, map: GameMap): ListPower[] {
  return map.powers.flatMap((mapPower) => {
    const power = findPower(game, mapPower.name);
    if (!power) return [];
    const units = power.units.filter((unit) => unit.retreats === null).map((unit) => `${unit.type} ${unit.location}`);
    const centers = power.owns.filter((center) => !isBuildToken(center)).length;
    return [{ name: power.name, sooner: power.sooner, units, centers }];
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

/**
 * The SOONER lists as played, each order with what became of it (`ordered`, `revoked`, `ignored`,
 * `no unit`, ...). Each power reads its own; under PUBLIC_LISTS everyone reads all, under
 * LIMIT_LISTS only as many orders of each as the largest power has centres. Nothing is told of a
 * SKIPped phase, in which nothing was played.
 */
function playedLists(game: GameStatus, played: Phase, map: GameMap): readonly ResultsAddition[] {
  if (played.type !== MOVEMENT || game.phase?.mode === 'SKIP') return [];
  const rules = rulesInForce(game, map.rules());
  const limit = rules.has('LIMIT_LISTS');
  const { lists, largest } = locked(game, map, rules.has('NO_PROXY'));
  const heading = [`${phaseTitle(played)} order lists:`];
  const block = (power: string) => {
    const label = `${map.power(power)?.displayName ?? power}:`.padEnd(10);
    return publicOrders(lists.get(power) ?? [], limit, largest).map(({ order, note }) => `${label}[${note}] ${order}`);
  };
  const powers = [...lists.keys()].filter((power) => (findPower(game, power)?.units.length ?? 0) > 0);
  if (limit || rules.has('PUBLIC_LISTS')) return [{ lines: [...heading, ...powers.flatMap((power) => [...block(power), ''])], readers: null }];
  return powers.map((power) => ({ lines: [...heading, ...block(power)], readers: [power] }));
}

export const CRYSTAL_BALL: Variant = {
  name: 'xtalball',
  orderLists: ['SOONER', 'LATER'],
  ordersToPlay: soonerOrders,
  followedOrders: lastOrderInCharge,
  betweenPhases: moveListsUp,
  resultsAdditions: playedLists,
  betweenPhasesAdditions: () => [],
  submitOrders: submitList,
  clearOrders: clearList,
  lateness: lateLists,
  listsOnFile: (game, power, phase) => {
    if (phase.type !== MOVEMENT) return standardListsOnFile(game, power, phase);
    const soonerTitle = game.phase?.mode === 'SKIP' ? null : `${phaseTitle(phase)} (locked in: SOONER)`;
    return [
      ...(soonerTitle === null ? [] : [{ title: soonerTitle, orders: power.sooner }]),
      { title: 'the movement phase after it (LATER)', orders: power.later },
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
