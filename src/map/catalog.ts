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
