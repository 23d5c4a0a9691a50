import { basename } from 'node:path';
import { BaseMapDefinition } from '../definition.js';
import type { MapFileSystem } from '../dpjudge/script.js';
import { GameMap } from '../game-map.js';
import type { Diagnostic, MapData, Phase } from '../model.js';
import { MOVEMENT, normalisePhaseType } from '../phase.js';
import { convertVariant, type VariantTexts } from './convert.js';
import { knownPowers } from './power-names.js';

/** nJudge names a variant's files `map.<variant>`, `seed.<variant>`, `report.<variant>`. */
const MAP_FILE_NAME = /^map\.([\w-]+)$/i;

export function isNJudgeMapFileName(name: string): boolean {
  return MAP_FILE_NAME.test(basename(name));
}

/**
 * An nJudge variant as the judge holds it. nJudge maps have no IN/FROM blocks: every phase plays on
 * the base map, but for the fall movement phase of a map with arctic waters (`v`), which plays on
 * one copy with the waters iced over.
 */
export class NJudgeMapDefinition extends BaseMapDefinition {
  readonly base: GameMap;
  readonly diagnostics: Diagnostic[];
  private iced: GameMap | null = null;

  /** `readProblems`: files that exist but could not be read. */
  constructor(texts: VariantTexts, readProblems: Diagnostic[] = []) {
    super();
    const converted = convertVariant(texts);
    this.diagnostics = [...readProblems, ...converted.diagnostics];
    converted.data.warnings = this.warnings;
    this.base = new GameMap(converted.data);
  }

  at(phase: Phase): GameMap {
    const icy = phase.season === 'FALL' && normalisePhaseType(phase.type) === MOVEMENT && this.base.data.extras.arcticWaters.length > 0;
    if (!icy) return this.base;
    this.iced ??= new GameMap(icedOver(this.base.data));
    return this.iced;
  }
}

/**
 * The map with its arctic waters ice-covered, as nJudge has them in the fall moves: no move leads
 * into or out of them, so every adjacency that touches one is closed to everyone (`:X`), and with
 * it every support and convoy across. Units stay; retreats and other phases use the open water.
 */
function icedOver(data: MapData): MapData {
  const ice = new Set(data.extras.arcticWaters);
  const provinceOf = new Map(data.locations.map((location) => [location.abbrev, location.province]));
  const locations = data.locations.map((location) => ({
    ...location,
    abuts: location.abuts.map((abut) => (ice.has(location.province) || ice.has(provinceOf.get(abut.to)!) ? { ...abut, powers: [] } : abut)),
  }));
  return { ...data, locations };
}

/**
 * Reads `map.<variant>` and the `seed.<variant>` in the same folder (and, for a variant nJudge does
 * not ship, the `report.<variant>` that names its powers).
 */
export function readNJudgeMap(path: string, fs: MapFileSystem): NJudgeMapDefinition {
  const folder = fs.dirname(path);
  const variant = MAP_FILE_NAME.exec(basename(path))![1]!.toLowerCase();
  const problems: Diagnostic[] = [];
  const read = (file: string): { file: string; text: string } | null => {
    try {
      return { file: fs.display(file), text: fs.read(file) };
    } catch (error) {
      problems.push({ file: fs.display(file), line: 0, severity: 'error', message: `cannot read ${fs.display(file)}: ${(error as Error).message}` });
      return null;
    }
  };
  const beside = (name: string): { file: string; text: string } | null => {
    const found = fs.resolve(name, folder);
    return found !== null && fs.dirname(found) === folder ? read(found) : null;
  };
  const map = read(path) ?? { file: fs.display(path), text: '' };
  const seed = beside(`seed.${variant}`);
  const report = knownPowers(variant) === null ? beside(`report.${variant}`) : null;
  return new NJudgeMapDefinition({ variant, map, seed, report }, problems);
}
