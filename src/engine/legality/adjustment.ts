import type { Board } from '../board.js';
import { adjustmentCount, buildSite, fleetCoasts } from '../builds.js';
import { mayOccupy } from '../reach.js';
import type { RuleFlags } from '../rules.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { AdjustmentOrder, BuildOrder } from '../../orders/types.js';
import { ownUnit, unitRef } from './units.js';

function checkBuild(board: Board, power: number, order: BuildOrder, flags: RuleFlags): Verdict<BuildOrder> {
  const tables = board.tables;
  const type = order.unit.type;
  if (type === null) return refuse('say whether to build an army or a fleet');
  const id = tables.id(order.unit.location);
  if (id < 0) return refuse(`there is no place called ${order.unit.location}`);
  const province = tables.provinceOf[id]!;
  const coasts = tables.coastsOf[province]!;
  let location = type === 'A' ? province : id;
  if (type === 'F' && location === province && coasts.length > 0) {
    const usable = fleetCoasts(tables, province);
    if (usable.length !== 1) {
      return refuse(`the coast of ${tables.name(province)} must be given (${usable.map((coast) => tables.abbrev(coast)).join(' or ')})`);
    }
    location = usable[0]!;
  }
  if (!mayOccupy(tables, type, location)) return refuse(`${type === 'A' ? 'an army' : 'a fleet'} cannot be built in ${tables.name(location)}`);
  const site = buildSite(board, power, province, flags);
  if (!site.ok) return site;
  return accept({ kind: 'build', unit: { type, location: tables.abbrev(location) } });
}

/** Checks an adjustment order: builds need builds due and a site, removals need removals due. */
export function checkAdjustmentOrder(board: Board, power: number, order: AdjustmentOrder, flags: RuleFlags): Verdict<AdjustmentOrder> {
  const change = adjustmentCount(board, power, flags).change;
  if (order.kind === 'waive') return change > 0 ? accept(order) : refuse('there are no builds to waive');
  if (order.kind === 'build') {
    if (change <= 0) return refuse(change < 0 ? 'units must be removed, not built' : 'there are no builds due');
    return checkBuild(board, power, order, flags);
  }
  if (change >= 0) return refuse('there are no removals due');
  const unit = ownUnit(board, power, order.unit);
  if (!unit.ok) return unit;
  return accept({ kind: 'remove', unit: unitRef(board, unit.value) });
}
