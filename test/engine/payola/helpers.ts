import { runAuction, type AuctionResult, type Bidder } from '../../../src/engine/payola/auction.js';
import { readOfferSheet, type OfferSheet } from '../../../src/engine/payola/sheet.js';
import { OrderReader } from '../../../src/engine/legality/reader.js';
import { RulesInForce, withImpliedRules } from '../../../src/rules/in-force.js';
import { position, testMap } from '../helpers.js';

export const standard = testMap('standard');

export interface AuctionSpec {
  /** Power → its units, `A PAR`. */
  units: Record<string, string[]>;
  /** Power → its offer sheet. */
  sheets?: Record<string, string[]>;
  /** Power → treasury; 100 for every power not given. */
  balances?: Record<string, number>;
  /** Power → ACCEPT; each power's own letter then `?` when not given. */
  accept?: Record<string, string>;
  rules?: string[];
  /** Dummies nobody controls (acceptance list `?`). */
  dummies?: string[];
}

function rules(spec: { rules?: string[] }): RulesInForce {
  return withImpliedRules(['ORDER_ANY', ...(spec.rules ?? [])]);
}

export function sheetOf(spec: AuctionSpec, power: string): OfferSheet {
  return readOfferSheet(
    {
      map: standard,
      position: position(standard, { units: spec.units }),
      rules: rules(spec),
      power,
      balance: spec.balances?.[power] ?? 100,
      dummies: new Set(spec.dummies ?? []),
    },
    spec.sheets?.[power] ?? [],
  );
}

/** The auction of a movement phase on the standard map; `?` is filled in map order (no randomness). */
export function auction(spec: AuctionSpec): AuctionResult {
  const board = position(standard, { units: spec.units });
  const dummies = new Set(spec.dummies ?? []);
  const bidders: Bidder[] = standard.powers.map((power) => {
    const sheet = sheetOf(spec, power.name);
    if (sheet.errors.length > 0) throw new Error(sheet.errors.join('\n'));
    return {
      name: power.name,
      letter: power.abbrev,
      accept: spec.accept?.[power.name] ?? (dummies.has(power.name) ? '?' : `${power.abbrev}?`),
      balance: spec.balances?.[power.name] ?? 100,
      savings: sheet.savings,
      offers: sheet.offers,
      units: spec.units[power.name] ?? [],
      uncontrolledDummy: dummies.has(power.name),
    };
  });
  const readers = new Map(
    standard.powers.map((power) => [
      power.name,
      new OrderReader({ map: standard, position: board, power: power.name, phase: 'MOVEMENT', rules: new RulesInForce(['ORDER_ANY']) }),
    ]),
  );
  const ownerOf = (unit: string) => standard.powers.find((power) => spec.units[power.name]?.includes(unit))!.name;
  const r = rules(spec);
  return runAuction({
    bidders,
    ebayola: r.has('EBAYOLA'),
    publicTotals: r.has('PUBLIC_TOTALS'),
    isValid: (unit, order) => readers.get(ownerOf(unit))!.read(order).ok,
    shuffle: (letters) => letters,
  });
}

/** `A PAR - BUR 4 (FRANCE 4)`: what a unit does, the price, and who paid what. */
export function decisionOf(result: AuctionResult, unit: string): string {
  const decision = result.decisions.find((each) => each.unit === unit)!;
  const payers = [...decision.cost].map(([power, amount]) => `${power} ${amount}`).join(', ');
  return `${decision.order} ${decision.total} (${payers})`;
}

export function charged(result: AuctionResult): Record<string, number> {
  return Object.fromEntries([...result.charged].filter(([, amount]) => amount > 0));
}
