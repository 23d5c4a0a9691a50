import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { GameMap } from './game-map.js';
import { formatDiagnostic, type Diagnostic, type Phase } from './model.js';
import { BaseMapDefinition, uniqueDiagnostics, type MapDefinition } from './definition.js';
export type { MapDefinition } from './definition.js';
import { formatPhase } from './phase.js';
import { compileMap, probeDynamicBlocks } from './dpjudge/compile.js';
import { readMapScript, type MapFileSystem, type MapScript } from './dpjudge/script.js';
import type { MapMeta } from './dpjudge/finish.js';
import { isNJudgeMapFileName, readNJudgeMap } from './njudge/definition.js';
import { Refusal } from '../common/errors.js';
import { findBoardArt } from './drawings/find-art.js';

/** The I/O edge of the map engine: finding, reading and decoding map files on disk. */

export class MapLoadError extends Refusal {
  readonly code = 'MAP_UNREADABLE';

  constructor(readonly diagnostics: Diagnostic[]) {
    super(
      diagnostics
        .filter((d) => d.severity === 'error')
        .map(formatDiagnostic)
        .join('\n'),
    );
    this.name = 'MapLoadError';
  }

  override get reason(): string {
    return `the game's map cannot be read with this, so nothing was written: ${this.message}`;
  }
}

/** Map files are ASCII or UTF-8, but older ones are ISO-8859-1: decode strictly, fall back to Latin-1. */
function decodeMapText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Exact name first; then, as map files are often written on case-insensitive systems, any case. */
function findInFolder(folder: string, name: string): string | null {
  const exact = join(folder, name);
  if (isFile(exact)) return exact;
  try {
    const wanted = name.toLowerCase();
    const match = readdirSync(folder).find((entry) => entry.toLowerCase() === wanted);
    return match && isFile(join(folder, match)) ? join(folder, match) : null;
  } catch {
    return null;
  }
}

/**
 * DPjudge keeps trial maps in `trials/` beside `maps/` and lets them USE the maps there, so a
 * file is looked for in its includer's folder, then in the search folders, then in `../maps`.
 */
function nodeMapFileSystem(searchPath: readonly string[]): MapFileSystem {
  return {
    resolve(name, fromDir) {
      if (isAbsolute(name)) return isFile(name) ? name : null;
      const folders = [fromDir, ...searchPath.map((folder) => resolve(folder)), join(dirname(fromDir), 'maps')];
      for (const folder of folders) {
        const found = findInFolder(folder, name);
        if (found) return found;
      }
      return null;
    },
    read: (path) => decodeMapText(readFileSync(path)),
    dirname,
    display(path) {
      const shown = relative(process.cwd(), path);
      return shown.startsWith('..') && shown.split('/').filter((part) => part === '..').length > 3 ? path : shown;
    },
  };
}

export interface MapLoadOptions {
  /** Where USE looks after the including file's folder (the maps folder, usually). */
  searchPath?: readonly string[];
  /** Build the map as it is in this phase (IN/FROM blocks); default the map's BEGIN phase. */
  phase?: Phase;
  /** A game's MORPH lines, applied after the map's own; `source` names them in diagnostics. */
  morph?: { lines: readonly string[]; source: string };
  /** Where drawings converted for the pictures are kept (a folder of the judge's var/); without, each is converted once per process. */
  drawingCache?: string;
}

/**
 * A DPjudge-syntax map file read once and buildable for any phase. Building is cached per phase,
 * so a game that asks for its map every phase pays for the file reads only once.
 */
export class DpjudgeMapDefinition extends BaseMapDefinition {
  private readonly built = new Map<string, GameMap>();
  /** The map has IN or FROM blocks, so it may differ from phase to phase. */
  private readonly dynamic: boolean;
  /** Errors and warnings of the base map and of every IN/FROM block. */
  readonly diagnostics: Diagnostic[];
  readonly base: GameMap;

