import type { Board } from '../board.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { RetreatPhaseOrder } from '../../orders/types.js';
import { ownUnit, provinceOf, typeWord, unitRef } from './units.js';

/** Checks a retreat-phase order: only dislodged units retreat, and only to their listed options. */
export function checkRetreatOrder(board: Board, power: number, order: RetreatPhaseOrder): Verdict<RetreatPhaseOrder> {
  const found = ownUnit(board, power, order.unit, (province) => board.retreatingUnitAt(province));
  if (!found.ok) return refuse(found.reason.replace(/^there is no (army|fleet|unit)/, 'there is no dislodged $1'));
  const unit = board.retreatingUnitAt(found.value.province)!;
  const ref = unitRef(board, unit);
  if (order.kind === 'disband') return accept({ kind: 'disband', unit: ref });
  const tables = board.tables;
  const province = provinceOf(board, order.to);
  if (province < 0) return refuse(`there is no place called ${order.to}`);
  const exact = unit.retreats.find((option) => option === order.to);
  const inProvince = unit.retreats.filter((option) => provinceOf(board, option) === province);
  const choice = exact ?? (inProvince.length === 1 ? inProvince[0] : undefined);
  if (choice !== undefined) return accept({ kind: 'retreat', unit: ref, to: choice });
  if (inProvince.length > 1) return refuse(`the coast of ${tables.name(province)} must be given (${inProvince.join(' or ')})`);
  const options = unit.retreats.map((option) => tables.name(tables.id(option)));
  const allowed = options.length > 0 ? `it may retreat to ${options.join(', ')}` : 'it has no retreat';
  return refuse(`the ${typeWord(unit.type)} in ${tables.name(unit.province)} cannot retreat to ${tables.name(tables.id(order.to))}: ${allowed}`);
}
