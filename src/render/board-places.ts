import { GENERATED_BOARD, type BoardArt } from '../map/board-art.js';
import type { GameMap } from '../map/game-map.js';
import { artLayout } from './art-layout.js';
import { HEADER_HEIGHT } from './board-svg.js';

/**
 * Where each place of a map stands in its board picture (board-svg.ts's coordinates, heading
 * included): what the game page's clickable board hit-tests against and puts its focusable spots on.
 */

export interface BoardPlace {
  /** The place's full name, for screen readers: `Spain (south coast)`. */
  readonly name: string;
  /** Where a unit on it is drawn. */
  readonly at: readonly [number, number];
  /** Where a dislodged unit on it is drawn. */
  readonly dislodgedAt: readonly [number, number];
}

const rounded = (value: number) => Math.round(value * 10) / 10;

/** Every location of `map` by abbreviation (`SPA`, `SPA/SC`), as drawn on `art`. */
export function boardPlaces(map: GameMap, art: BoardArt = GENERATED_BOARD): Record<string, BoardPlace> {
  const layout = artLayout(map, art);
  const places: Record<string, BoardPlace> = {};
  for (const location of map.locations) {
    const spot = layout.spots.get(location.abbrev);
    if (spot === undefined) continue;
    const dislodged = layout.dislodgedSpots.get(location.abbrev) ?? spot;
    places[location.abbrev] = {
      name: location.name,
      at: [rounded(spot.x), rounded(spot.y + HEADER_HEIGHT)],
      dislodgedAt: [rounded(dislodged.x), rounded(dislodged.y + HEADER_HEIGHT)],
    };
  }
  return places;
}
