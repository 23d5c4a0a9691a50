import type { GameMap } from '../../map/game-map.js';
import type { UnitType } from '../../map/model.js';
import { formatOrder } from '../../orders/format.js';
import { parseOrder } from '../../orders/parse.js';
import type { MovementOrder } from '../../orders/types.js';
import { refusal } from '../legality/reader.js';

/**
 * A Crystal Ball order list (the SOONER or LATER lines of a status file, or a mail's orders) read
 * into movement orders. The board they will meet is not known yet, so only the map is consulted
 * (FICTIONAL_OK: an order for a unit that will not be there simply does nothing), but the ordered
 * unit must be one that could stand there, and its type must be given, since the order is for the unit of that type only (guide, "Can I
 * omit the unit type?"); a supported or convoyed unit's type may be left out.
 */

export interface OrderList {
  readonly orders: readonly MovementOrder[];
  /** Each order in its canonical text, unit first: what `lockedOrders` plays. */
  readonly texts: readonly string[];
  /** One per refused line, quoting it. */
  readonly errors: readonly string[];
}

/** Whether a unit of the type could ever stand there (on some coast of the province, for a fleet named without one): DPjudge refuses an order to any other as to an invalid unit. */
function mayStand(map: GameMap, type: UnitType, location: string): boolean {
  const province = map.location(location)?.province ?? location;
  return map.provinceLocations(province).some((each) => (type === 'A' ? each.armiesMayOccupy : each.fleetsMayOccupy));
}

export function readOrderList(map: GameMap, lines: readonly string[]): OrderList {
  const orders: MovementOrder[] = [];
  const errors: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const parsed = parseOrder(map, line, 'MOVEMENT');
    if (!parsed.ok) {
      errors.push(refusal(line, parsed.reason));
      continue;
    }
    const meanings = [...new Map(parsed.readings.map((order) => [formatOrder(order), order])).values()];
    const order = meanings[0] as MovementOrder;
    if (meanings.length > 1) errors.push(refusal(line, `could mean ${meanings.map(formatOrder).join(' or ')}`));
    else if (order.unit.type === null) errors.push(refusal(line, 'say whether the unit is an army (A) or a fleet (F): the order is for that unit only'));
    else if (!mayStand(map, order.unit.type, order.unit.location))
      errors.push(
        refusal(line, `there can be no ${order.unit.type === 'A' ? 'army' : 'fleet'} in ${map.location(order.unit.location)?.name ?? order.unit.location}`),
      );
    else orders.push(order);
  }
  return { orders, texts: orders.map(formatOrder), errors };
}
