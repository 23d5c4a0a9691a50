import { forfeitedTreasuries } from '../../engine/payola/transfers.js';
import { yearEnd, type IncomeReport } from '../../engine/payola/income.js';
import { readFunds, writeFunds } from '../../engine/payola/treasury.js';
import type { GameMap } from '../../map/game-map.js';
import { ADJUSTMENTS, MOVEMENT } from '../../map/phase.js';
import type { Position } from '../../engine/types.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { findPower, updatePower, type GameStatus } from '../../status/model.js';
import { collectOrders, submitOrders, type CollectedOrders, type OrderContext } from '../orders.js';
import { STANDARD } from '../variants/standard.js';
import { payolaRuleRefusal } from '../rule-support.js';
import { positionOf } from '../position.js';
import type { BetweenPhases, GameEnd, Variant } from '../variant-record.js';
import { payolaAuction } from './auction-phase.js';
import { centerCaptures, type PowerCaptures } from './captures.js';
import { ledgerEntries } from './ledger.js';
import { payolaLateness } from './lateness.js';
import { incomeAdditions, statementAdditions } from './statements.js';
import { submitOfferSheet, submitPhaseOrders } from './submission.js';
import { accountLines, balanceOf, finalTreasuryLines, incomeCenters, incomeSettings, isDummy, mapPowers } from './treasuries.js';

/**
 * Payola as a variant record (docs/payola.md). In a movement phase the powers' orders are offer
 * sheets: each unit follows its highest bidder (`auction-phase.ts`), and the adjudicator is handed
 * that order as if the unit's owner had written it, so the standard choice of the followed order
 * stands. Retreats and adjustments are the standard game's. The bribes are charged as the phase
 * ends, the sheets and SENT lines emptied; each year's income is paid as the year turns, after the
 * Fall phases. Under ZEROSUM what a power's units took is kept as the year's bribe profits (the
 * FUNDS line's `n+`), and the year's income is paid as its centres are counted, with the money the
 * captured centres move (`captures.ts`).
 */

function ordersToPlay(game: GameStatus, context: OrderContext): CollectedOrders {
  if (context.phase.type !== MOVEMENT) return collectOrders(game, context);
  const auction = payolaAuction(game, context);
  const bought = new Map<string, string[]>();
  for (const decision of auction.result.decisions) bought.set(decision.owner, [...(bought.get(decision.owner) ?? []), decision.order]);
  const asOrdered = { ...game, powers: game.powers.map((power) => ({ ...power, orders: bought.get(power.name) ?? [] })) };
  const collected = collectOrders(asOrdered, context);
  return { orders: collected.orders, invalid: [...auction.invalid, ...collected.invalid] };
}

/**
 * The bribes of the movement phase just played, taken from the treasuries; NO_DONATIONS empties the
 * eliminated's; under ZEROSUM (not with PAY_DUMMIES) each power's bribe profits take what its units were
 * paid, as DPjudge's sendLedgers adds each unit's takings to the power's `+` fund.
 */
function charged(step: BetweenPhases): GameStatus {
  const { before, playedMap, played, rules } = step;
  const context = { map: playedMap, position: positionOf(before, playedMap), phase: played, rules };
  const auction = payolaAuction(before, context);
  let game = step.game;
  const after = positionOf(game, step.map);
  const treasuries = mapPowers(game).map((power) => {
    const state = after.powers.find((each) => each.name === power.name);
    const balance = (auction.balances.get(power.name) ?? 0) - (auction.result.charged.get(power.name) ?? 0);
    return {
      name: power.name,
      balance,
      dummy: isDummy(power),
      eliminated: !state || (state.units.length === 0 && state.centers.length === 0),
      sent: power.sent,
    };
  });
  const forfeited = new Set(forfeitedTreasuries({ noDonations: rules.has('NO_DONATIONS') }, treasuries));
  const profits = new Map<string, number>();
  if (rules.has('ZEROSUM') && !rules.has('PAY_DUMMIES'))
    for (const decision of auction.result.decisions) profits.set(decision.owner, (profits.get(decision.owner) ?? 0) + decision.total);
  for (const treasury of treasuries) {
    const earned = readFunds(findPower(game, treasury.name)!.funds).bribeProfits + (profits.get(treasury.name) ?? 0);
    game = withBalance(game, treasury.name, forfeited.has(treasury.name) ? 0 : treasury.balance, earned);
  }
  return { ...game, powers: game.powers.map((power) => (power.offers.length > 0 ? { ...power, offers: [] } : power)) };
}

function withBalance(game: GameStatus, name: string, balance: number, bribeProfits?: number): GameStatus {
  return updatePower(game, name, (power) => {
    const funds = readFunds(power.funds);
    return { ...power, funds: writeFunds(power.funds, { balance, bribeProfits: bribeProfits ?? funds.bribeProfits }) };
  });
}

/**
 * Each power's income report for the year (DPjudge's INCOME phase after the year's adjustments);
 * under ZEROSUM with the centres captured and lost between `counted`'s two positions.
 */
