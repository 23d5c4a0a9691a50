import { zeroSumCaptureValue, type CenterMoney } from '../../engine/payola/income.js';
import type { GameMap } from '../../map/game-map.js';
import type { Position } from '../../engine/types.js';

/**
 * ZEROSUM: the money the centres that changed hands move between treasuries, as DPjudge's
 * PayolaGame.transferCenter works it out when it counts the year's centres: a neutral centre pays
 * its taker 10 AgP; an owned one moves the loser's treasury with its bribe profits so far, divided
 * by the centres it held before the count and rounded down, from the loser to the taker. Every
 * amount is worked out from the treasuries before any of them moves, as DPjudge moves the money
 * only at the year's income.
 */

export interface PowerCaptures {
  readonly captured: CenterMoney[];
  readonly lost: CenterMoney[];
}

/** What a power holds for the count: its treasury and the year's bribe profits. */
export interface CaptureTreasury {
  readonly balance: number;
  readonly bribeProfits: number;
}

/** Each power's captures and losses between two positions, keyed by power; centres no power took (none on a standard board) move nothing. */
export function centerCaptures(
  map: GameMap,
  before: Position,
  after: Position,
  treasury: (power: string) => CaptureTreasury,
): ReadonlyMap<string, PowerCaptures> {
  const ownerBefore = new Map<string, string>();
  const heldBefore = new Map<string, number>();
  for (const power of before.powers) {
    const centers = power.centers.filter((center) => map.isCenter(center));
    heldBefore.set(power.name, centers.length);
    for (const center of centers) ownerBefore.set(center, power.name);
  }
  const moves = new Map<string, PowerCaptures>();
  const of = (power: string) => {
    let entry = moves.get(power);
    if (!entry) moves.set(power, (entry = { captured: [], lost: [] }));
    return entry;
  };
  for (const power of after.powers)
    for (const center of power.centers.filter((each) => map.isCenter(each))) {
      const loser = ownerBefore.get(center) ?? null;
      if (loser === power.name) continue;
      const amount = zeroSumCaptureValue(loser === null ? null : { ...treasury(loser), centersAtYearStart: heldBefore.get(loser)! });
      const name = center.toUpperCase();
      of(power.name).captured.push({ center: name, amount });
      if (loser !== null) of(loser).lost.push({ center: name, amount });
    }
  return moves;
}
