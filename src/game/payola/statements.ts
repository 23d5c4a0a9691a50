import type { GameMap } from '../../map/game-map.js';
import type { Phase } from '../../map/model.js';
import { accountStatements, type AccountStatement } from '../../engine/payola/statement.js';
import type { IncomeReport } from '../../engine/payola/income.js';
import type { RulesInForce } from '../../rules/in-force.js';
import type { GameStatus } from '../../status/model.js';
import type { ResultsAddition } from '../variant-record.js';
import type { PayolaAuction } from './auction-phase.js';
import { isDummy, mapPowers } from './treasuries.js';

/**
 * What a Payola movement phase adds to its results: the account statements in DPjudge's words
 * (PayolaGame.sendLedgers), each for its power's eyes only (the Master reads every one; none under
 * NO_LEDGERS), the Master's chart of every bid, and under PUBLIC_TOTALS each unit's takings for all.
 */

export function statementAdditions(game: GameStatus, map: GameMap, phase: Phase, rules: RulesInForce, auction: PayolaAuction): ResultsAddition[] {
  const published = [masterChart(auction), ...(rules.has('PUBLIC_TOTALS') ? [publicTotals(auction)] : [])];
  if (rules.has('NO_LEDGERS')) return published;
  return [...published, ...ledgers(game, map, phase, rules, auction)];
}

/** PUBLIC_TOTALS: what each unit was paid in all, for everyone, without who paid it. */
function publicTotals(auction: PayolaAuction): ResultsAddition {
  return {
    lines: ['TOTAL BRIBES PAID TO EACH UNIT:', ...auction.result.decisions.map((decision) => `  ${amount(decision.total, 4)} : ${decision.unit}`)],
    readers: null,
  };
}

/** The Master's chart (DPjudge's chart file): every order each unit was offered, who offered what, and the charges. */
function masterChart(auction: PayolaAuction): ResultsAddition {
  const lines = ['BRIBE CHART (the Master only):'];
  for (const decision of auction.result.decisions)
    for (const bid of decision.bids) {
      const payers = [...bid.cost].map(([power, paid]) => `${power} ${paid}`).join(', ');
      lines.push(`  ${bid.order === decision.order ? '*' : ' '} ${amount(bid.total, 4)} : ${bid.order}${payers === '' ? '' : ` (${payers})`}`);
    }
  for (const [power, paid] of auction.result.charged)
    if (paid > 0 || auction.result.reductions.has(power))
      lines.push(`  ${power}: ${auction.balances.get(power) ?? 0} AgP before, ${paid} AgP paid, offers cut ${auction.result.reductions.get(power) ?? 0} times`);
  return { lines, readers: [] };
}

function ledgers(game: GameStatus, map: GameMap, phase: Phase, rules: RulesInForce, auction: PayolaAuction): ResultsAddition[] {
  const statementRules = {
    hideCost: rules.has('HIDE_COST'),
    hideOffers: rules.has('HIDE_OFFERS'),
    blind: rules.has('BLIND'),
    zeroForeign: rules.has('ZERO_FOREIGN'),
    payDummies: rules.has('PAY_DUMMIES'),
    zeroSum: rules.has('ZEROSUM'),
  };
  const powers = mapPowers(game).map((power) => ({
    name: power.name,
    balance: auction.balances.get(power.name) ?? 0,
    sheet: auction.sheets.get(power.name)?.lines ?? [],
    units: auction.result.decisions.filter((decision) => decision.owner === power.name).map((decision) => decision.unit),
    unplayedDummy: isDummy(power) && power.control.length === 0,
  }));
  const owners = new Map(auction.result.decisions.map((decision) => [decision.unit, decision.owner]));
  return accountStatements(statementRules, powers, auction.result).map((statement) => ({
    lines: statementLines(statement, phase, map, owners, statementRules.hideOffers),
    readers: [statement.power],
  }));
}

const amount = (value: number, width: number) => String(value).padStart(width);

