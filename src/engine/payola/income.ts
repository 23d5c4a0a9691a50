/**
 * Payola treasuries' income, as DPjudge's PayolaPower.income, initialize and
 * PayolaGame.parseSupplyCount compute it. Income is paid once a year, after the Fall phases: in
 * the INCOME phase DPjudge adds after the year's adjustments, counting the centres each power owns.
 *
 * - Standard: the n-th centre of a power holding `count` is worth `victory - count + n - 1`, so on
 *   the standard map (18 to win) 17, then 17+16, then 17+16+15 ... (guide, "Income and Expenses";
 *   the victory count is the year's, so in a game whose victory count changes, so does income).
 * - `TAX n`: n per centre; else FLAT_TAX: one AgP per centre per power of the map; else
 *   `TAX CENTER n` lines: each centre its own worth (centres without a line earn nothing).
 * - ZEROSUM: no tax; a power earns what was paid to its own units during the year, and captured
 *   centres move money between treasuries (`zeroSumCaptureValue`).
 * - `CAP n`: no power earns more than n a year.
 * - VASSAL_DUMMIES: a dummy earns nothing for itself; its income, were it a power, goes to its
 *   controller on top of the controller's own.
 * - NO_HOARDING: the treasury is emptied before income is paid.
 * - PAY_DUMMIES: once no dummy holds a centre there is nothing left to bribe, and no income.
 */

export interface IncomeSettings {
  readonly zeroSum: boolean;
  readonly flatTax: boolean;
  /** `TAX n`: the worth of every centre; null without the line. */
  readonly tax: number | null;
  /** `TAX CENTER n` lines. */
  readonly centerTaxes: ReadonlyMap<string, number>;
  /** `CAP n`; null without the line. */
  readonly cap: number | null;
  /** The number of the map's powers: FLAT_TAX's worth of a centre. */
  readonly mapPowers: number;
  /** The centres that win the game this year. */
  readonly victoryCenters: number;
  readonly vassalDummies: boolean;
}

export interface Earner {
  readonly centers: readonly string[];
  /** ZEROSUM: what was paid to the power's units this year (the `+` fund of its FUNDS line). */
  readonly bribeProfits: number;
  readonly dummy: boolean;
  /** VASSAL_DUMMIES: the dummies it controls. */
  readonly vassals: readonly Earner[];
}

/** A year's income of one power. */
export function yearIncome(settings: IncomeSettings, earner: Earner): number {
  if (settings.vassalDummies && earner.dummy) return 0;
  return ownIncome(settings, earner) + (settings.vassalDummies ? earner.vassals.reduce((sum, vassal) => sum + ownIncome(settings, vassal), 0) : 0);
}

function ownIncome(settings: IncomeSettings, earner: Earner): number {
  const income = uncappedIncome(settings, earner);
  return settings.cap === null ? income : Math.min(settings.cap, income);
}

function uncappedIncome(settings: IncomeSettings, earner: Earner): number {
  const count = earner.centers.length;
  if (settings.zeroSum) return earner.bribeProfits;
  if (settings.tax) return count * settings.tax;
  if (settings.flatTax) return count * settings.mapPowers;
  if (settings.centerTaxes.size > 0) return earner.centers.reduce((sum, center) => sum + (settings.centerTaxes.get(center) ?? 0), 0);
  let income = 0;
  for (let nth = 0; nth < count; nth++) income += settings.victoryCenters - count + nth;
  return income;
}

/** ZEROSUM pays 10 AgP per centre held at the start, through the year's income. */
const ZEROSUM_CENTER_WORTH = 10;

/**
 * A new game's treasury: a year's income for the centres held, or (a power starting without
 * income) half the first victory count, rounded down, per unit. ZEROSUM starts from 10 per centre.
 * Under VASSAL_DUMMIES a dummy starts with nothing, as it earns nothing (DPjudge's initialize).
 */
export function startingBalance(settings: IncomeSettings, earner: Earner, units: number): number {
  if (settings.vassalDummies && earner.dummy) return 0;
  const seeded = settings.zeroSum ? { ...earner, bribeProfits: ZEROSUM_CENTER_WORTH * earner.centers.length } : earner;
  return yearIncome(settings, seeded) || Math.floor(settings.victoryCenters / 2) * units;
}

/**
 * ZEROSUM: what capturing a centre moves to the new owner. A neutral centre pays 10; an owned one
 * the loser's treasury (with its bribe profits so far) divided by the centres it held when the
 * year began, rounded down, taken from the loser.
 */
export function zeroSumCaptureValue(loser: { readonly balance: number; readonly bribeProfits: number; readonly centersAtYearStart: number } | null): number {
  if (loser === null) return ZEROSUM_CENTER_WORTH;
  return Math.floor((loser.balance + loser.bribeProfits) / loser.centersAtYearStart);
}

export interface CenterMoney {
  readonly center: string;
  readonly amount: number;
}

export interface YearEndPower extends Earner {
  readonly name: string;
  readonly balance: number;
  /** ZEROSUM: the centres it captured and lost this year, with the money each moves. */
  readonly captured: readonly CenterMoney[];
  readonly lost: readonly CenterMoney[];
}

/** DPjudge's income report: balance forward, tax income (ZEROSUM: bribe profits), captures, losses, the new balance. */
export interface IncomeReport {
  readonly power: string;
  readonly balanceForward: number;
  readonly income: number;
  readonly captured: readonly CenterMoney[];
  readonly lost: readonly CenterMoney[];
  readonly balance: number;
}

export interface YearEndRules {
  readonly noHoarding: boolean;
  readonly payDummies: boolean;
  /** PAY_DUMMIES: some dummy still holds a centre. */
  readonly dummiesHoldCenters: boolean;
}

/** Every power's treasury after the year's income. */
export function yearEnd(settings: IncomeSettings, rules: YearEndRules, powers: readonly YearEndPower[]): IncomeReport[] {
  return powers.map((power) => {
    if (rules.payDummies && !rules.dummiesHoldCenters) {
      const kept = rules.noHoarding ? 0 : power.balance;
      return { power: power.name, balanceForward: kept, income: 0, captured: [], lost: [], balance: kept };
    }
    const balanceForward = rules.noHoarding ? 0 : power.balance;
    const income = yearIncome(settings, power);
    const moved = sum(power.captured) - sum(power.lost);
    // Under NO_HOARDING a loss can come to more than the income; DPjudge would write a negative FUNDS it cannot read back.
    const balance = Math.max(balanceForward + income + moved, 0);
    return { power: power.name, balanceForward, income, captured: power.captured, lost: power.lost, balance };
  });
}

function sum(items: readonly CenterMoney[]): number {
  return items.reduce((total, item) => total + item.amount, 0);
}
