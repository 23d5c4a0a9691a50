/**
 * Crystal Ball's pipelined order lists, as DPjudge's players' guide and XtalballGame run them. Each
 * power keeps two lists: SOONER, locked in, is played in the coming movement phase; LATER, written
 * now, becomes the next SOONER. When the lists are played:
 *
 * - only as many of a power's orders count as the largest power has centres; the rest are
 *   `ignored`. Proxy orders (`F BRE P ENGLAND`) do not count against that, but against their own
 *   limit: the centres of the smallest power still holding any;
 * - a later counted order for the same unit `revoke`s an earlier one;
 * - a power's order for its own unit is `ordered`; for a unit proxied to it, `byProxy`; for a unit
 *   that is not there, `no unit`; for another's unit not proxied to it, `noProxy` (`foreign` when
 *   NO_PROXY switches proxies off). A proxy for a unit the power does not own is `reProxy` when a
 *   unit is there (a proxy cannot be handed on), `no unit` when none is;
 * - a unit nobody ordered holds, added at the end of its owner's list as `default`; a proxy whose
 *   receiver gave no order is `refused`.
 *
 * Orders are in their canonical text, unit first (`A PAR - BUR`, `F BRE P ENGLAND`).
 */

type OrderNote = 'ordered' | 'byProxy' | 'proxied' | 'revoked' | 'ignored' | 'no unit' | 'reProxy' | 'foreign' | 'noProxy' | 'refused' | 'default';

export interface ListPower {
  readonly name: string;
  /** The locked-in list played this phase. */
  readonly sooner: readonly string[];
  /** Its units on the board now, `A PAR`. */
  readonly units: readonly string[];
  readonly centers: number;
}

export interface NotedOrder {
  readonly order: string;
  readonly note: OrderNote;
}

export interface LockedOrders {
  /** Per unit (`F STP`, its coast left out), the order it follows and the power that gave it. */
  readonly orders: ReadonlyMap<string, { readonly power: string; readonly order: string }>;
  /** Per power, its SOONER list as played, each order with its note, the default holds at the end. */
  readonly lists: ReadonlyMap<string, readonly NotedOrder[]>;
  /** The counted orders per power (the largest power's centres) and proxies (the smallest's). */
  readonly largest: number;
  readonly smallest: number;
}

/** The unit an order or a unit's name is for, coast left out: `F STP - BOT` is for the fleet on either coast. */
const unitOf = (order: string) => order.split(' ').slice(0, 2).join(' ').replace(/\/.*$/, '');

function proxyTarget(order: string): string | null {
  const words = order.split(' ');
  return words[2] === 'P' ? words.slice(3).join('') : null;
}

export function lockedOrders(powers: readonly ListPower[], noProxy: boolean): LockedOrders {
  const sizes = powers.map((power) => power.centers).filter((centers) => centers > 0);
  const largest = sizes.length > 0 ? Math.max(...sizes) : 0;
  const smallest = sizes.length > 0 ? Math.min(...sizes) : 0;
  const ownerOf = new Map(powers.flatMap((power) => power.units.map((unit) => [unitOf(unit), power.name] as const)));
  const proxies = new Map<string, { to: string; power: string; index: number }>();
  const notes = new Map(powers.map((power) => [power.name, new Map<number, OrderNote>()]));

  for (const power of powers) {
    const noted = notes.get(power.name)!;
    let proxyCount = 0;
    let orderCount = 0;
    power.sooner.forEach((order, index) => {
      const unit = unitOf(order);
      const target = proxyTarget(order);
      if (target !== null) {
        if (proxyCount >= smallest) noted.set(index, 'ignored');
        else {
          proxyCount += 1;
          const owner = ownerOf.get(unit);
          if (owner === power.name) {
            proxies.set(unit, { to: target, power: power.name, index });
            noted.set(index, 'proxied');
          } else noted.set(index, owner === undefined ? 'no unit' : 'reProxy');
        }
      } else if (orderCount === largest) noted.set(index, 'ignored');
      else orderCount += 1;
      if (noted.get(index) === 'ignored') return;
      for (let earlier = 0; earlier < index; earlier++) if (unitOf(power.sooner[earlier]!) === unit) noted.set(earlier, 'revoked');
    });
  }

  const orders = new Map<string, { power: string; order: string }>();
  for (const power of powers) {
    const noted = notes.get(power.name)!;
    power.sooner.forEach((order, index) => {
      if (noted.has(index)) return;
      const unit = unitOf(order);
      const owner = ownerOf.get(unit);
      if (owner === power.name) {
        orders.set(unit, { power: power.name, order });
        noted.set(index, 'ordered');
      } else if (owner !== undefined && proxies.get(unit)?.to === power.name) {
        orders.set(unit, { power: power.name, order });
        noted.set(index, 'byProxy');
      } else noted.set(index, owner === undefined ? 'no unit' : noProxy ? 'foreign' : 'noProxy');
    });
  }

  const lists = new Map<string, NotedOrder[]>();
  for (const power of powers) {
    const noted = notes.get(power.name)!;
    const list = power.sooner.map((order, index) => ({ order, note: noted.get(index)! }));
    for (const unit of power.units) {
      if (orders.has(unitOf(unit))) continue;
      const proxy = proxies.get(unitOf(unit));
      if (proxy) list[proxy.index] = { ...list[proxy.index]!, note: 'refused' };
      const hold = `${unit} H`;
      orders.set(unitOf(unit), { power: power.name, order: hold });
      list.push({ order: hold, note: 'default' });
    }
    lists.set(power.name, list);
  }
  return { orders, lists, largest, smallest };
}

/**
 * After a movement phase the LATER list becomes SOONER; a power that wrote none plays its first
 * unit's HOLD (the others hold anyway) and is marked in civil disorder when it had a SOONER list.
 */
export function rollOver(power: { readonly sooner: readonly string[]; readonly later: readonly string[]; readonly units: readonly string[] }): {
  sooner: string[];
  later: string[];
  civilDisorder: boolean;
} {
  const sooner = power.later.length > 0 ? [...power.later] : power.units.length > 0 ? [`${power.units[0]} H`] : [];
  return { sooner, later: [], civilDisorder: power.sooner.length > 0 && power.later.length === 0 };
}

/**
 * The list a power's orders go to: SOONER while some power with units has none locked in (the
 * first turn: every list is locked in before anyone writes the next), else LATER. In a SKIPped
 * phase (a blank-board start) there is no SOONER to write.
 */
export function listToUpdate(skipped: boolean, powers: readonly { readonly units: number; readonly sooner: number }[]): 'SOONER' | 'LATER' {
  return !skipped && powers.some((power) => power.units > 0 && power.sooner === 0) ? 'SOONER' : 'LATER';
}

/** LIMIT_LISTS: the orders of a list made public, as many as the largest power has centres. */
export function publicOrders(list: readonly NotedOrder[], limitLists: boolean, largest: number): readonly NotedOrder[] {
  return limitLists ? list.slice(0, largest) : list;
}
