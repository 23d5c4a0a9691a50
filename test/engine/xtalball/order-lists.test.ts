import { describe, expect, it } from 'vitest';
import { listToUpdate, lockedOrders, publicOrders, rollOver, type ListPower } from '../../../src/engine/xtalball/order-lists.js';

/** Worked examples written from DPjudge's Crystal Ball players' guide (`variants/xtalball/pages/Questions`). */

function played(powers: ListPower[], noProxy = false): Record<string, string[]> {
  const { lists } = lockedOrders(powers, noProxy);
  return Object.fromEntries([...lists].map(([power, list]) => [power, list.map(({ order, note }) => `[${note}] ${order}`)]));
}

const RUSSIA: ListPower = { name: 'RUSSIA', sooner: [], units: ['A MOS', 'A WAR', 'F SEV', 'F STP/SC'], centers: 4 };

describe('Order Lists', () => {
  it('"Can I change my locked-in orders?": the Fall 1901 list written in ignorance of Rule 3.1 loses its fifth order', () => {
    const france: ListPower = {
      name: 'FRANCE',
      sooner: ['F ENG S A PIC - BEL', 'F BRE - ENG', 'A BUR S A PIC - BEL', 'A MAR - BUR', 'A PIC - BEL'],
      units: ['F ENG', 'A BUR', 'A PIC'],
      centers: 3,
    };
    expect(played([france, RUSSIA]).FRANCE).toEqual([
      '[ordered] F ENG S A PIC - BEL',
      '[no unit] F BRE - ENG',
      '[ordered] A BUR S A PIC - BEL',
      '[no unit] A MAR - BUR',
      '[ignored] A PIC - BEL',
      '[default] A PIC H',
    ]);
  });

  it('"What happens if I list more than one order for a particular unit?": the last counted one; the earlier are revoked', () => {
    const france: ListPower = { name: 'FRANCE', sooner: ['A PAR - BUR', 'A PAR - PIC', 'A MAR H', 'A PAR - GAS'], units: ['A PAR', 'A MAR'], centers: 3 };
    const { orders } = lockedOrders([france, { ...RUSSIA, centers: 3 }], false);
    expect(played([france, { ...RUSSIA, centers: 3 }]).FRANCE).toEqual([
      '[revoked] A PAR - BUR',
      '[ordered] A PAR - PIC',
      '[ordered] A MAR H',
      '[ignored] A PAR - GAS',
    ]);
    expect(orders.get('A PAR')).toEqual({ power: 'FRANCE', order: 'A PAR - PIC' });
  });

  it('"What if a unit doesn\'t receive any order at all?": it holds', () => {
    const { orders } = lockedOrders([RUSSIA], false);
    expect(orders.get('F SEV')).toEqual({ power: 'RUSSIA', order: 'F SEV H' });
  });
});

