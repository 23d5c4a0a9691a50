import type { GameMap, Mover } from '../map/game-map.js';
import type { Power, UnitType } from '../map/model.js';
import { filled } from './arrays.js';
import { MapTables } from './tables.js';
import type { Position, PowerState, Unit } from './types.js';
import { JudgeFailure } from '../common/errors.js';

export interface BoardUnit {
  /** Index of the owning power in `Board.powers`. */
  power: number;
  type: UnitType;
  location: number;
  province: number;
}

/** A unit of the position, with the position's own object kept so that units that stay can be passed on as they are. */
export interface PlacedUnit extends BoardUnit {
  source: Unit;
}

export interface BoardRetreat extends BoardUnit {
  retreats: readonly string[];
}

/** A position that does not fit its map: a bug in whoever built it, never a player's mistake. */
export class PositionError extends JudgeFailure {}

/**
 * A position indexed by integer province ids for one phase: who stands where, who owns what, and
 * each power's adjacency credentials for restricted abuts.
 */
export class Board {
  readonly map: GameMap;
  /** The position indexed, kept to tell whether an order was checked against this same board. */
  readonly position: Position;
  readonly tables: MapTables;
  readonly powers: readonly PowerState[];
  readonly units: PlacedUnit[] = [];
  readonly retreating: BoardRetreat[] = [];
  /**
   * Province id → index in `units`, or -1. An nJudge high sea is never occupied: any number of
   * fleets stand there (`afloat`), and nobody holds it against a move, so the adjudicator, which
   * reads this array, finds nobody to bounce off, dislodge or cut there.
   */
  readonly occupant: number[];
  /** High-sea province id → indexes in `units` of the fleets there, in the position's order; null on maps without high seas. */
  readonly afloat: Map<number, number[]> | null;
  /** Per unit of `units`: its power's index and its province, as arrays for the adjudicator's loops. */
  readonly unitPower: number[] = [];
  readonly unitProvince: number[] = [];
  private retreatIndex: number[] | null = null;
  private ownerIndex: number[] | null = null;
  private readonly indexes = new Map<string, number>();
  private readonly definitions: (Power | undefined)[];
  private readonly movers: Mover[] = [];
  /** Per power: the map's labels of its units with its name (see `MapTables.ownedLabels`), looked up once. */
  private readonly ownedLabels: (string | null)[][] = [];

  constructor(map: GameMap, position: Position) {
    this.map = map;
    this.position = position;
    this.tables = MapTables.of(map);
    this.powers = position.powers;
    const count = this.tables.count;
    this.occupant = filled(count, -1);
    this.afloat = this.tables.highSea === null ? null : new Map();
    this.definitions = position.powers.map((state) => map.power(state.name));
    position.powers.forEach((state, power) => {
      this.indexes.set(state.name, power);
      for (const unit of state.units) {
        const location = this.locate(power, unit.location);
        const province = this.tables.provinceOf[location]!;
        if (this.afloat !== null && this.tables.highSea![province] === 1) this.float(this.afloat, province);
        else if (this.occupant[province]! >= 0) throw new PositionError(`two units in ${unit.location}`);
        else this.occupant[province] = this.units.length;
        this.units.push({ power, type: unit.type, location, province, source: unit });
        this.unitPower.push(power);
        this.unitProvince.push(province);
      }
      for (const unit of state.retreating) {
        const location = this.locate(power, unit.location);
        this.retreating.push({ power, type: unit.type, location, province: this.tables.provinceOf[location]!, retreats: unit.retreats });
      }
    });
  }

  /** Puts the unit about to be added to `units` on the high sea's list. */
  private float(afloat: Map<number, number[]>, province: number): void {
    const fleets = afloat.get(province);
    if (fleets) fleets.push(this.units.length);
    else afloat.set(province, [this.units.length]);
  }