  constructor(
    private readonly script: MapScript,
    private readonly meta: MapMeta,
  ) {
    super();
    const atBegin = compileMap(script, meta, 'begin');
    this.diagnostics = uniqueDiagnostics([...script.diagnostics, ...atBegin.diagnostics, ...probeDynamicBlocks(script, meta)]);
    this.base = this.wrap(atBegin.data);
    this.built.set(formatPhase(atBegin.data.begin), this.base);
    this.dynamic = script.statements.some((statement) => statement.scope.kind !== 'always');
  }

  /** The effective map in a phase. */
  at(phase: Phase): GameMap {
    // Without IN or FROM blocks the map is the same in every phase: no copy per phase reached.
    if (!this.dynamic) return this.base;
    const key = formatPhase(phase);
    let map = this.built.get(key);
    if (!map) {
      map = this.wrap(compileMap(this.script, this.meta, phase).data);
      this.built.set(key, map);
    }
    return map;
  }

  private wrap(data: GameMap['data']): GameMap {
    data.directives = this.script.stanzas.map((stanza) => ({ ...stanza, lines: [...stanza.lines] }));
    data.warnings = this.warnings;
    return new GameMap(data);
  }
}

function mapNameOf(path: string): string {
  return basename(path).replace(/\.map$/i, '');
}

/** Reads a DPjudge-syntax map (DPjudge or the `diplomacy` package) and everything it USEs. */
export function readMapDefinition(path: string, options: MapLoadOptions = {}): DpjudgeMapDefinition {
  const fs = nodeMapFileSystem(options.searchPath ?? []);
  const absolute = resolve(path);
  const script = readMapScript(absolute, options.morph ? withMorph(fs, absolute, options.morph) : fs);
  return new DpjudgeMapDefinition(script, {
    name: mapNameOf(path),
    files: script.files.map((file) => fs.display(file)),
    graphicalMap: script.graphicalMap,
    dialect: 'dpjudge',
  });
}

/** The name the map file USEs its game's MORPH lines by: a plain file name, as every USE must be. */
const MORPH_FILE_NAME = '+morph';

/**
 * A game's MORPH lines are map lines added after its map file: read as if the map file ended with
 * them, under a name that says where they come from.
 */
function withMorph(fs: MapFileSystem, mapPath: string, morph: { lines: readonly string[]; source: string }): MapFileSystem {
  const morphPath = `${mapPath}+morph`;
  const mapText = fs.read(mapPath);
  return {
    ...fs,
    read: (path) => (path === mapPath ? `${mapText}\nUSE ${MORPH_FILE_NAME}\n` : path === morphPath ? `${morph.lines.join('\n')}\n` : fs.read(path)),
    resolve: (name, fromDir) => (name === MORPH_FILE_NAME ? morphPath : fs.resolve(name, fromDir)),
    display: (path) => (path === morphPath ? morph.source : fs.display(path)),
  };
}

/** Reads a map of either syntax, chosen by its file name: nJudge's `map.<variant>` (with its seed), else DPjudge's. */
export function readMapOfAnyDialect(path: string, options: MapLoadOptions = {}): MapDefinition {
  const fs = nodeMapFileSystem(options.searchPath ?? []);
  const definition = /\.map$/i.test(path) || !isNJudgeMapFileName(path) ? readMapDefinition(path, options) : readNJudgeMap(resolve(path), fs);
  definition.drawnOn(() => findBoardArt(definition.base, resolve(path), fs, options.drawingCache ?? null));
  return definition;
}

/** Loads a map for play: throws MapLoadError listing every error with file:line. */
export function loadMapFile(path: string, options: MapLoadOptions = {}): GameMap {
  const definition = readMapOfAnyDialect(path, options);
  if (!definition.ok) throw new MapLoadError(definition.diagnostics);
  return options.phase ? definition.at(options.phase) : definition.base;
}
