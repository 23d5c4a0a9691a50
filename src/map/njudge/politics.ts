import type { InitialUnit, Power, SourceRef, UnitType } from '../model.js';
import type { AreaIndex } from './area-index.js';
import { isPowerLetter } from './area-line.js';
import { isCenterType } from './centers.js';
import type { DiagnosticSink } from './diagnostics.js';
import type { Geography } from './geography.js';
import { adjectiveOf, type PowerName } from './power-names.js';
import type { SeedFile, SeedUnit } from './seed-file.js';
import type { MapFile, MoveKind } from './syntax.js';

/**
 * The powers: names from nJudge's table (or the report file), homes from the area types, units
 * and, when the seed has an ownership record, owned centers from the seed.
 */

export interface Cast {
  names: PowerName[];
  /** Whether the names are nJudge's own list for the variant, so no other letter may appear. */
  complete: boolean;
}

/** Machiavelli seeds give units of `&`, the autonomous garrisons, which belong to no power. */
const AUTONOMOUS = '&';

interface PowerDraft {
  letter: string;
  name: string;
  homes: string[];
  owns: string[];
  units: InitialUnit[];
  source: SourceRef | null;
}

class PoliticsBuilder {
  private readonly drafts = new Map<string, PowerDraft>();
  private readonly occupied = new Map<string, number>();

  constructor(
    private readonly map: MapFile,
    private readonly index: AreaIndex,
    private readonly geography: Geography,
    private readonly seed: SeedFile | null,
    private readonly cast: Cast,
    private readonly sink: DiagnosticSink,
  ) {
    for (const { letter, name } of cast.names) this.drafts.set(letter, { letter, name, homes: [], owns: [], units: [], source: null });
  }

  run(): Power[] {
    this.map.areas.forEach((area, index) => {
      if (!isPowerLetter(area.type)) return;
      const draft = this.draft(area.type, { file: this.map.file, line: area.line });
      draft?.homes.push(this.geography.provinceOf[index]!);
    });
    for (const unit of this.seed?.units ?? []) this.addUnit(unit);
    if (this.seed?.ownership) this.applyOwnership(this.seed.ownership);
    else for (const draft of this.drafts.values()) draft.owns = [...draft.homes];
    return [...this.drafts.values()].map((draft) => this.finish(draft));
  }

  /** The power with this letter, created on first sight unless the variant's cast is complete. */
  private draft(letter: string, source: SourceRef): PowerDraft | null {
    let draft = this.drafts.get(letter);
    if (!draft) {
      if (this.cast.complete) {
        const known = this.cast.names.map((power) => `${power.letter} ${power.name}`).join(', ');
        this.sink.error(source.file, source.line, `power letter '${letter}' is not a power of this variant (its powers: ${known})`);
        return null;
      }
      this.sink.warn(
        source.file,
        source.line,
        `power letter '${letter}' has no name (nJudge does not know this variant and its report file does not name it); it is called '${letter}'`,
      );
      draft = { letter, name: letter, homes: [], owns: [], units: [], source: null };
      this.drafts.set(letter, draft);
    }
    draft.source ??= source;
    return draft;
  }

  private addUnit(unit: SeedUnit): void {
    const file = this.seed!.file;
    const location = this.unitLocation(unit);
    if (unit.power === AUTONOMOUS || location === null) return;
    const draft = this.draft(unit.power, { file, line: unit.line });
    if (!draft || unit.type === 'G') return;
    draft.units.push({ type: unit.type as UnitType, location });
  }

  /** Where a seed unit stands, checked against the terrain; null (after an error) when it cannot. */
  private unitLocation(unit: SeedUnit): string | null {
    const file = this.seed!.file;
    const slash = unit.place.lastIndexOf('/');
    const coastText = slash < 0 ? null : unit.place.slice(slash + 1).toLowerCase();
    const area = this.index.find(slash < 0 ? unit.place : unit.place.slice(0, slash));
    if (area === undefined) {
      this.sink.error(file, unit.line, `unknown area '${unit.place}' for a unit of ${unit.power}`);
      return null;
    }
    const province = this.geography.provinceOf[area]!;
    const coasts = this.geography.coastsOf[area]!;
    let location = province;
    if (coastText !== null) {
      const coast = coasts.get(coastText as MoveKind);
      if (!coast) {
        this.sink.error(file, unit.line, `${this.map.areas[area]!.name} has no coast '${coastText}'`);
        return null;
      }
      location = coast;
    } else if (unit.type === 'F' && coasts.size > 0) {
      this.sink.error(file, unit.line, `a fleet in ${this.map.areas[area]!.name} must name its coast (${[...coasts.values()].join(', ')})`);
      return null;
    }
    const standing = this.geography.locations.find((candidate) => candidate.abbrev === location)!;
    const fits = unit.type === 'F' ? standing.fleetsMayOccupy : standing.armiesMayOccupy;
    if (!fits) {
      this.sink.error(file, unit.line, `${unit.type === 'F' ? 'a fleet' : unit.type === 'A' ? 'an army' : 'a garrison'} cannot stand in ${standing.name}`);
      return null;
    }
    // A Machiavelli garrison holds the city and shares the province with a field unit.
    if (unit.type === 'G') return location;
    const earlier = this.occupied.get(province);
    if (earlier !== undefined) {
      this.sink.error(file, unit.line, `${this.map.areas[area]!.name} already holds the unit of line ${earlier}`);
      return null;
    }
    this.occupied.set(province, unit.line);
    return location;
  }

  private applyOwnership(record: { letters: string; line: number }): void {
    const file = this.seed!.file;
    const areas = this.map.areas;
    if (record.letters.length !== areas.length)
      this.sink.warn(
        file,
        record.line,
        `the ownership record has ${record.letters.length} entries for ${areas.length} areas; ${record.letters.length < areas.length ? 'the missing ones are unowned' : 'the extra ones are ignored'}`,
      );
    [...record.letters.slice(0, areas.length)].forEach((letter, index) => {
      if (letter === '.') return;
      const area = areas[index]!;
      if (!isCenterType(area.type)) {
        this.sink.warn(file, record.line, `entry ${index + 1} of the ownership record gives ${area.name}, which is not a supply center, to '${letter}'`);
        return;
      }
      this.draft(letter, { file, line: record.line })?.owns.push(this.geography.provinceOf[index]!);
    });
  }

  private finish(draft: PowerDraft): Power {
    const source = draft.source ?? { file: this.map.file, line: 1 };
    if (draft.homes.length === 0 && draft.units.length === 0 && draft.owns.length === 0)
      this.sink.warn(source.file, source.line, `power ${draft.name} (${draft.letter}) has no home center, no unit and no center`);
    return {
      name: draft.name.toUpperCase().replace(/\s+/g, ''),
      displayName: draft.name,
      ownWord: adjectiveOf(draft.name),
      abbrev: draft.letter,
      homes: draft.homes,
      sites: { factories: [], partisans: [], alternatives: [], claimCredits: 0, claimable: [], hidden: [] },
      owns: draft.owns,
      units: draft.units,
      reserves: 0,
      militia: 0,
      league: null,
      dummy: false,
      control: [],
      flag: null,
      source,
    };
  }
}

export function buildPowers(map: MapFile, index: AreaIndex, geography: Geography, seed: SeedFile | null, cast: Cast, sink: DiagnosticSink): Power[] {
  return new PoliticsBuilder(map, index, geography, seed, cast, sink).run();
}
