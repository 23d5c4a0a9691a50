import { describe, expect, it } from 'vitest';
import { payolaGame, statement } from './support.js';

/**
 * A Payola game played by mail from 1901 to its end in 1905, its results checked against worked examples
 * written from DPjudge's players' guide (DPjudge/variants/payola/pages/Questions); each example
 * names the guide's question it comes from. Every power starts with a year's income for its
 * centres: 17+16+15 = 48 AgP for three, 17+16+15+14 = 62 for Russia's four ("Income and Expenses").
 */

/** A power's income report as the adjustment results give it ("Income and Expenses": once a year, after the Fall phases). */
function incomeReport(power: string, year: number, [balanceForward, income]: readonly [number, number]): string {
  const heading = `INCOME FOR ${power} FOR YEAR END ${year}`;
  const row = (label: string, agp: number) => `${label.padEnd(15)}${String(agp).padStart(9)} AgP`;
  return [
    heading,
    '='.repeat(heading.length),
    row('BALANCE FORWARD', balanceForward),
    row('TAX INCOME', income),
    row('CURRENT BALANCE', balanceForward + income),
  ].join('\n');
}

const SPRING_1901: Record<string, string> = {
  // "Direct Bribe": 4 : A PAR - BUR; "Can I offer more than one bribe to a single unit?": the | shorthand, BUR listed first wins a tie.
  FRANCE: '4 : A PAR - BUR\n3 : A MAR - SPA | - GAS',
  // "Gift Bribe": paid whatever the unit does.
  ENGLAND: '2 & F LON - NTH',
  // "Negative Bribe" and "What if the only bribe a unit gets is a negative bribe?": A MUN holds on the hidden 0 AgP HOLD bribe,
  // which the negative bribe's money joins; "savings request": 25 $ keeps 25 AgP back, so the offers are cut.
  GERMANY: '5 ! A MUN - BUR\n30 : A BER - SIL\n25 $',
  // "Move Bribe" with "2 extra silver pieces if it moves to Burgundy": 4 > A WAR - GAL plus 2 : A WAR - GAL.
  RUSSIA: '4 > A WAR - GAL\n2 : A WAR - GAL',
  // "Overexpenditure": 60 AgP offered from a 48 AgP treasury; every offer is cut one AgP at a time until it can pay.
  AUSTRIA: '30 : A VIE - GAL\n30 : A BUD - SER\n3 : A ROM - APU',
  ITALY: '1 : A VEN - TYR',
  // "Hold Bribe": 4 @ F ANK - BLA pays for the move it lists; "4 ! A PAR H": the unit still holds and the briber is not charged;
  // "High-Bid Ties and the Acceptance List": 3 for A ROM - TUS ties with Austria's 3 for A ROM - APU, and Italy lists Turkey first.
  TURKEY: '4 @ F ANK - BLA\n4 ! A SMY H\n3 : A ROM - TUS',
};

const FALL_1902: Record<string, string> = {
  // "Bribe Interactions": Austria buys the Italian army's support to dislodge France's A BOH, which holds on France's 0 AgP.
  AUSTRIA: '5 : A VIE - BOH\n4 : A TYR S A VIE - BOH',
  // "Negative Bribe": 2 AgP are owed as A BOH does anything but move to Munich (it holds), on top of the move into Munich.
  GERMANY: '6 : A RUH - MUN\n2 ! A BOH - MUN\n3 : A LVP - WAL',
  // "Gift Bribe": 2 & F SEV H is paid whatever the fleet does.
  RUSSIA: '3 : A LVP - YOR\n3 : A SMY - SYR\n2 & F SEV H',
  // "Move Bribe": 5 > A SMY - ARM is money for any move, so it joins Russia's 3 for A SMY - SYR: 8 beats 5, and Turkey pays.
  // "Hold Bribe": 3 @ A CON - BUL counts for every stationary order too, so England's 2 for the support makes 5 against 3.
  TURKEY: '5 > A SMY - ARM\n3 @ A CON - BUL',
  // "High-Bid Ties and the Acceptance List": Germany's 3 for A LVP - WAL ties Russia's 3 for A LVP - YOR; England lists Russia first.
  ENGLAND: 'ACCEPT ER\n2 : A CON S A SMY',
  FRANCE: '3 : A PIC - BEL',
};

