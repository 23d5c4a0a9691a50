import { describe, expect, it } from 'vitest';
import { auction, charged, decisionOf, standard } from './helpers.js';

/**
 * Worked examples written from DPjudge's players' guide to Payola (`variants/payola/pages/Questions`);
 * each test names the question it comes from. Where the guide stops, the numbers follow DPjudge's
 * PayolaGame.bestOffer and determineOrders.
 */

const FRENCH_ARMY = { FRANCE: ['A PAR'] };

describe('Bribe Syntax: the five types of bribe', () => {
  it('"Direct Bribe": 4 : A PAR - BUR pays four if Paris moves to Burgundy', () => {
    const result = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['4 : A PAR - BUR'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 4 (FRANCE 4)');
    expect(charged(result)).toEqual({ FRANCE: 4 });
  });

  it('"Negative Bribe": 4 ! A PAR - BUR pays four for anything else, through its hidden 0 AgP HOLD', () => {
    const result = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['3 : A PAR - BUR'], GERMANY: ['4 ! A PAR - BUR'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR H 4 (GERMANY 4)');
    expect(charged(result)).toEqual({ GERMANY: 4 });
  });

  it('"Move Bribe": 4 > A PAR - BUR pays four for a move anywhere, added to other powers\' move bribes', () => {
    const result = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['3 : A PAR - GAS'], ENGLAND: ['4 > A PAR - BUR'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - GAS 7 (FRANCE 3, ENGLAND 4)');
    expect(charged(result)).toEqual({ ENGLAND: 4, FRANCE: 3 });
  });

  it('"Hold Bribe": 4 @ A PAR - BUR pays four for the listed move, and four for staying put', () => {
    const moves = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['3 : A PAR - PIC'], ENGLAND: ['4 @ A PAR - BUR'] } });
    expect(decisionOf(moves, 'A PAR')).toBe('A PAR - BUR 4 (ENGLAND 4)');
    // France's own 0 AgP HOLD catches England's money; at 4 all it ties with Burgundy and wins on France's acceptance list.
    const holds = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['3 : A PAR - PIC', '0 : A PAR H'], ENGLAND: ['4 @ A PAR - BUR'] } });
    expect(decisionOf(holds, 'A PAR')).toBe('A PAR H 4 (FRANCE 0, ENGLAND 4)');
  });

  it('"Gift Bribe": 4 & A PAR - BUR costs four whatever Paris does', () => {
    const result = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['3 : A PAR - PIC'], ENGLAND: ['4 & A PAR - BUR'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - PIC 7 (FRANCE 3, ENGLAND 4)');
    expect(charged(result)).toEqual({ ENGLAND: 4, FRANCE: 3 });
  });
});

describe('Bribe Syntax: several bribes to one unit', () => {
  it('"Can I offer more than one bribe to a single unit?": the order listed first wins between equal offers', () => {
    for (const sheet of [['4 : A PAR - BUR', '4 : A PAR - GAS'], ['4 : A PAR - BUR | - GAS']]) {
      const result = auction({ units: FRENCH_ARMY, sheets: { FRANCE: sheet } });
      expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 4 (FRANCE 4)');
      expect(charged(result)).toEqual({ FRANCE: 4 });
    }
    const reversed = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['4 : A PAR - GAS | - BUR'] } });
    expect(decisionOf(reversed, 'A PAR')).toBe('A PAR - GAS 4 (FRANCE 4)');
  });

  it('"... two extra silver pieces if it moves to Burgundy": 4 > and 2 : add up, and the 4 also rides on other moves', () => {
    const alone = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['4 > A PAR - BUR', '2 : A PAR - BUR'] } });
    expect(decisionOf(alone, 'A PAR')).toBe('A PAR - BUR 6 (FRANCE 6)');
    const outbid = auction({ units: FRENCH_ARMY, sheets: { FRANCE: ['4 > A PAR - BUR', '2 : A PAR - BUR'], GERMANY: ['5 : A PAR - PIC'] } });
    expect(decisionOf(outbid, 'A PAR')).toBe('A PAR - PIC 9 (GERMANY 5, FRANCE 4)');
  });

  it('"How do I ask a unit not to do more than one thing?": two negative bribes pay 4 or 8, one with | pays 4 at most', () => {
    const separate = ['4 ! A PAR - BUR', '4 ! A PAR - GAS'];
    const joined = ['4 ! A PAR - BUR | - GAS'];
    expect(charged(auction({ units: FRENCH_ARMY, sheets: { GERMANY: separate } }))).toEqual({ GERMANY: 8 });
    expect(charged(auction({ units: FRENCH_ARMY, sheets: { GERMANY: joined } }))).toEqual({ GERMANY: 4 });
    const toBurgundy = { FRANCE: ['5 : A PAR - BUR'] };
    expect(decisionOf(auction({ units: FRENCH_ARMY, sheets: { ...toBurgundy, GERMANY: separate } }), 'A PAR')).toBe('A PAR - BUR 9 (FRANCE 5, GERMANY 4)');
    expect(decisionOf(auction({ units: FRENCH_ARMY, sheets: { ...toBurgundy, GERMANY: joined } }), 'A PAR')).toBe('A PAR - BUR 5 (FRANCE 5)');
  });
});

