import { accept, type Verdict } from '../../common/verdict.js';

/** Combinators over verdicts, so that readers state what they build rather than re-check `ok` at every step. */

/** The value a checked value makes, or the check's refusal. */
export function mapped<T, U>(verdict: Verdict<T>, make: (value: T) => U): Verdict<U> {
  return verdict.ok ? accept(make(verdict.value)) : verdict;
}

type Values<T extends readonly Verdict<unknown>[]> = { -readonly [K in keyof T]: T[K] extends Verdict<infer V> ? V : never };

/** The values of several checks, or the first check's refusal. */
export function allOf<T extends readonly Verdict<unknown>[]>(...checks: T): Verdict<Values<T>> {
  for (const check of checks) if (!check.ok) return check;
  return accept(checks.map((check) => (check as { value: unknown }).value) as Values<T>);
}
