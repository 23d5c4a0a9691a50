import type { GameMap } from '../map/game-map.js';
import { provinceOf } from './legality/units.js';
import type { AdjustmentOrder, BuildOrder, RemoveOrder, SubmittedOrder } from '../orders/types.js';
import { Board } from './board.js';
import { adjustmentCount, alternativeFor, buildSite, isBuildToken, tokenCount, type BuildToken } from './builds.js';
import { disorderBuilds, disorderRemovals } from './civil-disorder.js';
import { checkSubmitted, newOutcome } from './outcome.js';
import { withUnits } from './position.js';
import { ruleFlags, type RuleFlags } from './rules.js';
import type { AdjudicationOptions, AdjustmentCount, OrderOutcome, Position, PowerState, Unit } from './types.js';

export interface AdjustmentResult {
  outcomes: OrderOutcome[];
  position: Position;
}

/**
 * One power's builds and removals as its orders come in: counts, tokens and credits spent, and
 * alternative homes matched to the home centers they stand in for.
 */
class Ledger {
  private buildsLeft: number;
  private removalsLeft: number;
  private readonly tokens = new Map<BuildToken, number>();
  private credits: number;
  private readonly built = new Set<number>();
  private readonly builtHomes = new Set<string>();
  private readonly alternatives: string[][] = [];
  /** Home centers owned and empty when the phase began: what an alternative home can stand in for. */
  private readonly freeHomes: Set<string>;
  private readonly removed = new Set<number>();
  private readonly newUnits: Unit[] = [];
  private readonly gainedCenters: string[] = [];
  private readonly gainedHomes: string[] = [];
  private waived = false;

  constructor(
    private readonly board: Board,
    private readonly power: number,
    private readonly flags: RuleFlags,
  ) {
    const change = adjustmentCount(board, power, flags).change;
    this.buildsLeft = Math.max(0, change);
    this.removalsLeft = Math.max(0, -change);
    for (const token of ['SC!', 'SC?', 'SC*'] as const) this.tokens.set(token, tokenCount(board, power, token));
    const state = board.powers[power]!;
    this.credits = state.claimCredits;
    this.freeHomes = new Set(
      state.homes.filter((home) => {
        const province = provinceOf(board, home);
        return province >= 0 && board.owner[province] === power && board.occupant[province]! < 0;
      }),
    );
  }

  private get name(): string {
    return this.board.powerName(this.power);
  }

  apply(order: AdjustmentOrder): OrderOutcome {
    if (order.kind === 'waive') {
      this.waived = true;
      return newOutcome(this.name, order, true, [], '');
    }
    const refusal = order.kind === 'build' ? this.build(order) : this.remove(order);
    return refusal === null ? this.success(order) : newOutcome(this.name, order, false, ['void'], refusal);
  }

  private success(order: BuildOrder | RemoveOrder): OrderOutcome {
    const outcome = newOutcome(this.name, order, true, [], '');
    if (order.kind === 'build' && this.isHidden(order)) outcome.marks.push('hidden');
    return outcome;
  }

  private isHidden(order: BuildOrder): boolean {
    const province = this.board.tables.abbrev(provinceOf(this.board, order.unit.location));
    return this.flags.hideBuilds || (this.board.mapPower(this.power)?.sites.hidden.includes(province) ?? false);
  }

  /** Records a build, or says why it cannot happen on top of the orders before it. */
  private build(order: BuildOrder): string | null {
    const board = this.board;
    const province = provinceOf(board, order.unit.location);
    const abbrev = board.tables.abbrev(province);
    if (this.buildsLeft === 0) return 'no builds are left';
    if (this.built.has(province)) return `a unit is already built in ${board.tables.name(province)}`;
    const site = buildSite(board, this.power, province, this.flags);
    if (!site.ok) return site.reason;
    // Once the SC! starts are spent, an unowned home can still take an SC? start.
    const kind = site.value === 'SC!' && this.tokens.get('SC!') === 0 && this.tokens.get('SC?')! > 0 ? 'SC?' : site.value;
    if (isBuildToken(kind)) {
      if (this.tokens.get(kind)! === 0) return `no ${kind} build is left`;
      this.tokens.set(kind, this.tokens.get(kind)! - 1);
      if (kind === 'SC!') this.gainedCenters.push(abbrev);
    } else if (kind === '&SC') {
      if (this.credits === 0) return 'no home center may be claimed any more';
      this.credits--;
      this.gainedHomes.push(abbrev);
    } else if (kind === 'claimable') {
      this.gainedHomes.push(abbrev);
    } else if (kind === 'alternative') {
      const insteadOf = alternativeFor(board, this.power, province)!;
      if (!this.alternativesFit([...this.alternatives, insteadOf], this.builtHomes)) {
        return `${board.tables.name(province)} stands in for ${insteadOf.join(', ')}, and none is left to forgo`;
      }
      this.alternatives.push(insteadOf);
    } else if (kind === 'home') {
      const built = new Set([...this.builtHomes, abbrev]);
      if (!this.alternativesFit(this.alternatives, built)) return `${board.tables.name(province)} was forgone for an alternative home`;
      this.builtHomes.add(abbrev);
    }
    this.buildsLeft--;
    this.built.add(province);
    this.newUnits.push({ type: order.unit.type!, location: order.unit.location });
    return null;
  }

