import { readOfferSheet } from '../../engine/payola/sheet.js';
import { refusal } from '../../engine/legality/reader.js';
import { readOfferLine } from '../../orders/offer-line.js';
import { updatePower, findPower, type GameStatus } from '../../status/model.js';
import { submitOrders, type OrderContext, type SubmissionReport } from '../orders.js';
import { phaseTitle } from '../phase-title.js';
import { balanceOf, controlledBy, isDummy, mapPowers } from './treasuries.js';

/**
 * A power's offer sheet sent for a Payola movement phase: read against the board of the phase
 * (`engine/payola/sheet.ts`) and, when every line reads, put on file in place of the sheet before,
 * each line as the judge writes it. A sheet with a refused line is refused whole, every refused
 * line quoted with its reason, and the sheet on file stays as it was: half a sheet would spend
 * the money differently from what the player planned.
 */
export function submitOfferSheet(game: GameStatus, power: string, lines: readonly string[], context: OrderContext): SubmissionReport {
  const status = findPower(game, power)!;
  const dummies = new Set(
    mapPowers(game)
      .filter(isDummy)
      .map((each) => each.name),
  );
  const balance = balanceOf(game, context.map, context.position, context.rules, status);
  const controlled = controlledBy(game, power);
  const sheet = readOfferSheet({ map: context.map, position: context.position, rules: context.rules, power, balance, dummies, controlled }, lines);
  if (sheet.errors.length > 0)
    return { game, onFile: [...status.offers], refused: [...sheet.errors], notes: ['The offer sheet was not accepted: the one on file before stays.'] };
  const next = updatePower(game, power, (each) => ({ ...each, offers: [...sheet.lines], orders: [] }));
  return { game: next, onFile: [...sheet.lines], refused: [], notes: [] };
}

/**
 * A line that starts as an offer does (an amount, or a bribe code) and reads as one: written in a
 * retreat or adjustment phase it is a bribe sent out of season, not a mistyped order.
 */
function offerOutOfSeason(line: string): string | null {
  if (!/^\s*[\d:!>@&]/.test(line)) return null;
  const read = readOfferLine(line);
  if (!read.ok || read.value.kind === 'comment') return null;
  return read.value.kind === 'bribe' ? read.value.first : '';
}

/**
 * Retreats and adjustments, which a Payola game's players order directly, as in a standard game
 * (the players' guide: "In these phases, a Payola game is just like a standard Diplomacy game").
 * A bribe or savings line sent now is refused with that reason rather than read as a broken order.
 */
export function submitPhaseOrders(game: GameStatus, power: string, lines: readonly string[], context: OrderContext): SubmissionReport {
  const offers = lines.flatMap((line) => {
    const order = offerOutOfSeason(line);
    return order === null ? [] : [{ line, order }];
  });
  const report = submitOrders(
    game,
    power,
    lines.filter((line) => !offers.some((offer) => offer.line === line)),
    context,
  );
  const title = phaseTitle(context.phase);
  const refusals = offers.map(({ line, order }) =>
    refusal(
      line,
      `offers are for movement phases only; in ${title} your own units are ordered directly, as in a standard game${order === '' ? '' : ` (${order})`}`,
    ),
  );
  return { ...report, refused: [...refusals, ...report.refused] };
}
