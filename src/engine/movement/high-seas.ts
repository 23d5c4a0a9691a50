import type { Board } from '../board.js';
import type { CheckedMovement } from '../legality/movement.js';

/** What spreading needs of a battle's order entry: the ordering power, the unit, and its check. */
interface OrderEntry {
  power: number;
  unit: number;
  checked: CheckedMovement | null;
}

/**
 * nJudge high seas (`h`) in a movement phase. Any number of fleets stand in one, so an order names
 * a high sea's fleet by its place alone, which does not tell a power's fleets there apart. They
 * differ in nothing but their orders, so each power's orders for a high sea go to its fleets there
 * in turn: the first order to the first fleet, the second to the second; an order beyond its
 * fleets replaces the earliest (with one fleet, the later order replaces the earlier, as
 * anywhere). The rest of the rules (docs/datc-options.md) live where the adjudicator asks:
 * `Board.occupant` leaves high seas empty, `Battle.linkMove` keeps moves into them out of every
 * contest, `Battle.passEachOther` lets a fleet leave one as another sails in.
 */
export function spreadOverFleets(board: Board, entries: readonly OrderEntry[]): void {
  const given = new Map<string, number>();
  for (const entry of entries) {
    if (entry.unit < 0 || entry.checked === null) continue;
    const province = board.unitProvince[entry.unit]!;
    const afloat = board.afloat?.get(province);
    if (!afloat) continue;
    const own = afloat.filter((fleet) => board.unitPower[fleet] === entry.power);
    // Under ORDER_ANY a power may order another's fleet: it then names any fleet there.
    const fleets = own.length > 0 ? own : afloat;
    const key = `${entry.power} ${province}`;
    const count = given.get(key) ?? 0;
    given.set(key, count + 1);
    const fleet = fleets[count % fleets.length]!;
    if (fleet === entry.unit) continue;
    entry.unit = fleet;
    entry.checked = { ...entry.checked, unit: fleet };
  }
}

/**
 * The fleet in a high sea that a support names: of those there but the supporter, one whose order
 * the support matches (`matches`), its own power's first, else the first in the position's order;
 * none matching, the one named when the order was checked, so that the support is void as usual.
 */
export function supportedFleet(board: Board, supporter: number, named: number, matches: (fleet: number) => boolean): number {
  const afloat = board.afloat?.get(board.unitProvince[named]!);
  if (!afloat) return named;
  const candidates = afloat.filter((fleet) => fleet !== supporter && matches(fleet));
  return candidates.find((fleet) => board.unitPower[fleet] === board.unitPower[supporter]) ?? candidates[0] ?? named;
}
