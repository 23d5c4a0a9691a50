import type { Order, UnitRef } from './types.js';

export function formatUnit(unit: UnitRef): string {
  return unit.type === null ? unit.location : `${unit.type} ${unit.location}`;
}

/**
 * The canonical rendering of an order, in the map's standard abbreviations, as status files and
 * results show it: `A PAR - BUR`, `F NTH C A LON - NWY`, `A MUN S A BER - KIE`, `A LON P FRANCE`,
 * `BUILD A PAR`.
 */
export function formatOrder(order: Order): string {
  switch (order.kind) {
    case 'hold':
      return `${formatUnit(order.unit)} H`;
    case 'move': {
      let path = formatUnit(order.unit);
      for (const space of order.route) path += ` - ${space}`;
      path += ` - ${order.to}`;
      return order.viaConvoy && order.route.length === 0 ? `${path} VIA CONVOY` : path;
    }
    case 'support':
      return `${formatUnit(order.unit)} S ${formatUnit(order.target)}${order.to === null ? '' : ` - ${order.to}`}`;
    case 'convoy':
      return `${formatUnit(order.unit)} C ${formatUnit(order.target)} - ${order.to}`;
    case 'proxy':
      return `${formatUnit(order.unit)} P ${order.to}`;
    case 'retreat':
      return `${formatUnit(order.unit)} - ${order.to}`;
    case 'disband':
      return `${formatUnit(order.unit)} DISBAND`;
    case 'build':
      return `BUILD ${formatUnit(order.unit)}`;
    case 'remove':
      return `REMOVE ${formatUnit(order.unit)}`;
    case 'waive':
      return 'WAIVE';
  }
}
