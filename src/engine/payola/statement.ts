import type { AuctionResult } from './auction.js';

/**
 * Each power's account statement after a movement phase, as data: what DPjudge's Payola results
 * (PayolaGame.sendLedgers) tell each power, each seeing only what the rules let it see.
 *
 * - Its own units' orders and what each was paid in all, marked where the power itself paid
 *   nothing toward it (not under PAY_DUMMIES, where players order their own units; the amounts
 *   not under HIDE_COST; the marks not under HIDE_OFFERS).
 * - ZEROSUM: the total paid to its units, which becomes its income at the year's end.
 * - Its accepted bribes with what it paid for each (under BLIND the unit's owner instead of the
 *   order, and no 0 AgP bribes abroad unless ZERO_FOREIGN), its offer sheet, the balance before,
 *   how often its offers were cut, and the cost: none of which under HIDE_OFFERS.
 * - The new balance.
 *
 * A power with no offers gets no statement if it has no money, nor if it is a dummy nobody plays.
 */

export interface StatementRules {
  readonly hideCost: boolean;
  readonly hideOffers: boolean;
  readonly blind: boolean;
  readonly zeroForeign: boolean;
  readonly payDummies: boolean;
  readonly zeroSum: boolean;
}

export interface StatementPower {
  readonly name: string;
  readonly balance: number;
  /** Its sheet as the judge wrote it back (`OfferSheet.lines`); empty when it offered nothing. */
  readonly sheet: readonly string[];
  readonly units: readonly string[];
  /** A dummy no player controls. */
  readonly unplayedDummy: boolean;
}

interface OwnUnitLine {
  readonly unit: string;
  readonly order: string;
  /** Null under HIDE_COST. */
  readonly total: number | null;
  /** The power paid nothing toward the order its unit follows; null under HIDE_OFFERS. */
  readonly unpaidByOwner: boolean | null;
}

interface AcceptedBribe {
  readonly unit: string;
  /** Null under BLIND: the player learns only whose unit took the money. */
  readonly order: string | null;
  readonly owner: string;
  readonly amount: number;
}

export interface AccountStatement {
  readonly power: string;
  /** Null for a power without units, and under PAY_DUMMIES. */
  readonly ownUnits: readonly OwnUnitLine[] | null;
  /** ZEROSUM: the year's income so far from bribes to its units. */
  readonly unitIncome: number | null;
  /** Null for a power that offered nothing, and under HIDE_OFFERS. */
  readonly acceptedBribes: readonly AcceptedBribe[] | null;
  readonly sheet: readonly string[] | null;
  readonly previousBalance: number | null;
  readonly reductions: number | null;
  readonly cost: number | null;
  readonly balance: number;
}

export function accountStatements(rules: StatementRules, powers: readonly StatementPower[], result: AuctionResult): AccountStatement[] {
  const statements: AccountStatement[] = [];
  for (const power of powers) {
    const offered = power.sheet.length > 0;
    if (!offered && (power.balance === 0 || power.unplayedDummy)) continue;
    const cost = result.charged.get(power.name) ?? 0;
    const shown = offered && !rules.hideOffers;
    statements.push({
      power: power.name,
      ownUnits: power.units.length === 0 || rules.payDummies ? null : ownUnits(rules, power, result),
      unitIncome: rules.zeroSum && !rules.payDummies && power.units.length > 0 ? unitIncome(power, result) : null,
      acceptedBribes: shown ? acceptedBribes(rules, power, result) : null,
      sheet: shown ? power.sheet.filter((line) => !(rules.payDummies && line.startsWith('0 :'))) : null,
      previousBalance: shown ? power.balance : null,
      reductions: shown ? (result.reductions.get(power.name) ?? 0) : null,
      cost: shown ? cost : null,
      balance: power.balance - cost,
    });
  }
  return statements;
}

function ownUnits(rules: StatementRules, power: StatementPower, result: AuctionResult): OwnUnitLine[] {
  return result.decisions
    .filter((decision) => decision.owner === power.name)
    .map((decision) => ({
      unit: decision.unit,
      order: decision.order,
      total: rules.hideCost ? null : decision.total,
      unpaidByOwner: rules.hideOffers ? null : !decision.cost.has(power.name),
    }));
}

function unitIncome(power: StatementPower, result: AuctionResult): number {
  return result.decisions.filter((decision) => decision.owner === power.name).reduce((sum, decision) => sum + decision.total, 0);
}

function acceptedBribes(rules: StatementRules, power: StatementPower, result: AuctionResult): AcceptedBribe[] {
  const bribes: AcceptedBribe[] = [];
  for (const decision of result.decisions) {
    const amount = decision.cost.get(power.name);
    if (amount === undefined) continue;
    const own = decision.owner === power.name;
    if (amount === 0 && (own ? rules.payDummies : rules.blind && !rules.zeroForeign)) continue;
    bribes.push({ unit: decision.unit, order: rules.blind ? null : decision.order, owner: decision.owner, amount });
  }
  return bribes;
}
