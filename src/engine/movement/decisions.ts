import type { Decisions } from './decided.js';
import { CONVOY, MOVE, SUPPORT, type Battle } from './battle.js';
import { convoyHeld, convoyRouteSurvives } from './convoy.js';
import { holds } from './hold.js';
import { moveSucceeds } from './move.js';
import { FAILS, Resolver, SUCCEEDS, type Adjudicator } from './resolver.js';
import { supportGiven } from './support.js';

/**
 * The decisions of a movement phase for the resolver: one per unit (the move succeeds, the support
 * is given, the convoying fleet stays, the hold holds), each answered by the file of its order kind,
 * and one per convoyed army (a route of fleets survives), numbered after the units.
 */
export class MovementDecisions implements Adjudicator, Decisions {
  readonly battle: Battle;
  private readonly resolver: Resolver;

  constructor(battle: Battle) {
    this.battle = battle;
    this.resolver = new Resolver(2 * battle.size, this);
  }

  /** Whether the unit's order worked: the move succeeded, the support was given, the convoying fleet stayed, the hold held. */
  order(unit: number): boolean {
    return this.resolver.resolve(unit) === SUCCEEDS;
  }

  /** Whether a convoyed army still has a route of fleets that stayed in place. */
  path(army: number): boolean {
    return this.resolver.resolve(this.battle.size + army) === SUCCEEDS;
  }

  adjudicate(decision: number): number {
    const battle = this.battle;
    let works: boolean;
    if (decision >= battle.size) works = convoyRouteSurvives(this, decision - battle.size);
    else if (battle.kind[decision] === MOVE) works = moveSucceeds(this, decision);
    else if (battle.kind[decision] === SUPPORT) works = supportGiven(this, decision);
    else if (battle.kind[decision] === CONVOY) works = convoyHeld(this, decision);
    else works = holds(this, decision);
    return works ? SUCCEEDS : FAILS;
  }

  /**
   * Circular movement succeeds; in a convoy paradox the armies whose convoy is part of the paradox
   * neither move nor cut support (Szykman).
   */
  backupRule(cycle: readonly number[]): void {
    const battle = this.battle;
    const armies = new Set<number>();
    for (const decision of cycle) {
      if (decision >= battle.size) armies.add(decision - battle.size);
      else if (battle.kind[decision] === CONVOY) armies.add(battle.target[decision]!);
    }
    if (armies.size > 0) {
      for (const army of armies) this.resolver.settle(battle.size + army, FAILS);
      return;
    }
    for (const decision of cycle) if (battle.kind[decision] === MOVE) this.resolver.settle(decision, SUCCEEDS);
  }
}
