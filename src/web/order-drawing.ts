import type { OrderOutcome } from '../engine/types.js';
import type { BoardArt } from '../map/board-art.js';
import type { GameMap } from '../map/game-map.js';
import { parseOrder } from '../orders/parse.js';
import type { OrderPhase } from '../orders/types.js';
import { artLayout } from '../render/art-layout.js';
import { orderMarks, type OrderMarks } from '../render/order-marks.js';
import { powerColours } from '../render/power-colours.js';

/** The most orders one drawing takes: a power's units and their further orders under NO_CHECK, with room to spare. */
const MOST_DRAWN_ORDERS = 200;

/**
 * The orders a player is giving on the clickable board (templates/web/board.js), drawn by the
 * renderer that draws the results pictures, with the same arrows, lines, rings and marks, in the
 * power's colour: the board shows an order being given as the results will show it given. An order
 * the map's reader cannot read is left out of the drawing (the form's send still reports it).
 */
export function givenOrderMarks(map: GameMap, art: BoardArt, phase: OrderPhase, power: string, orders: readonly string[]): OrderMarks {
  const outcomes: OrderOutcome[] = orders.slice(0, MOST_DRAWN_ORDERS).flatMap((text) => {
    const parsed = parseOrder(map, text, phase);
    return parsed.ok ? [{ power, order: parsed.readings[0]!, text, succeeded: true, marks: [], reason: '' }] : [];
  });
  return orderMarks(artLayout(map, art), outcomes, [], powerColours(map.powers), map.data.extras.railways);
}
