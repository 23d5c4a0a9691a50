import { currentBoardPicture, type PictureFormat } from '../../game/board-picture.js';
import type { GameMap } from '../../map/game-map.js';
import type { Location } from '../../map/model.js';
import type { GameStatus } from '../../status/model.js';
import { loadGame, currentMap, mapsOf, phaseRules, readerOf, type ExecutionContext } from '../context/context.js';
import { requestedGame } from './listings.js';
import type { Session, Step } from '../context/step.js';

/**
 * MAP: the map as text (every place with its kind and neighbours, then each power's home centers;
 * a neighbour only armies reach is marked (A), one only fleets reach (F)), with a picture of the
 * board as it stands attached: SVG, or PNG when asked for. The picture is drawn from the map's
 * own data; formats DPjudge drew from its PostScript files (GIF, PS, PDF) get the SVG instead.
 */

function neighbour(abut: Location['abuts'][number]): string {
  const mark = abut.armies && !abut.fleets ? ' (A)' : abut.fleets && !abut.armies ? ' (F)' : '';
  return `${abut.to}${mark}`;
}

function placeLine(map: GameMap, location: Location): string {
  const kind = [location.terrain.toLowerCase(), map.isCenter(location.province) && location.coast === null ? 'supply center' : ''].filter(
    (part) => part !== '',
  );
  const neighbours = location.abuts.map(neighbour).join(' ');
  return `${location.abbrev.padEnd(7)} ${location.name} (${kind.join(', ')}): ${neighbours}`;
}

function mapText(map: GameMap): string[] {
  const places = [...map.locations].sort((a, b) => a.abbrev.localeCompare(b.abbrev)).map((location) => placeLine(map, location));
  const homes = map.powers.map((power) => `${power.displayName.padEnd(12)} ${power.homes.join(' ')}`);
  return [`Map ${map.name}: ${map.locations.length} places, ${map.centers.length} supply centers.`, '', ...places, '', 'Home centers:', ...homes];
}

function picture(context: ExecutionContext, session: Session, name: string, game: GameStatus, format: string | undefined): Pick<Step, 'lines' | 'attachments'> {
  const drawn: PictureFormat = format === 'PNG' ? 'png' : 'svg';
  const instead = format === undefined || format === 'SVG' || format === 'PNG' ? '' : ` (this judge draws SVG or PNG, not ${format})`;
  try {
    const file = currentBoardPicture(name, game, mapsOf(context, game), phaseRules(context, game), context.service.archive(name), readerOf(session), drawn);
    return { lines: [`The board as it stands is attached as ${file.filename}${instead}.`], attachments: [file] };
  } catch {
    // The picture is an extra: the text, and the rest of the mail's commands, still go out without it.
    return { lines: ['The board could not be drawn; here is the map as text.'] };
  }
}

export function showMap(context: ExecutionContext, session: Session, requested: string | undefined, format: string | undefined): Step {
  const name = requestedGame(session, requested, 'MAP');
  const game = loadGame(context, name).game;
  const drawn = picture(context, session, name, game, format);
  return { ...drawn, lines: [...drawn.lines, '', ...mapText(currentMap(context, game))] };
}