describe('Proxies', () => {
  const england = (sooner: string[]): ListPower => ({ name: 'ENGLAND', sooner, units: ['F LON'], centers: 3 });
  const france = (sooner: string[]): ListPower => ({ name: 'FRANCE', sooner, units: ['F BRE', 'A PAR'], centers: 2 });

  it('"How do I issue a proxy order?": F BRE P ENGLAND, and England orders the fleet; proxies do not count as considered orders', () => {
    const powers = [england(['F LON - NTH', 'F BRE - MAO']), france(['F BRE P ENGLAND', 'A PAR - BUR', 'A PAR - PIC'])];
    expect(played(powers)).toEqual({
      ENGLAND: ['[ordered] F LON - NTH', '[byProxy] F BRE - MAO'],
      FRANCE: ['[proxied] F BRE P ENGLAND', '[revoked] A PAR - BUR', '[ordered] A PAR - PIC'],
    });
    expect(lockedOrders(powers, false).orders.get('F BRE')).toEqual({ power: 'ENGLAND', order: 'F BRE - MAO' });
  });

  it('"Each player may issue only a certain number of proxy orders": as many as the smallest power has centres', () => {
    const proxying: ListPower = { name: 'FRANCE', sooner: ['F BRE P ENGLAND', 'A PAR P ENGLAND', 'A MAR H'], units: ['F BRE', 'A PAR', 'A MAR'], centers: 3 };
    const small: ListPower = { name: 'ITALY', sooner: [], units: [], centers: 1 };
    expect(played([proxying, small]).FRANCE).toEqual([
      '[refused] F BRE P ENGLAND',
      '[ignored] A PAR P ENGLAND',
      '[ordered] A MAR H',
      '[default] F BRE H',
      '[default] A PAR H',
    ]);
  });

  it('"... and that other player does not issue an order to the unit?": the unit holds and the proxy is refused', () => {
    const result = lockedOrders([england(['F LON H']), france(['F BRE P ENGLAND'])], false);
    expect(result.lists.get('FRANCE')!.map(({ note }) => note)).toEqual(['refused', 'default', 'default']);
    expect(result.orders.get('F BRE')).toEqual({ power: 'FRANCE', order: 'F BRE H' });
  });

  it('"... he in turn proxies it to yet another player?": the second proxy is reProxy and the unit holds', () => {
    const powers = [england(['F BRE P GERMANY']), france(['F BRE P ENGLAND']), { name: 'GERMANY', sooner: ['F BRE - MAO'], units: [], centers: 3 }];
    expect(played(powers)).toEqual({
      ENGLAND: ['[reProxy] F BRE P GERMANY', '[default] F LON H'],
      FRANCE: ['[refused] F BRE P ENGLAND', '[default] F BRE H', '[default] A PAR H'],
      GERMANY: ['[noProxy] F BRE - MAO'],
    });
  });

  it('orders to foreign units without a proxy are noProxy, or foreign under NO_PROXY', () => {
    expect(played([england(['F BRE - MAO']), france([])], true).ENGLAND).toEqual(['[foreign] F BRE - MAO', '[default] F LON H']);
  });
});

describe('Game Phases: "How does the first turn work?"', () => {
  it('takes SOONER lists until every power with units has locked one in, then LATER lists', () => {
    expect(
      listToUpdate(false, [
        { units: 3, sooner: 3 },
        { units: 3, sooner: 0 },
      ]),
    ).toBe('SOONER');
    expect(
      listToUpdate(false, [
        { units: 3, sooner: 3 },
        { units: 0, sooner: 0 },
      ]),
    ).toBe('LATER');
    // A blank-board start SKIPs its first movement phase: the lists written then are its LATER lists.
    expect(listToUpdate(true, [{ units: 0, sooner: 0 }])).toBe('LATER');
  });

  it('moves LATER up to SOONER after each movement phase; a power without a LATER list holds and is in civil disorder', () => {
    expect(rollOver({ sooner: ['A PAR - BUR'], later: ['A BUR - MUN'], units: ['A BUR'] })).toEqual({
      sooner: ['A BUR - MUN'],
      later: [],
      civilDisorder: false,
    });
    expect(rollOver({ sooner: ['A PAR - BUR'], later: [], units: ['A BUR', 'F BRE'] })).toEqual({ sooner: ['A BUR H'], later: [], civilDisorder: true });
    expect(rollOver({ sooner: [], later: [], units: [] })).toEqual({ sooner: [], later: [], civilDisorder: false });
  });
});

describe('Rules.txt 4.2 LIMIT_LISTS', () => {
  it('reveals as many orders of each list as the largest power has centres', () => {
    const list = ['A PAR H', 'A MAR H', 'F BRE H'].map((order) => ({ order, note: 'ordered' as const }));
    expect(publicOrders(list, true, 2).map(({ order }) => order)).toEqual(['A PAR H', 'A MAR H']);
    expect(publicOrders(list, false, 2)).toHaveLength(3);
  });
});
