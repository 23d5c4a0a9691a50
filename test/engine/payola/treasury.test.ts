import { describe, expect, it } from 'vitest';
import { checkAcceptance, initialAcceptance, readFunds, writeFunds } from '../../../src/engine/payola/treasury.js';

const LETTERS = ['A', 'E', 'F', 'G', 'I', 'R', 'T'];

describe('the FUNDS line of a Payola power', () => {
  it('holds the treasury as $n and ZEROSUM bribe profits as n+', () => {
    expect(readFunds(['$34', '12E', '30+'])).toEqual({ balance: 34, bribeProfits: 30 });
    expect(readFunds(null)).toEqual({ balance: null, bribeProfits: 0 });
  });

  it('is written back with the amounts changed in place and other holdings kept', () => {
    expect(writeFunds(['12E', '$34', '30+', '22c'], { balance: 20, bribeProfits: 0 })).toEqual(['12E', '$20', '22c']);
    expect(writeFunds(['12E'], { balance: 20, bribeProfits: 5 })).toEqual(['$20', '12E', '5+']);
    expect(writeFunds(null, { balance: 0, bribeProfits: 0 })).toEqual(['$0']);
  });
});

describe('an acceptance list', () => {
  it("starts as the power itself, then anyone; a dummy's as anyone", () => {
    expect(initialAcceptance('F', false)).toBe('F?');
    expect(initialAcceptance('I', true)).toBe('?');
  });

  it('"Players can update their acceptance lists at any time": a ? is added unless every power is named', () => {
    expect(checkAcceptance('feg', LETTERS)).toEqual({ ok: true, value: 'FEG?' });
    expect(checkAcceptance('F?E', LETTERS)).toEqual({ ok: true, value: 'F?E' });
    expect(checkAcceptance('FEGAIRT', LETTERS)).toEqual({ ok: true, value: 'FEGAIRT' });
  });

  it.each([
    ['FEGAIRTX', "an acceptance list names at most the 7 powers, and 'FEGAIRTX' is longer"],
    ['FEX', "X in the acceptance list 'FEX' is no power's initial"],
    ['FEF', "F appears more than once in the acceptance list 'FEF'"],
    ['FE??', "? appears more than once in the acceptance list 'FE??'"],
  ])('refuses %s', (written, reason) => {
    expect(checkAcceptance(written, LETTERS)).toEqual({ ok: false, reason });
  });
});
