import { basename } from 'node:path';
import { readMapDefinition, type MapDefinition, type MapLoadOptions } from './load.js';

/** Which files in a maps folder are maps of their own (not pieces that other maps USE). */
export function isMapFileName(name: string): boolean {
  return /\.map$/i.test(name);
}

/** Loads a map file of any dialect the judge knows, chosen by its name. */
export function readAnyMap(path: string, options: MapLoadOptions = {}): MapDefinition {
  void basename;
  return readMapDefinition(path, options);
}
