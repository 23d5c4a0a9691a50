import type { Abut, UnitType } from '../map/model.js';
import type { Board } from './board.js';
import type { MapTables } from './tables.js';

/** The terrain lets this unit type stand at the location. */
export function mayOccupy(tables: MapTables, type: UnitType, location: number): boolean {
  const place = tables.locations[location]!;
  return type === 'A' ? place.armiesMayOccupy : place.fleetsMayOccupy;
}

/** The abut's power and center restrictions let units of this power across. */
export function restrictionsAllow(board: Board, abut: Abut, power: number): boolean {
  if (abut.powers === null && abut.centers.length === 0) return true;
  return board.map.restrictionsAllow(abut, board.mover(power));
}

/**
 * The abut a unit of `power` crosses moving directly (no convoy) between two locations, or null
 * when it may not: no adjacency, the terrain or the abut's case forbids the unit type, or its
 * power or center restrictions shut the power out.
 */
export function moveAbut(board: Board, type: UnitType, from: number, to: number, power: number): Abut | null {
  const tables = board.tables;
  const abut = tables.abut(from, to);
  if (!abut || !mayOccupy(tables, type, to)) return null;
  if (type === 'A' ? !abut.armies : !abut.fleets) return null;
  return restrictionsAllow(board, abut, power) ? abut : null;
}

function supportsAcross(board: Board, type: UnitType, from: number, to: number, power: number): boolean {
  const abut = moveAbut(board, type, from, to, power);
  return abut !== null && !abut.weak && !abut.half;
}

/** Support reaches a province through any of its locations the unit could move to, but never across `~` or `*`. */
export function canSupportInto(board: Board, type: UnitType, from: number, province: number, power: number): boolean {
  if (supportsAcross(board, type, from, province, power)) return true;
  for (const coast of board.tables.coastsOf[province]!) if (supportsAcross(board, type, from, coast, power)) return true;
  return false;
}

/** Where a fleet may go in a province: the coast locations it reaches, or the province itself. */
export function fleetLandings(board: Board, from: number, province: number, power: number): number[] {
  const coasts = board.tables.coastsOf[province]!;
  if (coasts.length === 0) return moveAbut(board, 'F', from, province, power) ? [province] : [];
  return Array.from(coasts).filter((coast) => moveAbut(board, 'F', from, coast, power) !== null);
}