function incomeReports(game: GameStatus, map: GameMap, rules: RulesInForce, year: number, counted: { before: Position; after: Position }): IncomeReport[] {
  const position = positionOf(game, map);
  const captures = rules.has('ZEROSUM')
    ? centerCaptures(map, counted.before, counted.after, (name) => ({
        balance: balanceOf(game, map, position, rules, findPower(game, name)!),
        bribeProfits: readFunds(findPower(game, name)!.funds).bribeProfits,
      }))
    : new Map<string, PowerCaptures>();
  const settings = incomeSettings(game, map, rules, year);
  const powers = mapPowers(game);
  const earner = (power: (typeof powers)[number]) => ({
    centers: incomeCenters(map, position, power.name),
    bribeProfits: readFunds(power.funds).bribeProfits,
    dummy: isDummy(power),
    vassals: [],
  });
  return yearEnd(
    settings,
    {
      noHoarding: rules.has('NO_HOARDING'),
      payDummies: rules.has('PAY_DUMMIES'),
      dummiesHoldCenters: powers.some((power) => isDummy(power) && incomeCenters(map, position, power.name).length > 0),
    },
    powers.map((power) => ({
      ...earner(power),
      vassals: powers.filter((other) => isDummy(other) && other.control[0] === power.name).map(earner),
      name: power.name,
      balance: balanceOf(game, map, position, rules, power),
      captured: captures.get(power.name)?.captured ?? [],
      lost: captures.get(power.name)?.lost ?? [],
    })),
  );
}

/**
 * Whether the step pays the year's income: as the year turns; under ZEROSUM as the year's centres
 * are counted (the step into the adjustments, or into the next year when there are none), since
 * the money a captured centre moves is worked out from the treasuries then.
 */
function paysIncome({ played, next, rules }: BetweenPhases): boolean {
  const turns = next.year > played.year;
  if (!rules.has('ZEROSUM')) return turns;
  return next.type === ADJUSTMENTS || (turns && played.type !== ADJUSTMENTS);
}

/** The game after the phase's bribes are charged; with the year's income reports when the step pays them. */
function settled(step: BetweenPhases): { game: GameStatus; income: IncomeReport[] } {
  const game = step.played.type === MOVEMENT ? charged(step) : step.game;
  if (!paysIncome(step)) return { game, income: [] };
  const counted = { before: positionOf(step.before, step.playedMap), after: positionOf(game, step.map) };
  return { game, income: incomeReports(game, step.map, step.rules, step.played.year, counted) };
}

function betweenPhases(step: BetweenPhases): GameStatus {
  const { game, income } = settled(step);
  let paid: GameStatus = { ...game, powers: game.powers.map((power) => (power.sent.length > 0 ? { ...power, sent: [] } : power)) };
  for (const report of income) paid = withBalance(paid, report.power, report.balance, 0);
  return paid;
}

/** The game's end: the bribes of the movement phase that ended it charged (no income is paid), every treasury told to everyone. */
function gameEnd({ game, map, rules, played }: GameEnd) {
  const settledGame =
    played === null
      ? game
      : betweenPhases({ game, played: played.phase, next: played.phase, map: played.map, before: played.before, playedMap: played.map, rules });
  return { game: settledGame, additions: [{ lines: finalTreasuryLines(settledGame, map, positionOf(settledGame, map), rules), readers: null }] };
}

export const PAYOLA: Variant = {
  ...STANDARD,
  name: 'payola',
  displayName: 'Payola',
  ordersToPlay,
  betweenPhases,
  betweenPhasesAdditions: (step) => (step.rules.has('NO_LEDGERS') ? [] : incomeAdditions(settled(step).income, step.played.year, step.rules.has('ZEROSUM'))),
  resultsAdditions: (game, played, map, rules) => {
    if (played.type !== MOVEMENT) return [];
    const context = { map, position: positionOf(game, map), phase: played, rules };
    return statementAdditions(game, map, played, rules, payolaAuction(game, context));
  },
  historyAdditions: (played, reader) => ledgerEntries(played, PAYOLA, reader),
  lateness: payolaLateness,
  powerAccount: (game, power, map, rules) => accountLines(game, map, positionOf(game, map), rules, power),
  gameEnd,
  // Rules.txt 3.1: "Payola games always use the ORDER_ANY rule" (PayolaGame.reinit's rules).
  broughtRules: ['ORDER_ANY'],
  ruleRefusal: payolaRuleRefusal,
  lineRefusal: (keyword) =>
    keyword === 'ROTATE' ? 'control rotation (ROTATE) is not allowed in Payola games: DPjudge refuses such a status file (PayolaGame.validateStatus)' : null,
  submitOrders: (game, power, lines, context) =>
    context.phase.type !== MOVEMENT
      ? submitPhaseOrders(game, power, lines, context)
      : findPower(game, power)
        ? submitOfferSheet(game, power, lines, context)
        : submitOrders(game, power, lines, context),
};