const SPRING_1904: Record<string, string> = {
  FRANCE: '4 : A MUN - RUH\n2 : A SIL - PRU',
  ITALY: '3 : A MUN - RUH\n1 : A TUS - PIE',
  GERMANY: '6 : A MUN H\n3 : F NTH - HOL\n2 : F KIE - DEN',
  RUSSIA: '3 : F NTH - NWY\n2 : F SEV - RUM',
  ENGLAND: 'ACCEPT EGR\n0 : F NTH - NWY\n1 : A YOR - LVP',
  TURKEY: '2 : A SER - BUL\n2 > A SER - ALB',
  AUSTRIA: '3 : A SER H',
};

describe('a Payola game played by mail', () => {
  it("plays from 1901 to Russia's win in 1905 as the guide works its examples", async () => {
    const { send, process, funds, judge, master, players } = await payolaGame('bribes');
    expect((await send('ITALY', 'ACCEPT IT')).reply.text).toContain('Your acceptance list is IT?.');
    for (const [power, sheet] of Object.entries(SPRING_1901)) expect((await send(power, sheet)).reply.text).not.toContain('not accepted');

    const spring = await process();
    for (const order of [
      'A PAR - BUR.',
      'A MAR - SPA.',
      'F LON - NTH.',
      'A MUN H.',
      'A BER - SIL.',
      'A BUD - SER.',
      'F ANK - BLA.',
      'A SMY H.',
      'A ROM - TUS.',
    ])
      expect(spring.master).toContain(order);
    expect(spring.master).toMatch(/A WAR - GAL\. +\(\*bounce\*\)/);

    // Germany: 5 + 30 accepted from 48 - 25 = 23 AgP: cut seven times, the negative bribe stopping at 0.
    expect(statement(spring.of('GERMANY'), 'GERMANY')).toBe(
      [
        'ACCOUNT STATEMENT FOR GERMANY',
        '='.repeat(50),
        'YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:',
        '     0 : F KIE H',
        '    23 : A BER - SIL',
        // The negative bribe was cut to nothing before the army's 30 AgP reached 23.
        '     0 : A MUN H',
        'YOUR ACCEPTED BRIBES WERE:',
        '     0 : F KIE H',
        '    23 : A BER - SIL',
        '     0 : A MUN H',
        'YOUR OFFER SHEET WAS:',
        '     5 ! A MUN - BUR',
        '    30 : A BER - SIL',
        '    25 $',
        'THE PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS:     48 AgP',
        'EACH OFFER WAS SUBJECT TO BRIBE REDUCTION RULES     7 TIMES',
        'TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:   23 AgP',
        'THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:     25 AgP',
      ].join('\n'),
    );
    // Austria: 30 + 30 from 48: cut six times to 24 + 24; its tied bid for A ROM lost.
    expect(spring.of('AUSTRIA')).toContain('EACH OFFER WAS SUBJECT TO BRIBE REDUCTION RULES     6 TIMES');
    expect(spring.of('AUSTRIA')).toContain('THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:      0 AgP');
    // Italy's A ROM followed Turkey's money: starred, Italy paid nothing toward it.
    expect(spring.of('ITALY')).toContain(' *   3 : A ROM - TUS');
    expect(spring.of('ITALY')).not.toContain('ACCOUNT STATEMENT FOR TURKEY');
    const balances = () => Object.fromEntries(['FRANCE', 'ENGLAND', 'GERMANY', 'RUSSIA', 'AUSTRIA', 'ITALY', 'TURKEY'].map((power) => [power, funds(power)]));
    expect(balances()).toEqual({
      FRANCE: ['$41'],
      ENGLAND: ['$46'],
      GERMANY: ['$25'],
      RUSSIA: ['$56'],
      AUSTRIA: ['$0'],
      ITALY: ['$47'],
      TURKEY: ['$41'],
    });

    // Fall 1901: France buys the Italian army's support ("Bribe Interactions": a unit follows the standard rules whoever pays it);
    // Germany's 3 AgP for A TYR to hold loses to France's 6, and costs it nothing.
    await send('FRANCE', '5 : A BUR - MUN\n6 : A TYR S A BUR - MUN');
    await send('GERMANY', '3 : A TYR H');
    const fall = await process();
    expect(fall.master).toContain('A TYR S A BUR - MUN.');
    expect(fall.master).toContain('Germany: A MUN may retreat to');
    expect(fall.of('GERMANY')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    0 AgP');
    expect(fall.of('GERMANY')).toContain('     0 : A MUN H\nYOUR OFFER SHEET WAS:\n     3 : A TYR H');
    expect(balances()).toMatchObject({ FRANCE: ['$30'], GERMANY: ['$25'] });

    // "What about retreat and adjustment phases?": retreats and builds are given as in a standard game.
    await send('GERMANY', 'A MUN - RUH');
    await process();
    await send('FRANCE', 'BUILD A PAR\nBUILD A MAR');
    await send('GERMANY', 'REMOVE A SIL');
    await send('AUSTRIA', 'BUILD A BUD');
    const adjustments = await process();
    // The income report closes the phase that pays it: France had 30 AgP and earns 17+16+15+14+13 for its five centres.
    expect(adjustments.of('FRANCE')).toContain(
      'INCOME FOR FRANCE FOR YEAR END 1901\n' + '='.repeat(35) + '\nBALANCE FORWARD       30 AgP\nTAX INCOME            75 AgP\nCURRENT BALANCE      105 AgP',
    );
    expect(judge.statusText('bribes')).toMatch(/^PHASE SPRING 1902 MOVEMENT$/m);
    // "Income and Expenses": after the Fall phases, 17+16+... for the centres held: France 5 (75), Germany 2 (33), Austria 4 (62).
    expect(balances()).toEqual({
      FRANCE: ['$105'],
      ENGLAND: ['$94'],
      GERMANY: ['$58'],
      RUSSIA: ['$118'],
      AUSTRIA: ['$62'],
      ITALY: ['$95'],
      TURKEY: ['$89'],
    });

    // "Is the money only for bribes?": a transfer to any other player, at any time.
    expect((await send('FRANCE', 'TRANSFER 20 TO ITALY')).reply.text).toContain('CURRENT BALANCE              85 AgP');
    // "the bribe plateau": 8#4 is never cut below 4 while another offer can be. 108 AgP offered from 85: both cut
    // four times (4 + 96), then the other alone fifteen more (4 + 81 = 85): 19 cuts.
    await send('FRANCE', '8#4 : A MUN - BOH\n100 : A PAR - PIC');
    const spring1902 = await process();
    expect(spring1902.of('FRANCE')).toContain('     4 : A MUN - BOH\n     0 : A SPA H\n    81 : A PAR - PIC');
    expect(spring1902.of('FRANCE')).toContain('EACH OFFER WAS SUBJECT TO BRIBE REDUCTION RULES    19 TIMES');
    expect(balances()).toMatchObject({ FRANCE: ['$0'], ITALY: ['$115'] });

    // "Is the money only for bribes?" under ONE_TRANSFER (Rules.txt 3.3): Italy funds its broke neighbour once this phase.
    expect((await master('RULE ONE_TRANSFER')).reply.text).toContain('> RULE ONE_TRANSFER\nWritten into the status file.');
    expect((await send('ITALY', 'TRANSFER 15 TO FRANCE')).reply.text).toContain('15 AgP transferred to France.');
    expect((await send('ITALY', 'TRANSFER 1 TO FRANCE')).refused).toEqual([
      { line: 'TRANSFER 1 TO FRANCE', code: 'PAYOLA_FUNDS', reason: expect.stringContaining('Italy has already transferred funds to France this phase') },
    ]);
    expect(balances()).toMatchObject({ FRANCE: ['$15'], ITALY: ['$100'] });
    for (const [power, sheet] of Object.entries(FALL_1902)) expect((await send(power, sheet)).reply.text).not.toContain('not accepted');
    const fall1902 = await process();
    for (const order of ['A VIE - BOH.', 'A TYR S A VIE - BOH.', 'A RUH - MUN.', 'A PIC - BEL.', 'A SMY - SYR.', 'A LVP - YOR.', 'F SEV H.', 'A CON S A SMY'])
      expect(fall1902.master).toContain(order);
    expect(fall1902.master).toContain('France: A BOH may retreat to');
    // Turkey's sheet worked through: A SMY took 3 + 5 for SYR, A CON 2 + 3 for the support, and Turkey owes 5 + 3 of it.
    expect(statement(fall1902.of('TURKEY'), 'TURKEY')).toBe(
      [
        'ACCOUNT STATEMENT FOR TURKEY',
        '='.repeat('FALL 1902 MOVEMENT ACCOUNT STATEMENT FOR TURKEY'.length),
        'YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:',
        '     0 : F BLA H',
        '     5 : A CON S A SMY',
        '     8 : A SMY - SYR',
        'YOUR ACCEPTED BRIBES WERE:',
        '     0 : F BLA H',
        '     3 : A CON S A SMY',
        '     5 : A SMY - SYR',
        'YOUR OFFER SHEET WAS:',
        '     5 > A SMY - ARM',
        '     3 @ A CON - BUL',
        'THE PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS:     89 AgP',
        'TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    8 AgP',
        'THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:     81 AgP',
      ].join('\n'),
    );
    // England's acceptance list settled A LVP's tie for Russia: Germany's losing 3 AgP is not charged.
    expect(fall1902.of('GERMANY')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    8 AgP');
    // What each paid, worked from the sheets: France 3 (BEL); Germany 6 (MUN) + 2 (A BOH did not go to MUN), its 3 for LVP lost;
    // Russia 3 (SYR) + 3 (YOR) + 2 (gift); Austria 5 + 4; England 2 (the support); Turkey 5 (SMY moved) + 3 (CON stayed).
    expect(balances()).toEqual({
      FRANCE: ['$12'],
      ENGLAND: ['$92'],
      GERMANY: ['$50'],
      RUSSIA: ['$110'],
      AUSTRIA: ['$53'],
      ITALY: ['$100'],
      TURKEY: ['$81'],
    });

    // "What about retreat and adjustment phases?": A BOH cannot go back to VIE, where its attacker came from, nor to MUN, now taken.
    await send('FRANCE', 'A BOH - SIL');
    const retreat = await process();
    expect(retreat.master).toContain('A BOH - SIL.');
    // Germany holds BER, KIE and MUN again with two units: one build. France swapped MUN for BEL: five centres, five units.
    await send('GERMANY', 'BUILD A BER');
    const adjustments1902 = await process();
    expect(adjustments1902.master).toContain('Germany:\n  BUILD A BER.');
    // "Income and Expenses": 17+16+15 = 48 for three centres (England, Germany, Italy, Turkey), 62 for four (Russia, Austria),
    // 75 for five (France), on top of what each had left.
    const income1902: Record<string, [number, number]> = {
      FRANCE: [12, 75],
      ENGLAND: [92, 48],
      GERMANY: [50, 48],
      RUSSIA: [110, 62],
      AUSTRIA: [53, 62],
      ITALY: [100, 48],
      TURKEY: [81, 48],
    };
    for (const [power, report] of Object.entries(income1902)) expect(adjustments1902.of(power)).toContain(incomeReport(power, 1902, report));
    expect(balances()).toEqual({
      FRANCE: ['$87'],
      ENGLAND: ['$140'],
      GERMANY: ['$98'],
      RUSSIA: ['$172'],
      AUSTRIA: ['$115'],
      ITALY: ['$148'],
      TURKEY: ['$129'],
    });
    expect(judge.statusText('bribes')).toMatch(/^PHASE SPRING 1903 MOVEMENT$/m);

    // Spring 1903. "How do I ask a unit not to do more than one thing?": 4 ! A WAR - GAL | - SIL is paid once if WAR does neither.
    // Germany's 2 for A WAR - SIL loses to the 4 the hold earns, and costs Germany nothing; Austria's gift is paid all the same,
    // and Germany pays its 7 for A MUN - TYR although the army bounces off the Italian one.
    await send('RUSSIA', '4 ! A WAR - GAL | - SIL');
    await send('GERMANY', '2 : A WAR - SIL\n7 : A MUN - TYR');
    await send('AUSTRIA', '1 & A WAR H');
    const spring1903 = await process();
    expect(spring1903.master).toContain('A WAR H.');
    expect(spring1903.master).toMatch(/A MUN - TYR\. +\(\*bounce\*\)/);
    expect(spring1903.of('RUSSIA')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    4 AgP');
    expect(balances()).toEqual({
      FRANCE: ['$87'],
      ENGLAND: ['$140'],
      GERMANY: ['$91'],
      RUSSIA: ['$168'],
      AUSTRIA: ['$114'],
      ITALY: ['$148'],
      TURKEY: ['$129'],
    });

    // Fall 1903: Italy walks into Vienna, left empty since Austria's army went to Bohemia; Germany's 4 AgP for A TYR to hold
    // loses to Italy's 5 and costs it nothing. Austria is down to BUD, TRI and SER with four units; Italy holds four centres.
    await send('ITALY', '5 : A TYR - VIE');
    await send('GERMANY', '4 : A TYR H');
    const fall1903 = await process();
    expect(fall1903.master).toContain('A TYR - VIE.');
    expect(fall1903.of('GERMANY')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    0 AgP');
    expect(judge.statusText('bribes')).toMatch(/^PHASE WINTER 1903 ADJUSTMENTS$/m);
    await send('AUSTRIA', 'REMOVE A BOH');
    await send('ITALY', 'BUILD A VEN');
    const adjustments1903 = await process();
    expect(adjustments1903.master).toContain('Austria:\n  REMOVE A BOH.');
    expect(adjustments1903.master).toContain('Italy:\n  BUILD A VEN.');
    // "Income and Expenses" again: Austria's three centres now earn 48, Italy's four 62.
    const income1903: Record<string, [number, number]> = {
      FRANCE: [87, 75],
      ENGLAND: [140, 48],
      GERMANY: [91, 48],
      RUSSIA: [168, 62],
      AUSTRIA: [114, 48],
      ITALY: [143, 62],
      TURKEY: [129, 48],
    };
    for (const [power, report] of Object.entries(income1903)) expect(adjustments1903.of(power)).toContain(incomeReport(power, 1903, report));
    expect(balances()).toEqual({
      FRANCE: ['$162'],
      ENGLAND: ['$188'],
      GERMANY: ['$139'],
      RUSSIA: ['$230'],
      AUSTRIA: ['$162'],
      ITALY: ['$205'],
      TURKEY: ['$177'],
    });
    expect(judge.statusText('bribes')).toMatch(/^PHASE SPRING 1904 MOVEMENT$/m);

    // Spring 1904. "Is my money for a particular order combined with money that other players offer for that same order?":
    // France's 4 and Italy's 3 for A MUN - RUH make 7, beating Germany's own 6 for the army to hold.
    // "Does the acceptance list really matter?": England lists itself first and its ally Russia last, and backs Russia's
    // 3 for F NTH - NWY with a 0 AgP "helper bid"; Germany's 3 for F NTH - HOL ties, and loses the tie-break.
    // "Can I offer more than one bribe to a single unit?": Turkey's 2 for A SER - BUL and its 2 for any move of A SER make 4
    // for BUL (2 for ALB), beating Austria's 3 for the army to hold.
    for (const [power, sheet] of Object.entries(SPRING_1904)) expect((await send(power, sheet)).reply.text).not.toContain('not accepted');
    const spring1904 = await process();
    for (const order of ['A MUN - RUH.', 'F NTH - NWY.', 'A SER - BUL.', 'F KIE - DEN.', 'A SIL - PRU.', 'A TUS - PIE.', 'F SEV - RUM.', 'A YOR - LVP.'])
      expect(spring1904.master).toContain(order);
    expect(statement(spring1904.of('ENGLAND'), 'ENGLAND')).toBe(
      [
        'ACCOUNT STATEMENT FOR ENGLAND',
        '='.repeat('SPRING 1904 MOVEMENT ACCOUNT STATEMENT FOR ENGLAND'.length),
        'YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:',
        '     3 : F NTH - NWY',
        '     0 : F EDI H',
        '     1 : A YOR - LVP',
        'YOUR ACCEPTED BRIBES WERE:',
        '     0 : F NTH - NWY',
        '     0 : F EDI H',
        '     1 : A YOR - LVP',
        'YOUR OFFER SHEET WAS:',
        '     0 : F NTH - NWY',
        '     1 : A YOR - LVP',
        'THE PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS:    188 AgP',
        'TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    1 AgP',
        'THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:    187 AgP',
      ].join('\n'),
    );
    // Germany's army followed others' money (starred: Germany paid nothing toward it); its losing 6 and 3 cost nothing.
    expect(statement(spring1904.of('GERMANY'), 'GERMANY')).toBe(
      [
        'ACCOUNT STATEMENT FOR GERMANY',
        '='.repeat('SPRING 1904 MOVEMENT ACCOUNT STATEMENT FOR GERMANY'.length),
        'YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:',
        '     2 : F KIE - DEN',
        ' *   7 : A MUN - RUH',
        '     0 : A BER H',
        'YOUR ACCEPTED BRIBES WERE:',
        '     2 : F KIE - DEN',
        '     0 : A BER H',
        'YOUR OFFER SHEET WAS:',
        '     6 : A MUN H',
        '     3 : F NTH - HOL',
        '     2 : F KIE - DEN',
        'THE PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS:    139 AgP',
        'TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    2 AgP',
        'THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:    137 AgP',
      ].join('\n'),
    );
    // France 4 + 2, Italy 3 + 1, Russia 3 + 2, Turkey 2 + 2; Austria's losing 3 costs nothing.
    expect(balances()).toEqual({
      FRANCE: ['$156'],
      ENGLAND: ['$187'],
      GERMANY: ['$137'],
      RUSSIA: ['$225'],
      AUSTRIA: ['$162'],
      ITALY: ['$201'],
      TURKEY: ['$173'],
    });

    // Fall 1904. "Is the money only for bribes?": Russia pays its ally 20 AgP.
    expect((await send('RUSSIA', 'TRANSFER 20 TO ENGLAND')).reply.text).toContain('20 AgP transferred to England.');
    // "Can I pay a foreign unit to support me in my attempt to dislodge another unit owned by that same foreign power?":
    // Italy buys Austria's A BUD (3 against Austria's own 2) to support A VIE - TRI; the support is given and paid for,
    // but an Austrian support cannot dislodge an Austrian unit, and the attack on F TRI fails.
    // Germany buys the Russian army in Warsaw's support and dislodges France's A PRU, which holds on France's 0 AgP.
    await send('ITALY', '4 : A VIE - TRI\n3 : A BUD S A VIE - TRI');
    await send('AUSTRIA', '2 : A BUD H');
    await send('GERMANY', '4 : A BER - PRU\n3 : A WAR S A BER - PRU');
    const fall1904 = await process();
    expect(fall1904.master).toContain('A BUD S A VIE - TRI.');
    expect(fall1904.master).toMatch(/A VIE - TRI\. +\(\*bounce\*\)/);
    expect(fall1904.master).toContain('A WAR S A BER - PRU.');
    expect(fall1904.master).toContain('France: A PRU may retreat to');
    expect(fall1904.of('ITALY')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    7 AgP');
    expect(fall1904.of('AUSTRIA')).toContain('TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS:    0 AgP');

    // "What about retreat and adjustment phases?": France retreats, and the year's centres give builds.
    await send('FRANCE', 'A PRU - SIL');
    expect((await process()).master).toContain('A PRU - SIL.');
    await send('ENGLAND', 'BUILD F LON');
    await send('GERMANY', 'BUILD A MUN');
    await send('RUSSIA', 'BUILD F SEV');
    const adjustments1904 = await process();
    for (const build of ['England:\n  BUILD F LON.', 'Germany:\n  BUILD A MUN.', 'Russia:\n  BUILD F SEV.']) expect(adjustments1904.master).toContain(build);
    // "Income and Expenses": Norway, Denmark and Bulgaria make England, Germany and Austria (Serbia empty but not taken)
    // four centres (62 AgP), Rumania Russia five (75).
    const income1904: Record<string, [number, number]> = {
      FRANCE: [156, 75],
      ENGLAND: [207, 62],
      GERMANY: [130, 62],
      RUSSIA: [205, 75],
      AUSTRIA: [162, 62],
      ITALY: [194, 62],
      TURKEY: [173, 48],
    };
    for (const [power, report] of Object.entries(income1904)) expect(adjustments1904.of(power)).toContain(incomeReport(power, 1904, report));

    // The game ends as this judge ends games by agreement: every other power concedes to Russia (VOTE LOSS, VOTE SOLO).
    // Everyone is told every final treasury, as DPjudge opens its ledgers once a game is over.
    for (const power of ['FRANCE', 'ENGLAND', 'GERMANY', 'AUSTRIA', 'ITALY', 'TURKEY']) await send(power, 'VOTE LOSS');
    const conceded = await send('RUSSIA', 'VOTE SOLO');
    expect(conceded.reply.text).toContain("The votes agree: game 'bribes' is over, Russia has won.");
    const gameOver = conceded.notices.find((mail) => mail.subject === 'bribes: the game is over' && mail.to.includes(players.get('FRANCE')!.address))!;
    expect(gameOver.text).toContain(
      [
        'FINAL TREASURY BALANCES',
        '=======================',
        'AUSTRIA                224 AgP',
        'ENGLAND                269 AgP',
        'FRANCE                 231 AgP',
        'GERMANY                192 AgP',
        'ITALY                  256 AgP',
        'RUSSIA                 280 AgP',
        'TURKEY                 221 AgP',
      ].join('\n'),
    );
    expect(judge.statusText('bribes')).toMatch(/^PHASE COMPLETED$/m);
  });
});
