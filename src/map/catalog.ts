import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isNJudgeMapFileName } from './njudge/definition.js';
import { readMapOfAnyDialect, type MapDefinition, type MapLoadOptions } from './load.js';

/** Which files in a maps folder are maps of their own (not pieces that other maps USE, nor nJudge seeds). */
export function isMapFileName(name: string): boolean {
  return /\.map$/i.test(name) || isNJudgeMapFileName(name);
}

/** Loads a map file of any dialect the judge knows, chosen by its name (`map.<variant>` is nJudge's). */
export function readAnyMap(path: string, options: MapLoadOptions = {}): MapDefinition {
  return readMapOfAnyDialect(path, options);
}

/**
 * The file of the map a game or a DATC file names, in the first folder that has it: DPjudge's
 * `<name>.map`, nJudge's `map.<name>`, or the name as it is. Undefined when no folder has one; a
 * name that could leave the folders (a path, `..`) is never looked up.
 */
export function findMapFile(name: string, folders: readonly string[]): string | undefined {
  if (!isMapName(name)) return undefined;
  for (const folder of folders) {
    for (const candidate of [join(folder, `${name}.map`), join(folder, `map.${name}`), join(folder, name)]) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

export function isMapName(name: string): boolean {
  return /^[A-Za-z0-9_.+-]+$/.test(name) && !name.includes('..');
}
