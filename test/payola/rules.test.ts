import { describe, expect, it } from 'vitest';
import type { ExecutionOutcome } from '../../src/commands/run/run.js';
import { MASTER } from '../commands/execute/support.js';
import { payolaGame, statement } from './support.js';

/**
 * One short Payola game by mail per Payola rule of Rules.txt chapter 3, each asserting what the
 * rule changes; the numbers are worked by hand from the rule's passage (quoted in each test) and
 * DPjudge's players' guide (DPjudge/variants/payola/pages/Questions). A power starts with a year's
 * income ("Income and Expenses": 17+16+15 = 48 AgP for three centres, 62 for Russia's four).
 * ANON_TRANSFER, ONE_TRANSFER and NO_TRANSFER are played in funds.test.ts.
 */

/** France outbids Germany for A PAR and buys Germany's A MUN, which Germany does not bid for. */
const BIDDING: Record<string, string> = { FRANCE: '10 : A PAR - BUR\n6 : A MUN - BUR', GERMANY: '4 : A PAR - PIC' };

async function bidUnder(game: string, rules: string) {
  const played = await payolaGame(game, [`RULE ${rules}`]);
  for (const [power, sheet] of Object.entries(BIDDING)) expect((await played.send(power, sheet)).reply.text).not.toContain('not accepted');
  return { ...played, results: await played.process() };
}

/** The reasons the judge gave for the lines of a sheet it refused (the sheet is refused whole), from the mail's outcome. */
async function refusal(send: (power: string, lines: string) => Promise<ExecutionOutcome>, power: string, sheet: string): Promise<string[]> {
  const outcome = await send(power, sheet);
  expect(outcome.reply.text).toContain('The offer sheet was not accepted');
  expect(outcome.refused.map(({ code }) => code)).toEqual(outcome.refused.map(() => 'ORDER_REFUSED'));
  return outcome.refused.map(({ reason }) => reason);
}

/** Plays Spring and Fall 1901 with no bribes: every unit holds, and the year's income is paid; the Fall's results. */
async function quietYear<Results>(process: () => Promise<Results>): Promise<Results> {
  await process();
  return process();
}

/** The income report a power reads in the results of the phase that pays the year's income (DPjudge's parseSupplyCount). */
const incomeReport = (power: string, forward: number, income: number) =>
  [
    `INCOME FOR ${power} FOR YEAR END 1901`,
    '='.repeat(`INCOME FOR ${power} FOR YEAR END 1901`.length),
    `BALANCE FORWARD${String(forward).padStart(9)} AgP`,
    `TAX INCOME     ${String(income).padStart(9)} AgP`,
    `CURRENT BALANCE${String(forward + income).padStart(9)} AgP`,
  ].join('\n');

