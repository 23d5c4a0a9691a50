import type { Battle } from './battle.js';

/**
 * What the file of an order kind may ask while it answers its own decision: the battle, and how the
 * other decisions came out (resolving them on demand). MovementDecisions is the one implementation;
 * the order kinds see only this, so that they and it do not import each other.
 */
export interface Decisions {
  readonly battle: Battle;
  /** Whether the unit's order worked: the move succeeded, the support was given, the convoying fleet stayed, the hold held. */
  order(unit: number): boolean;
  /** Whether a convoyed army still has a route of fleets that stayed in place. */
  path(army: number): boolean;
}
