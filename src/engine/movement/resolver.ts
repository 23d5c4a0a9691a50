import { filled } from '../arrays.js';
import { CONVOY, HALF, MOVE, NORMAL, SUPPORT, WEAK, type Battle } from './battle.js';

/**
 * Decides a movement phase with Kruijswijk's guess algorithm (DATC section 5). Every order is a
 * yes/no decision: a move succeeds, a support is given, a convoying fleet stays in place; and a
 * convoyed army has a second decision, whether a convoy route survives. A decision that depends on
 * its own guess is tried both ways; when both or neither are consistent the cycle is broken by the
 * backup rule: circular movement succeeds, and in a convoy paradox the armies whose convoy is part
 * of the paradox neither move nor cut support (Szykman).
 *
 * Strengths are doubled so that `*` half-strength moves stay integers: a unit counts 2, each support
 * 2. An empty or vacated province defends with -1, so that a `~` move without support (strength 0)
 * still enters an empty space but bounces off any other attempt. Under WEAK_BOUNCES a unit whose
 * move bounced defends with 0: any attack of strength dislodges it, unless the attackers stand
 * each other off (a beleaguered garrison).
 */

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export const FAILS = 0;
export const SUCCEEDS = 1;

const EMPTY = -1;
const NOBODY = -1;

export class Resolver {
  private readonly battle: Battle;
  private readonly size: number;
  private readonly state: number[];
  private readonly result: number[];
  private readonly dependencies: number[] = [];

  constructor(battle: Battle) {
    this.battle = battle;
    this.size = battle.size;
    this.state = filled(2 * battle.size, 0);
    this.result = filled(2 * battle.size, 0);
  }

  /** Whether the unit's order worked: the move succeeded, the support was given, the convoy fleet held. */
  order(unit: number): boolean {
    return this.resolve(unit) === SUCCEEDS;
  }

  /** Whether a convoyed army still has a route of fleets that stayed in place. */
  path(army: number): boolean {
    return this.resolve(this.size + army) === SUCCEEDS;
  }

  private resolve(decision: number): number {
    const state = this.state[decision]!;
    if (state === RESOLVED) return this.result[decision]!;
    if (state === GUESSING) {
      if (!this.dependencies.includes(decision)) this.dependencies.push(decision);
      return this.result[decision]!;
    }
    const before = this.dependencies.length;
    this.result[decision] = FAILS;
    this.state[decision] = GUESSING;
    const first = this.adjudicate(decision);
    if (this.dependencies.length === before) {
      if (this.state[decision] !== RESOLVED) {
        this.result[decision] = first;
        this.state[decision] = RESOLVED;
      }
      return this.result[decision]!;
    }
    if (this.dependencies[before] !== decision) {
      // Part of a cycle that a decision further up guessed: report the guess-based answer.
      this.dependencies.push(decision);
      this.result[decision] = first;
      return first;
    }
    this.forget(before);
    this.result[decision] = SUCCEEDS;
    this.state[decision] = GUESSING;
    const second = this.adjudicate(decision);
    if (first === second) {
      this.forget(before);
      this.result[decision] = first;
      this.state[decision] = RESOLVED;
      return first;
    }
    this.backupRule(before);
    return this.resolve(decision);
  }

  /** Drops the guesses made since `from`, so they are decided again. */
  private forget(from: number): void {
    while (this.dependencies.length > from) this.state[this.dependencies.pop()!] = UNRESOLVED;
  }

  private backupRule(from: number): void {
    const battle = this.battle;
    const cycle = this.dependencies.slice(from);
    const armies = new Set<number>();
    for (const decision of cycle) {
      if (decision >= this.size) armies.add(decision - this.size);
      else if (battle.kind[decision] === CONVOY) armies.add(battle.target[decision]!);
    }
    this.forget(from);
    if (armies.size > 0) {
      for (const army of armies) this.settle(this.size + army, FAILS);
      return;
    }
    for (const decision of cycle) if (battle.kind[decision] === MOVE) this.settle(decision, SUCCEEDS);
  }

  private settle(decision: number, result: number): void {
    this.state[decision] = RESOLVED;
    this.result[decision] = result;
  }