/**
 * Each power's income report for the year, to the power (the Master reads them all), in DPjudge's
 * words (PayolaGame.parseSupplyCount): under ZEROSUM the income is BRIBE PROFITS, and each centre
 * captured or lost is a line of its own; none for a power that had and earned nothing and whose
 * centres stayed its own.
 */
export function incomeAdditions(reports: readonly IncomeReport[], year: number, zeroSum: boolean): ResultsAddition[] {
  return reports
    .filter((report) => report.balanceForward + report.income !== 0 || report.captured.length > 0 || report.lost.length > 0)
    .map((report) => {
      const heading = `INCOME FOR ${report.power} FOR YEAR END ${year}`;
      return {
        lines: [
          heading,
          '='.repeat(heading.length),
          `BALANCE FORWARD${amount(report.balanceForward, 9)} AgP`,
          `${(zeroSum ? 'BRIBE PROFITS' : 'TAX INCOME').padEnd(15)}${amount(report.income, 9)} AgP`,
          ...report.captured.map((capture) => `CAPTURE OF ${capture.center} ${amount(capture.amount, 9)} AgP`),
          ...report.lost.map((loss) => `LOSS OF ${loss.center}    ${amount(-loss.amount, 9)} AgP`),
          `CURRENT BALANCE${amount(report.balance, 9)} AgP`,
        ],
        readers: [report.power],
      };
    });
}

function statementLines(statement: AccountStatement, phase: Phase, map: GameMap, owners: ReadonlyMap<string, string>, hideOffers: boolean): string[] {
  const title = `${phase.season} ${phase.year} ${phase.type} ACCOUNT STATEMENT FOR ${statement.power}`;
  const lines = [title, '='.repeat(title.length)];
  if (statement.ownUnits !== null) {
    lines.push(`YOUR UNITS WERE ${statement.ownUnits.some((unit) => unit.total !== null) ? 'PAID AND ' : ''}ORDERED AS FOLLOWS:`);
    for (const unit of statement.ownUnits)
      if (unit.total !== null) lines.push(` ${unit.unpaidByOwner === true ? '*' : ' '} ${amount(unit.total, 3)} : ${unit.order}`);
      else lines.push(`       ${unit.order}`);
  }
  if (statement.unitIncome !== null) lines.push(`TOTAL NET INCOME FOR YOUR UNITS WAS:${amount(statement.unitIncome, 5)} AgP`);
  if (statement.sheet === null && !hideOffers) lines.push('YOU OFFERED NO BRIBES');
  if (statement.acceptedBribes !== null) {
    if (statement.acceptedBribes.length === 0) lines.push('NONE OF YOUR BRIBES WERE ACCEPTED');
    else lines.push('YOUR ACCEPTED BRIBES WERE:');
    for (const bribe of statement.acceptedBribes) {
      const what =
        bribe.order ?? `${bribe.unit}${' '.repeat(Math.max(9 - bribe.unit.length, 0))}(${map.power(owners.get(bribe.unit) ?? '')?.ownWord ?? bribe.owner})`;
      lines.push(`   ${amount(bribe.amount, 3)} : ${what}`);
    }
  }
  if (statement.sheet !== null) {
    lines.push('YOUR OFFER SHEET WAS:');
    for (const line of statement.sheet) lines.push(`${' '.repeat(Math.max(6 - line.indexOf(' '), 0))}${line}`);
  }
  if (statement.previousBalance !== null) lines.push(`THE PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS:${amount(statement.previousBalance, 7)} AgP`);
  if (statement.reductions)
    lines.push(`EACH OFFER WAS SUBJECT TO BRIBE REDUCTION RULES ${amount(statement.reductions, 5)} TIME${statement.reductions === 1 ? '' : 'S'}`);
  if (statement.cost !== null) lines.push(`TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:${amount(statement.cost, 5)} AgP`);
  lines.push(`THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:${amount(statement.balance, 7)} AgP`);
  return lines;
}
