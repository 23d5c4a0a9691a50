import type { GameMap } from './game-map.js';
import { GENERATED_BOARD, type BoardArt } from './board-art.js';
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
  /** What the map's pictures are drawn on and where its places stand (board-art.ts). */
  readonly art: BoardArt;
}

/** A map's board art and the warnings about its files. */
export interface ChosenArt {
  readonly art: BoardArt;
  readonly diagnostics: readonly Diagnostic[];
}

/** Shared by every dialect: splitting diagnostics and refusing maps with errors. */
export abstract class BaseMapDefinition implements MapDefinition {
  abstract readonly diagnostics: Diagnostic[];
  abstract readonly base: GameMap;
  abstract at(phase: Phase): GameMap;
  private chooseArt: (() => ChosenArt) | null = null;
  private chosenArt: BoardArt | null = null;

  /**
   * Chosen when first asked for, not when the map is read: a drawing may have to be converted, and
   * most loads of a map (a mail's orders, a checker step) draw no picture. The warnings about what
   * in it could not be read join the map's diagnostics then.
   */
  get art(): BoardArt {
    if (this.chosenArt === null) {
      const chosen = this.chooseArt?.() ?? { art: GENERATED_BOARD, diagnostics: [] };
      this.chosenArt = chosen.art;
      this.diagnostics.push(...chosen.diagnostics);
    }
    return this.chosenArt;
  }

  /** Says how the map's board art is chosen (load.ts). */
  drawnOn(choose: () => ChosenArt): void {
    this.chooseArt = choose;
    this.chosenArt = null;
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
