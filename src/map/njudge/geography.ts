import type { Abut, Location, Terrain } from '../model.js';
import type { DiagnosticSink } from './diagnostics.js';
import { isWaterType } from './area-line.js';
import type { Move, ResolvedMoves } from './moves.js';
import { COAST_KINDS, type AreaLine, type MapFile, type MoveKind } from './syntax.js';

/**
 * Turns areas and resolved moves into model locations: one location per area, plus one per coast
 * of an area with coast lists (`BUL/EC`). Terrain follows from the area type and from which lists
 * an area has; abut flags follow from which list a move is in.
 */

export interface Geography {
  locations: Location[];
  /** The model abbreviation of each area (its province location), by area index. */
  provinceOf: string[];
  /** The coast locations of each area, by coast kind, by area index. */
  coastsOf: Map<MoveKind, string>[];
}

const COAST_NAMES: Record<string, string> = { nc: 'north coast', sc: 'south coast', ec: 'east coast', wc: 'west coast' };

function coastKinds(lists: Set<MoveKind>): MoveKind[] {
  return COAST_KINDS.filter((kind) => lists.has(kind));
}

interface AreaShape {
  terrain: Terrain;
  fleets: boolean;
  armies: boolean;
}

class GeographyBuilder {
  private readonly locations: Location[] = [];
  private readonly byAbbrev = new Map<string, Location>();
  private readonly provinceOf: string[];
  private readonly coastsOf: Map<MoveKind, string>[];

  constructor(
    private readonly map: MapFile,
    private readonly resolved: ResolvedMoves,
    private readonly sink: DiagnosticSink,
  ) {
    this.provinceOf = map.areas.map((area) => area.abbreviations[0]!.toUpperCase());
    this.coastsOf = map.areas.map(() => new Map());
  }

  run(): Geography {
    const movesFrom = this.map.areas.map((): Move[] => []);
    for (const move of this.resolved.moves) movesFrom[move.from]!.push(move);
    this.map.areas.forEach((area, index) => this.addArea(area, index, movesFrom[index]!));
    for (const move of this.resolved.moves) this.addAbut(move);
    this.warnSharedMarks();
    return { locations: this.locations, provinceOf: this.provinceOf, coastsOf: this.coastsOf };
  }

  private shape(area: AreaLine, index: number, moves: Move[]): AreaShape {
    const lists = this.resolved.listsOf[index]!;
    const file = this.map.file;
    if (area.type === 'g' || area.type === 'r') {
      if (moves.length > 0)
        this.sink.error(file, moves[0]!.line, `${area.name} is a ${area.type === 'g' ? 'gateway' : 'railway'} area: no move may lead into or out of it`);
      return { terrain: 'SHUT', fleets: false, armies: false };
    }
    if (lists.size === 0) this.sink.warn(file, area.line, `${area.name} has no move list (nJudge: "No movement table"); no unit can enter or leave it`);
    if (isWaterType(area.type)) {
      if (coastKinds(lists).length > 0) this.sink.error(file, area.line, `${area.name} is water: coast lists belong to land areas`);
      const marching = moves.find((move) => move.kind === 'mv');
      if (marching) this.sink.warn(file, marching.line, `${area.name} is water: its army moves are never used`);
      return { terrain: moves.length > 0 ? 'WATER' : 'SHUT', fleets: moves.length > 0, armies: false };
    }
    if (moves.length === 0) return { terrain: 'SHUT', fleets: false, armies: false };
    const sailing = moves.some((move) => move.kind !== 'mv');
    if (coastKinds(lists).length > 0) {
      if (lists.has('xc')) this.sink.error(file, area.line, `${area.name} has coast lists and an '-xc' list: a fleet must stand on one of its coasts`);
      return { terrain: 'COAST', fleets: false, armies: true };
    }
    if (!sailing) {
      if (area.convoyable) this.sink.warn(file, area.line, `${area.name} is marked convoyable ('w') but no fleet can reach it`);
      return { terrain: 'LAND', fleets: false, armies: true };
    }
    return { terrain: area.convoyable ? 'PORT' : 'COAST', fleets: true, armies: true };
  }

  private addLocation(location: Omit<Location, 'id' | 'abuts'>): void {
    const added: Location = { id: this.locations.length, ...location, abuts: [] };
    this.locations.push(added);
    this.byAbbrev.set(added.abbrev, added);
  }

  private addArea(area: AreaLine, index: number, moves: Move[]): void {
    const shape = this.shape(area, index, moves);
    const province = this.provinceOf[index]!;
    const source = { file: this.map.file, line: area.line };
    this.addLocation({
      abbrev: province,
      province,
      coast: null,
      name: area.name,
      terrain: shape.terrain,
      fleetsMayOccupy: shape.fleets,
      armiesMayOccupy: shape.armies,
      source,
    });
    for (const kind of coastKinds(this.resolved.listsOf[index]!)) {
      const abbrev = `${province}/${kind.toUpperCase()}`;
      this.coastsOf[index]!.set(kind, abbrev);
      this.addLocation({
        abbrev,
        province,
        coast: kind.toUpperCase(),
        name: `${area.name} (${COAST_NAMES[kind]})`,
        terrain: area.convoyable ? 'PORT' : 'COAST',
        fleetsMayOccupy: true,
        armiesMayOccupy: false,
        source,
      });
    }
  }

  /** Where a fleet arrives: the named coast, or the area itself, which must then have no coasts. */
  private fleetTarget(move: Move): string | null {
    const coasts = this.coastsOf[move.to]!;
    const coast = move.modifier === null || move.modifier === 'xc' || move.modifier === 'cc' ? null : coasts.get(move.modifier as MoveKind);
    if (coast) return coast;
    if (coasts.size === 0) return this.provinceOf[move.to]!;
    const choices = [...coasts.values()].join(', ');
    this.sink.error(
      this.map.file,
      move.line,
      `${this.map.areas[move.from]!.name} moves a fleet to ${this.map.areas[move.to]!.name} without naming one of its coasts (${choices})`,
    );
    return null;
  }

  private addAbut(move: Move): void {
    const army = move.kind === 'mv';
    const from = COAST_KINDS.includes(move.kind) ? this.coastsOf[move.from]!.get(move.kind)! : this.provinceOf[move.from]!;
    const to = army ? this.provinceOf[move.to]! : this.fleetTarget(move);
    if (to === null) return;
    const location = this.byAbbrev.get(from)!;
    let abut = location.abuts.find((existing) => existing.to === to);
    if (!abut) {
      abut = { to, fleets: false, armies: false, powers: null, centers: [], weak: false, half: false } satisfies Abut;
      location.abuts.push(abut);
    }
    if (army) abut.armies = true;
    else abut.fleets = true;
    if (move.modifier === 'mx') abut.weak = true;
    if (move.modifier === 'hx' || move.modifier === 'lx') abut.half = true;
  }

  /** The model keeps one adjacency per pair, so a strength mark on an army move also marks the fleet move. */
  private warnSharedMarks(): void {
    for (const location of this.locations)
      for (const abut of location.abuts)
        if ((abut.weak || abut.half) && abut.armies && abut.fleets)
          this.sink.warn(
            this.map.file,
            location.source.line,
            `the ${abut.weak ? 'mx' : 'hx/lx'} mark on the army move ${location.abbrev}-${abut.to} also applies to fleets there`,
          );
  }
}

export function buildGeography(map: MapFile, resolved: ResolvedMoves, sink: DiagnosticSink): Geography {
  return new GeographyBuilder(map, resolved, sink).run();
}
