import type { AreaIndex } from './area-index.js';
import type { DiagnosticSink } from './diagnostics.js';
import { COAST_KINDS, type MapFile, type MoveKind, type MoveModifier } from './syntax.js';

/**
 * Resolves the names in the move lists and applies nJudge's checks on them: lists of one area
 * must be together, every move must have its way back, a coast named as a target must have its
 * own list. Moves of an area to itself are the nJudge way of saying "no moves" and are dropped.
 */

export interface Move {
  from: number;
  /** The list the move is in: `mv`, `xc`, `cc` or the coast the fleet leaves from. */
  kind: MoveKind;
  to: number;
  modifier: MoveModifier | null;
  line: number;
}

export interface ResolvedMoves {
  moves: Move[];
  /** The kinds of list each area has, by area index. */
  listsOf: Set<MoveKind>[];
}

const ARMY_MARKS: readonly (MoveModifier | null)[] = ['mx', 'hx', 'lx'];

/** The list of the target area that must hold the way back, or null when any list will do. */
function returnKind(move: Move): MoveKind | null {
  if (move.kind === 'mv') return move.modifier === null ? 'mv' : null;
  if (move.modifier === null || move.modifier === 'xc') return 'xc';
  return move.modifier as MoveKind;
}

class MoveResolver {
  private readonly moves: Move[] = [];
  private readonly listsOf: Set<MoveKind>[];

  constructor(
    private readonly map: MapFile,
    private readonly index: AreaIndex,
    private readonly sink: DiagnosticSink,
  ) {
    this.listsOf = map.areas.map(() => new Set<MoveKind>());
  }

  private error(line: number, message: string): void {
    this.sink.error(this.map.file, line, message);
  }

  private area(area: number): string {
    return this.map.areas[area]!.name;
  }

  private abbrev(area: number): string {
    return this.map.areas[area]!.abbreviations[0]!;
  }

  run(): ResolvedMoves {
    this.resolve();
    const toMissingCoasts = this.movesToMissingCoasts();
    this.checkWayBack(toMissingCoasts);
    return { moves: this.moves.filter((move) => !toMissingCoasts.has(move)), listsOf: this.listsOf };
  }

  private resolve(): void {
    const firstLine = new Map<number, number>();
    let previous: number | undefined;
    for (const list of this.map.moves) {
      const from = this.index.find(list.source);
      if (from === undefined) {
        this.error(list.line, `unknown province '${list.source}' at the start of a move list`);
        continue;
      }
      if (from !== previous && firstLine.has(from))
        this.error(list.line, `move lists of ${this.area(from)} are split: they started on line ${firstLine.get(from)} and must be together`);
      if (!firstLine.has(from)) firstLine.set(from, list.line);
      previous = from;
      this.listsOf[from]!.add(list.kind);
      for (const target of list.targets) {
        const to = this.index.find(target.name);
        if (to === undefined) {
          this.error(list.line, `unknown province '${target.name}' in move list of ${this.area(from)}`);
          continue;
        }
        const modifier = list.allWeak && target.modifier === null ? 'mx' : target.modifier;
        if (!this.modifierFits(list.kind, modifier, target.name, list.line)) continue;
        if (to !== from) this.moves.push({ from, kind: list.kind, to, modifier, line: list.line });
      }
    }
  }

  private modifierFits(kind: MoveKind, modifier: MoveModifier | null, target: string, line: number): boolean {
    if (modifier === null) return true;
    const armyMark = ARMY_MARKS.includes(modifier);
    if (kind === 'mv' && !armyMark) {
      this.error(line, `'${target}/${modifier}' in an army list: only mx, hx or lx may mark army moves`);
      return false;
    }
    if (kind !== 'mv' && armyMark) {
      this.error(line, `'${target}/${modifier}' in a fleet list: ${modifier} marks army moves only`);
      return false;
    }
    return true;
  }

  /** Moves to a coast that has no list: reported here, and kept out of the other checks and the map. */
  private movesToMissingCoasts(): Set<Move> {
    const missing = new Set<Move>();
    for (const move of this.moves) {
      const coast = move.modifier;
      if (coast === null || !COAST_KINDS.includes(coast as MoveKind) || this.listsOf[move.to]!.has(coast as MoveKind)) continue;
      this.error(
        move.line,
        `${this.area(move.from)} moves to ${this.abbrev(move.to)}/${coast}, but ${this.area(move.to)} has no '${this.abbrev(move.to)}-${coast}' list`,
      );
      missing.add(move);
    }
    return missing;
  }

  private checkWayBack(skipped: Set<Move>): void {
    const listed = new Set(this.moves.map((move) => `${move.from}|${move.kind}|${move.to}`));
    const reached = new Set(this.moves.map((move) => `${move.from}|${move.to}`));
    for (const move of this.moves) {
      if (skipped.has(move)) continue;
      const kind = returnKind(move);
      const ok = kind === null ? reached.has(`${move.to}|${move.from}`) : listed.has(`${move.to}|${kind}|${move.from}`);
      if (ok) continue;
      const back = kind === null ? `no list of ${this.area(move.to)}` : `'${this.abbrev(move.to)}-${kind}'`;
      this.error(move.line, `can't get back to ${this.area(move.from)} from ${this.area(move.to)}: ${back} lists ${this.abbrev(move.from)}`);
    }
  }
}

export function resolveMoves(map: MapFile, index: AreaIndex, sink: DiagnosticSink): ResolvedMoves {
  return new MoveResolver(map, index, sink).run();
}
