import { lastOrderInCharge } from '../engine/movement/followed.js';
import { clearOrders, collectOrders, standardLateness, submitOrders } from './orders.js';
import { standardListsOnFile } from './lists-on-file.js';
import type { Variant, VariantName } from './variant-record.js';
import { CRYSTAL_BALL } from './variants/xtalball.js';

/** The variants this judge plays, each a record of the hooks phase processing calls (`variant-record.ts`). */
export type { ResultsAddition, Variant, VariantName } from './variant-record.js';

export const STANDARD: Variant = {
  name: 'standard',
  orderLists: ['ORDERS'],
  ordersToPlay: collectOrders,
  followedOrders: lastOrderInCharge,
  betweenPhases: ({ game }) => game,
  resultsAdditions: () => [],
  submitOrders,
  clearOrders,
  lateness: standardLateness,
  listsOnFile: standardListsOnFile,
  movesBeforeBlankStart: false,
  broughtRules: [],
  ruleRefusal: () => null,
};

/** The variants this judge plays; CREATE refuses the others with the reason (`commands/master/games.ts`). */
const PLAYED: Readonly<Partial<Record<VariantName, Variant>>> = {
  standard: STANDARD,
  xtalball: CRYSTAL_BALL,
};

/** The record of a game's variant, as the main status file lists it; null for one this judge does not play. */
export function variantNamed(name: string): Variant | null {
  return Object.hasOwn(PLAYED, name) ? (PLAYED[name as VariantName] ?? null) : null;
}
