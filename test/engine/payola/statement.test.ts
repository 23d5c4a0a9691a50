import { describe, expect, it } from 'vitest';
import { accountStatements, type StatementPower, type StatementRules } from '../../../src/engine/payola/statement.js';
import { auction, sheetOf, type AuctionSpec } from './helpers.js';

/** The account statements of DPjudge's Payola results, each power told only what the rules let it see. */

const PLAIN: StatementRules = { hideCost: false, hideOffers: false, blind: false, zeroForeign: false, payDummies: false, zeroSum: false };

const spec: AuctionSpec = {
  units: { FRANCE: ['A PAR', 'A MAR'], ENGLAND: ['F LON'] },
  balances: { FRANCE: 20, ENGLAND: 30, GERMANY: 0 },
  sheets: { FRANCE: ['3 : A PAR - BUR', '% Marseilles holds'], ENGLAND: ['5 : A PAR - PIC', '2 : F LON - ENG'] },
};

function statements(rules: StatementRules) {
  const result = auction(spec);
  const powers: StatementPower[] = ['ENGLAND', 'FRANCE', 'GERMANY'].map((name) => ({
    name,
    balance: spec.balances![name]!,
    sheet: sheetOf(spec, name).lines,
    units: spec.units[name] ?? [],
    unplayedDummy: false,
  }));
  return accountStatements(rules, powers, result);
}

describe('the account statements', () => {
  it("tell each power its units' orders and prices, its accepted bribes, its sheet and its balances", () => {
    const [england, france, ...rest] = statements(PLAIN);
    expect(rest).toEqual([]);
    expect(england).toEqual({
      power: 'ENGLAND',
      ownUnits: [{ unit: 'F LON', order: 'F LON - ENG', total: 2, unpaidByOwner: false }],
      unitIncome: null,
      acceptedBribes: [
        { unit: 'F LON', order: 'F LON - ENG', owner: 'ENGLAND', amount: 2 },
        { unit: 'A PAR', order: 'A PAR - PIC', owner: 'FRANCE', amount: 5 },
      ],
      sheet: ['5 : A PAR - PIC', '2 : F LON - ENG'],
      previousBalance: 30,
      reductions: 0,
      cost: 7,
      balance: 23,
    });
    expect(france).toMatchObject({
      ownUnits: [
        { unit: 'A PAR', order: 'A PAR - PIC', total: 5, unpaidByOwner: true },
        { unit: 'A MAR', order: 'A MAR H', total: 0, unpaidByOwner: false },
      ],
      acceptedBribes: [{ unit: 'A MAR', order: 'A MAR H', owner: 'FRANCE', amount: 0 }],
      sheet: ['3 : A PAR - BUR', '% Marseilles holds'],
      cost: 0,
      balance: 20,
    });
  });

  it('HIDE_COST leaves out what each unit was paid; HIDE_OFFERS the sheet, the bribes, the cost and the marks', () => {
    expect(statements({ ...PLAIN, hideCost: true })[0]!.ownUnits).toEqual([{ unit: 'F LON', order: 'F LON - ENG', total: null, unpaidByOwner: false }]);
    expect(statements({ ...PLAIN, hideOffers: true })[0]).toEqual({
      power: 'ENGLAND',
      ownUnits: [{ unit: 'F LON', order: 'F LON - ENG', total: 2, unpaidByOwner: null }],
      unitIncome: null,
      acceptedBribes: null,
      sheet: null,
      previousBalance: null,
      reductions: null,
      cost: null,
      balance: 23,
    });
  });

  it('BLIND tells the briber whose unit took its money, not the order', () => {
    expect(statements({ ...PLAIN, blind: true })[0]!.acceptedBribes![1]).toEqual({ unit: 'A PAR', order: null, owner: 'FRANCE', amount: 5 });
  });

  it("ZEROSUM counts what the power's units were paid", () => {
    expect(statements({ ...PLAIN, zeroSum: true }).map((statement) => statement.unitIncome)).toEqual([2, 5]);
  });
});
