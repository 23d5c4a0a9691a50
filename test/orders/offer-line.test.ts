import { describe, expect, it } from 'vitest';
import { readOfferLine } from '../../src/orders/offer-line.js';

/** The offer-line syntax of DPjudge's Payola guide ("Bribe Syntax", "Overexpenditure and Money Management"). */

function read(line: string): unknown {
  const result = readOfferLine(line);
  return result.ok ? result.value : result.reason;
}

describe('an offer line', () => {
  it.each([':', '!', '>', '@', '&'])('reads the bribe type %s with its amount and orders', (code) => {
    expect(read(`4 ${code} A PAR - BUR | - GAS`)).toEqual({
      kind: 'bribe',
      code,
      amounts: [{ repeat: 1, amount: 4, plateau: 0 }],
      first: 'A PAR - BUR',
      alternatives: ['- GAS'],
      comment: null,
      plateaued: false,
      augmented: false,
    });
  });

  it('offers 0 when the amount is left out, as a direct bribe when the type is too', () => {
    expect(read('A PAR H')).toMatchObject({ code: ':', amounts: [{ repeat: 1, amount: 0, plateau: 0 }], first: 'A PAR H' });
    expect(read('! A PAR - BUR')).toMatchObject({ code: '!', amounts: [{ amount: 0 }] });
    expect(read('4:A PAR-BUR')).toMatchObject({ code: ':', amounts: [{ amount: 4 }], first: 'A PAR-BUR' });
  });

  it('reads plateaus (8#4, 8# meaning 8#8), repetitions and added amounts, spaced or not', () => {
    expect(read('8#4 : A PAR - BUR')).toMatchObject({ amounts: [{ repeat: 1, amount: 8, plateau: 4 }], plateaued: true });
    expect(read('8# : A PAR - BUR')).toMatchObject({ amounts: [{ repeat: 1, amount: 8, plateau: 8 }] });
    expect(read('2*3 + 1 : F BRE - MAO')).toMatchObject({
      amounts: [
        { repeat: 2, amount: 3, plateau: 0 },
        { repeat: 1, amount: 1, plateau: 0 },
      ],
      augmented: true,
    });
    expect(read('8 # 4 : A PAR - BUR')).toMatchObject({ amounts: [{ amount: 8, plateau: 4 }] });
  });

  it('reads savings requests and comments', () => {
    expect(read('25 $')).toEqual({ kind: 'savings', amounts: [{ repeat: 1, amount: 25, plateau: 0 }], comment: null });
    expect(read('% plan B')).toEqual({ kind: 'comment', comment: 'plan B' });
    expect(read('4 : A PAR - BUR % for the ally')).toMatchObject({ first: 'A PAR - BUR', comment: 'for the ally' });
  });

  it.each([
    ['-4 : A PAR - BUR', 'the amount -4 is negative; an offer is a whole number of AgP from 0 to 9999'],
    ['& A PAR H', 'a gift bribe (&) must give its amount, e.g. 4 & A PAR H'],
    ['10000 : A PAR H', 'the amount 10000 is more than 9999 AgP'],
    ['4#5 : A PAR H', 'the plateau 5 is more than the amount 4'],
    ['100*2 : A PAR H', 'a bribe is repeated 1 to 99 times, not 100'],
    ['4 = A PAR H', "after the amount comes one of : ! > @ & $; got '4 = A PAR H'"],
    ['4 :', "the bribe names no unit and order after ':'"],
    ['4 : A PAR - BUR |', "alternative 1 after '|' gives no order"],
    ['25 $ A PAR', "a savings request is an amount followed by $ alone, not 'A PAR'"],
    ['25#5 $', 'a savings request has no plateau (#)'],
    ['4+ : A PAR H', "an added amount is missing in '4+'"],
    ['?? : A PAR H', "an offer starts with its amount, a whole number of AgP from 0 to 9999; got '??'"],
    ['', 'the offer is empty'],
  ])('refuses %j: %s', (line, reason) => {
    expect(read(line)).toBe(reason);
  });
});
