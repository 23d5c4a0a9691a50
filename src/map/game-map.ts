import type { Abut, AliasEntry, Location, MapData, Power, UnitType } from './model.js';

/** Who is asking to cross an adjacency: needed for power- and center-restricted abuts. */
export interface Mover {
  /** The owning power's abbreviation (e.g. `E`); absent when unknown, which fails restricted abuts. */
  power?: string;
  /** Whether the owning power owns a supply center (for `AEG(CON,SMY)`-style abuts). */
  owns?: (center: string) => boolean;
}

/** Splits `SPA/NC` into province and coast. */
export function splitLocation(abbrev: string): { province: string; coast: string | null } {
  const slash = abbrev.indexOf('/');
  return slash < 0 ? { province: abbrev, coast: null } : { province: abbrev.slice(0, slash), coast: abbrev.slice(slash + 1) };
}

/** Normalises text for alias lookup: upper-case, `+` and runs of white space as one space. */
export function aliasKey(text: string): string {
  return text
    .toUpperCase()
    .replace(/[+\s]+/g, ' ')
    .trim();
}

/**
 * A loaded map with the indexes the adjudicator and the order parser need. Built once per map
 * (and per phase for maps with IN/FROM blocks); every query is a hash or array look-up.
 */
export class GameMap {
  readonly data: MapData;
  private readonly byAbbrev = new Map<string, Location>();
  private readonly abutTables: Map<string, Abut>[] = [];
  private readonly locationsOfProvince = new Map<string, Location[]>();
  private readonly centerSet: Set<string>;
  private readonly powerByName = new Map<string, Power>();
  private readonly powerByAbbrev = new Map<string, Power>();

  constructor(data: MapData) {
    this.data = data;
    for (const location of data.locations) {
      this.byAbbrev.set(location.abbrev, location);
      this.abutTables[location.id] = new Map(location.abuts.map((abut) => [abut.to, abut]));
      const siblings = this.locationsOfProvince.get(location.province);
      if (siblings) siblings.push(location);
      else this.locationsOfProvince.set(location.province, [location]);
    }
    this.centerSet = new Set(data.centers);
    for (const power of data.powers) {
      this.powerByName.set(power.name, power);
      this.powerByAbbrev.set(power.abbrev, power);
    }
  }

  get name(): string {
    return this.data.name;
  }

  get locations(): readonly Location[] {
    return this.data.locations;
  }

  get powers(): readonly Power[] {
    return this.data.powers;
  }

  get centers(): readonly string[] {
    return this.data.centers;
  }

  location(abbrev: string): Location | undefined {
    return this.byAbbrev.get(abbrev);
  }

  /** Every location of a province: the province itself first, then its coasts, in map order. */
  provinceLocations(province: string): readonly Location[] {
    return this.locationsOfProvince.get(province) ?? [];
  }

  /** The coast locations of a province (`SPA/NC`, `SPA/SC`); empty for a single-coast province. */
  coasts(province: string): Location[] {
    return this.provinceLocations(province).filter((location) => location.coast !== null);
  }

  isCenter(province: string): boolean {
    return this.centerSet.has(province);
  }

  power(name: string): Power | undefined {
    return this.powerByName.get(name.toUpperCase());
  }

  powerWithAbbrev(abbrev: string): Power | undefined {
    return this.powerByAbbrev.get(abbrev.toUpperCase());
  }

  /** The abut from one location to another, whatever its restrictions, or undefined. */
  abut(from: string, to: string): Abut | undefined {
    const location = this.byAbbrev.get(from);
    return location ? this.abutTables[location.id]!.get(to) : undefined;
  }

  mayOccupy(type: UnitType, abbrev: string): boolean {
    const location = this.byAbbrev.get(abbrev);
    if (!location) return false;
    return type === 'A' ? location.armiesMayOccupy : location.fleetsMayOccupy;
  }

  /** Whether HIBERNATE lets a unit stay where it cannot be: on a SHUT space, or a fleet on a landlocked one. */
  mayHibernate(type: UnitType, abbrev: string): boolean {
    const location = this.byAbbrev.get(abbrev);
    if (!location) return false;
    return location.terrain === 'SHUT' || (type === 'F' && location.armiesMayOccupy);
  }

  /** Whether the abut's power and center restrictions let this mover across. */
  restrictionsAllow(abut: Abut, mover: Mover): boolean {
    if (abut.powers !== null && (mover.power === undefined || !abut.powers.includes(mover.power))) return false;
    if (abut.centers.length > 0) {
      const owns = mover.owns;
      if (!owns || !abut.centers.every((center) => owns(center))) return false;
    }
    return true;
  }

  /**
   * Whether a unit of this type may move directly (without convoy) from one location to another.
   * Support reach uses the same test with the destination widened to the province (see `canSupportInto`).
   */
  canMove(type: UnitType, from: string, to: string, mover: Mover = {}): boolean {
    const abut = this.abut(from, to);
    if (!abut || !this.mayOccupy(type, to)) return false;
    if (type === 'A' ? !abut.armies : !abut.fleets) return false;
    return this.restrictionsAllow(abut, mover);
  }

  /**
   * Whether a unit at `from` can give support into `province`: it must be able to move to some
   * location of that province, and not across a `~` or `*` adjacency.
   */
  canSupportInto(type: UnitType, from: string, province: string, mover: Mover = {}): boolean {
    return this.provinceLocations(province).some((location) => {
      if (!this.canMove(type, from, location.abbrev, mover)) return false;
      const abut = this.abut(from, location.abbrev)!;
      return !abut.weak && !abut.half;
    });
  }

  /** Fleets here may convoy: open water, or a PORT. */
  canConvoyFrom(abbrev: string): boolean {
    const terrain = this.byAbbrev.get(abbrev)?.terrain;
    return terrain === 'WATER' || terrain === 'PORT';
  }

  /** Look up a place by any of its names or aliases (case and `+`/space insensitive). */
  lookup(text: string): AliasEntry | undefined {
    return this.data.aliases.get(aliasKey(text));
  }

  /** Centers needed for a solo in the given game year (VICTORY list, or more than half the centers). */
  victoryCenters(year: number): number {
    const list = this.data.victory;
    if (list.length === 0) return Math.floor(this.data.centers.length / 2) + 1;
    const index = Math.max(0, Math.min(list.length - 1, year - this.data.begin.year));
    return list[index]!;
  }

  /**
   * Rules the map switches on: its RULE lines and the RULE lines of its DIRECTIVES stanzas for
   * every game (no variant, or STANDARD), negations applied last, as DPjudge does.
   */
  rules(): string[] {
    const stanzaRules = this.data.directives
      .filter((stanza) => stanza.variant === null || stanza.variant === 'STANDARD')
      .flatMap((stanza) => stanza.lines)
      .filter((line) => /^RULES?\s/i.test(line))
      .flatMap((line) => line.trim().split(/\s+/).slice(1))
      .map((word) => ({ rule: word.replace(/^!/, '').toUpperCase(), on: !word.startsWith('!') }));
    const settings = [...this.data.rules, ...stanzaRules];
    const on = new Set<string>();
    for (const setting of settings) if (setting.on) on.add(setting.rule);
    for (const setting of settings) if (!setting.on) on.delete(setting.rule);
    return [...on];
  }
}
