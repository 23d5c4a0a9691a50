import type { Phase } from '../map/model.js';
import type { GameStatus, PowerStatus } from '../status/model.js';
import { ordersOnFile, orderPhaseOf } from './orders.js';
import { phaseTitle } from './phase-title.js';

/** The standard game's orders on file, under the phase's title, as a reply shows them. */
export function standardListsOnFile(_game: GameStatus, power: PowerStatus, phase: Phase): { title: string; orders: readonly string[]; writing: boolean }[] {
  const orderPhase = orderPhaseOf(phase);
  return [{ title: phaseTitle(phase), orders: orderPhase === null ? [] : ordersOnFile(power, orderPhase), writing: true }];
}
