import { aliasKey } from '../game-map.js';
import type { AliasEntry } from '../model.js';
import type { Geography } from './geography.js';
import type { MapFile } from './syntax.js';

/**
 * Every name an order may use: each abbreviation and the full name of an area, and for a coast
 * those with `/nc` (as seeds write `St Petersburg/sc`) and the coast location's long name. A name
 * two areas share means the first of them, as in nJudge, so no entry is ambiguous.
 */
export function buildAliases(map: MapFile, geography: Geography): Map<string, AliasEntry> {
  const aliases = new Map<string, AliasEntry>();
  const add = (text: string, location: string): void => {
    const key = aliasKey(text);
    if (!aliases.has(key)) aliases.set(key, { locations: [location], ambiguous: false });
  };
  map.areas.forEach((area, index) => {
    const names = [...area.abbreviations, area.name];
    for (const name of names) add(name, geography.provinceOf[index]!);
    for (const [kind, location] of geography.coastsOf[index]!) for (const name of names) add(`${name}/${kind}`, location);
  });
  for (const location of geography.locations) add(location.abbrev, location.abbrev);
  for (const location of geography.locations) if (location.coast !== null) add(location.name, location.abbrev);
  return aliases;
}