  private adjudicate(decision: number): number {
    if (decision >= this.size) return this.adjudicatePath(decision - this.size);
    switch (this.battle.kind[decision]) {
      case MOVE:
        return this.adjudicateMove(decision);
      case SUPPORT:
        return this.adjudicateSupport(decision);
      case CONVOY:
        return this.dislodger(decision) < 0 && !this.convoyStopped(decision) ? SUCCEEDS : FAILS;
      default:
        return this.dislodger(decision) < 0 ? SUCCEEDS : FAILS;
    }
  }

  private adjudicateMove(unit: number): number {
    const battle = this.battle;
    if (battle.convoyed[unit] === 1 && this.resolve(this.size + unit) === FAILS) return FAILS;
    const dest = battle.dest[unit]!;
    const attack = this.attackStrength(unit);
    const defender = this.defender(unit);
    if (defender >= 0 && this.headToHead(unit, defender)) {
      if (attack <= this.moveStrength(defender)) return FAILS;
    } else if (attack <= (defender < 0 ? EMPTY : this.holdStrength(dest))) {
      return FAILS;
    }
    for (let rival = battle.firstMoveInto[dest]!; rival >= 0; rival = battle.nextMoveInto[rival]!) {
      if (rival !== unit && attack <= this.preventStrength(rival)) return FAILS;
    }
    return SUCCEEDS;
  }

  /**
   * The unit standing in the move's destination, or -1. An army convoyed back to its own province
   * (CONVOY_BACK) finds nobody there: it left the province itself.
   */
  private defender(unit: number): number {
    const occupant = this.battle.board.occupant[this.battle.dest[unit]!]!;
    return occupant === unit ? NOBODY : occupant;
  }

  /** Both units move into each other's province without a convoy, and do not pass each other (COASTAL_CRAWL). */
  private headToHead(unit: number, other: number): boolean {
    const battle = this.battle;
    return (
      battle.kind[other] === MOVE &&
      battle.dest[other] === battle.province[unit] &&
      battle.convoyed[unit] === 0 &&
      battle.convoyed[other] === 0 &&
      !battle.passEachOther(unit, other)
    );
  }

  /**
   * Strength of a move from the unit's own weight and its given supports; against a `victim` that
   * stays, a support does not count when it may not harm the victim (see `Battle.spares`).
   */
  private moveStrength(unit: number, victim = NOBODY): number {
    const battle = this.battle;
    let supports = 0;
    for (let supporter = battle.firstSupport[unit]!; supporter >= 0; supporter = battle.nextSupport[supporter]!) {
      if ((victim === NOBODY || !battle.spares(supporter, victim)) && this.resolve(supporter) === SUCCEEDS) supports++;
    }
    const mode = battle.mode[unit];
    if (mode === NORMAL) return 2 + 2 * supports;
    if (mode === WEAK) return 2 * supports;
    return 1 + supports;
  }

  private attackStrength(unit: number): number {
    const battle = this.battle;
    const occupant = this.defender(unit);
    if (occupant < 0) return this.moveStrength(unit);
    const leaves = battle.kind[occupant] === MOVE && !this.headToHead(unit, occupant) && this.resolve(occupant) === SUCCEEDS;
    if (leaves) return this.moveStrength(unit);
    // Nobody helps to dislodge their own unit, and no power dislodges its own, without a FIRE rule.
    if (battle.spares(unit, occupant)) return 0;
    return this.moveStrength(unit, occupant);
  }

  private holdStrength(province: number): number {
    const battle = this.battle;
    const occupant = battle.board.occupant[province]!;
    if (occupant < 0) return EMPTY;
    if (battle.kind[occupant] === MOVE) return this.resolve(occupant) === SUCCEEDS ? EMPTY : this.bouncedStrength(occupant);
    let supports = 0;
    for (let supporter = battle.firstSupport[occupant]!; supporter >= 0; supporter = battle.nextSupport[supporter]!) {
      if (this.resolve(supporter) === SUCCEEDS) supports++;
    }
    return 2 + 2 * supports;
  }

  /**
   * How a unit whose move failed holds its space: as any unit, but under WEAK_BOUNCES (Key's rule)
   * not at all once it bounced. An army whose convoy never came was not bounced, and holds as
   * usual: DPjudge weakens only the units it marks bounced (Game.boing).
   */
  private bouncedStrength(unit: number): number {
    const battle = this.battle;
    if (!battle.weakBounces) return 2;
    return battle.convoyed[unit] === 1 && this.resolve(this.size + unit) === FAILS ? 2 : 0;
  }

