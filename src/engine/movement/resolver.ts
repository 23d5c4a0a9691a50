import { filled } from '../arrays.js';

/**
 * Kruijswijk's guess algorithm (DATC section 5), with nothing of Diplomacy in it. Every decision is
 * a yes/no question, numbered from 0, that an Adjudicator answers from other decisions. A decision
 * that depends on its own answer is guessed both ways: when exactly one guess is consistent, that is
 * the answer; when both or neither are, the decisions of the cycle go to the Adjudicator's backup
 * rule, which settles some of them, and the question is asked again.
 */

export const FAILS = 0;
export const SUCCEEDS = 1;

/**
 * A decision's state and answer in one number, so that a phase makes one array for them: not asked
 * yet (UNRESOLVED), answered on a guess (GUESSED + answer) or for good (RESOLVED + answer).
 */
const UNRESOLVED = -1;
const GUESSED = 0;
const RESOLVED = 2;

export interface Adjudicator {
  /** Answers one decision (FAILS or SUCCEEDS), asking the resolver for those it depends on. */
  adjudicate(decision: number): number;
  /** Breaks a cycle that has two consistent answers or none, by settling some of its decisions. */
  backupRule(cycle: readonly number[]): void;
}

export class Resolver {
  private readonly adjudicator: Adjudicator;
  private readonly state: number[];
  /** Decisions answered on a guess, in the order they were met: the cycle being tried. */
  private readonly dependencies: number[] = [];

  constructor(count: number, adjudicator: Adjudicator) {
    this.adjudicator = adjudicator;
    this.state = filled(count, UNRESOLVED);
  }

  /** The answer to a decision, worked out the first time it is asked. */
  resolve(decision: number): number {
    const state = this.state[decision]!;
    // Kept this small so that V8 inlines it where decisions are asked: most asks find the answer made.
    return state >= RESOLVED ? state - RESOLVED : this.work(decision, state);
  }

  private work(decision: number, state: number): number {
    if (state >= GUESSED) {
      if (!this.dependencies.includes(decision)) this.dependencies.push(decision);
      return state - GUESSED;
    }
    const before = this.dependencies.length;
    this.state[decision] = GUESSED + FAILS;
    const first = this.adjudicator.adjudicate(decision);
    if (this.dependencies.length === before) {
      if (this.state[decision]! < RESOLVED) this.state[decision] = RESOLVED + first;
      return this.state[decision]! - RESOLVED;
    }
    if (this.dependencies[before] !== decision) {
      // Part of a cycle that a decision further up guessed: report the guess-based answer.
      this.dependencies.push(decision);
      this.state[decision] = (this.state[decision]! >= RESOLVED ? RESOLVED : GUESSED) + first;
      return first;
    }
    this.forget(before);
    this.state[decision] = GUESSED + SUCCEEDS;
    const second = this.adjudicator.adjudicate(decision);
    if (first === second) {
      this.forget(before);
      this.state[decision] = RESOLVED + first;
      return first;
    }
    const cycle = this.dependencies.slice(before);
    this.forget(before);
    this.adjudicator.backupRule(cycle);
    return this.resolve(decision);
  }

  /** Answers a decision for good (the backup rule's way). */
  settle(decision: number, result: number): void {
    this.state[decision] = RESOLVED + result;
  }

  /** Drops the guesses made since `from`, so they are decided again. */
  private forget(from: number): void {
    while (this.dependencies.length > from) this.state[this.dependencies.pop()!] = UNRESOLVED;
  }
}
