import { describe, expect, it } from 'vitest';
import { sheetOf, type AuctionSpec } from './helpers.js';

/** Offer sheets read against the board: the orders checked, the offers expanded, the Payola rules enforced. */

const units = { FRANCE: ['A PAR', 'A MAR', 'F BRE'], GERMANY: ['A MUN'], ITALY: ['A ROM'] };

function read(power: string, lines: string[], extra: Partial<AuctionSpec> = {}) {
  return sheetOf({ units, sheets: { [power]: lines }, ...extra }, power);
}

describe('an offer sheet', () => {
  it('writes each line back with canonical orders, and expands each bribe as DPjudge does', () => {
    const sheet = read('FRANCE', ['4 ! a par-bur|-gas % not west', '2*3 > Army Marseilles - Piedmont', '25 $', 'F BRE H', '% plan B']);
    expect(sheet.errors).toEqual([]);
    expect(sheet.lines).toEqual(['4 ! A PAR - BUR | - GAS % not west', '2*3 > A MAR - PIE', '25 $', '0 : F BRE H', '% plan B']);
    expect(sheet.savings).toBe(25);
    expect(sheet.offers.map((offer) => `${offer.sequence} ${offer.amount} ${offer.code} ${offer.unit} [${offer.orders.join(', ')}]`)).toEqual([
      '0 0 : A PAR [A PAR H]',
      '1 4 ! A PAR [A PAR - BUR, A PAR - GAS]',
      '2 0 : A MAR [A MAR - PIE]',
      '3 3 > A MAR []',
      '4 0 : A MAR [A MAR - PIE]',
      '5 3 > A MAR []',
      '6 0 : F BRE [F BRE H]',
    ]);
  });

  it("pays a hold bribe's amount directly to a listed move, and a move bribe's to a listed stay-put order", () => {
    const sheet = read('GERMANY', ['4 @ A PAR - BUR | S F BRE', '5 > A PAR H | - PIC']);
    expect(sheet.errors).toEqual([]);
    expect(sheet.offers.map((offer) => `${offer.amount} ${offer.code} ${offer.orders.join(', ')}`)).toEqual([
      '4 : A PAR - BUR',
      '0 : A PAR S F BRE',
      '4 @ ',
      '5 : A PAR H',
      '0 : A PAR - PIC',
      '5 > ',
    ]);
  });

  it.each([
    ['a bribe to a unit that does not exist', 'GERMANY', '4 : A BUR - PAR', { line: '4 : A BUR - PAR', reason: 'there is no army in Burgundy' }],
    [
      'a negative amount',
      'GERMANY',
      '-4 : A PAR - BUR',
      { line: '-4 : A PAR - BUR', reason: 'the amount -4 is negative; an offer is a whole number of AgP from 0 to 9999' },
    ],
    ['an order the unit cannot give', 'GERMANY', '4 : A PAR - MUN', { line: '4 : A PAR - MUN', reason: 'Paris is not adjacent to Munich' }],
    [
      '0 AgP to a foreign unit',
      'GERMANY',
      '0 : A PAR - BUR',
      { line: '0 : A PAR - BUR', reason: 'a bribe of 0 AgP may be offered only to your own units, and A PAR is not yours' },
    ],
    [
      'the same order twice in one bribe',
      'FRANCE',
      '4 : A PAR - BUR | - BUR',
      { line: '4 : A PAR - BUR | - BUR', reason: 'the order A PAR - BUR is offered twice in one bribe' },
    ],
  ])('refuses %s, quoting the line', (_, power, line, error) => {
    expect(read(power, [line]).errors).toEqual([error]);
  });

  it('takes 0 AgP to foreign units under ZERO_FOREIGN', () => {
    expect(read('GERMANY', ['0 : A PAR - BUR'], { rules: ['ZERO_FOREIGN'] }).errors).toEqual([]);
  });

  it('refuses offers beyond the treasury under LIMIT_OFFERS, savings kept back', () => {
    const lines = ['20 $', '6 : A PAR - BUR', '5 : A MAR - PIE'];
    expect(read('FRANCE', lines, { balances: { FRANCE: 31 } }).errors).toEqual([]);
    expect(read('FRANCE', lines, { balances: { FRANCE: 31 }, rules: ['LIMIT_OFFERS'] }).errors).toEqual([]);
    expect(read('FRANCE', lines, { balances: { FRANCE: 30 }, rules: ['LIMIT_OFFERS'] }).errors).toEqual([
      { line: null, reason: 'your offers come to 11 AgP, more than the 10 AgP your treasury holds for them (LIMIT_OFFERS)' },
    ]);
  });

  it('refuses savings and plateaus under NO_SAVINGS, plateaus under NO_PLATEAU', () => {
    expect(read('FRANCE', ['25 $', '8#4 : A PAR - BUR'], { rules: ['NO_SAVINGS'] }).errors).toEqual([
      { line: '25 $', reason: 'savings requests ($) are not allowed in this game (NO_SAVINGS)' },
      { line: '8#4 : A PAR - BUR', reason: 'bribe plateaus (#) are not allowed in this game (NO_SAVINGS)' },
    ]);
    expect(read('FRANCE', ['25 $', '8#4 : A PAR - BUR'], { rules: ['NO_PLATEAU'] }).errors).toEqual([
      { line: '8#4 : A PAR - BUR', reason: 'bribe plateaus (#) are not allowed in this game (NO_PLATEAU)' },
    ]);
  });

  it('keeps to one direct bribe per unit under DIRECT_ONLY (and PAYOLA_CLASSIC, which brings it)', () => {
    expect(
      read('FRANCE', ['4 : A PAR - BUR', '3 : A PAR - GAS', '4 > A MAR - PIE', '4 : A MAR - PIE | - BUR', '2*2 : F BRE - MAO'], { rules: ['PAYOLA_CLASSIC'] })
        .errors,
    ).toEqual([
      { line: '3 : A PAR - GAS', reason: 'only one bribe to each unit is allowed in this game (DIRECT_ONLY), and A PAR has one already' },
      { line: '4 > A MAR - PIE', reason: 'only direct bribes (:) to one order are allowed in this game (DIRECT_ONLY)' },
      { line: '4 : A MAR - PIE | - BUR', reason: 'only direct bribes (:) to one order are allowed in this game (DIRECT_ONLY)' },
      { line: '2*2 : F BRE - MAO', reason: 'repeated and added amounts (* +) are not allowed in this game (DIRECT_ONLY)' },
    ]);
  });

  it("keeps bribes to units next to the power's own under TOUCH_BRIBE, away from them under REMOTE_BRIBE, dummies exempt under CD_DUMMIES", () => {
    const lines = ['3 : A MUN - BUR', '3 : A ROM - TUS'];
    expect(read('FRANCE', lines, { rules: ['TOUCH_BRIBE'] }).errors).toEqual([
      { line: '3 : A MUN - BUR', reason: 'A MUN is not next to any of your units, and under TOUCH_BRIBE only units next to yours take your bribes' },
      { line: '3 : A ROM - TUS', reason: 'A ROM is not next to any of your units, and under TOUCH_BRIBE only units next to yours take your bribes' },
    ]);
    expect(read('FRANCE', lines, { rules: ['TOUCH_BRIBE', 'CD_DUMMIES'], dummies: ['ITALY'] }).errors).toHaveLength(1);
    expect(read('FRANCE', ['3 : A MUN - BUR', '3 : A PAR - BUR'], { rules: ['REMOTE_BRIBE'] }).errors).toEqual([]);
    const neighbours = { FRANCE: ['A PAR', 'A BUR'], GERMANY: ['A MUN'] };
    expect(sheetOf({ units: neighbours, rules: ['TOUCH_BRIBE'], sheets: { FRANCE: ['3 : A MUN - RUH'] } }, 'FRANCE').errors).toEqual([]);
    expect(sheetOf({ units: neighbours, rules: ['REMOTE_BRIBE'], sheets: { FRANCE: ['3 : A MUN - RUH'] } }, 'FRANCE').errors).toEqual([
      { line: '3 : A MUN - RUH', reason: 'A MUN is next to one of your units, and under REMOTE_BRIBE only units away from yours take your bribes' },
    ]);
  });

  it('lets players order their own units and bribe only dummies under PAY_DUMMIES', () => {
    const spec = { rules: ['PAY_DUMMIES'], dummies: ['ITALY'] };
    expect(read('FRANCE', ['A PAR - BUR', '5 : A ROM - TUS'], spec).errors).toEqual([]);
    expect(read('FRANCE', ['3 : A PAR - BUR', '4 : A MUN - BOH'], spec).errors).toEqual([
      { line: '3 : A PAR - BUR', reason: 'A PAR is your own unit: under PAY_DUMMIES you order it (one order, no amount) rather than bribe it' },
      { line: '4 : A MUN - BOH', reason: "A MUN belongs to Germany: under PAY_DUMMIES only dummies' units take bribes" },
    ]);
  });
});
