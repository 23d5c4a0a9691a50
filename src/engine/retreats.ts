import type { GameMap } from '../map/game-map.js';
import { provinceOf } from './legality/units.js';
import type { RetreatPhaseOrder, SubmittedOrder } from '../orders/types.js';
import { Board } from './board.js';
import { disorderRetreat } from './civil-disorder.js';
import { checkSubmitted, newOutcome } from './outcome.js';
import { withUnits } from './position.js';
import type { RuleFlags } from './rules.js';
import type { OrderOutcome, Position, PowerState, Unit } from './types.js';

export interface RetreatResult {
  outcomes: OrderOutcome[];
  position: Position;
}

interface Choice {
  power: string;
  order: RetreatPhaseOrder;
  outcome: OrderOutcome;
}

/**
 * Adjudicates a retreat phase: retreats to the same province all fail (the units are destroyed),
 * except that a unit crossing a `*` adjacency yields to a single other retreat there; units
 * ordered to disband, or not ordered at all, leave the board.
 */
export function adjudicateRetreats(map: GameMap, position: Position, orders: readonly SubmittedOrder[], flags: RuleFlags): RetreatResult {
  const board = new Board(map, position);
  const tables = board.tables;
  const outcomes: OrderOutcome[] = [];
  const choices: (Choice | null)[] = board.retreating.map(() => null);
  for (const submitted of orders) {
    const checked = checkSubmitted(board, submitted, 'RETREATS', flags);
    if (!checked.ok) {
      outcomes.push(checked.outcome);
      continue;
    }
    const order = checked.order as RetreatPhaseOrder;
    const outcome = newOutcome(submitted.power, order, true, [], '');
    outcomes.push(outcome);
    const index = board.retreatingAt[provinceOf(board, order.unit.location)]!;
    const previous = choices[index];
    if (previous) {
      previous.outcome.succeeded = false;
      previous.outcome.marks.push('void');
      previous.outcome.reason = 'replaced by a later order for the same unit';
    }
    choices[index] = { power: submitted.power, order, outcome };
  }
  const ordering = new Set(orders.map((submitted) => submitted.power));
  board.retreating.forEach((unit, index) => {
    if (choices[index]) return;
    const ref = { type: unit.type, location: tables.abbrev(unit.location) };
    const inDisorder = flags.cdRetreats && !ordering.has(board.powerName(unit.power));
    const to = inDisorder ? disorderRetreat(board, unit) : null;
    const order: RetreatPhaseOrder = to === null ? { kind: 'disband', unit: ref } : { kind: 'retreat', unit: ref, to };
    const outcome = newOutcome(
      board.powerName(unit.power),
      order,
      true,
      ['unordered'],
      to === null ? 'not ordered: disbanded' : 'civil disorder: a random retreat',
    );
    outcomes.push(outcome);
    choices[index] = { power: outcome.power, order, outcome };
  });
  const byProvince = new Map<number, number[]>();
  choices.forEach((choice, index) => {
    if (choice?.order.kind !== 'retreat') return;
    const province = provinceOf(board, choice.order.to);
    byProvince.set(province, [...(byProvince.get(province) ?? []), index]);
  });
  const arrives = new Set<number>();
  for (const [province, contenders] of byProvince) {
    // Retreats into an nJudge high sea all arrive: any number of fleets may stand there.
    if (tables.isHighSea(province)) {
      for (const index of contenders) arrives.add(index);
      continue;
    }
    const direct = contenders.filter((index) => !crossesHalf(board, index, choices[index]!.order));
    const winners = contenders.length === 1 ? contenders : direct.length === 1 ? direct : [];
    for (const index of contenders) {
      if (winners.includes(index)) {
        arrives.add(index);
        continue;
      }
      const outcome = choices[index]!.outcome;
      const others = contenders.filter((other) => other !== index).map((other) => board.describe(board.retreating[other]!));
      outcome.succeeded = false;
      outcome.marks.push('bounce', 'destroyed');
      outcome.bouncedWith = others;
      outcome.reason = `bounced with ${others.join(', ')}: destroyed`;
    }
  }
  for (const choice of choices) {
    if (choice?.order.kind === 'disband' && !choice.outcome.marks.includes('disbanded')) choice.outcome.marks.push('disbanded');
  }
  const powers: PowerState[] = board.powers.map((state) => withUnits(state, [...state.units], []));
  board.retreating.forEach((unit, index) => {
    const order = choices[index]!.order;
    if (!arrives.has(index) || order.kind !== 'retreat') return;
    const placed: Unit = { type: unit.type, location: order.to };
    powers[unit.power]!.units.push(placed);
  });
  return { outcomes, position: { powers } };
}

/** Whether this retreat crosses a `*` adjacency, which loses any contested retreat. */
function crossesHalf(board: Board, index: number, order: RetreatPhaseOrder): boolean {
  if (order.kind !== 'retreat') return false;
  const unit = board.retreating[index]!;
  return board.tables.abut(unit.location, board.tables.id(order.to))?.half === true;
}
