import { filled, nulls } from '../arrays.js';
import { retreatOptions } from '../retreat-options.js';
import { MOVE, type Battle } from './battle.js';
import type { MovementDecisions } from './decisions.js';
import { dislodger } from './hold.js';
import { preventStrength } from './strength.js';

const OPEN = 0;
const OCCUPIED = 1;
const STANDOFF = 2;

/**
 * What the resolved decisions mean for the board: who moved, who was dislodged and by whom,
 * which provinces saw a standoff, and where each dislodged unit may retreat.
 */
export class Aftermath {
  readonly moved: number[];
  /** Unit that dislodged each unit, or -1. */
  readonly dislodgedBy: number[];
  readonly retreats: (string[] | null)[];
  /** Province id → OPEN, OCCUPIED after the moves, or left empty by a STANDOFF. */
  private readonly after: number[];

  constructor(
    readonly battle: Battle,
    readonly decisions: MovementDecisions,
  ) {
    const size = battle.size;
    const board = battle.board;
    this.moved = filled(size, 0);
    this.dislodgedBy = filled(size, -1);
    this.retreats = nulls<string[]>(size);
    this.after = filled(board.tables.count, OPEN);
    for (let unit = 0; unit < size; unit++) {
      if (battle.kind[unit] === MOVE && decisions.order(unit)) this.moved[unit] = 1;
    }
    for (let unit = 0; unit < size; unit++) {
      if (this.moved[unit] === 1) this.after[battle.dest[unit]!] = OCCUPIED;
      else {
        this.dislodgedBy[unit] = dislodger(decisions, unit);
        if (this.dislodgedBy[unit]! < 0) this.after[battle.province[unit]!] = OCCUPIED;
      }
    }
    for (let unit = 0; unit < size; unit++) {
      const dest = battle.dest[unit]!;
      if (battle.kind[unit] === MOVE && this.moved[unit] === 0 && this.after[dest] === OPEN && preventStrength(decisions, unit) >= 0) {
        this.after[dest] = STANDOFF;
      }
    }
    // An nJudge high sea takes any number of fleets and sees no standoff: it is open to every retreat.
    const closed = (province: number): boolean => this.after[province] !== OPEN && !board.tables.isHighSea(province);
    for (let unit = 0; unit < size; unit++) {
      const attacker = this.dislodgedBy[unit]!;
      if (attacker < 0) continue;
      const attackerFrom = battle.convoyed[attacker] === 1 ? -1 : battle.province[attacker]!;
      this.retreats[unit] = battle.noRetreat ? [] : retreatOptions(board, board.units[unit]!, closed, attackerFrom);
    }
  }
}
