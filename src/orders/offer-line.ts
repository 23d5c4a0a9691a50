import { accept, refuse, type Verdict } from '../common/verdict.js';

/**
 * The syntax of one line of a Payola offer sheet, before any map or board is consulted:
 *
 *     4 : A PAR - BUR            a direct bribe: 4 silver pieces (AgP) if the army moves to Burgundy
 *     4 ! A PAR - BUR | - GAS    a negative bribe: 4 if it does neither
 *     4 > A PAR - BUR            a move bribe: 4 if it moves anywhere (listed orders first)
 *     4 @ A PAR - BUR            a hold bribe: 4 if it does not move, or does a listed order
 *     4 & A PAR - BUR            a gift: 4 whatever it does
 *     8#4 : A PAR - BUR          a plateau: reductions for overspending stop at 4 while they can
 *     2*3+1 : F BRE - MAO        repetition and augmentation: two bribes of 3 and one of 1
 *     25 $                       a savings request: keep at least 25 after the phase
 *     % a comment                kept on the sheet, never read
 *
 * A line without an amount offers 0 (`: A PAR H`, `A PAR H`); a `%` anywhere starts a comment.
 * The order part is left as text here: reading it needs the map (`orders/parse.ts`) and checking
 * it the board (the engine's Payola sheet reader).
 */

export type BribeCode = ':' | '!' | '>' | '@' | '&';

/** One `rep*amount#plateau` piece of an amount: `repeat` separate bribes of `amount` each. */
export interface BribeAmount {
  readonly repeat: number;
  readonly amount: number;
  /** Reductions for overspending do not take the bribe below this while others can still go down. */
  readonly plateau: number;
}

export type OfferLine =
  | { readonly kind: 'comment'; readonly comment: string }
  | { readonly kind: 'savings'; readonly amounts: readonly BribeAmount[]; readonly comment: string | null }
  | {
      readonly kind: 'bribe';
      readonly code: BribeCode;
      readonly amounts: readonly BribeAmount[];
      /** The first order, unit included (`A PAR - BUR`). */
      readonly first: string;
      /** The orders after `|`, each without the unit (`- GAS`). */
      readonly alternatives: readonly string[];
      readonly comment: string | null;
      /** The amount or plateau used `#` (refused under NO_PLATEAU and NO_SAVINGS). */
      readonly plateaued: boolean;
      /** The amount used `*` or `+` (refused under DIRECT_ONLY). */
      readonly augmented: boolean;
    };

/** DPjudge's bounds: an amount of four digits at most, a repetition from 1 to 99. */
const LARGEST_BRIBE = 9999;
const LARGEST_REPEAT = 99;

const CODES = ':!>@&$';
/** An amount: digits, with `*`, `#` and `+` joining its pieces (spaces allowed around those three). */
const AMOUNT_AND_CODE = /^(\d+(?:\s*[*#+]\s*\d*)*)\s*([:!>@&$])\s*(.*)$/;

/** Reads one offer-sheet line; the reason quotes the part that is wrong. */
export function readOfferLine(line: string): Verdict<OfferLine> {
  const percent = line.indexOf('%');
  const body = (percent < 0 ? line : line.slice(0, percent)).trim();
  const comment = percent < 0 ? null : line.slice(percent + 1).trim();
  if (body === '') return comment === null ? refuse('the offer is empty') : accept({ kind: 'comment', comment });
  const spelled = withDefaultAmount(body);
  const parts = AMOUNT_AND_CODE.exec(spelled);
  if (!parts) return refuse(amountProblem(body));
  const [, amountText, code, rest] = parts as unknown as [string, string, string, string];
  const amounts = readAmounts(amountText.replace(/\s+/g, ''));
  if (!amounts.ok) return amounts;
  const plateaued = amountText.includes('#');
  if (code === '$') {
    if (rest !== '') return refuse(`a savings request is an amount followed by $ alone, not '${rest}'`);
    if (plateaued) return refuse('a savings request has no plateau (#)');
    return accept({ kind: 'savings', amounts: amounts.value, comment });
  }
  const orders = rest.split('|').map((order) => order.trim());
  if (orders[0] === '') return refuse(`the bribe names no unit and order after '${code}'`);
  const missing = orders.findIndex((order) => order === '');
  if (missing > 0) return refuse(`alternative ${missing} after '|' gives no order`);
  return accept({
    kind: 'bribe',
    code: code as BribeCode,
    amounts: amounts.value,
    first: orders[0]!,
    alternatives: orders.slice(1),
    comment,
    plateaued,
    augmented: /[*+]/.test(amountText),
  });
}

/** `: A PAR H` and `A PAR H` offer 0; a gift (&) must say how much. */
function withDefaultAmount(body: string): string {
  if ('!:>@'.includes(body[0]!)) return `0 ${body}`;
  if (/^[A-Za-z]/.test(body)) return `0 : ${body}`;
  return body;
}

function amountProblem(body: string): string {
  const first = body.split(/\s+/)[0]!;
  if (body.startsWith('&')) return 'a gift bribe (&) must give its amount, e.g. 4 & A PAR H';
  if (/^-\d/.test(first)) return `the amount ${first} is negative; an offer is a whole number of AgP from 0 to ${LARGEST_BRIBE}`;
  if (/^\d/.test(first)) return `after the amount comes one of ${CODES.split('').join(' ')}; got '${body}'`;
  return `an offer starts with its amount, a whole number of AgP from 0 to ${LARGEST_BRIBE}; got '${first}'`;
}

function readAmounts(text: string): Verdict<BribeAmount[]> {
  const amounts: BribeAmount[] = [];
  for (const piece of text.split('+')) {
    if (piece === '') return refuse(`an added amount is missing in '${text}'`);
    const parts = /^(?:(\d+)\*)?(\d+)(#(\d*))?$/.exec(piece);
    if (!parts) return refuse(`'${piece}' is not an amount: write amount, repeat*amount or amount#plateau`);
    const amount = Number(parts[2]);
    const repeat = amount === 0 ? 1 : Number(parts[1] ?? 1);
    const plateau = parts[3] === undefined ? 0 : parts[4] === '' ? amount : Number(parts[4]);
    if (amount > LARGEST_BRIBE) return refuse(`the amount ${amount} is more than ${LARGEST_BRIBE} AgP`);
    if (plateau > amount) return refuse(`the plateau ${plateau} is more than the amount ${amount}`);
    if (repeat < 1 || repeat > LARGEST_REPEAT) return refuse(`a bribe is repeated 1 to ${LARGEST_REPEAT} times, not ${repeat}`);
    amounts.push({ repeat, amount, plateau });
  }
  return accept(amounts);
}

/** The silver pieces a savings request keeps back. */
export function savedAmount(line: Extract<OfferLine, { kind: 'savings' }>): number {
  return line.amounts.reduce((sum, piece) => sum + piece.repeat * piece.amount, 0);
}