describe('Payola rules, each in a game by mail', () => {
  it('without a secrecy rule: the statement tells each unit its takings, the sheet, the cost; each power reads only its own, once', async () => {
    const { results, funds } = await bidUnder('plain', 'DEFAULT_UNORDERED');
    const french = results.of('FRANCE');
    expect(french.split('ACCOUNT STATEMENT FOR FRANCE')).toHaveLength(2);
    expect(statement(french, 'FRANCE')).toContain('YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:\n     0 : F BRE H\n    10 : A PAR - BUR');
    expect(french).not.toContain('ACCOUNT STATEMENT FOR GERMANY');
    // Germany's 4 for A PAR lost and costs nothing; France pays 10 + 6.
    expect(funds('FRANCE')).toEqual(['$32']);
    expect(funds('GERMANY')).toEqual(['$48']);
  });

  it('EBAYOLA: the winner pays one AgP more than the best losing bribe', async () => {
    // Rules.txt 3.4 EBAYOLA: "the total cost of a successful bribe is automatically reduced to one silver piece more than the
    // highest non-winning bribe". A PAR: 10 against Germany's 4, France pays 5; A MUN: 6 against Germany's own 0 AgP hold, pays 1.
    const { results, funds } = await bidUnder('ebay', 'EBAYOLA');
    expect(statement(results.of('FRANCE'), 'FRANCE')).toContain(
      ['YOUR ACCEPTED BRIBES WERE:', '     0 : F BRE H', '     5 : A PAR - BUR', '     0 : A MAR H', '     1 : A MUN - BUR'].join('\n'),
    );
    expect(results.of('FRANCE')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    6 AgP');
    expect(funds('FRANCE')).toEqual(['$42']);
  });

  it('HIDE_COST: the statement gives the units orders without what each took', async () => {
    // Rules.txt 3.4 HIDE_COST: players "are not provided with information on the total amount of money accepted by each of his units".
    const { results, funds } = await bidUnder('hcost', 'HIDE_COST');
    const french = statement(results.of('FRANCE'), 'FRANCE');
    expect(french).toContain('YOUR UNITS WERE ORDERED AS FOLLOWS:\n       F BRE H\n       A PAR - BUR\n       A MAR H\n');
    expect(french).not.toContain('PAID AND ORDERED');
    expect(french).toContain('THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:     32 AgP');
    expect(funds('FRANCE')).toEqual(['$32']);
  });

  it('HIDE_OFFERS: no offer sheet, accepted bribes or cost; the units, their takings and the new balance stay', async () => {
    // Rules.txt 3.4 HIDE_OFFERS: "only with the orders that his own units will issue, the total amount paid to each of his own
    // units, and the player's new, adjusted balance".
    const { results } = await bidUnder('hoffer', 'HIDE_OFFERS');
    expect(statement(results.of('FRANCE'), 'FRANCE')).toBe(
      [
        'ACCOUNT STATEMENT FOR FRANCE',
        '='.repeat(49),
        'YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:',
        '     0 : F BRE H',
        '    10 : A PAR - BUR',
        '     0 : A MAR H',
        'THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:     32 AgP',
      ].join('\n'),
    );
  });

  it('PUBLIC_TOTALS: everyone reads the total paid to each unit, not who paid it', async () => {
    // Rules.txt 3.4 PUBLIC_TOTALS: "The total bribe amount paid to each unit is made available to all players ... (no data on the
    // source of funds is made public, however)".
    const { results } = await bidUnder('ptotal', 'PUBLIC_TOTALS');
    const english = results.of('ENGLAND');
    expect(english).toContain('TOTAL BRIBES PAID TO EACH UNIT:');
    expect(english).toContain('    10 : A PAR\n');
    expect(english).toContain('     6 : A MUN\n');
    const totals = english.slice(english.indexOf('TOTAL BRIBES PAID'), english.indexOf('ACCOUNT STATEMENT'));
    expect(totals).not.toMatch(/FRANCE|GERMANY|- BUR/);
  });

  it('NO_LEDGERS: no account statement, the bribes charged all the same', async () => {
    // Rules.txt 3.4 NO_LEDGERS: "No expenditure and balance report is sent to the players after each turn."
    const { results, funds, process } = await bidUnder('nledger', 'NO_LEDGERS');
    expect(results.of('FRANCE')).not.toContain('ACCOUNT STATEMENT');
    expect(results.of('FRANCE')).toContain('A PAR - BUR.');
    expect(funds('FRANCE')).toEqual(['$32']);
    // Nor an income report as the year turns; the income is paid all the same: 32 + 48.
    expect((await process()).of('FRANCE')).not.toContain('INCOME FOR FRANCE');
    expect(funds('FRANCE')).toEqual(['$80']);
  });

  it('BLIND: the briber learns whose unit took his money, not its order', async () => {
    // Rules.txt 3.4 BLIND: "The owner of each successfully bribed unit, but not its exact order, is revealed to the bribing party."
    const { results } = await bidUnder('blindp', 'BLIND');
    const french = statement(results.of('FRANCE'), 'FRANCE');
    expect(french).toContain(
      'YOUR ACCEPTED BRIBES WERE:\n     0 : F BRE    (French)\n    10 : A PAR    (French)\n     0 : A MAR    (French)\n     6 : A MUN    (German)',
    );
    expect(results.of('FRANCE')).not.toMatch(/^Germany:/m);
  });

  it('FLAT_TAX: each centre earns as many AgP as the game has players', async () => {
    // Rules.txt 3.3 FLAT_TAX: "The amount of AgP given per center is equal to the number of players originally in the game": 7.
    const { send, process, funds } = await payolaGame('flat', ['RULE FLAT_TAX']);
    expect((await send('FRANCE', '1 : A PAR H')).reply.text).toContain('Treasury of France: 21 AgP;');
    expect((await quietYear(process)).of('FRANCE')).toContain(incomeReport('FRANCE', 20, 21));
    // France: 21 - 1 + 3 x 7; Russia: 4 x 7 twice.
    expect(funds('FRANCE')).toEqual(['$41']);
    expect(funds('RUSSIA')).toEqual(['$56']);
  });

  it('NO_HOARDING: the unspent money is lost before the income is paid', async () => {
    // Rules.txt 3.3 NO_HOARDING: "The treasury of each player is set to zero before any income is awarded."
    const { process, funds } = await payolaGame('hoard', ['RULE NO_HOARDING']);
    const fall = await quietYear(process);
    expect(funds('FRANCE')).toEqual(['$48']);
    expect(funds('RUSSIA')).toEqual(['$62']);
    // Each power reads its own income report, the Master every power's.
    expect(fall.of('FRANCE')).toContain(incomeReport('FRANCE', 0, 48));
    expect(fall.of('FRANCE')).not.toContain('INCOME FOR RUSSIA');
    expect(fall.master).toContain(incomeReport('RUSSIA', 0, 62));
    const hoarding = await payolaGame('hoard2');
    expect((await quietYear(hoarding.process)).of('FRANCE')).toContain(incomeReport('FRANCE', 48, 48));
    expect(hoarding.funds('FRANCE')).toEqual(['$96']);
  });

  it('VASSAL_DUMMIES: a dummy that is no vassal starts with nothing and earns nothing', async () => {
    // Rules.txt 3.2 VASSAL_DUMMIES: "the DUMMY powers do not earn income unless they are vassal states"; nor do they start with
    // a treasury (DPjudge's PayolaPower.initialize leaves a dummy's at 0 under the rule, rather than the 9 AgP a unit of a power
    // without income).
    const { process, funds, master } = await payolaGame('vassal', ['RULE VASSAL_DUMMIES']);
    expect((await master('DUMMY ITALY')).reply.text).not.toMatch(/not|refused/i);
    expect((await quietYear(process)).master).not.toContain('INCOME FOR ITALY');
    expect(funds('ITALY')).toEqual(['$0']);
    expect(funds('FRANCE')).toEqual(['$96']);
  });

  it('PAY_DUMMIES: only dummies take bribes; a power orders its own units', async () => {
    // Rules.txt 3.5 PAY_DUMMIES: "Bribes may only be offered to units that are owned by DUMMY powers. That is, each power is in
    // control of his or her own units, ordering them as in normal, non-Payola games".
    const { send, process, funds, master } = await payolaGame('paydum', ['RULE PAY_DUMMIES']);
    await master('DUMMY ITALY');
    expect(await refusal(send, 'GERMANY', '3 : A PAR - PIC')).toEqual(["A PAR belongs to France: under PAY_DUMMIES only dummies' units take bribes"]);
    expect((await send('FRANCE', 'A PAR - BUR')).reply.text).not.toContain('not accepted');
    expect((await send('GERMANY', '5 : A VEN - TYR')).reply.text).not.toContain('not accepted');
    const results = await process();
    expect(results.master).toContain('A PAR - BUR.');
    expect(results.master).toContain('A VEN - TYR.');
    expect(funds('FRANCE')).toEqual(['$48']);
    expect(funds('GERMANY')).toEqual(['$43']);
  });

  it('NO_LOOTING: no money leaves a dummy', async () => {
    // Rules.txt 3.2 NO_LOOTING: "Funds may not be transferred from DUMMY powers."
    const { judge, funds, master } = await payolaGame('loot', ['RULE NO_LOOTING']);
    await master('DUMMY ITALY');
    const looted = await judge.send(MASTER, 'SIGNON Iloot masterpw\nTRANSFER 5 TO FRANCE');
    expect(looted.reply.text).toContain('NO_LOOTING');
    expect(funds('FRANCE')).toBeNull();
  });

  it('DIRECT_ONLY: wildcard bribes, alternatives and a second bribe to one unit are refused', async () => {
    // Rules.txt 3.5 DIRECT_ONLY: "Only one offer may be made by any player to any given unit. Additionally, wildcard bribes
    // (>, @, !, &) are not allowed."
    const { send } = await payolaGame('direct', ['RULE DIRECT_ONLY']);
    for (const wildcard of ['4 > A PAR', '4 @ A PAR', '4 ! A PAR - BUR', '4 & A PAR', '4 : A PAR - BUR | - PIC'])
      expect(await refusal(send, 'FRANCE', wildcard)).toEqual(['only direct bribes (:) to one order are allowed in this game (DIRECT_ONLY)']);
    expect(await refusal(send, 'FRANCE', '4 : A PAR - BUR\n2 : A PAR - PIC')).toEqual([
      'only one bribe to each unit is allowed in this game (DIRECT_ONLY), and A PAR has one already',
    ]);
    expect((await send('FRANCE', '4 : A PAR - BUR\n2 : A MAR - SPA')).reply.text).not.toContain('not accepted');
  });

  it('NO_SAVINGS and NO_PLATEAU: savings requests and plateaus refused as each rule says', async () => {
    // Rules.txt 3.5 NO_SAVINGS: "The savings request ($) and bribe plateaus (#) are not allowed."; NO_PLATEAU: "Bribe plateaus (#)".
    const savings = await payolaGame('nosave', ['RULE NO_SAVINGS']);
    expect(await refusal(savings.send, 'FRANCE', '5 $')).toEqual(['savings requests ($) are not allowed in this game (NO_SAVINGS)']);
    expect(await refusal(savings.send, 'FRANCE', '8#4 : A PAR - BUR')).toEqual([expect.stringContaining('(NO_SAVINGS)')]);
    const plateau = await payolaGame('noplat', ['RULE NO_PLATEAU']);
    expect(await refusal(plateau.send, 'FRANCE', '8#4 : A PAR - BUR')).toEqual([expect.stringContaining('(NO_PLATEAU)')]);
    expect((await plateau.send('FRANCE', '5 $\n8 : A PAR - BUR')).reply.text).not.toContain('not accepted');
  });

  it('PAYOLA_CLASSIC: NO_SAVINGS, DIRECT_ONLY, FLAT_TAX and ZERO_FOREIGN at once', async () => {
    // Rules.txt 3.5 PAYOLA_CLASSIC switches on the four rules; FLAT_TAX: 3 centres x 7 players = 21 AgP to start.
    const { send } = await payolaGame('classic', ['RULE PAYOLA_CLASSIC']);
    expect(await refusal(send, 'FRANCE', '5 $')).toEqual([expect.stringContaining('(NO_SAVINGS)')]);
    expect(await refusal(send, 'FRANCE', '4 > A PAR')).toEqual([expect.stringContaining('(DIRECT_ONLY)')]);
    const taken = (await send('FRANCE', '0 : A MUN H\n4 : A PAR - BUR')).reply.text;
    expect(taken).not.toContain('not accepted');
    expect(taken).toContain('Treasury of France: 21 AgP;');
  });

  it('LIMIT_OFFERS: offers beyond the treasury are refused with both amounts', async () => {
    // Rules.txt 3.5 LIMIT_OFFERS: the sum of a player's offers may not exceed his treasury; 30 + 30 from 48, and 40 + 10 from 48 - 5 saved.
    const { send } = await payolaGame('limit', ['RULE LIMIT_OFFERS']);
    expect((await send('FRANCE', '30 : A PAR - BUR\n30 : A MAR - SPA')).reply.text).toContain(
      'your offers come to 60 AgP, more than the 48 AgP your treasury holds for them (LIMIT_OFFERS)',
    );
    expect((await send('FRANCE', '5 $\n40 : A PAR - BUR\n4 : A MAR - SPA')).reply.text).toContain('your offers come to 44 AgP, more than the 43 AgP');
    expect((await send('FRANCE', '30 : A PAR - BUR\n18 : A MAR - SPA')).reply.text).not.toContain('not accepted');
  });

  it('TOUCH_BRIBE and REMOTE_BRIBE: foreign units within (or beyond) hold-support range of one of ones own', async () => {
    // Rules.txt 3.5: Italy's A VEN and Austria's F TRI can support each other to hold; France's F BRE is far from every Italian unit.
    const touch = await payolaGame('touch', ['RULE TOUCH_BRIBE']);
    expect(await refusal(touch.send, 'ITALY', '3 : F BRE H')).toEqual([
      'F BRE is not next to any of your units, and under TOUCH_BRIBE only units next to yours take your bribes',
    ]);
    expect((await touch.send('ITALY', '3 : F TRI H\n2 : A VEN H')).reply.text).not.toContain('not accepted');
    const remote = await payolaGame('remote', ['RULE REMOTE_BRIBE']);
    expect(await refusal(remote.send, 'ITALY', '3 : F TRI H')).toEqual([
      'F TRI is next to one of your units, and under REMOTE_BRIBE only units away from yours take your bribes',
    ]);
    expect((await remote.send('ITALY', '3 : F BRE H\n2 : A VEN H')).reply.text).not.toContain('not accepted');
  });

  it('ZERO_FOREIGN: a 0 AgP bribe to a foreign unit is taken only under the rule', async () => {
    // Rules.txt 3.5 ZERO_FOREIGN: players may offer bribes of 0 AgP to units that are not their own.
    const without = await payolaGame('zero1');
    expect(await refusal(without.send, 'ITALY', '0 : F TRI H')).toEqual(['a bribe of 0 AgP may be offered only to your own units, and F TRI is not yours']);
    expect((await without.send('ITALY', '0 : A VEN H')).reply.text).not.toContain('not accepted');
    const zero = await payolaGame('zero2', ['RULE ZERO_FOREIGN']);
    expect((await zero.send('ITALY', '0 : F TRI H')).reply.text).not.toContain('not accepted');
  });
});