  /** Province id → index in `retreating`, or -1 (built when first needed: only retreat phases ask). */
  get retreatingAt(): number[] {
    if (!this.retreatIndex) {
      this.retreatIndex = filled(this.tables.count, -1);
      this.retreating.forEach((unit, index) => (this.retreatIndex![unit.province] = index));
    }
    return this.retreatIndex;
  }

  /** Province id → index of the owning power, or -1 (built when first needed: movement rarely asks). */
  get owner(): number[] {
    if (!this.ownerIndex) {
      const owner = filled(this.tables.count, -1);
      this.powers.forEach((state, power) => {
        for (const center of state.centers) {
          const id = this.tables.id(center);
          if (id >= 0) owner[this.tables.provinceOf[id]!] = power;
        }
      });
      this.ownerIndex = owner;
    }
    return this.ownerIndex;
  }

  private locate(power: number, location: string): number {
    const id = this.tables.id(location);
    if (id < 0) throw new PositionError(`unknown location ${location} for ${this.powers[power]!.name}`);
    return id;
  }

  /** Index of a power by its map name, or -1. */
  powerIndex(name: string): number {
    return this.indexes.get(name) ?? -1;
  }

  /** The map's definition of a power in this position. */
  mapPower(power: number): Power | undefined {
    return this.definitions[power];
  }

  /** Who a power's units are, for power- and center-restricted abuts (made when first needed). */
  mover(power: number): Mover {
    let mover = this.movers[power];
    if (!mover) {
      const abbrev = this.mapPower(power)?.abbrev;
      const tables = this.tables;
      const owns = (center: string): boolean => {
        const id = tables.id(center);
        return id >= 0 && this.owner[tables.provinceOf[id]!] === power;
      };
      mover = abbrev === undefined ? { owns } : { power: abbrev, owns };
      this.movers[power] = mover;
    }
    return mover;
  }

  /**
   * The unit in a province; in a high sea, the first fleet there of `power` if it has one, else the
   * first fleet there (`Battle` gives a power's orders for a high sea to its fleets there in turn).
   */
  unitAt(province: number, power = -1): BoardUnit | undefined {
    const index = this.occupant[province]!;
    if (index >= 0) return this.units[index];
    const fleets = this.afloat?.get(province);
    if (!fleets) return undefined;
    const own = fleets.find((fleet) => this.unitPower[fleet] === power);
    return this.units[own ?? fleets[0]!];
  }

  /** Indexes in `units` of every unit in a province: one at most, but in a high sea. */
  unitsIn(province: number): readonly number[] {
    const index = this.occupant[province]!;
    return index >= 0 ? [index] : (this.afloat?.get(province) ?? []);
  }

  /** A unit's index in `units`, or -1 for a unit not on this board (a FICTIONAL_OK phantom). */
  indexOf(unit: BoardUnit): number {
    const index = this.occupant[unit.province]!;
    if (index >= 0) return this.units[index] === unit ? index : -1;
    return this.afloat?.get(unit.province)?.find((fleet) => this.units[fleet] === unit) ?? -1;
  }

  retreatingUnitAt(province: number): BoardRetreat | undefined {
    const index = this.retreatingAt[province]!;
    return index < 0 ? undefined : this.retreating[index];
  }

  /** `A PAR`, `F STP/SC`. */
  describe(unit: BoardUnit): string {
    return this.tables.unitLabel(unit.type, unit.location);
  }

  powerName(power: number): string {
    return this.powers[power]!.name;
  }

  /** `A BUR (France)`: a unit and its power as the results' reasons name them. */
  ownedLabel(unit: BoardUnit): string {
    const labels = (this.ownedLabels[unit.power] ??= this.tables.ownedLabels(this.displayName(unit.power)));
    const index = 2 * unit.location + (unit.type === 'A' ? 0 : 1);
    return (labels[index] ??= `${this.describe(unit)} (${this.displayName(unit.power)})`);
  }

  /** The power's name for people (`England`). */
  displayName(power: number): string {
    return this.mapPower(power)?.displayName ?? this.powers[power]!.name;
  }
}
