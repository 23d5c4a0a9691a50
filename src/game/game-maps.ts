import { findMapFile, isMapName, readAnyMap } from '../map/catalog.js';
import type { MapDefinition } from '../map/definition.js';
import { MapLoadError } from '../map/load.js';
import type { GameStatus } from '../status/model.js';
import { GameRuleError } from './lifecycle.js';
import type { LoadedMap } from './picture-thread.js';

/** Where a judge's maps are found, and where their drawings converted for pictures are kept. */
export interface MapFolders {
  /** Folders maps are looked up in: the maps folder first, then trials. */
  readonly mapFolders: readonly string[];
  /** Where the maps' drawings converted for pictures are kept (map/drawings/ghostscript.ts); without, each is converted once per process. */
  readonly drawingCache?: string;
}

/** The maps the games play on, each read once (with a game's MORPH lines, once per distinct MORPH) and kept. */
export class GameMaps {
  private readonly cache = new Map<string, LoadedMap>();

  constructor(private readonly folders: MapFolders) {}

  /** The map a game plays on (standard when the status file names none). */
  of(game: GameStatus): MapDefinition {
    return this.loaded(game).definition;
  }

  /** The map with where it was read from, for a picture thread that reads it again. */
  loaded(game: GameStatus): LoadedMap {
    const name = game.map?.name ?? 'standard';
    const morphLines = game.morphs.flatMap((block) => block.lines);
    const key = morphLines.length === 0 ? name : `${name}\n${morphLines.join('\n')}`;
    let loaded = this.cache.get(key);
    if (!loaded) {
      const path = this.find(name);
      const morph = morphLines.length === 0 ? {} : { morph: { lines: morphLines, source: `MORPH of ${game.name ?? 'the game'}` } };
      const cache = this.folders.drawingCache === undefined ? {} : { drawingCache: this.folders.drawingCache };
      const options = { searchPath: this.folders.mapFolders, ...cache, ...morph };
      const definition = readAnyMap(path, options);
      if (!definition.ok) throw new MapLoadError(definition.diagnostics);
      loaded = { definition, source: { key, path, options } };
      this.cache.set(key, loaded);
    }
    return loaded;
  }

  private find(name: string): string {
    if (!isMapName(name)) throw new GameRuleError(`'${name}' is not a map name`);
    const path = findMapFile(name, this.folders.mapFolders);
    if (path === undefined) throw new GameRuleError(`there is no map '${name}' on this judge`);
    return path;
  }
}
