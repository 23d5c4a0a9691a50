import type { GameMap } from './game-map.js';
import type { BoardCoordinates } from './board-coordinates.js';
import { formatDiagnostic, type Diagnostic, type Phase } from './model.js';

/** A map as the judge holds it: its diagnostics, and the effective map in any phase. */
export interface MapDefinition {
  readonly diagnostics: Diagnostic[];
  /** The map as it is in its BEGIN phase. */
  readonly base: GameMap;
  readonly ok: boolean;
  readonly errors: Diagnostic[];
  readonly warnings: Diagnostic[];
  at(phase: Phase): GameMap;
  /** Where the map's places are drawn (its `.coords` file); null: the picture lays the map out from its adjacencies. */
  readonly coordinates: BoardCoordinates | null;
}

/** Shared by every dialect: splitting diagnostics and refusing maps with errors. */
export abstract class BaseMapDefinition implements MapDefinition {
  abstract readonly diagnostics: Diagnostic[];
  abstract readonly base: GameMap;
  abstract at(phase: Phase): GameMap;
  coordinates: BoardCoordinates | null = null;

  /** Takes the map's coordinates file, with the warnings about what in it does not fit the map. */
  drawnAt(coordinates: BoardCoordinates, warnings: readonly Diagnostic[]): void {
    this.coordinates = coordinates;
    this.diagnostics.push(...warnings);
  }

  get ok(): boolean {
    return !this.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  }

  get errors(): Diagnostic[] {
    return this.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  }

  get warnings(): Diagnostic[] {
    return this.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
  }
}

/** Drops repeated diagnostics (the same line reported by the base build and a phase probe). */
export function uniqueDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const key = formatDiagnostic(diagnostic);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
