import type { GameMap } from '../map/game-map.js';

/**
 * The words an order may hold besides places and powers. The order parser (the adjudicator's) is
 * the judge of an order; this scan only finds names the map does not know, so that a typo in a
 * hand-edited status file is reported before the turn is processed.
 */
const ORDER_WORDS = new Set([
  'A',
  'F',
  'ARMY',
  'FLEET',
  'H',
  'HOLD',
  'HOLDS',
  'S',
  'SUPPORT',
  'SUPPORTS',
  'C',
  'CONVOY',
  'CONVOYS',
  'P',
  'PROXY',
  'M',
  'MOVE',
  'MOVES',
  'TO',
  'VIA',
  'D',
  'DISBAND',
  'DISBANDS',
  'B',
  'BUILD',
  'BUILDS',
  'R',
  'REMOVE',
  'REMOVES',
  'RETREAT',
  'RETREATS',
  'WAIVE',
  'WAIVED',
  'NC',
  'SC',
  'EC',
  'WC',
  'NORTH',
  'SOUTH',
  'EAST',
  'WEST',
  'COAST',
  'AND',
  'THE',
]);

/** The longest alias a status file is likely to spell out in words (`Gulf of Bothnia`). */
const LONGEST_ALIAS_WORDS = 4;

function tokensOf(order: string): string[] {
  return order
    .toUpperCase()
    .replace(/[(),]/g, ' ')
    .split(/\s+|-+>?/)
    .filter((token) => token !== '');
}

/** The words of an order that are neither order words, powers nor places of the map. */
export function unknownPlacesInOrder(order: string, map: GameMap): string[] {
  const powerWords = new Set(map.powers.flatMap((power) => [power.name, power.ownWord.toUpperCase(), power.displayName.toUpperCase()]));
  const tokens = tokensOf(order);
  const unknown: string[] = [];
  let index = 0;
  while (index < tokens.length) {
    const length = placeLength(tokens, index, map);
    if (length > 0) index += length;
    else {
      const token = tokens[index]!;
      if (!ORDER_WORDS.has(token) && !powerWords.has(token)) unknown.push(token);
      index++;
    }
  }
  return unknown;
}

/** How many tokens from `start` name a place (longest first), or 0. */
function placeLength(tokens: readonly string[], start: number, map: GameMap): number {
  for (let length = Math.min(LONGEST_ALIAS_WORDS, tokens.length - start); length > 0; length--) {
    const phrase = tokens.slice(start, start + length).join(' ');
    if (map.location(phrase) || map.lookup(phrase)) return length;
  }
  return 0;
}