  /** How strongly a move keeps others out of its destination; none if its convoy failed or it lost a head-to-head. */
  preventStrength(unit: number): number {
    const battle = this.battle;
    if (battle.convoyed[unit] === 1 && this.resolve(this.size + unit) === FAILS) return EMPTY;
    const occupant = battle.board.occupant[battle.dest[unit]!]!;
    if (occupant >= 0 && this.headToHead(unit, occupant) && this.resolve(occupant) === SUCCEEDS) return EMPTY;
    return this.moveStrength(unit);
  }

  /** The unit that moved into this unit's province, or -1. */
  dislodger(unit: number): number {
    const battle = this.battle;
    for (let mover = battle.firstMoveInto[battle.province[unit]!]!; mover >= 0; mover = battle.nextMoveInto[mover]!) {
      if (this.resolve(mover) === SUCCEEDS) return mover;
    }
    return -1;
  }

  /** The unit that cut this support, or -1. */
  cutter(supporter: number): number {
    const battle = this.battle;
    const aimedAt = battle.dest[supporter]! >= 0 ? battle.dest[supporter]! : battle.province[battle.target[supporter]!]!;
    for (let mover = battle.firstMoveInto[battle.province[supporter]!]!; mover >= 0; mover = battle.nextMoveInto[mover]!) {
      // A power does not cut its own support, unless a FIRE rule lets it: then its attacks cut like anyone's.
      if (battle.spares(mover, supporter)) continue;
      if (battle.convoyed[mover] === 1 && this.resolve(this.size + mover) === FAILS) continue;
      const mode = battle.mode[mover];
      const cuts = battle.province[mover] === aimedAt || mode === HALF ? this.resolve(mover) === SUCCEEDS : mode === WEAK ? this.moveStrength(mover) > 0 : true;
      if (cuts) return mover;
    }
    return -1;
  }

  /**
   * Whether a convoy rule stops a fleet's convoy although nobody dislodges it. SAFE_CONVOYS: the fleet
   * is a beleaguered garrison, two or more attacks standing each other off in its space, each stronger
   * than its defence, one of them foreign (DPjudge's checkDisruptions). WEAK_CONVOYS: a foreign attack
   * at least as strong as the fleet's defence, so that an unsupported fleet's convoy fails even under
   * an unsupported attack.
   */
  private convoyStopped(fleet: number): boolean {
    const battle = this.battle;
    if (!battle.safeConvoys && !battle.weakConvoys) return false;
    const province = battle.province[fleet]!;
    const defence = this.holdStrength(province);
    let strongest = defence;
    let tied = 0;
    let foreignAmongStrongest = false;
    for (let mover = battle.firstMoveInto[province]!; mover >= 0; mover = battle.nextMoveInto[mover]!) {
      const foreign = battle.power[mover] !== battle.power[fleet];
      if (battle.weakConvoys && foreign && this.attackOn(mover, fleet) >= defence) return true;
      if (!battle.safeConvoys) continue;
      const strength = this.preventStrength(mover);
      if (strength > strongest) {
        strongest = strength;
        tied = 1;
        foreignAmongStrongest = foreign;
      } else if (strength === strongest && strongest > defence) {
        tied++;
        foreignAmongStrongest ||= foreign;
      }
    }
    return tied >= 2 && foreignAmongStrongest;
  }

  /** The strength a move brings against a unit that stays where it is; none when its own convoy failed. */
  private attackOn(mover: number, victim: number): number {
    if (this.battle.convoyed[mover] === 1 && this.resolve(this.size + mover) === FAILS) return EMPTY;
    return this.moveStrength(mover, victim);
  }

  private adjudicateSupport(supporter: number): number {
    return this.cutter(supporter) < 0 ? SUCCEEDS : FAILS;
  }

  private adjudicatePath(army: number): number {
    const battle = this.battle;
    const route = battle.route[army];
    const fleetAt = (location: number): number => {
      for (let fleet = battle.firstConvoy[army]!; fleet >= 0; fleet = battle.nextConvoy[fleet]!) {
        if (battle.board.units[fleet]!.location === location) return fleet;
      }
      return -1;
    };
    if (route) {
      for (const space of route) {
        const fleet = fleetAt(space);
        if (fleet < 0 || this.resolve(fleet) === FAILS) return FAILS;
      }
      return SUCCEEDS;
    }
    return battle.convoyChainReaches(army, (fleet) => this.resolve(fleet) === SUCCEEDS) ? SUCCEEDS : FAILS;
  }
}
