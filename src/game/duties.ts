import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { ADJUSTMENTS, MOVEMENT, RETREATS } from '../map/phase.js';
import { Board } from '../engine/board.js';
import { adjustmentCount, openBuildSites } from '../engine/builds.js';
import { ruleFlags } from '../engine/rules.js';
import type { Position } from '../engine/types.js';
import type { RulesInForce } from '../rules/in-force.js';

/**
 * Who owes orders in a phase: units to move, units to retreat, or builds and removals to make.
 * A power that can build but has no open site owes nothing (its builds are waived).
 */

export interface Duty {
  power: string;
  /** Builds (positive) or removals (negative) due in an adjustment phase; 0 otherwise. */
  adjustment: number;
}

export function duties(map: GameMap, phase: Phase, position: Position, rules: RulesInForce): Duty[] {
  if (phase.type === MOVEMENT) return position.powers.filter((state) => state.units.length > 0).map((state) => ({ power: state.name, adjustment: 0 }));
  if (phase.type === RETREATS) return position.powers.filter((state) => state.retreating.length > 0).map((state) => ({ power: state.name, adjustment: 0 }));
  if (phase.type !== ADJUSTMENTS) return [];
  const board = new Board(map, position);
  const flags = ruleFlags(rules);
  const owed: Duty[] = [];
  position.powers.forEach((state, power) => {
    const { change } = adjustmentCount(board, power, flags);
    if (change < 0 || (change > 0 && openBuildSites(board, power, flags).length > 0)) owed.push({ power: state.name, adjustment: change });
  });
  return owed;
}
