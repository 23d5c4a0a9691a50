import { accept, refuse, type Verdict } from '../../common/verdict.js';

/**
 * A Payola power's money and acceptance list as its status block keeps them: the treasury is the
 * `$n` fund of the FUNDS line, ZEROSUM's bribe profits of the year the `n+` fund; the acceptance
 * list is the ACCEPT line, the power letters in order of preference and `?` for the rest.
 */

export interface Funds {
  /** Null: the line has no `$` fund (a power without a treasury). */
  readonly balance: number | null;
  readonly bribeProfits: number;
}

const CASH = /^\$(\d+)$/;
const PROFITS = /^(\d+)\+$/;

export function readFunds(funds: readonly string[] | null): Funds {
  let balance: number | null = null;
  let bribeProfits = 0;
  for (const fund of funds ?? []) {
    const cash = CASH.exec(fund);
    const profits = PROFITS.exec(fund);
    if (cash) balance = Number(cash[1]);
    else if (profits) bribeProfits = Number(profits[1]);
  }
  return { balance, bribeProfits };
}

/** The FUNDS words with the treasury and bribe profits set in place, other holdings kept as written. */
export function writeFunds(funds: readonly string[] | null, value: Funds): string[] {
  const written = funds ?? [];
  const cash = value.balance === null ? [] : [`$${value.balance}`];
  const profits = value.bribeProfits > 0 ? [`${value.bribeProfits}+`] : [];
  const kept = written.flatMap((fund) => (CASH.test(fund) ? cash : PROFITS.test(fund) ? profits : [fund]));
  return [...(written.some((fund) => CASH.test(fund)) ? [] : cash), ...kept, ...(written.some((fund) => PROFITS.test(fund)) ? [] : profits)];
}

/** A new power's acceptance list: itself first, then anyone; a dummy's: anyone. */
export function initialAcceptance(letter: string, dummy: boolean): string {
  return dummy ? '?' : `${letter}?`;
}

/**
 * An acceptance list as a player sets it (upper-cased; a `?` added when it does not name every
 * power), or why it is refused: longer than the powers, a letter that is no power's, a letter twice.
 */
export function checkAcceptance(written: string, letters: readonly string[]): Verdict<string> {
  const list = written.toUpperCase();
  if (list.length > letters.length) return refuse(`an acceptance list names at most the ${letters.length} powers, and '${written}' is longer`);
  const full = list.length === letters.length || list.includes('?') ? list : `${list}?`;
  for (const letter of full) {
    if (letter !== '?' && !letters.includes(letter)) return refuse(`${letter} in the acceptance list '${written}' is no power's initial`);
    if (full.indexOf(letter) !== full.lastIndexOf(letter)) return refuse(`${letter} appears more than once in the acceptance list '${written}'`);
  }
  return accept(full);
}
