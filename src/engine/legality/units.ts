import type { UnitType } from '../../map/model.js';
import type { Board, BoardUnit } from '../board.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { UnitRef } from '../../orders/types.js';

export function typeWord(type: UnitType): string {
  return type === 'A' ? 'army' : 'fleet';
}

/** The province id a written location stands for, or -1. */
export function provinceOf(board: Board, location: string): number {
  const id = board.tables.id(location);
  return id < 0 ? -1 : board.tables.provinceOf[id]!;
}

/**
 * The unit an order names, whoever owns it; the written coast does not matter (DATC 6.B.10). `find`
 * picks the unit in the province, by default the one standing there (in a high sea, a fleet of
 * `power` first).
 */
export function namedUnit(board: Board, ref: UnitRef, find?: (province: number) => BoardUnit | undefined, power = -1): Verdict<BoardUnit> {
  const province = provinceOf(board, ref.location);
  if (province < 0) return refuse(`there is no place called ${ref.location}`);
  const unit = find ? find(province) : board.unitAt(province, power);
  const name = board.tables.name(province);
  if (!unit) return refuse(`there is no ${ref.type ? typeWord(ref.type) : 'unit'} in ${name}`);
  if (ref.type && ref.type !== unit.type) return refuse(`the unit in ${name} is ${unit.type === 'A' ? 'an army' : 'a fleet'}`);
  return accept(unit);
}

/** The ordering power's own unit (in a high sea, one of its fleets there). */
export function ownUnit(board: Board, power: number, ref: UnitRef, find?: (province: number) => BoardUnit | undefined): Verdict<BoardUnit> {
  const found = namedUnit(board, ref, find, power);
  if (!found.ok) return found;
  const unit = found.value;
  if (unit.power !== power) {
    return refuse(`the ${typeWord(unit.type)} in ${board.tables.name(unit.province)} belongs to ${board.displayName(unit.power)}`);
  }
  return found;
}

/** The unit as an order should name it: its real type and location (the written reference when it already does). */
export function unitRef(board: Board, unit: BoardUnit, written?: UnitRef): UnitRef {
  const location = board.tables.abbrev(unit.location);
  return written && written.type === unit.type && written.location === location ? written : { type: unit.type, location };
}