describe('Bribe Interactions', () => {
  it('"Is my money for a particular order combined with money that other players offer?": yes', () => {
    const result = auction({
      units: FRENCH_ARMY,
      sheets: { FRANCE: ['5 : A PAR - PIC'], ENGLAND: ['3 : A PAR - BUR'], GERMANY: ['3 : A PAR - BUR'] },
    });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 6 (ENGLAND 3, GERMANY 3)');
    expect(charged(result)).toEqual({ ENGLAND: 3, GERMANY: 3 });
  });

  it('"... east coast of Bulgaria, and someone else offers it money to move to the south coast": two orders', () => {
    const result = auction({
      units: { TURKEY: ['F CON'] },
      sheets: { RUSSIA: ['3 : F CON - BUL/EC'], AUSTRIA: ['2 : F CON - BUL/SC'], ITALY: ['2 : F CON - BUL/SC'] },
    });
    expect(decisionOf(result, 'F CON')).toBe('F CON - BUL/SC 4 (AUSTRIA 2, ITALY 2)');
  });
});

describe('High-Bid Ties and the Acceptance List', () => {
  const offers = { ENGLAND: ['5 : A PAR - BUR'], GERMANY: ['5 : A PAR - PIC'] };

  it('"What about ties?": the tied offer with money from the power listed first wins', () => {
    expect(decisionOf(auction({ units: FRENCH_ARMY, sheets: offers, accept: { FRANCE: 'FEG?' } }), 'A PAR')).toBe('A PAR - BUR 5 (ENGLAND 5)');
    expect(decisionOf(auction({ units: FRENCH_ARMY, sheets: offers, accept: { FRANCE: 'FGE?' } }), 'A PAR')).toBe('A PAR - PIC 5 (GERMANY 5)');
  });

  it('"Does the acceptance list really matter?": the owner\'s 0 AgP helper bid tips a tie to an ally listed last', () => {
    const helped = { ...offers, FRANCE: ['0 : A PAR - PIC'] };
    expect(decisionOf(auction({ units: FRENCH_ARMY, sheets: helped, accept: { FRANCE: 'FEAIRTG' } }), 'A PAR')).toBe('A PAR - PIC 5 (FRANCE 0, GERMANY 5)');
  });

  it('fills the `?` of an acceptance list with the powers it leaves out, in the order the shuffle gives', () => {
    const result = auction({ units: FRENCH_ARMY, sheets: offers, accept: { FRANCE: 'F?' } });
    expect(result.acceptance.get('FRANCE')).toBe(
      `F${standard.powers
        .map((power) => power.abbrev)
        .filter((letter) => letter !== 'F')
        .join('')}`,
    );
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 5 (ENGLAND 5)');
  });

  it("Rules.txt PAY_DUMMIES: a dummy's unit holds when its best bids tie between different payers, shown one AgP above", () => {
    const result = auction({ units: { ITALY: ['A ROM'] }, dummies: ['ITALY'], sheets: { ENGLAND: ['5 : A ROM - TUS'], GERMANY: ['5 : A ROM - NAP'] } });
    expect(decisionOf(result, 'A ROM')).toBe('A ROM H 6 (ITALY 0)');
    expect(result.decisions[0]!.heldInTie).toBe(true);
    expect(charged(result)).toEqual({});
    const samePayer = auction({ units: { ITALY: ['A ROM'] }, dummies: ['ITALY'], sheets: { ENGLAND: ['5 : A ROM - TUS', '5 : A ROM - NAP'] } });
    expect(decisionOf(samePayer, 'A ROM')).toBe('A ROM - TUS 5 (ENGLAND 5)');
  });
});

