import type { GameMap } from '../../map/game-map.js';
import type { Location } from '../../map/model.js';
import { loadGame, currentMap, type ExecutionContext } from './context.js';
import { requestedGame } from './listings.js';
import type { Session, Step } from './step.js';

/**
 * MAP as text, until the judge draws pictures: every place with its kind and neighbours, then each
 * power's home centers. A neighbour only armies reach is marked (A), one only fleets reach (F).
 */

function neighbour(abut: Location['abuts'][number]): string {
  const mark = abut.armies && !abut.fleets ? ' (A)' : abut.fleets && !abut.armies ? ' (F)' : '';
  return `${abut.to}${mark}`;
}

function placeLine(map: GameMap, location: Location): string {
  const kind = [location.terrain.toLowerCase(), map.isCenter(location.province) && location.coast === null ? 'supply center' : ''].filter((part) => part !== '');
  const neighbours = location.abuts.map(neighbour).join(' ');
  return `${location.abbrev.padEnd(7)} ${location.name} (${kind.join(', ')}): ${neighbours}`;
}

function mapText(map: GameMap): string[] {
  const places = [...map.locations].sort((a, b) => a.abbrev.localeCompare(b.abbrev)).map((location) => placeLine(map, location));
  const homes = map.powers.map((power) => `${power.displayName.padEnd(12)} ${power.homes.join(' ')}`);
  return [`Map ${map.name}: ${map.locations.length} places, ${map.centers.length} supply centers.`, '', ...places, '', 'Home centers:', ...homes];
}

export function showMap(context: ExecutionContext, session: Session, requested: string | undefined, format: string | undefined): Step {
  const name = requestedGame(session, requested, 'MAP');
  const game = loadGame(context, name).game;
  const note = format === undefined ? [] : [`This judge does not draw maps yet, so no ${format} file is attached; here is the map as text.`, ''];
  return { lines: [...note, ...mapText(currentMap(context, game))] };
}
