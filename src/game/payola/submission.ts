import { readOfferSheet } from '../../engine/payola/sheet.js';
import { updatePower, findPower, type GameStatus } from '../../status/model.js';
import type { OrderContext, SubmissionReport } from '../orders.js';
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
  return { game: next, onFile: [...sheet.lines], refused: [], notes: [`Your treasury holds ${balance} AgP.`] };
}
