import type { GameMap } from '../map/game-map.js';
import type { Abut, Location } from '../map/model.js';

/**
 * Integer-indexed views of a GameMap for the adjudicator: location ids are the map's dense
 * `Location.id`, and a province is identified by the id of its coastless location. Built once per
 * GameMap and cached, so adjudicating a phase never touches strings in its inner loops.
 */
export class MapTables {
  readonly map: GameMap;
  readonly locations: readonly Location[];
  readonly count: number;
  /** Location id → id of its province's location (itself for a province). */
  readonly provinceOf: Int32Array;
  /** Fleets here may convoy (WATER or PORT). */
  readonly convoySpace: Uint8Array;
  /** Location id → ids of every location it abuts, whatever the abut's restrictions. */
  readonly neighbours: readonly Int32Array[];
  /**
   * Location id → the locations it abuts across an adjacency a fleet may sail (not written
   * lower-case): the legs a convoy may take. Two coasts that touch only by land (GAS-MAR) are
   * neighbours but no leg, which matters once fleets on coasts convoy (COASTAL_CONVOY).
   */
  readonly sailable: readonly Int32Array[];
  /** Province id → ids of its coast locations (empty for a single-coast province). */
  readonly coastsOf: readonly Int32Array[];
  /**
   * Province id → provinces one step away for any unit, through any of their locations; SHUT
   * provinces and abuts closed to everyone (`:X`) left out. Distances for civil disorder use it.
   */
  readonly passableProvinces: readonly Int32Array[];
  private readonly ids = new Map<string, number>();
  private readonly abuts = new Map<number, Abut>();

  private constructor(map: GameMap) {
    this.map = map;
    this.locations = map.locations;
    this.count = map.locations.length;
    for (const location of map.locations) this.ids.set(location.abbrev, location.id);
    this.provinceOf = new Int32Array(this.count);
    this.convoySpace = new Uint8Array(this.count);
    const neighbours: Int32Array[] = [];
    const sailable: Int32Array[] = [];
    const coasts: number[][] = map.locations.map(() => []);
    for (const location of map.locations) {
      const province = this.ids.get(location.province) ?? location.id;
      this.provinceOf[location.id] = province;
      if (location.coast !== null) coasts[province]!.push(location.id);
      this.convoySpace[location.id] = map.canConvoyFrom(location.abbrev) ? 1 : 0;
      const targets: number[] = [];
      const legs: number[] = [];
      for (const abut of location.abuts) {
        const to = this.ids.get(abut.to);
        if (to === undefined) continue;
        targets.push(to);
        if (abut.fleets) legs.push(to);
        this.abuts.set(this.pairKey(location.id, to), abut);
      }
      neighbours[location.id] = Int32Array.from(targets);
      sailable[location.id] = Int32Array.from(legs);
    }
    this.neighbours = neighbours;
    this.sailable = sailable;
    this.coastsOf = coasts.map((list) => Int32Array.from(list));
    const passable: Set<number>[] = map.locations.map(() => new Set());
    for (const location of map.locations) {
      for (const abut of location.abuts) {
        const to = this.ids.get(abut.to);
        if (to === undefined || (abut.powers !== null && abut.powers.length === 0)) continue;
        const province = this.provinceOf[to]!;
        if (map.locations[province]!.terrain !== 'SHUT') passable[this.provinceOf[location.id]!]!.add(province);
      }
    }
    this.passableProvinces = passable.map((set) => Int32Array.from(set));
  }

  private static readonly cache = new WeakMap<GameMap, MapTables>();

  static of(map: GameMap): MapTables {
    let tables = MapTables.cache.get(map);
    if (!tables) {
      tables = new MapTables(map);
      MapTables.cache.set(map, tables);
    }
    return tables;
  }

  private pairKey(from: number, to: number): number {
    return from * this.count + to;
  }

  /** The id of a location abbreviation, or -1. */
  id(abbrev: string): number {
    return this.ids.get(abbrev) ?? -1;
  }

  abbrev(id: number): string {
    return this.locations[id]!.abbrev;
  }

  name(id: number): string {
    return this.locations[id]!.name;
  }

  abut(from: number, to: number): Abut | undefined {
    return this.abuts.get(this.pairKey(from, to));
  }

  /** A convoy may cross from one location to the other: they abut, and not by land only. */
  sails(from: number, to: number): boolean {
    return this.abuts.get(this.pairKey(from, to))?.fleets === true;
  }
}
