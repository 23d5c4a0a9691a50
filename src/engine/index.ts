/** The adjudicator's public face for the game layer: pure functions over positions and orders. */
export { adjudicate } from './adjudicate.js';
export { adjustmentCounts } from './adjustments.js';
export { PositionError } from './board.js';
export { initialPosition } from './position.js';
export { ownershipChangesAfter, updateOwnership } from './ownership.js';
export { victors, victoryScores, victoryTarget } from './victory.js';
export type * from './types.js';
