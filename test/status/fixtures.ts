import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMapFile } from '../../src/map/load.js';
import type { GameMap } from '../../src/map/game-map.js';

/** The hand-written status files of `fixtures/`, and the judge's standard map to check them against. */
const FIXTURES = join(__dirname, 'fixtures');

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.status'))
    .sort();
}

export function fixtureBytes(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

export function fixtureText(name: string): string {
  return fixtureBytes(name).toString('utf8');
}

let standard: GameMap | undefined;

export function standardMap(): GameMap {
  standard ??= loadMapFile(join(__dirname, '..', '..', 'maps', 'standard.map'));
  return standard;
}
