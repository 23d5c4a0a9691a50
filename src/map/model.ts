/**
 * The map model: what a loaded map file says, in a shape the adjudicator, the status files and
 * the game layer can query cheaply. Pure data and pure queries; loading lives in `load.ts`.
 *
 * Naming: a *location* is anything a unit can stand on (`SPA`, `SPA/NC`, `NTH`); a *province* is
 * the location without its coast (`SPA`). Supply centers, homes and ownership are per province.
 * All abbreviations in the model are upper-case; the case rules of the map syntax are turned into
 * explicit flags while loading.
 */

export type UnitType = 'A' | 'F';
export type Terrain = 'LAND' | 'COAST' | 'WATER' | 'PORT' | 'SHUT';

/** Where a diagnostic comes from, following the USE chain. */
export interface SourceRef {
  file: string;
  line: number;
}

export interface Diagnostic extends SourceRef {
  severity: 'error' | 'warning';
  message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}: ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`;
}

/** One adjacency, as seen from the location that lists it. */
export interface Abut {
  /** Destination location, e.g. `SPA/NC`. */
  to: string;
  /** False when written all lower-case: a fleet may not cross (VEN lists `tus`). */
  fleets: boolean;
  /** False when written Capitalised: an army may not cross without a convoy (`Tys`). */
  armies: boolean;
  /** Power abbreviations allowed to cross (`EI:NAF`); null when unrestricted, empty when no-one may (`:SKA`). */
  powers: string[] | null;
  /** Supply centers the unit's owner must all own to cross (`AEG(CON,SMY)`). */
  centers: string[];
  /** `~`: no support across, no strength of its own, does not cut support. */
  weak: boolean;
  /** `*`: half strength, no support across, does not cut, a contested retreat across is destroyed. */
  half: boolean;
}

export interface Location {
  /** Dense index, stable for one GameMap, for array-based tables in the adjudicator. */
  id: number;
  abbrev: string;
  /** The province part of the abbreviation (`SPA` for `SPA/NC`). */
  province: string;
  /** The coast part (`NC`), or null for a province location. */
  coast: string | null;
  /** Long name for results (`Spain (north coast)`). */
  name: string;
  terrain: Terrain;
  /** Fleets may stand here: water, port or coast not written in lower-case; a coast location always. */
  fleetsMayOccupy: boolean;
  /** Armies may stand here: land, coast or port provinces (never a coast location). */
  armiesMayOccupy: boolean;
  abuts: Abut[];
  /** Where the terrain line was written. */
  source: SourceRef;
}

/** Building rights of a power beyond plain home centers. */
interface BuildSites {
  /** `+X`: not a supply center, the power may build there. */
  factories: string[];
  /** `*X`: not a supply center; builds allowed while the power owns some but not all original homes. */
  partisans: string[];
  /** `@X(list)`: an alternative to the listed home centers (to any home when the list is empty). */
  alternatives: { center: string; insteadOf: string[] }[];
  /** `&SC` credits: how many owned non-home centers the power may claim as new homes by building. */
  claimCredits: number;
  /** `&X`: specific centers the power may claim as homes by building there. */
  claimable: string[];
  /** `~X`: builds there are hidden until the next movement results. */
  hidden: string[];
}

type LeagueMode = 'none' | 'strict' | 'benign';

interface League {
  name: string;
  mode: LeagueMode;
  /** For BENIGN: the leagues whose members' spaces are protected (the league itself when none are listed). */
  protects: string[];
}

export interface InitialUnit {
  type: UnitType;
  location: string;
}

export interface Power {
  /** The name as the map and status files write it, upper-case (`AUSTRIA`, `_PAPACY`, `U+S+A`). */
  name: string;
  /** The name for people: no leading underscores, `+` capitalises the next letter (`Papacy`, `USA`). */
  displayName: string;
  /** Adjective, `+` shown as a space (`Austrian`). */
  ownWord: string;
  /** One-character abbreviation used by power-restricted abuts and nJudge (`A`). */
  abbrev: string;
  homes: string[];
  sites: BuildSites;
  /**
   * Centers owned at the start. Besides provinces it may hold `SC!` (one build in any vacant home,
   * taking ownership) and `SC?` (one build in any vacant home without ownership).
   */
  owns: string[];
  units: InitialUnit[];
  reserves: number;
  militia: number;
  league: League | null;
  dummy: boolean;
  /** CONTROL: the powers that play this dummy, in rotation order. */
  control: string[];
  /** FLAG: the power whose flag this one borrows. */
  flag: string | null;
  source: SourceRef;
}

export type FlowStep =
  { kind: 'phase'; season: string; type: string } | { kind: 'newyear'; by: number } | { kind: 'ifyeardiv'; divisor: number; remainder: number };

export interface Phase {
  season: string;
  year: number;
  type: string;
}

interface DirectiveStanza {
  /** The variant the lines are for (`PAYOLA`), or null for every game. */
  variant: string | null;
  lines: string[];
  source: SourceRef;
}

export interface RuleSetting {
  rule: string;
  on: boolean;
  source: SourceRef;
}

export interface RotationClause {
  /** `CONTROL` (before every phase the power has orders in), `AFTER`, `BEFORE` or `FOR`. */
  when: 'CONTROL' | 'AFTER' | 'BEFORE' | 'FOR';
  /** Phase types as written (full, prefix or initial: `MOVE`, `M`); empty means every phase. */
  phaseTypes: string[];
}

/** ROTATE: when control of a CONTROLled power passes to the next player in its list. */
export interface Rotation {
  clauses: RotationClause[];
}

/** How an alias found in text maps to locations; ambiguous aliases (`tyr?`) map to several. */
export interface AliasEntry {
  locations: string[];
  ambiguous: boolean;
}

export interface MapData {
  /** The map's name: the main file's name without `.map`. */
  name: string;
  /** Every file read, main file first. */
  files: string[];
  /** The graphical map named by MAP, or the map itself. */
  graphicalMap: string;
  textOnly: boolean;
  /** The dialect the main file was read as. */
  dialect: 'dpjudge' | 'njudge';
  /** Set for nJudge Machiavelli variants: geography loads, play is refused. */
  unplayable: string | null;
  locations: Location[];
  /** Supply centers (provinces), in map order. */
  centers: string[];
  powers: Power[];
  /** VICTORY list; empty means one more than half the centers. */
  victory: number[];
  flow: FlowStep[];
  begin: Phase;
  rules: RuleSetting[];
  directives: DirectiveStanza[];
  newHomes: number[];
  rotation: Rotation | null;
  flags: string[] | null;
  /** NOTIFY: addresses told when a game on this map is created. */
  notify: string[];
  /** Normalised alias (upper-case, single spaces) to locations. */
  aliases: Map<string, AliasEntry>;
  warnings: Diagnostic[];
  /** Railways, gateways and other nJudge extras that the standard model has no place for. */
  extras: MapExtras;
}

export interface MapExtras {
  /**
   * nJudge gateways: a move or support between `from` and `to` (either way) passes the gateway
   * province, which the power with a unit in `controller` orders; a unit passes only with its
   * support (see engine/movement/ways.ts).
   */
  gateways: { gateway: string; controller: string; from: string; to: string }[];
  /**
   * nJudge railways: armies of the listed powers move along the chain of provinces in one turn;
   * orders name the railway's own `province` (`A MOS M TSR M IRK`; see engine/movement/ways.ts).
   */
  railways: { province: string; powers: string[]; route: string[] }[];
  /** nJudge Hong Kong-style special centers: the listed powers (letters) may not count the province for builds (see `adjustmentCount`). */
  specialCenters: { province: string; note: string; powers: string[] }[];
  /** nJudge `v` waters: ice-covered in Fall movement, so no move leads into or out of them then (see NJudgeMapDefinition.at). */
  arcticWaters: string[];
  /** nJudge `h` waters: any number of fleets may stand there, so moves into them never bounce (see Board, movement/high-seas.ts). */
  highSeas: string[];
}

export const DEFAULT_FLOW: FlowStep[] = [
  { kind: 'phase', season: 'SPRING', type: 'MOVEMENT' },
  { kind: 'phase', season: 'SPRING', type: 'RETREATS' },
  { kind: 'phase', season: 'FALL', type: 'MOVEMENT' },
  { kind: 'phase', season: 'FALL', type: 'RETREATS' },
  { kind: 'phase', season: 'WINTER', type: 'ADJUSTMENTS' },
];

export const DEFAULT_BEGIN: Phase = { season: 'SPRING', year: 1901, type: 'MOVEMENT' };
