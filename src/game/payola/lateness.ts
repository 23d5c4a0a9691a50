import { MOVEMENT } from '../../map/phase.js';
import type { PowerStatus, GameStatus } from '../../status/model.js';
import { standardLateness, type LatePower, type OrderContext } from '../orders.js';
import { balanceOf, incomeCenters, mapPowers } from './treasuries.js';

/**
 * Who owes a Payola movement phase an offer sheet (DPjudge's `movesSubmitted`): every power with
 * units, as in the standard game, and a power with centres but no units while it can still bribe,
 * that is while it has money, or may offer 0 AgP to foreign units (ZERO_FOREIGN). Retreats and
 * adjustments are the standard game's.
 */
export function payolaLateness(game: GameStatus, context: OrderContext, owes: (power: PowerStatus) => boolean): LatePower[] {
  const late = standardLateness(game, context, owes);
  if (context.phase.type !== MOVEMENT) return late;
  const { map, position, rules } = context;
  const bidders = mapPowers(game).filter((power) => {
    const state = position.powers.find((each) => each.name === power.name);
    if (!owes(power) || power.offers.length > 0 || (state?.units.length ?? 0) > 0) return false;
    if (incomeCenters(map, position, power.name).length === 0) return false;
    return rules.has('ZERO_FOREIGN') || balanceOf(game, map, position, rules, power) > 0;
  });
  return [...late, ...bidders.map((power) => ({ power: power.name, unordered: [] }))];
}
