import { describe, expect, it } from 'vitest';
import {
  startingBalance,
  yearEnd,
  yearIncome,
  zeroSumCaptureValue,
  type Earner,
  type IncomeSettings,
  type YearEndPower,
} from '../../../src/engine/payola/income.js';

/** Income as the guide's "Income and Expenses" and Rules.txt 3.2-3.3 describe it (numbers from PayolaPower.income). */

const STANDARD: IncomeSettings = {
  zeroSum: false,
  flatTax: false,
  tax: null,
  centerTaxes: new Map(),
  cap: null,
  mapPowers: 7,
  victoryCenters: 18,
  vassalDummies: false,
};

function earner(centers: string[], extra: Partial<Earner> = {}): Earner {
  return { centers, bribeProfits: 0, dummy: false, vassals: [], ...extra };
}

const centers = (count: number) => ['PAR', 'MAR', 'BRE', 'SPA', 'POR', 'BEL', 'HOL'].slice(0, count);

describe("a year's income", () => {
  it('"How much do I have and how and when do I get more?": 17 for one centre, 17+16 for two, 17+16+15 for three', () => {
    expect([1, 2, 3, 4].map((count) => yearIncome(STANDARD, earner(centers(count))))).toEqual([17, 33, 48, 62]);
  });

  it('falls as the victory count rises in a game whose count changes by year', () => {
    expect(yearIncome({ ...STANDARD, victoryCenters: 20 }, earner(centers(3)))).toBe(19 + 18 + 17);
  });

  it('FLAT_TAX: as many AgP per centre as the map has powers', () => {
    expect(yearIncome({ ...STANDARD, flatTax: true }, earner(centers(5)))).toBe(35);
  });

  it('TAX n: n per centre, before FLAT_TAX; TAX CENTER n: each centre its own worth', () => {
    expect(yearIncome({ ...STANDARD, tax: 10, flatTax: true }, earner(centers(5)))).toBe(50);
    const economic = {
      ...STANDARD,
      centerTaxes: new Map([
        ['PAR', 5],
        ['MAR', 3],
      ]),
    };
    expect(yearIncome(economic, earner(['PAR', 'MAR', 'BRE']))).toBe(8);
  });

  it('CAP n: no more than n a year', () => {
    expect(yearIncome({ ...STANDARD, cap: 40 }, earner(centers(3)))).toBe(40);
    expect(yearIncome({ ...STANDARD, cap: 40 }, earner(centers(2)))).toBe(33);
  });

  it("ZEROSUM: the bribes paid to the power's units, no tax", () => {
    expect(yearIncome({ ...STANDARD, zeroSum: true }, earner(centers(5), { bribeProfits: 12 }))).toBe(12);
  });

  it('VASSAL_DUMMIES: a dummy earns nothing itself; its controller earns its income too, each capped apart', () => {
    const vassal = earner(['NAP', 'ROM'], { dummy: true });
    const settings = { ...STANDARD, vassalDummies: true };
    expect(yearIncome(settings, vassal)).toBe(0);
    expect(yearIncome(settings, earner(centers(4), { vassals: [vassal] }))).toBe(62 + 33);
    expect(yearIncome({ ...settings, cap: 50 }, earner(centers(4), { vassals: [vassal] }))).toBe(50 + 33);
  });
});

describe('the starting treasury', () => {
  it("is a year's income for the home centres; 10 per centre under ZEROSUM; half the victory count per unit without income", () => {
    expect(startingBalance(STANDARD, earner(centers(3)), 3)).toBe(48);
    expect(startingBalance({ ...STANDARD, zeroSum: true }, earner(centers(3)), 3)).toBe(30);
    expect(startingBalance(STANDARD, earner([]), 2)).toBe(18);
  });

  it('is nothing for a dummy under VASSAL_DUMMIES, with or without centres', () => {
    expect(startingBalance({ ...STANDARD, vassalDummies: true }, earner(centers(3), { dummy: true }), 3)).toBe(0);
    expect(startingBalance({ ...STANDARD, vassalDummies: true }, earner(centers(3)), 3)).toBe(48);
  });
});

describe('the year end', () => {
  const france: YearEndPower = { name: 'FRANCE', balance: 20, ...earner(centers(3)), captured: [], lost: [] };

  it('adds the income to the balance carried forward, which NO_HOARDING empties first', () => {
    const rules = { noHoarding: false, payDummies: false, dummiesHoldCenters: false };
    expect(yearEnd(STANDARD, rules, [france])).toEqual([{ power: 'FRANCE', balanceForward: 20, income: 48, captured: [], lost: [], balance: 68 }]);
    expect(yearEnd(STANDARD, { ...rules, noHoarding: true }, [france])[0]).toMatchObject({ balanceForward: 0, balance: 48 });
  });

  it('ZEROSUM: "money moves from one player\'s treasury to another" as centres change hands', () => {
    expect(zeroSumCaptureValue(null)).toBe(10);
    expect(zeroSumCaptureValue({ balance: 25, bribeProfits: 6, centersAtYearStart: 3 })).toBe(10);
    const zeroSum = { ...STANDARD, zeroSum: true };
    const power = { ...france, bribeProfits: 12, captured: [{ center: 'BEL', amount: 10 }], lost: [{ center: 'MAR', amount: 7 }] };
    expect(yearEnd(zeroSum, { noHoarding: false, payDummies: false, dummiesHoldCenters: false }, [power])[0]).toMatchObject({
      income: 12,
      balance: 20 + 12 + 10 - 7,
    });
  });

  it('PAY_DUMMIES: no income once no dummy holds a centre (and NO_HOARDING still empties the treasury)', () => {
    const over = { noHoarding: false, payDummies: true, dummiesHoldCenters: false };
    expect(yearEnd(STANDARD, over, [france])[0]).toMatchObject({ income: 0, balance: 20 });
    expect(yearEnd(STANDARD, { ...over, noHoarding: true }, [france])[0]).toMatchObject({ income: 0, balance: 0 });
    expect(yearEnd(STANDARD, { ...over, dummiesHoldCenters: true }, [france])[0]).toMatchObject({ income: 48, balance: 68 });
  });
});
