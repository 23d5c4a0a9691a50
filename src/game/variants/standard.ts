import { lastOrderInCharge } from '../../engine/movement/followed.js';
import { clearOrders, collectOrders, standardLateness, submitOrders } from '../orders.js';
import { standardListsOnFile } from '../lists-on-file.js';
import type { Variant } from '../variant-record.js';

/** The standard game's record: the hooks a variant leaves as they are start from these (`payola/record.ts`). */
export const STANDARD: Variant = {
  name: 'standard',
  displayName: 'Standard',
  orderLists: ['ORDERS'],
  ordersToPlay: collectOrders,
  followedOrders: lastOrderInCharge,
  betweenPhases: ({ game }) => game,
  resultsAdditions: () => [],
  historyAdditions: null,
  betweenPhasesAdditions: () => [],
  submitOrders,
  clearOrders,
  lateness: standardLateness,
  listsOnFile: standardListsOnFile,
  powerAccount: () => [],
  movesBeforeBlankStart: false,
  broughtRules: [],
  ruleRefusal: () => null,
  lineRefusal: () => null,
};
