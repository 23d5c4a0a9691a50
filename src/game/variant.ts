import { PAYOLA } from './payola/record.js';
import type { Variant, VariantName } from './variant-record.js';
import { CRYSTAL_BALL } from './variants/xtalball.js';
import { STANDARD } from './variants/standard.js';

export type { Variant } from './variant-record.js';
export { STANDARD };

/**
 * A rules variant as one record, godip's way: what phase processing asks a variant, each answer a
 * hook, so that a variant is added by writing its record rather than by branching on its name
 * across the judge. DPjudge's main status file names a game's variant beside it (`standard`,
 * `payola`, `xtalball`); `variantNamed` gives its record: the standard game, Payola (bribes decide
 * the order a unit follows, income as the year turns) and Crystal Ball (two order lists played one
 * after the other) (docs/architecture.md).
 */

/** The variants this judge plays; CREATE refuses the others with the reason (`commands/master/games.ts`). */
const PLAYED: Readonly<Partial<Record<VariantName, Variant>>> = {
  standard: STANDARD,
  payola: PAYOLA,
  xtalball: CRYSTAL_BALL,
};

/** The record of a game's variant, as the main status file lists it; null for one this judge does not play. */
export function variantNamed(name: string): Variant | null {
  return Object.hasOwn(PLAYED, name) ? (PLAYED[name as VariantName] ?? null) : null;
}

/** The variants this judge plays, the standard game first: the choices of the web's create form. */
export const PLAYED_VARIANTS: readonly Variant[] = Object.values(PLAYED);
