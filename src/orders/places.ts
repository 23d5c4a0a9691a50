import type { GameMap } from '../map/game-map.js';
import type { Token } from './lexer.js';

/** A place found in an order; it is its own accepted result, one object per place found. */
interface PlaceMatch {
  ok: true;
  location: string;
  /** Index of the first token after the place and any coast written with it. */
  next: number;
}

export type PlaceResult = PlaceMatch | { ok: false; reason: string } | null;

const COAST_WORDS: Record<string, string> = {
  NC: 'NC',
  N: 'NC',
  NORTH: 'NC',
  NORTHERN: 'NC',
  SC: 'SC',
  S: 'SC',
  SOUTH: 'SC',
  SOUTHERN: 'SC',
  EC: 'EC',
  E: 'EC',
  EAST: 'EC',
  EASTERN: 'EC',
  WC: 'WC',
  W: 'WC',
  WEST: 'WC',
  WESTERN: 'WC',
};

const COAST_NAMES: Record<string, string> = { NC: 'north', SC: 'south', EC: 'east', WC: 'west' };

/** Tokens that may sit inside a place name: no spaced dash (that is a move) and no colon. */
function joins(token: Token): boolean {
  if (token.kind === 'colon') return false;
  return token.kind !== 'dash' || !token.spaced;
}

function undotted(word: string): string {
  return word.includes('.') ? word.replace(/\./g, '') : word;
}

/** A word or name without the full stops after it (`PAR.` is `PAR`). */
export function withoutFullStops(word: string): string {
  return word.replace(/\.+$/, '');
}

/** The locations the name written from token `start` to `end` stands for; those of a single word are its word table's (`WordSense.places`). */
function lookup(map: GameMap, text: string, tokens: Token[], start: number, end: number, wordPlaces: readonly string[] | null): readonly string[] | null {
  if (start === end) return wordPlaces;
  const raw = text.slice(tokens[start]!.start, tokens[end]!.end);
  const entry = map.lookup(raw) ?? (raw.endsWith('.') ? map.lookup(withoutFullStops(raw)) : undefined);
  return entry ? entry.locations : null;
}

/** The word at `at` without full stops, or null when no word stands there. */
function wordAt(tokens: Token[], at: number): string | null {
  const token = tokens[at];
  return token?.kind === 'word' ? undotted(token.text) : null;
}

/** The index after a `COAST` word at `at`, or `at` when none stands there. */
function afterCoastWord(tokens: Token[], at: number): number {
  return wordAt(tokens, at) === 'COAST' ? at + 1 : at;
}

/**
 * A coast written after a place: `/nc`, `(nc)`, `(north coast)`, `nc`, `north coast`. Returns the
 * coast code and the index after it, or null when no coast follows.
 */
function coastSuffix(tokens: Token[], index: number): { code: string; next: number } | null {
  const first = tokens[index];
  if (!first) return null;
  if (first.kind === 'slash') {
    const word = wordAt(tokens, index + 1);
    if (word === null) return null;
    return { code: COAST_WORDS[word] ?? word, next: afterCoastWord(tokens, index + 2) };
  }
  if (first.kind === 'open') {
    const word = wordAt(tokens, index + 1);
    if (word === null || COAST_WORDS[word] === undefined) return null;
    const close = afterCoastWord(tokens, index + 2);
    return tokens[close]?.kind === 'close' ? { code: COAST_WORDS[word], next: close + 1 } : null;
  }
  const word = wordAt(tokens, index);
  if (word === null) return null;
  if (word.length === 2 && COAST_WORDS[word] === word) return { code: word, next: index + 1 };
  if (word.length > 1 && COAST_WORDS[word] && wordAt(tokens, index + 1) === 'COAST') return { code: COAST_WORDS[word], next: index + 2 };
  return null;
}

/** The location of `abbrev`'s province on the given coast, or null when the province has no such coast. */
function applyCoast(map: GameMap, abbrev: string, code: string): string | null {
  const location = map.location(abbrev);
  if (!location) return null;
  if (location.coast !== null) return location.coast === code ? abbrev : null;
  const coast = `${location.province}/${code}`;
  return map.location(coast) ? coast : null;
}

/** Why a name several places answer to (a `?` alias) cannot be read: the places it may mean. */
function ambiguity(map: GameMap, written: string, locations: readonly string[]): string {
  const meanings = locations.map((abbrev) => `${map.location(abbrev)?.name ?? abbrev} (${abbrev})`);
  return `'${written}' may mean ${meanings.slice(0, -1).join(', ')} or ${meanings[meanings.length - 1]}: write the one you mean`;
}

/**
 * Matches the longest place name starting at `start` (at least `minSpan` and at most `longest`
 * tokens long, see `Vocabulary.nameSpanAt`), with any coast written after it; `wordPlaces` are the
 * places the word at `start` alone names (`WordSense.places`). Null when no name starts
 * there; refused when the name is ambiguous, since a guess from the order's sense could turn one
 * place into another without a word.
 */
export function matchPlace(
  map: GameMap,
  text: string,
  tokens: Token[],
  start: number,
  wordPlaces: readonly string[] | null,
  longest: number,
  minSpan = 1,
): PlaceResult {
  if (tokens[start]?.kind !== 'word' || longest < minSpan) return null;
  let end = start;
  while (end + 1 < tokens.length && end + 1 - start < longest && joins(tokens[end + 1]!)) end++;
  for (; end >= start + minSpan - 1; end--) {
    const last = tokens[end]!;
    if (last.kind !== 'word' && last.kind !== 'close') continue;
    const locations = lookup(map, text, tokens, start, end, wordPlaces);
    if (!locations) continue;
    // The name as written is cut from the line only for a refusal.
    if (locations.length > 1) return { ok: false, reason: ambiguity(map, text.slice(tokens[start]!.start, last.end), locations) };
    const place: PlaceMatch = { ok: true, location: locations[0]!, next: end + 1 };
    const coast = coastSuffix(tokens, end + 1);
    if (!coast) return place;
    const named = map.location(place.location);
    const bareCode = tokens[end + 1]!.kind === 'word';
    if (bareCode && (named === undefined || !map.location(`${named.province}/${coast.code}`))) return place;
    const coasted = applyCoast(map, place.location, coast.code);
    if (coasted === null) {
      const name = named ? (map.location(named.province)?.name ?? named.name) : text.slice(tokens[start]!.start, last.end);
      return { ok: false, reason: `${name} has no ${COAST_NAMES[coast.code] ?? coast.code} coast` };
    }
    return { ok: true, location: coasted, next: coast.next };
  }
  return null;
}
