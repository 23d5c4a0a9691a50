import type { Board } from './board.js';
import { mayOccupy } from './reach.js';
import type { RuleFlags } from './rules.js';
import type { MapTables } from './tables.js';
import type { AdjustmentCount, Unit } from './types.js';
import { accept, refuse, type Verdict } from '../common/verdict.js';

/**
 * Build rights in an adjustment phase: how many units a power may keep, and every way a province
 * can be a build site (home, BUILD_ANY, HOME_BUILDS, REMOTE_BUILDS, factory, partisan, alternative,
 * claimable home, `&SC` credit, `SC!`/`SC?`/`SC*` start tokens, GARRISON).
 */

export type BuildToken = 'SC!' | 'SC?' | 'SC*';

export function isBuildToken(center: string): center is BuildToken {
  // Asked for every center of every power after each game year: three comparisons, no list search.
  return center === 'SC!' || center === 'SC?' || center === 'SC*';
}

/** How a site qualifies; the adjudicator spends tokens and credits and matches alternatives by it. */
export type SiteKind = 'home' | 'owned' | 'factory' | 'partisan' | 'alternative' | 'claimable' | 'garrison' | BuildToken | '&SC';

export function tokenCount(board: Board, power: number, token: BuildToken): number {
  return board.powers[power]!.centers.filter((center) => center === token).length;
}

function homeProvinces(board: Board, power: number): number[] {
  const tables = board.tables;
  return board.powers[power]!.homes.map((home) => tables.id(home))
    .filter((id) => id >= 0)
    .map((id) => tables.provinceOf[id]!);
}

function ownsAHome(board: Board, power: number): boolean {
  return homeProvinces(board, power).some((home) => board.owner[home] === power);
}

/**
 * GARRISON (Rules.txt): an eliminated power (no supply center left) none of whose home centers is
 * occupied as the adjustment phase begins may build one unit in one of them, keeping any units it
 * still has, unless its player RESIGNed; the owners of those homes may not build there meanwhile.
 */
function garrisonReturns(board: Board, power: number, flags: RuleFlags): boolean {
  if (!flags.garrison) return false;
  const state = board.powers[power]!;
  const homes = homeProvinces(board, power);
  if (state.resigned === true || homes.length === 0) return false;
  return state.centers.every((center) => isBuildToken(center)) && homes.every((home) => board.occupant[home]! < 0);
}

/** The power that may come back by building in this home under GARRISON, if any. */
function garrisonClaimant(board: Board, province: number, flags: RuleFlags): number | null {
  if (!flags.garrison) return null;
  const claimant = board.powers.findIndex((_, power) => homeProvinces(board, power).includes(province) && garrisonReturns(board, power, flags));
  return claimant >= 0 ? claimant : null;
}

/**
 * Owned centers that an nJudge Hong Kong setting bars the power from counting for builds: the
 * power still owns them (and may build in one that is its home), but they keep no unit.
 */
function uncountedCenters(board: Board, power: number): number {
  const letter = board.mapPower(power)?.abbrev;
  const barred = board.map.data.extras.specialCenters.filter((special) => letter !== undefined && special.powers.includes(letter));
  return barred.filter((special) => board.powers[power]!.centers.includes(special.province)).length;
}

export function adjustmentCount(board: Board, power: number, flags: RuleFlags): AdjustmentCount {
  const state = board.powers[power]!;
  const definition = board.mapPower(power);
  const centers = state.centers.length;
  const countable = centers - uncountedCenters(board, power);
  const homes = homeProvinces(board, power);
  const ownsHome = ownsAHome(board, power);
  const reserves = state.reserves ?? (flags.noReserves ? 0 : (definition?.reserves ?? 0));
  const militia = state.militia ?? (flags.noMilitia ? 0 : (definition?.militia ?? 0));
  const onHomes = state.units.filter((unit) => {
    const id = board.tables.id(unit.location);
    return id >= 0 && homes.includes(board.tables.provinceOf[id]!);
  }).length;
  const allowed = garrisonReturns(board, power, flags) ? state.units.length + 1 : countable + (ownsHome ? reserves : 0) + Math.min(militia, onHomes);
  return { power: state.name, centers, units: state.units.length, allowed, change: allowed - state.units.length };
}

/** Partisan sites open while the power holds some, but not all, of its home centers. */
function partisansOpen(board: Board, power: number): boolean {
  const homes = homeProvinces(board, power);
  const held = homes.filter((home) => board.owner[home] === power).length;
  return held > 0 && held < homes.length;
}

/** The centers an alternative home at `province` stands in for: its list, or every home. */
export function alternativeFor(board: Board, power: number, province: number): string[] | null {
  const site = board.mapPower(power)?.sites.alternatives.find((alternative) => alternative.center === board.tables.abbrev(province));
  if (!site) return null;
  return site.insteadOf.length > 0 ? site.insteadOf : [...board.powers[power]!.homes];
}

