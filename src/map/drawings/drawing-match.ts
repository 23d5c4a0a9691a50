import type { BoardDrawing, DrawnPlace } from '../board-art.js';
import type { GameMap } from '../game-map.js';
import type { Diagnostic } from '../model.js';

/**
 * A drawing's places under the map's names. A drawing names a place by the map's abbreviation
 * (`LON`, `STP/NC`), or by any name the map knows it by (its full name or an alias: `London`), or
 * gives a full name the map knows (a DPjudge drawing's `AND Andalusia`, where the map's `AND` is an
 * ambiguous alias and its abbreviation `ADL`); a
 * name the map does not know is left out, and a province the drawing does not place is put by the
 * picture beside its neighbours. Each is a warning, never an error: the map stays playable.
 */
/** The one place the map knows by this name or alias, if it is one (not an ambiguous alias). */
function knownAs(map: GameMap, name: string | undefined): string | undefined {
  const aliased = name === undefined ? undefined : map.lookup(name);
  return aliased !== undefined && !aliased.ambiguous && aliased.locations.length === 1 ? aliased.locations[0] : undefined;
}

export function matchDrawing(drawing: BoardDrawing, map: GameMap): { drawing: BoardDrawing; diagnostics: Diagnostic[] } {
  const warn = (message: string): Diagnostic => ({ file: drawing.file, line: 0, severity: 'warning', message });
  const places = new Map<string, DrawnPlace>();
  const strangers: string[] = [];
  for (const [name, place] of drawing.places) {
    const location = map.location(name)?.abbrev ?? knownAs(map, name) ?? knownAs(map, drawing.fullNames.get(name));
    if (location === undefined) strangers.push(name);
    else if (!places.has(location)) places.set(location, place);
  }
  const diagnostics: Diagnostic[] = [];
  if (strangers.length > 0) diagnostics.push(warn(`not places of the map ${map.name}, left out of its picture: ${strangers.join(' ')}`));
  const provinces = [...new Set(map.locations.map((location) => location.province))];
  const missing = provinces.filter((province) => !places.has(province));
  if (missing.length > 0) diagnostics.push(warn(`no position for ${missing.join(' ')}: the picture puts each beside its neighbours`));
  return { drawing: { ...drawing, places }, diagnostics };
}
