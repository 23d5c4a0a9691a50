import { basename } from 'node:path';
import { BaseMapDefinition } from '../definition.js';
import type { MapFileSystem } from '../dpjudge/script.js';
import { GameMap } from '../game-map.js';
import type { Diagnostic } from '../model.js';
import { convertVariant, type VariantTexts } from './convert.js';
import { knownPowers } from './power-names.js';

/** nJudge names a variant's files `map.<variant>`, `seed.<variant>`, `report.<variant>`. */
const MAP_FILE_NAME = /^map\.([\w-]+)$/i;

export function isNJudgeMapFileName(name: string): boolean {
  return MAP_FILE_NAME.test(basename(name));
}

/** An nJudge variant as the judge holds it. nJudge maps have no IN/FROM blocks: every phase plays on the base map. */
export class NJudgeMapDefinition extends BaseMapDefinition {
  readonly base: GameMap;
  readonly diagnostics: Diagnostic[];

  /** `readProblems`: files that exist but could not be read. */
  constructor(texts: VariantTexts, readProblems: Diagnostic[] = []) {
    super();
    const converted = convertVariant(texts);
    this.diagnostics = [...readProblems, ...converted.diagnostics];
    converted.data.warnings = this.warnings;
    this.base = new GameMap(converted.data);
  }

  at(): GameMap {
    return this.base;
  }
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
