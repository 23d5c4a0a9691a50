import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auction, sheetOf, type AuctionSpec } from './helpers.js';

/** What holds for every set of offer sheets, whatever the bribes, treasuries and rules. */

const UNITS: Record<string, Record<string, string[]>> = {
  FRANCE: { 'A PAR': ['H', '- BUR', '- PIC', '- GAS'], 'A MAR': ['H', '- PIE', '- GAS', '- BUR'] },
  GERMANY: { 'A MUN': ['H', '- BUR', '- RUH', '- KIE'] },
  ENGLAND: { 'F LON': ['H', '- ENG', '- NTH', '- WAL'] },
};
const ALL_UNITS = Object.values(UNITS).flatMap((units) => Object.entries(units));
const POWERS = Object.keys(UNITS);

const bribeLine = fc
  .record({
    amount: fc.integer({ min: 1, max: 15 }),
    plateau: fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }),
    code: fc.constantFrom(':', '!', '>', '@', '&'),
    unit: fc.integer({ min: 0, max: ALL_UNITS.length - 1 }),
    orders: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 2 }),
  })
  .map(({ amount, plateau, code, unit, orders }) => {
    const [name, choices] = ALL_UNITS[unit]!;
    const floor = plateau === undefined ? '' : `#${Math.min(plateau, amount)}`;
    return `${amount}${floor} ${code} ${name} ${orders.map((index) => choices[index]).join(' | ')}`;
  });

const sheet = fc.record({ bribes: fc.array(bribeLine, { maxLength: 4 }), savings: fc.integer({ min: 0, max: 10 }), balance: fc.integer({ min: 0, max: 40 }) });

const game = fc.record({
  sheets: fc.record(Object.fromEntries(POWERS.map((power) => [power, sheet]))),
  ebayola: fc.boolean(),
});

interface Drawn {
  sheets: Record<string, { bribes: string[]; savings: number; balance: number }>;
  ebayola: boolean;
}

function specOf(drawn: Drawn): AuctionSpec {
  return {
    units: Object.fromEntries(POWERS.map((power) => [power, Object.keys(UNITS[power]!)])),
    sheets: Object.fromEntries(POWERS.map((power) => [power, [...drawn.sheets[power]!.bribes, `${drawn.sheets[power]!.savings} $`]])),
    balances: Object.fromEntries(POWERS.map((power) => [power, drawn.sheets[power]!.balance])),
    rules: drawn.ebayola ? ['EBAYOLA'] : [],
  };
}

describe('the auction, for any offer sheets', () => {
  it('charges no power more than its treasury less its savings, and charges exactly what its accepted bribes cost', () => {
    fc.assert(
      fc.property(game, (drawn) => {
        const spec = specOf(drawn);
        const result = auction(spec);
        for (const power of POWERS) {
          const available = Math.max(spec.balances![power]! - sheetOf(spec, power).savings, 0);
          const paid = result.decisions.reduce((sum, decision) => sum + (decision.cost.get(power) ?? 0), 0);
          expect(result.charged.get(power)).toBe(paid);
          expect(paid).toBeLessThanOrEqual(available);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('has every unit follow the best-paid order it was offered', () => {
    fc.assert(
      fc.property(game, (drawn) => {
        const result = auction({ ...specOf(drawn), rules: [] });
        for (const decision of result.decisions) {
          expect(decision.bids[0]!.order).toBe(decision.order);
          for (const bid of decision.bids) expect(bid.total).toBeLessThanOrEqual(decision.total);
        }
      }),
      { numRuns: 60 },
    );
  });
});
