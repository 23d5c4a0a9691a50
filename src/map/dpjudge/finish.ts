import { aliasKey } from '../game-map.js';
import type { Abut, AliasEntry, Diagnostic, Location, MapData, Power, SourceRef } from '../model.js';
import type { MapBuilder, PlaceDraft, PowerDraft } from './builder.js';

export interface MapMeta {
  name: string;
  files: string[];
  graphicalMap: string | null;
  dialect: MapData['dialect'];
}

/** `_U+S+A` → `USA`, `AUSTRIA` → `Austria`, `WESTERN-CANADA` → `Western-Canada`. */
function displayPowerName(name: string): string {
  let result = '';
  let raise = true;
  for (const char of name.replace(/^_+/, '').toLowerCase()) {
    if (char === '+') {
      raise = true;
      continue;
    }
    result += raise ? char.toUpperCase() : char;
    raise = char === '-' || char === ' ' || char === '_';
  }
  return result;
}

/** `AUSTRIAN` → `Austrian`, `Polish+Saxon` → `Polish Saxon`; mixed case is kept as the map wrote it. */
function displayOwnWord(written: string): string {
  const spaced = written.replace(/\+/g, ' ');
  if (spaced !== spaced.toUpperCase()) return spaced;
  return spaced.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function toLocation(place: PlaceDraft, id: number): Location {
  const slash = place.abbrev.indexOf('/');
  const coast = slash < 0 ? null : place.abbrev.slice(slash + 1);
  const terrain = place.terrain!;
  const fleetTerrain = terrain === 'WATER' || terrain === 'COAST' || terrain === 'PORT';
  const armyTerrain = terrain === 'LAND' || terrain === 'COAST' || terrain === 'PORT';
  return {
    id,
    abbrev: place.abbrev,
    province: slash < 0 ? place.abbrev : place.abbrev.slice(0, slash),
    coast,
    name: place.name ?? place.abbrev,
    terrain,
    fleetsMayOccupy: fleetTerrain && !place.fleetBarred,
    armiesMayOccupy: armyTerrain && coast === null,
    abuts: place.abuts.map((abut) => ({ ...abut })),
    source: place.terrainSource!,
  };
}

/**
 * An abut to one coast of a province also reaches the province itself (GAS lists SPA/NC, and an
 * army in Gascony may still march into Spain), unless the province is listed explicitly.
 */
function widenCoastAbuts(locations: Location[], known: Map<string, Location>): void {
  for (const location of locations) {
    const listed = new Set(location.abuts.map((abut) => abut.to));
    const derived: Abut[] = [];
    for (const abut of location.abuts) {
      const slash = abut.to.indexOf('/');
      if (slash < 0) continue;
      const province = abut.to.slice(0, slash);
      if (listed.has(province) || !known.has(province)) continue;
      listed.add(province);
      derived.push({ ...abut, to: province });
    }
    location.abuts.push(...derived);
  }
}

function provinceOf(abbrev: string): string {
  const slash = abbrev.indexOf('/');
  return slash < 0 ? abbrev : abbrev.slice(0, slash);
}

class Finisher {
  readonly diagnostics: Diagnostic[] = [];
  private readonly known = new Map<string, Location>();
  private readonly provinces = new Set<string>();

  constructor(private readonly builder: MapBuilder) {}

  private error(source: SourceRef, message: string): void {
    this.diagnostics.push({ ...source, severity: 'error', message });
  }

  private warn(source: SourceRef, message: string): void {
    this.diagnostics.push({ ...source, severity: 'warning', message });
  }

  run(meta: MapMeta): MapData {
    const locations = this.locations();
    this.checkAbuts(locations);
    widenCoastAbuts(locations, this.known);
    const powers = [...this.builder.powers.values()];
    this.resolveDummies(powers);
    const centers = this.centers(powers);
    const finished = powers.map((power) => this.power(power));
    this.checkPowers(finished);
    return {
      name: meta.name,
      files: meta.files,
      graphicalMap: meta.graphicalMap ?? meta.name,
      textOnly: this.builder.textOnly,
      dialect: meta.dialect,
      unplayable: null,
      locations,
      centers,
      powers: finished,
      victory: this.builder.victory,
      flow: this.builder.effectiveFlow(),
      begin: this.builder.begin,
      rules: this.builder.rules,
      directives: [],
      newHomes: this.builder.newHomes,
      rotation: this.builder.rotation,
      flags: this.builder.flags,
      notify: this.builder.notify,
      aliases: this.aliases(locations),
      warnings: [],
      extras: { gateways: [], railways: [], specialCenters: [], arcticWaters: [], highSeas: [] },
    };
  }

  private locations(): Location[] {
    const locations: Location[] = [];
    for (const place of this.builder.places.values()) {
      if (place.terrain === null) {
        this.warn(place.nameSource!, `place '${place.abbrev}' is named but has no terrain line`);
        continue;
      }
      if (place.name === null) this.warn(place.terrainSource!, `place '${place.abbrev}' has terrain but no name line`);
      const location = toLocation(place, locations.length);
      locations.push(location);
      this.known.set(location.abbrev, location);
      this.provinces.add(location.province);
    }
    for (const location of locations) {
      if (location.coast !== null && !this.known.has(location.province))
        this.error(location.source, `coast '${location.abbrev}' has no province line '${location.province}'`);
    }
    return locations;
  }

  /** Unknown destinations, and adjacencies listed one way only without a `:X` declaration. */
  private checkAbuts(locations: Location[]): void {
    const reachedFrom = new Map<string, Set<string>>();
    for (const location of locations) {
      let reached = reachedFrom.get(location.province);
      if (!reached) reachedFrom.set(location.province, (reached = new Set()));
      for (const abut of location.abuts) reached.add(provinceOf(abut.to));
    }
    for (const location of locations) {
      for (const abut of location.abuts) {
        const target = this.known.get(abut.to);
        if (!target) {
          this.error(location.source, `unknown abbreviation '${abut.to}' in ABUTS of ${location.abbrev}`);
          continue;
        }
        for (const center of abut.centers)
          if (!this.provinces.has(center)) this.error(location.source, `unknown center '${center}' in ABUTS of ${location.abbrev}`);
        const declaredOneWay = abut.powers !== null && abut.powers.length === 0;
        if (declaredOneWay || reachedFrom.get(target.province)!.has(location.province)) continue;
        const message = `${location.abbrev} abuts ${abut.to} but ${abut.to} does not abut ${location.abbrev} (declare a one-way adjacency with ':${location.abbrev}')`;
        // No unit ever stands in a SHUT space, so a one-sided listing there cannot change play.
        if (location.terrain === 'SHUT' || target.terrain === 'SHUT') this.warn(location.source, message);
        else this.error(location.source, message);
      }
    }
  }

  private resolveDummies(powers: PowerDraft[]): void {
    for (const selection of this.builder.dummySelections) {
      for (const name of selection.except) if (!this.builder.powers.has(name)) this.error(selection.source, `DUMMY ALL EXCEPT names unknown power '${name}'`);
      for (const power of powers) if (!selection.except.includes(power.name)) power.dummy = true;
    }
  }

  private checkCenter(center: string, power: PowerDraft | null, what: string): boolean {
    if (this.provinces.has(center)) return true;
    this.error(power?.source ?? { file: '', line: 0 }, `unknown ${what} '${center}'${power ? ` of ${power.name}` : ''}`);
    return false;
  }

  private readonly centerSet = new Set<string>();

  private isCenter(province: string): boolean {
    return this.centerSet.has(province);
  }

  private centers(powers: PowerDraft[]): string[] {
    const centers: string[] = [];
    const add = (center: string): void => {
      if (!centers.includes(center)) centers.push(center);
    };
    for (const power of powers) {
      for (const home of power.homes) if (this.checkCenter(home, power, 'home center')) add(home);
      for (const alternative of power.alternatives) if (this.checkCenter(alternative.center, power, 'alternative home')) add(alternative.center);
      for (const site of [...power.factories, ...power.partisans])
        if (this.checkCenter(site, power, 'build site') && power.homes.includes(site))
          this.warn(power.source, `${site} is both a home center and a build site of ${power.name}`);
    }
    for (const center of this.builder.unowned) if (this.checkCenter(center, null, 'unowned center')) add(center);
    const homeOwners = new Map<string, string>();
    for (const power of powers) {
      for (const home of power.homes) {
        const other = homeOwners.get(home);
        if (other) this.warn(power.source, `${home} is a home center of both ${other} and ${power.name}`);
        homeOwners.set(home, power.name);
      }
    }
    for (const center of centers) this.centerSet.add(center);
    return centers;
  }

  private power(draft: PowerDraft): Power {
    const displayName = displayPowerName(draft.name);
    const ownWord = draft.ownWord === null ? displayName : displayOwnWord(draft.ownWord);
    const owns = draft.owns ?? [...draft.homes];
    for (const center of owns) {
      if (/^SC[!?*]$/.test(center) || !this.checkCenter(center, draft, 'owned center')) continue;
      if (!this.isCenter(center)) this.warn(draft.source, `${draft.name} OWNS ${center}, which is not a supply center; the ownership is ignored`);
    }
    for (const unit of draft.units) {
      const location = this.known.get(unit.location);
      if (!location) this.error(unit.source, `unknown location '${unit.location}' for ${unit.type} of ${draft.name}`);
      else if (unit.type === 'A' ? !location.armiesMayOccupy : !location.fleetsMayOccupy)
        this.error(unit.source, `${unit.type === 'A' ? 'an army' : 'a fleet'} cannot stand in ${unit.location}`);
    }
    return {
      name: draft.name,
      displayName,
      ownWord,
      abbrev: draft.abbrev ?? (ownWord.replace(/^[_\s]+/, '')[0] ?? draft.name[0]!).toUpperCase(),
      homes: [...draft.homes],
      sites: {
        factories: [...draft.factories],
        partisans: [...draft.partisans],
        alternatives: draft.alternatives.map((alternative) => ({ ...alternative, insteadOf: [...alternative.insteadOf] })),
        claimCredits: draft.claimCredits,
        claimable: [...draft.claimable],
        hidden: [...draft.hidden],
      },
      owns,
      units: draft.units.map((unit) => ({ type: unit.type, location: unit.location })),
      reserves: draft.reserves,
      militia: draft.militia,
      league: draft.league ? { ...draft.league } : null,
      dummy: draft.dummy,
      control: [...draft.control],
      flag: draft.flag,
      source: draft.source,
    };
  }

  private checkPowers(powers: Power[]): void {
    const names = new Set(powers.map((power) => power.name));
    const byAbbrev = new Map<string, string>();
    for (const power of powers) {
      const other = byAbbrev.get(power.abbrev);
      if (other) this.warn(power.source, `${power.name} and ${other} share the abbreviation '${power.abbrev}'`);
      byAbbrev.set(power.abbrev, power.name);
      for (const controller of power.control)
        if (!names.has(controller)) this.error(power.source, `CONTROL of ${power.name} names unknown power '${controller}'`);
    }
  }

  /**
   * Every name a place answers to. A location's abbreviation and full name mean that location
   * alone: an alias of another place that spells them (`tyr?` of the Tyrrhenian Sea is Tyrolia's
   * TYR) is left out, so that an order never silently names another province than the one whose
   * abbreviation it wrote. Other names shared by several places stay ambiguous.
   */
  private aliases(locations: Location[]): Map<string, AliasEntry> {
    const aliases = new Map<string, AliasEntry>();
    const exact = new Set<string>();
    const add = (text: string, location: string, ambiguous: boolean): void => {
      const key = aliasKey(text);
      if (key === '') return;
      const entry = aliases.get(key);
      if (!entry) {
        aliases.set(key, { locations: [location], ambiguous });
        return;
      }
      if (entry.locations.includes(location)) return;
      entry.locations.push(location);
      entry.ambiguous = true;
    };
    for (const location of locations) {
      add(location.abbrev, location.abbrev, false);
      exact.add(aliasKey(location.abbrev));
    }
    for (const location of locations) {
      const name = this.builder.places.get(location.abbrev)!.name;
      if (!name) continue;
      add(name, location.abbrev, false);
      exact.add(aliasKey(name));
    }
    for (const location of locations) {
      for (const alias of this.builder.places.get(location.abbrev)!.aliases) {
        if (!exact.has(aliasKey(alias.text))) add(alias.text, location.abbrev, alias.ambiguous);
      }
    }
    return aliases;
  }
}

export function finishMap(builder: MapBuilder, meta: MapMeta): { data: MapData; diagnostics: Diagnostic[] } {
  const finisher = new Finisher(builder);
  const data = finisher.run(meta);
  return { data, diagnostics: finisher.diagnostics };
}
