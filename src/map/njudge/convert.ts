import { DEFAULT_BEGIN, DEFAULT_FLOW, type Diagnostic, type FlowStep, type MapData } from '../model.js';
import { buildAliases } from './aliases.js';
import { AreaIndex } from './area-index.js';
import { orderCenters } from './centers.js';
import { DiagnosticSink } from './diagnostics.js';
import { buildExtras } from './extras.js';
import { buildGeography } from './geography.js';
import { parseMapFile } from './map-file.js';
import { resolveMoves } from './moves.js';
import { buildPowers, type Cast } from './politics.js';
import { knownPowers, type PowerName } from './power-names.js';
import { powerNamesFromReport } from './report-names.js';
import { parseSeedFile, type PowerLetterOf } from './seed-file.js';

/** The texts of one nJudge variant, already read: the map, its seed and (optionally) its report. */
export interface VariantTexts {
  variant: string;
  map: { file: string; text: string };
  seed: { file: string; text: string } | null;
  report: { file: string; text: string } | null;
}

const MACHIAVELLI_UNPLAYABLE = 'Machiavelli variant: its geography loads, but this judge does not play Machiavelli rules';

/** Machiavelli's year has three seasons, and its adjustments (`F1453A`) close the fall. */
const MACHIAVELLI_FLOW: FlowStep[] = [
  { kind: 'phase', season: 'SPRING', type: 'MOVEMENT' },
  { kind: 'phase', season: 'SPRING', type: 'RETREATS' },
  { kind: 'phase', season: 'SUMMER', type: 'MOVEMENT' },
  { kind: 'phase', season: 'SUMMER', type: 'RETREATS' },
  { kind: 'phase', season: 'FALL', type: 'MOVEMENT' },
  { kind: 'phase', season: 'FALL', type: 'RETREATS' },
  { kind: 'phase', season: 'FALL', type: 'ADJUSTMENTS' },
];

/**
 * How a seed in prose names its powers: by the names nJudge ships for the variant, or, for a variant
 * it does not know, by the home centres the powers' units start on (a unit on a home centre of
 * power `N` makes its power's name `N`'s, as in a report file).
 */
function proseLetters(known: readonly PowerName[] | null, index: AreaIndex): PowerLetterOf {
  const learnt = new Map<string, string>();
  return (name, place) => {
    const key = name.toLowerCase();
    if (known) {
      const power = known.find((entry) => entry.name.toLowerCase() === key);
      return power ? power.letter : { error: `unknown power '${name}' (this variant's powers: ${known.map((entry) => entry.name).join(', ')})` };
    }
    const area = index.find(place.replace(/\/\w+$/, ''));
    const home = area === undefined ? undefined : index.areas[area]!.type;
    const letter = home !== undefined && /^[A-Z0-9]$/.test(home) ? home : learnt.get(key);
    if (letter === undefined) return { error: `cannot tell which power letter '${name}' is: none of its units so far stands on a home centre` };
    const earlier = learnt.get(key);
    if (earlier !== undefined && earlier !== letter) return { error: `'${name}' starts on home centres of two powers, ${earlier} and ${letter}` };
    const namesake = [...learnt].find(([other, taken]) => taken === letter && other !== key);
    if (namesake) return { error: `'${name}' and '${namesake[0]}' both start on home centres of power ${letter}` };
    learnt.set(key, letter);
    return letter;
  };
}

export function convertVariant(texts: VariantTexts): { data: MapData; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink();
  const map = parseMapFile(texts.map.text, texts.map.file, sink);
  const index = new AreaIndex(map.areas, map.file, sink);
  const geography = buildGeography(map, resolveMoves(map, index, sink), sink);
  const known = knownPowers(texts.variant);
  const seed = texts.seed ? parseSeedFile(texts.seed.text, texts.seed.file, map.machiavelli, sink, proseLetters(known, index)) : null;
  if (!texts.seed)
    sink.warn(
      map.file,
      1,
      `no seed.${texts.variant} beside ${map.file}: the map has no units, homes own themselves and play would start in ${DEFAULT_BEGIN.season} ${DEFAULT_BEGIN.year}`,
    );
  const cast: Cast = known
    ? { names: known, complete: true }
    : {
        names: texts.report && seed ? [...powerNamesFromReport(texts.report.text, seed.units, index)].map(([letter, name]) => ({ letter, name })) : [],
        complete: false,
      };
  const powers = buildPowers(map, index, geography, seed, cast, sink);
  const centers = orderCenters(map, index, geography.provinceOf, sink);
  const extras = buildExtras(map, index, geography, powers, sink);
  const files = [texts.map.file, texts.seed?.file, known ? undefined : texts.report?.file].filter((file): file is string => file !== undefined);
  const data: MapData = {
    name: texts.variant,
    files,
    graphicalMap: texts.variant,
    textOnly: false,
    dialect: 'njudge',
    unplayable: map.machiavelli ? MACHIAVELLI_UNPLAYABLE : null,
    locations: geography.locations,
    centers,
    powers,
    victory: [],
    flow: map.machiavelli ? MACHIAVELLI_FLOW : DEFAULT_FLOW,
    begin: seed?.begin ?? DEFAULT_BEGIN,
    rules: [],
    directives: [],
    newHomes: [],
    rotation: null,
    flags: null,
    notify: [],
    aliases: buildAliases(map, geography),
    warnings: [],
    extras,
  };
  return { data, diagnostics: sink.items };
}
