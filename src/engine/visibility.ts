import { splitLocation, type GameMap } from '../map/game-map.js';
import type { UnitType } from '../map/model.js';
import type { RulesInForce } from '../rules/in-force.js';
import type { Position, PowerState, Unit } from './types.js';

/**
 * BLIND games (Rules.txt 1.6): what one power sees of the board. A power's units see every foreign
 * unit one of them could support or be supported by (by province, whatever the coast); its home
 * centres (its owned ones under OWN_SCS_SEE and VENETIAN) see units in or next to them. It is told
 * who owns the centres it sees, its own always. The modifiers narrow or widen each part.
 * Pure: the results, MAP, LIST and the web pages filter what they show through it.
 */

/** Which foreign units a power's own units see: all neighbours, those of the unit's type, of the other type, or none. */
type UnitSight = 'all' | 'same' | 'other' | 'none';

export interface BlindRules {
  unitSight: UnitSight;
  /** The centres that see their neighbourhood: none, the power's home centres, or those it owns. */
  centreSight: 'none' | 'homes' | 'owned';
  /** Whose centre ownership a power is told: what it sees, only its own, or everyone's. */
  ownership: 'seen' | 'own' | 'all';
  /** SEE_NO_UNITS (MYOPIC): no foreign unit is ever shown. */
  foreignUnits: boolean;
}

/** The visibility rules of a game, or null when it is not BLIND (everyone sees everything). */
export function blindRules(rules: RulesInForce): BlindRules | null {
  if (!rules.has('BLIND')) return null;
  const typed = rules.first('UNITS_SEE_SAME', 'GREEK', 'UNITS_SEE_OTHER', 'TROJAN');
  const unitSight: UnitSight = rules.has('NO_UNITS_SEE')
    ? 'none'
    : typed === 'UNITS_SEE_SAME' || typed === 'GREEK'
      ? 'same'
      : typed !== undefined
        ? 'other'
        : 'all';
  // The typed rules say centres report nothing nearby, as NO_SCS_SEE does.
  const centresBlind = rules.has('NO_SCS_SEE') || typed !== undefined;
  const centreSight = centresBlind ? 'none' : rules.has('OWN_SCS_SEE') || rules.has('VENETIAN') ? 'owned' : 'homes';
  const ownership = rules.has('SEE_ALL_SCS') ? 'all' : rules.has('SEE_NO_SCS') || rules.has('VENETIAN') ? 'own' : 'seen';
  return { unitSight, centreSight, ownership, foreignUnits: !rules.has('SEE_NO_UNITS') };
}

function provinceOf(location: string): string {
  return splitLocation(location).province;
}

/** Whether any location of one province borders any location of the other, for any unit. */
function provincesBorder(map: GameMap, a: string, b: string): boolean {
  return map.provinceLocations(a).some((from) => map.provinceLocations(b).some((to) => map.abut(from.abbrev, to.abbrev) !== undefined));
}

function typeSeen(sight: UnitSight, seer: UnitType, seen: UnitType): boolean {
  if (sight === 'all') return true;
  if (sight === 'none') return false;
  return sight === 'same' ? seer === seen : seer !== seen;
}

/** Rules.txt: a unit sees any unit it could support, or that could support it. */
function unitSees(map: GameMap, seer: Unit, seen: Unit): boolean {
  const from = provinceOf(seer.location);
  const to = provinceOf(seen.location);
  return from === to || map.canSupportInto(seer.type, seer.location, to) || map.canSupportInto(seen.type, seen.location, from);
}

/** What one power sees of the board at one moment, or over a phase (its units and centres before and after). */
export interface Sight {
  /** Whether a unit of another power at this place is shown to the power. */
  seesUnit(unit: Unit): boolean;
  /** Whether the power is told who owns this centre. */
  seesOwner(centre: string): boolean;
}

/** Sees everything: the Master, OMNISCIENT players, and everyone in a game that is not BLIND. */
export const FULL_SIGHT: Sight = { seesUnit: () => true, seesOwner: () => true };

/** Sees nothing: observers of a BLIND game learn only that the game moved on. */
export const NO_SIGHT: Sight = { seesUnit: () => false, seesOwner: () => false };

function stateOf(position: Position, power: string): PowerState | undefined {
  return position.powers.find((state) => state.name === power);
}

/** Everything a power sees from: its units (retreating ones included) and its seeing centres, in each of `positions`. */
function sources(positions: readonly Position[], power: string, blind: BlindRules): { units: Unit[]; centres: Set<string>; owned: Set<string> } {
  const units: Unit[] = [];
  const centres = new Set<string>();
  const owned = new Set<string>();
  for (const position of positions) {
    const state = stateOf(position, power);
    if (!state) continue;
    units.push(...state.units, ...state.retreating);
    for (const centre of state.centers) owned.add(centre);
    const seeing = blind.centreSight === 'homes' ? state.homes : blind.centreSight === 'owned' ? state.centers : [];
    for (const centre of seeing) centres.add(centre);
  }
  return { units, centres, owned };
}

/**
 * What `power` sees in a BLIND game, from where it stood in any of `positions` (for results: the
 * board before and after the phase, as Rules.txt counts a unit that began or ended the turn there).
 */
export function sightOf(map: GameMap, positions: readonly Position[], power: string, blind: BlindRules): Sight {
  const { units, centres, owned } = sources(positions, power, blind);
  const seeingUnits = blind.unitSight === 'none' ? [] : units;
  const seesPlace = (place: string): boolean => [...centres].some((centre) => centre === place || provincesBorder(map, centre, place));
  const seesUnit = (unit: Unit): boolean => {
    if (!blind.foreignUnits) return false;
    const province = provinceOf(unit.location);
    if (seesPlace(province)) return true;
    return seeingUnits.some((seer) => typeSeen(blind.unitSight, seer.type, unit.type) && unitSees(map, seer, unit));
  };
  // A centre is in viewing range when it is a seeing centre, borders one, or holds or borders a seeing unit.
  const seesCentreSpace = (centre: string): boolean =>
    seesPlace(centre) || seeingUnits.some((seer) => provinceOf(seer.location) === centre || provincesBorder(map, provinceOf(seer.location), centre));
  const seesOwner = (centre: string): boolean => {
    if (owned.has(centre) || blind.ownership === 'all') return true;
    return blind.ownership === 'seen' && seesCentreSpace(centre);
  };
  return { seesUnit, seesOwner };
}

/** The board as `power` (null: an observer) sees it: its own units and centres, the foreign units it sees, the ownership it is told. */
export function visiblePosition(position: Position, power: string | null, sight: Sight): Position {
  if (sight === FULL_SIGHT) return position;
  return {
    powers: position.powers.map((state) =>
      state.name === power
        ? state
        : {
            ...state,
            units: state.units.filter((unit) => sight.seesUnit(unit)),
            retreating: state.retreating.filter((unit) => sight.seesUnit(unit)),
            centers: state.centers.filter((centre) => sight.seesOwner(centre)),
          },
    ),
  };
}
