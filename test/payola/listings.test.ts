import { describe, expect, it } from 'vitest';
import { payolaGame } from './support.js';

const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];

/**
 * LIST, SUMMARY and HISTORY of a Payola game, read by a power, the Master and anyone else. DPjudge
 * shows a power its own balance and ledger (its `payola` page's Balance, its `Read` page's ledger),
 * the Master everyone's, and opens every ledger and the bribe chart to all once the game is
 * COMPLETED; the public results meanwhile say nothing of anyone's money.
 */
describe("a Payola game's money in LIST, SUMMARY and HISTORY", () => {
  it('shows each reader the treasuries it may see, year by year, and the account statements and income reports it was sent', async () => {
    const { send, process, judge, master } = await payolaGame('ledger');
    await send('FRANCE', '4 : A PAR - BUR');
    await send('ENGLAND', '2 : F LON - NTH');
    await process();
    await process();
    expect(judge.statusText('ledger')).toMatch(/^PHASE SPRING 1902 MOVEMENT$/m);
    const anyone = (command: string) => judge.send('someone@example.org', `${command} ledger`).then((outcome) => outcome.reply.text);

    // SUMMARY: France paid 4 AgP in Spring 1901 and earned 17+16+15 = 48 for its three centres after the Fall; 1902's
    // first phase is not played yet, so its start is now.
    const french = (await send('FRANCE', 'SUMMARY')).reply.text;
    expect(french).toContain(['Payola treasuries (AgP) at the start of each year:', `${''.padEnd(12)} 1901  now`, 'France         48   92'].join('\n'));
    expect(french).not.toMatch(/^England +48/m);
    const masters = (await master('SUMMARY')).reply.text;
    expect(masters).toContain('England        48   94');
    expect(masters).toContain('Russia         62  124');
    expect(await anyone('SUMMARY')).not.toContain('Payola treasuries');

    // HISTORY: a power reads its own statement and income report beside the public results, the Master everyone's.
    const history = (await send('FRANCE', 'HISTORY')).reply.text;
    expect(history).toContain('SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR FRANCE');
    expect(history).toContain('     4 : A PAR - BUR');
    expect(history).toContain('INCOME FOR FRANCE FOR YEAR END 1901');
    expect(history).not.toContain('FOR ENGLAND');
    const mastersHistory = (await master('HISTORY')).reply.text;
    for (const power of POWERS) expect(mastersHistory).toContain(`SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR ${power}`);
    expect(mastersHistory).toContain('INCOME FOR ENGLAND FOR YEAR END 1901');
    expect(mastersHistory).toContain('BRIBE CHART (the Master only):');
    expect(mastersHistory).toContain('  *    4 : A PAR - BUR (FRANCE 4)');
    expect(history).not.toContain('BRIBE CHART');
    const publicHistory = await anyone('HISTORY');
    expect(publicHistory).toContain('A PAR - BUR.');
    expect(publicHistory).not.toContain('ACCOUNT STATEMENT');
    expect(publicHistory).not.toContain('INCOME FOR');

    // LIST: the reader's own treasury; once the game is over (here a draw all seven vote for), everyone's, to anyone.
    expect((await send('FRANCE', 'LIST')).reply.text).toContain('Payola treasuries:\n  France: 92 AgP, acceptance list F?');
    expect(await anyone('LIST')).not.toContain('Payola treasuries');
    const votes = [];
    for (const power of POWERS) votes.push(await send(power, 'VOTE 7WAY'));
    expect(judge.statusText('ledger')).toMatch(/^PHASE COMPLETED$/m);
    // The game-over mail tells everyone every treasury.
    const gameOver = votes.at(-1)!.notices.find((mail) => mail.subject === 'ledger: the game is over')!;
    expect(gameOver.text).toContain(['FINAL TREASURY BALANCES', '='.repeat(23), 'AUSTRIA                 96 AgP', 'ENGLAND                 94 AgP'].join('\n'));
    const over = await anyone('LIST');
    for (const power of POWERS) expect(over).toMatch(new RegExp(`^  ${power.charAt(0)}${power.slice(1).toLowerCase()}: \\d+ AgP`, 'm'));
    expect(await anyone('SUMMARY')).toMatch(/Payola treasuries \(AgP\) at the start of each year:\n {12} 1901 {2}end\n/);
    const openHistory = await anyone('HISTORY');
    expect(openHistory).toContain('SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR TURKEY');
    expect(openHistory).toContain('BRIBE CHART (the Master only):');
  });

  it('keeps under HIDE_COST and PUBLIC_TOTALS what the results mail told each reader: the takings for all, a statement without prices for its power', async () => {
    const { send, process } = await payolaGame('totals', ['RULE HIDE_COST PUBLIC_TOTALS']);
    await send('FRANCE', '4 : A PAR - BUR');
    await send('ENGLAND', '3 : A PAR - PIC');
    await process();
    const publicHistory = (await send('GERMANY', 'HISTORY')).reply.text;
    expect(publicHistory).toContain('TOTAL BRIBES PAID TO EACH UNIT:');
    expect(publicHistory).toContain('     4 : A PAR');
    expect(publicHistory).not.toContain('ACCOUNT STATEMENT FOR FRANCE');
    const french = (await send('FRANCE', 'HISTORY')).reply.text;
    expect(french).toContain('YOUR UNITS WERE ORDERED AS FOLLOWS:\n       F BRE H\n       A PAR - BUR\n       A MAR H\nYOUR ACCEPTED BRIBES WERE:');
  });

  it('under BLIND tells a power its own treasury in SUMMARY, though the centre counts stay secret', async () => {
    const { send, process, master } = await payolaGame('tincup', ['RULE BLIND']);
    await send('FRANCE', '4 : A PAR - BUR');
    await process();
    const french = (await send('FRANCE', 'SUMMARY')).reply.text;
    expect(french).not.toContain('Supply centers at the start of each year');
    expect(french).toContain(`Payola treasuries (AgP) at the start of each year:\n${''.padEnd(12)} 1901  now\nFrance         48   44\n`);
    expect((await master('SUMMARY')).reply.text).toContain('Turkey         48   48');
    expect((await send('FRANCE', 'HISTORY')).reply.text).toContain('is BLIND: until it ends its history is the Master');
  });
});