  /** Every alternative build can forgo a distinct free home it stands in for (a small bipartite matching). */
  private alternativesFit(alternatives: string[][], builtHomes: Set<string>): boolean {
    const free = [...this.freeHomes].filter((home) => !builtHomes.has(home));
    const forgone = new Map<string, number>();
    const assign = (index: number, tried: Set<string>): boolean => {
      for (const home of alternatives[index]!) {
        if (!free.includes(home) || tried.has(home)) continue;
        tried.add(home);
        const holder = forgone.get(home);
        if (holder === undefined || assign(holder, tried)) {
          forgone.set(home, index);
          return true;
        }
      }
      return false;
    };
    return alternatives.every((_, index) => assign(index, new Set()));
  }

  private remove(order: RemoveOrder): string | null {
    const units = this.board.unitsIn(provinceOf(this.board, order.unit.location));
    // In an nJudge high sea a power may have several fleets: each removal there takes one more of them.
    const unit = units.find((index) => this.board.units[index]!.power === this.power && !this.removed.has(index)) ?? units[0]!;
    if (this.removed.has(unit)) return `${order.unit.type} ${order.unit.location} is already removed`;
    if (this.removalsLeft === 0) return 'no removals are left';
    this.removalsLeft--;
    this.removed.add(unit);
    return null;
  }

  /** Indexes of the power's units not removed. */
  private ownUnits(): number[] {
    const units: number[] = [];
    this.board.units.forEach((unit, index) => {
      if (unit.power === this.power && !this.removed.has(index)) units.push(index);
    });
    return units;
  }

  /**
   * Removals nobody ordered (civil disorder), random builds for a power that gave no orders at all
   * under CD_BUILDS, and builds nobody used.
   */
  finish(gaveOrders: boolean): OrderOutcome[] {
    const outcomes = this.disorderRemovals();
    if (!gaveOrders && this.flags.cdBuilds) outcomes.push(...this.randomBuilds());
    if (!this.waived) {
      for (let left = 0; left < this.buildsLeft; left++) outcomes.push(newOutcome(this.name, { kind: 'waive' }, true, ['unordered'], 'build not used'));
    }
    return outcomes;
  }

  private disorderRemovals(): OrderOutcome[] {
    const board = this.board;
    const outcomes: OrderOutcome[] = [];
    if (this.removalsLeft === 0) return outcomes;
    for (const unit of disorderRemovals(board, this.power, this.ownUnits(), this.removalsLeft)) {
      this.removed.add(unit);
      const placed = board.units[unit]!;
      const order: RemoveOrder = { kind: 'remove', unit: { type: placed.type, location: board.tables.abbrev(placed.location) } };
      outcomes.push(newOutcome(this.name, order, true, ['unordered'], 'civil disorder: the unit farthest from home'));
    }
    this.removalsLeft = 0;
    return outcomes;
  }

  /** CD_BUILDS: random builds, each checked as a player's would be; a site the ledger refuses is passed over. */
  private randomBuilds(): OrderOutcome[] {
    const outcomes: OrderOutcome[] = [];
    if (this.buildsLeft === 0) return outcomes;
    for (const order of disorderBuilds(this.board, this.power, this.flags)) {
      if (this.buildsLeft === 0) break;
      if (this.build(order) !== null) continue;
      const outcome = this.success(order);
      outcome.marks.unshift('unordered');
      outcome.reason = 'civil disorder: a random build';
      outcomes.push(outcome);
    }
    return outcomes;
  }

  nextState(): PowerState {
    const board = this.board;
    const state = board.powers[this.power]!;
    const next = withUnits(
      state,
      this.ownUnits()
        .map((unit) => board.units[unit]!.source)
        .concat(this.newUnits),
      [],
    );
    next.centers = state.centers.filter((center) => !isBuildToken(center)).concat(this.gainedCenters);
    next.homes = state.homes.concat(this.gainedHomes);
    next.claimCredits = this.credits;
    return next;
  }
}

/** Every power's builds or removals due in an adjustment phase on this position. */
export function adjustmentCounts(map: GameMap, position: Position, options: AdjudicationOptions = {}): AdjustmentCount[] {
  const board = new Board(map, position);
  const flags = ruleFlags(options.rules);
  return board.powers.map((_, power) => adjustmentCount(board, power, flags));
}

/**
 * Adjudicates an adjustment phase. Orders beyond a power's builds or removals, second builds in a
 * province and second removals of a unit are void (DATC 6.I, 6.J); missing removals are made by
 * the civil-disorder rule; unused builds are waived, or under CD_BUILDS made at random by a power
 * that sent no orders at all (even illegal ones); unused `SC!`/`SC?`/`SC*` starts lapse.
 */
export function adjudicateAdjustments(map: GameMap, position: Position, orders: readonly SubmittedOrder[], flags: RuleFlags): AdjustmentResult {
  const board = new Board(map, position);
  const ledgers = board.powers.map((_, power) => new Ledger(board, power, flags));
  const outcomes: OrderOutcome[] = [];
  for (const submitted of orders) {
    const checked = checkSubmitted(board, submitted, 'ADJUSTMENTS', flags);
    outcomes.push(checked.ok ? ledgers[checked.power]!.apply(checked.order as AdjustmentOrder) : checked.outcome);
  }
  const ordering = new Set(orders.map((submitted) => submitted.power));
  ledgers.forEach((ledger, power) => outcomes.push(...ledger.finish(ordering.has(board.powerName(power)))));
  return { outcomes, position: { powers: ledgers.map((ledger) => ledger.nextState()) } };
}
