import type { GameMap } from '../map/game-map.js';
import type { Abut, Location, UnitType } from '../map/model.js';
import { nulls } from './arrays.js';

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
  /**
   * Province id → 1 for an nJudge high sea (`h`), where any number of fleets may stand and no move
   * bounces (see Board and movement/battle.ts); null on the many maps without one.
   */
  readonly highSea: Uint8Array | null;
  /** Province id → 1 for a supply center. */
  readonly center: Uint8Array;
  private readonly ids = new Map<string, number>();
  /**
   * Location id → the locations it abuts once each, and the abut to each (the last written wins).
   * Scanning a location's few abuts is faster than hashing a pair, and the adjudicator asks often.
   */
  private readonly abutTargets: readonly Int32Array[];
  private readonly abutsFrom: readonly (readonly Abut[])[];
  /** Location id → how the results name an army or a fleet there (`A PAR`, `F STP/SC`). */
  private readonly armyLabels: readonly string[];
  private readonly fleetLabels: readonly string[];
  private readonly ownedLabelsOf = new Map<string, (string | null)[]>();

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
    const abutTargets: Int32Array[] = [];
    const abutsFrom: Abut[][] = [];
    for (const location of map.locations) {
      const province = this.ids.get(location.province) ?? location.id;
      this.provinceOf[location.id] = province;
      if (location.coast !== null) coasts[province]!.push(location.id);
      this.convoySpace[location.id] = map.canConvoyFrom(location.abbrev) ? 1 : 0;
      const targets: number[] = [];
      const legs: number[] = [];
      const uniqueTargets: number[] = [];
      const abuts: Abut[] = [];
      for (const abut of location.abuts) {
        const to = this.ids.get(abut.to);
        if (to === undefined) continue;
        targets.push(to);
        if (abut.fleets) legs.push(to);
        const seen = uniqueTargets.indexOf(to);
        if (seen >= 0) abuts[seen] = abut;
        else {
          uniqueTargets.push(to);
          abuts.push(abut);
        }
      }
      neighbours[location.id] = Int32Array.from(targets);
      sailable[location.id] = Int32Array.from(legs);
      abutTargets[location.id] = Int32Array.from(uniqueTargets);
      abutsFrom[location.id] = abuts;
    }
    this.neighbours = neighbours;
    this.sailable = sailable;
    this.abutTargets = abutTargets;
    this.abutsFrom = abutsFrom;
    this.armyLabels = map.locations.map((location) => `A ${location.abbrev}`);
    this.fleetLabels = map.locations.map((location) => `F ${location.abbrev}`);
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
    const highSeas = map.data.extras.highSeas;
    const highSea = highSeas.length === 0 ? null : new Uint8Array(this.count);
    for (const province of highSeas) highSea![this.ids.get(province)!] = 1;
    this.highSea = highSea;
    this.center = new Uint8Array(this.count);
    for (const center of map.data.centers) {
      const id = this.ids.get(center);
      if (id !== undefined) this.center[id] = 1;
    }
  }

  /** Whether the province is an nJudge high sea. */
  isHighSea(province: number): boolean {
    return this.highSea !== null && this.highSea[province] === 1;
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
    const targets = this.abutTargets[from]!;
    for (let index = 0; index < targets.length; index++) if (targets[index] === to) return this.abutsFrom[from]![index];
    return undefined;
  }

  /** A convoy may cross from one location to the other: they abut, and not by land only. */
  sails(from: number, to: number): boolean {
    return this.abut(from, to)?.fleets === true;
  }

  /** `A PAR`, `F STP/SC`: a unit as the results name it. */
  unitLabel(type: UnitType, location: number): string {
    return (type === 'A' ? this.armyLabels : this.fleetLabels)[location]!;
  }

  /**
   * The labels of a power's units with its name for people (`A BUR (France)`), by location id twice
   * (army, fleet): filled in by `Board.ownedLabel` as the results need them, and kept for the map's
   * life, since joining the two strings anew cost a movement phase about a twentieth of its time.
   */
  ownedLabels(power: string): (string | null)[] {
    let labels = this.ownedLabelsOf.get(power);
    if (labels === undefined) {
      labels = nulls<string>(2 * this.count);
      this.ownedLabelsOf.set(power, labels);
    }
    return labels;
  }
}