describe('Overexpenditure and Money Management', () => {
  it('"Can I offer bribes whose amounts total to more money than I have?": every offer drops one AgP per round until affordable', () => {
    const result = auction({
      units: { FRANCE: ['A PAR', 'A MAR'] },
      balances: { FRANCE: 5 },
      sheets: { FRANCE: ['4 : A PAR - BUR', '4 : A MAR - PIE'], ITALY: ['3 : A MAR - GAS'] },
    });
    // 4+4 > 5; at 3+3 Marseilles still ties Italy and follows France; at 2 Italy's 3 wins it.
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 2 (FRANCE 2)');
    expect(decisionOf(result, 'A MAR')).toBe('A MAR - GAS 3 (ITALY 3)');
    expect(charged(result)).toEqual({ FRANCE: 2, ITALY: 3 });
    expect(result.reductions).toEqual(new Map([['FRANCE', 2]]));
  });

  it('"... have these less important offers reduce at a faster rate": an offer split in two loses two AgP a round', () => {
    const whole = auction({ units: FRENCH_ARMY, balances: { FRANCE: 6 }, sheets: { FRANCE: ['8 : A PAR - BUR'] } });
    const split = auction({ units: FRENCH_ARMY, balances: { FRANCE: 6 }, sheets: { FRANCE: ['4 : A PAR - BUR', '4 : A PAR - BUR'] } });
    expect([charged(whole), whole.reductions.get('FRANCE')]).toEqual([{ FRANCE: 6 }, 2]);
    expect([charged(split), split.reductions.get('FRANCE')]).toEqual([{ FRANCE: 6 }, 1]);
  });

  it('"... set some of my money aside": 25 $ keeps 25 AgP whatever the units take', () => {
    const result = auction({
      units: { FRANCE: ['A PAR', 'A MAR'] },
      balances: { FRANCE: 30 },
      sheets: { FRANCE: ['25 $', '4 : A PAR - BUR', '4 : A MAR - PIE'] },
    });
    expect(charged(result)).toEqual({ FRANCE: 4 });
    expect(result.reductions.get('FRANCE')).toBe(2);
  });

  it('"the bribe plateau": 8#4 stops at four while other offers can still drop, then forgets its plateau', () => {
    const sheets = { FRANCE: ['8#4 : A PAR - BUR', '6 : A MAR - PIE'] };
    const units = { FRANCE: ['A PAR', 'A MAR'] };
    const atPlateau = auction({ units, balances: { FRANCE: 4 }, sheets });
    expect([decisionOf(atPlateau, 'A PAR'), decisionOf(atPlateau, 'A MAR')]).toEqual(['A PAR - BUR 4 (FRANCE 4)', 'A MAR - PIE 0 (FRANCE 0)']);
    expect(atPlateau.reductions.get('FRANCE')).toBe(6);
    const belowPlateau = auction({ units, balances: { FRANCE: 3 }, sheets });
    expect(decisionOf(belowPlateau, 'A PAR')).toBe('A PAR - BUR 3 (FRANCE 3)');
    expect(belowPlateau.reductions.get('FRANCE')).toBe(7);
  });

  it('"8# : A PAR - BUR is an eight silver piece offer that should not be reduced at all" (while others can be)', () => {
    const result = auction({ units: { FRANCE: ['A PAR', 'A MAR'] }, balances: { FRANCE: 9 }, sheets: { FRANCE: ['8# : A PAR - BUR', '3 : A MAR - PIE'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 8 (FRANCE 8)');
    expect(decisionOf(result, 'A MAR')).toBe('A MAR - PIE 1 (FRANCE 1)');
  });
});

describe('Special-Case Bribes', () => {
  it('"What if a unit doesn\'t receive any bribe at all?": it holds on its owner\'s 0 AgP default', () => {
    expect(decisionOf(auction({ units: FRENCH_ARMY }), 'A PAR')).toBe('A PAR H 0 (FRANCE 0)');
  });

  it('"What if the only bribe a unit gets is a negative bribe?": it holds; 4 ! A PAR H costs nothing', () => {
    const result = auction({ units: FRENCH_ARMY, sheets: { GERMANY: ['4 ! A PAR H'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR H 0 (FRANCE 0)');
    expect(charged(result)).toEqual({});
  });
});

describe('Rules.txt EBAYOLA', () => {
  const units = FRENCH_ARMY;

  it('charges the winners one AgP more than the best losing bid', () => {
    const result = auction({ units, rules: ['EBAYOLA'], sheets: { ENGLAND: ['10 : A PAR - BUR'], GERMANY: ['6 : A PAR - PIC'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 7 (ENGLAND 7)');
  });

  it("gives the saving in the owner's acceptance-list order, never below a plateau unless PUBLIC_TOTALS", () => {
    // 5 + 5 against Italy's 6: the winners pay 7, a saving of 3.
    const sheets = { ENGLAND: ['5#4 : A PAR - BUR'], GERMANY: ['5 : A PAR - BUR'], ITALY: ['6 : A PAR - PIC'] };
    const byList = auction({ units, rules: ['EBAYOLA'], accept: { FRANCE: 'FEG?' }, sheets });
    expect(decisionOf(byList, 'A PAR')).toBe('A PAR - BUR 7 (ENGLAND 4, GERMANY 3)');
    const germanyFirst = auction({ units, rules: ['EBAYOLA'], accept: { FRANCE: 'FGE?' }, sheets });
    expect(decisionOf(germanyFirst, 'A PAR')).toBe('A PAR - BUR 7 (ENGLAND 5, GERMANY 2)');
    const publicTotals = auction({ units, rules: ['EBAYOLA', 'PUBLIC_TOTALS'], accept: { FRANCE: 'FEG?' }, sheets });
    expect(decisionOf(publicTotals, 'A PAR')).toBe('A PAR - BUR 7 (ENGLAND 2, GERMANY 5)');
  });

  it('makes a tie cost one AgP more than was offered, as its formula says', () => {
    const result = auction({ units, rules: ['EBAYOLA'], accept: { FRANCE: 'FEG?' }, sheets: { ENGLAND: ['6 : A PAR - BUR'], GERMANY: ['6 : A PAR - PIC'] } });
    expect(decisionOf(result, 'A PAR')).toBe('A PAR - BUR 7 (ENGLAND 7)');
  });
});
