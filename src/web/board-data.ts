import type { OrderChoices } from '../game/order-choices.js';
import type { BoardArt } from '../map/board-art.js';
import type { GameMap } from '../map/game-map.js';
import { boardPlaces } from '../render/board-places.js';

/**
 * What the game page's clickable board (templates/web/board.js) is given: the very choices the
 * order form's pulldowns list, and where each place stands on the board picture. The script makes
 * no order that is not one of these choices, so the board and the form cannot disagree.
 */
export function boardData(choices: OrderChoices, map: GameMap, art: BoardArt, noCheck: boolean): string {
  const data = {
    phase: choices.phase,
    // NO_CHECK keeps every movement order given, several for one unit: the board may add a row for another.
    extraRows: noCheck && choices.phase === 'MOVEMENT',
    units: choices.units.map((unit) => ({ unit: unit.unit, choices: unit.choices })),
    adjustment: choices.adjustment && { count: choices.adjustment.count, choices: choices.adjustment.choices },
    places: boardPlaces(map, art),
  };
  return scriptSafeJson(data);
}

/** JSON that cannot end the `<script type="application/json">` element it is written into, nor open a comment in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