/**
 * REMOTE_BUILDS: a power builds nowhere unless it owns one of its (current) home centers. Its build
 * count stands, so the builds are waived; removals are not affected. `SC!`/`SC?` starts still build,
 * as they are how a power that owns no home yet gets its first units (DPjudge honours them first too).
 */
function mayBuild(board: Board, power: number, flags: RuleFlags): boolean {
  if (!flags.remoteBuilds || ownsAHome(board, power)) return true;
  return tokenCount(board, power, 'SC!') > 0 || tokenCount(board, power, 'SC?') > 0;
}

/**
 * Whether the rules open an owned center that is not one of the power's homes. HOME_BUILDS opens
 * the current home centers of every power, and restricts BUILD_ANY to them (as DPjudge's
 * buildSites does); REMOTE_BUILDS without it opens every owned center, as BUILD_ANY does.
 */
function ownedCenterOpen(board: Board, abbrev: string, flags: RuleFlags): boolean {
  if (flags.homeBuilds) return board.powers.some((state) => state.homes.includes(abbrev));
  return flags.buildAny || flags.remoteBuilds;
}

/**
 * Whether, and how, the power may build in this province; tokens and counts not spent. Whether the
 * province is a site of the power's comes first, so that a center another power took is refused as
 * theirs, not as occupied.
 */
export function buildSite(board: Board, power: number, province: number, flags: RuleFlags): Verdict<SiteKind> {
  const site = siteKind(board, power, province, flags);
  if (site.ok && board.occupant[province]! >= 0) return refuse(`${board.tables.name(province)} is occupied`);
  return site;
}

function notOwned(board: Board, province: number): string {
  const owner = board.owner[province]!;
  return `you do not own ${board.tables.name(province)}${owner >= 0 ? `: ${board.displayName(owner)} does` : ''}`;
}

function siteKind(board: Board, power: number, province: number, flags: RuleFlags): Verdict<SiteKind> {
  const tables = board.tables;
  const state = board.powers[power]!;
  const sites = board.mapPower(power)?.sites;
  const abbrev = tables.abbrev(province);
  const name = tables.name(province);
  const isCenter = board.map.isCenter(abbrev);
  const owned = board.owner[province] === power;
  const isHome = state.homes.includes(abbrev);
  const claimant = garrisonClaimant(board, province, flags);
  if (claimant === power) return accept('garrison');
  if (claimant !== null) return refuse(`${name} is kept for ${board.displayName(claimant)}, who may build there to come back (GARRISON)`);
  if (!mayBuild(board, power, flags)) return refuse('you own none of your home centers, so you may not build');
  if (isHome && owned) return accept('home');
  if (isCenter && owned && ownedCenterOpen(board, abbrev, flags)) return accept('owned');
  if (sites && !flags.noFactories && sites.factories.includes(abbrev)) return accept('factory');
  if (sites && !flags.noPartisans && sites.partisans.includes(abbrev)) {
    if (partisansOpen(board, power)) return accept('partisan');
    if (tokenCount(board, power, 'SC*') > 0) return accept('SC*');
    return refuse(`${name} is a partisan site only while you hold some, but not all, of your home centers`);
  }
  if (owned && alternativeFor(board, power, province)) return accept('alternative');
  if (owned && sites?.claimable.includes(abbrev)) return accept('claimable');
  if (owned && isCenter && !isHome && state.claimCredits > 0) return accept('&SC');
  if (isHome && board.owner[province] < 0 && tokenCount(board, power, 'SC!') > 0) return accept('SC!');
  if (isHome && tokenCount(board, power, 'SC?') > 0) return accept('SC?');
  if (!isCenter) return refuse(`${name} is not a supply center`);
  if (!owned && (isHome || ownedCenterOpen(board, abbrev, flags))) return refuse(notOwned(board, province));
  return refuse(flags.homeBuilds ? `${name} is not a home center of any power` : `${name} is not one of your home centers`);
}

/** The coasts of a multi-coast province a fleet may stand on. */
export function fleetCoasts(tables: MapTables, province: number): number[] {
  return Array.from(tables.coastsOf[province]!).filter((coast) => mayOccupy(tables, 'F', coast));
}

/** Every unit a build could place in a province, whoever owns it: an army, and a fleet on each usable coast. */
export function buildableUnits(tables: MapTables, province: number): Unit[] {
  const units: Unit[] = [];
  if (mayOccupy(tables, 'A', province)) units.push({ type: 'A', location: tables.abbrev(province) });
  const fleetPlaces = tables.coastsOf[province]!.length > 0 ? fleetCoasts(tables, province) : [province];
  for (const place of fleetPlaces) if (mayOccupy(tables, 'F', place)) units.push({ type: 'F', location: tables.abbrev(place) });
  return units;
}

/** The provinces where the power may build now, before any build of this phase. */
export function openBuildSites(board: Board, power: number, flags: RuleFlags): number[] {
  const tables = board.tables;
  const open: number[] = [];
  for (let province = 0; province < tables.count; province++) {
    if (tables.provinceOf[province] === province && buildSite(board, power, province, flags).ok) open.push(province);
  }
  return open;
}
