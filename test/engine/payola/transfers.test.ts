import { describe, expect, it } from 'vitest';
import { forfeitedTreasuries, makeTransfer, type Treasury, type TransferRules } from '../../../src/engine/payola/transfers.js';

/** Funds transfers as the guide ("is that the only thing I can do with my money?") and Rules.txt 3.2 describe them. */

const OPEN: TransferRules = { noTransfer: false, oneTransfer: false, noDonations: false, noLooting: false, vassalDummies: false, anonymous: false };
const england: Treasury = { name: 'ENGLAND', displayName: 'England', balance: 30, dummy: false, eliminated: false, sent: [] };
const france: Treasury = { name: 'FRANCE', displayName: 'France', balance: 5, dummy: false, eliminated: false, sent: [] };

function refusal(rules: TransferRules, giver: Treasury, receiver: Treasury, amount: number, makingResults = false): string {
  const made = makeTransfer(rules, giver, receiver, amount, makingResults);
  return made.ok ? 'made' : made.reason;
}

describe('a funds transfer', () => {
  it('moves the money at once and tells both sides', () => {
    const made = makeTransfer(OPEN, england, france, 12, false);
    expect(made.ok && [made.value.giver.balance, made.value.receiver.balance]).toEqual([18, 17]);
    expect(made.ok && made.value.notices).toEqual([
      { power: 'ENGLAND', balanceForward: 30, activity: 'TRANSFER TO FRANCE', amount: 12, balance: 18 },
      { power: 'FRANCE', balanceForward: 5, activity: 'TRANSFER FROM ENGLAND', amount: 12, balance: 17 },
    ]);
  });

  it('ANON_TRANSFER: the receiver is not told who sent it', () => {
    const made = makeTransfer({ ...OPEN, anonymous: true }, england, france, 12, false);
    expect(made.ok && made.value.notices[1].activity).toBe('TRANSFER FROM SOMEONE');
  });

  it('ONE_TRANSFER: once per phase to each power, counted in SENT', () => {
    const rules = { ...OPEN, oneTransfer: true };
    const first = makeTransfer(rules, england, france, 5, false);
    expect(first.ok && first.value.giver.sent).toEqual(['FRANCE']);
    const again = first.ok ? first.value.giver : england;
    expect(refusal(rules, again, france, 5)).toBe('England has already transferred funds to France this phase (ONE_TRANSFER)');
    expect(refusal(rules, again, { ...france, name: 'GERMANY' }, 5)).toBe('made');
  });

  it.each([
    ['more than the treasury holds', OPEN, england, france, 31, 'England has only 30 AgP, less than the 31 AgP to transfer'],
    ['a negative amount', OPEN, england, france, -3, 'a transfer is a whole, positive number of AgP, not -3'],
    ['nothing', OPEN, england, france, 0, 'a transfer of 0 AgP moves nothing'],
    ['to oneself', OPEN, england, england, 3, 'a power cannot transfer funds to itself'],
    ['any, under NO_TRANSFER', { ...OPEN, noTransfer: true }, england, france, 3, 'funds transfers are not allowed in this game (NO_TRANSFER)'],
    [
      'from the eliminated, under NO_DONATIONS',
      { ...OPEN, noDonations: true },
      { ...england, eliminated: true },
      france,
      3,
      'England is eliminated and may not transfer funds (NO_DONATIONS)',
    ],
    [
      'from a dummy, under NO_LOOTING',
      { ...OPEN, noLooting: true },
      { ...england, dummy: true },
      france,
      3,
      'funds may not be transferred from a dummy such as England (NO_LOOTING)',
    ],
    [
      'to a dummy, under VASSAL_DUMMIES',
      { ...OPEN, vassalDummies: true },
      england,
      { ...france, dummy: true },
      3,
      'funds may not be transferred to a dummy such as France (VASSAL_DUMMIES)',
    ],
  ])('is refused: %s', (_, rules, giver, receiver, amount, reason) => {
    expect(refusal(rules, giver, receiver, amount)).toBe(reason);
  });

  it('waits while the judge makes results', () => {
    expect(refusal(OPEN, england, france, 3, true)).toBe('the judge is making the results of the phase; send the transfer again when they are out');
  });

  it("NO_DONATIONS: an eliminated power's treasury is emptied after a movement phase", () => {
    const gone = { ...france, eliminated: true };
    expect(forfeitedTreasuries({ noDonations: true }, [england, gone])).toEqual(['FRANCE']);
    expect(forfeitedTreasuries({ noDonations: false }, [england, gone])).toEqual([]);
  });
});
