import { describe, expect, it } from 'vitest';
import { address, MASTER } from '../commands/execute/support.js';
import { crystalBall, section } from './support.js';

/**
 * A Crystal Ball game played by mail, from CREATE to its end, a draw agreed in 1904. Each step is a worked example
 * written from DPjudge's players' guide (`DPjudge/variants/xtalball/pages/Questions`), named with
 * the guide's question it comes from; XtalballGame.py settles what the guide leaves open.
 */

const HOLD_ALL: Record<string, string[]> = {
  ENGLAND: ['F LON H', 'F EDI H', 'A LVP H'],
  ITALY: ['F NAP H', 'A ROM H', 'A VEN H'],
  AUSTRIA: ['A VIE H', 'A BUD H', 'F TRI H'],
  RUSSIA: ['F STP/SC H', 'A MOS H', 'A WAR H', 'F SEV H'],
};

describe('a Crystal Ball game played by mail', () => {
  it('plays the guide worked examples from CREATE to a draw in 1904: the locked first turn, Rule 3.1, revoked and ignored orders, proxies, a retreat and builds, ROLLBACK, the lists public at the end', async () => {
    const { judge, created, send, process } = await crystalBall([], { seed: 3 });
    expect(created.reply.text).toContain("Game 'cb' is created");
    expect(judge.mainStatus()).toMatch(/^cb xtalball active$/m);
    // XtalballGame.reinit: a Crystal Ball game always plays under FICTIONAL_OK and PROXY_OK (Rules.txt 4.1).
    expect(judge.statusText('cb')).toMatch(/^RULE FICTIONAL_OK PROXY_OK$/m);

    // "How does the first turn work?": every power enters its list for the first movement phase
    // first; until the last one is in, a list may still be replaced.
    const first = await send('FRANCE', ['A PAR - BUR', 'F BRE - MAO']);
    expect(first.reply.text).toContain(
      'Orders on file for France for Spring 1901 Movement (SOONER, locked in once every power has sent its list):\n  A PAR - BUR\n  F BRE - MAO\n',
    );
    await send('FRANCE', ['A PAR - PIC', 'F BRE - ENG', 'A MAR - BUR']);
    await send('GERMANY', ['A MUN - RUH', 'A BER - MUN', 'F KIE - DEN']);
    await send('TURKEY', ['F ANK - BLA', 'A CON - BUL', 'A SMY H']);
    await send('ENGLAND', HOLD_ALL.ENGLAND!);
    await send('ITALY', HOLD_ALL.ITALY!);
    await send('AUSTRIA', HOLD_ALL.AUSTRIA!);
    // "... as soon as he does so! -- the orders for all players are locked down and notice is sent to all players".
    const last = await send('RUSSIA', HOLD_ALL.RUSSIA!);
    const lock =
      'Every power has now entered its order list for Spring 1901 Movement: the lists are locked in. Enter the next list, for the movement phase after it.';
    expect(last.reply.text).toContain(lock);
    expect(
      last.notices
        .filter((notice) => notice.text.includes(lock))
        .flatMap((notice) => notice.to)
        .sort(),
    ).toEqual([MASTER, ...[1, 2, 3, 4, 5, 6, 7].map(address)].sort());

    // "Can I change my locked-in orders? No.": France's orders now go to the next list.
    const locked = await send('FRANCE', ['F ENG S A PIC - BEL', 'F BRE - ENG', 'A BUR S A PIC - BEL', 'A MAR - BUR', 'A PIC - BEL']);
    expect(locked.reply.text).toContain(
      [
        'Orders on file for France for Spring 1901 Movement (locked in: SOONER):',
        '  A PAR - PIC',
        '  F BRE - ENG',
        '  A MAR - BUR',
        'Orders on file for France for the movement phase after it (LATER):',
        '  F ENG S A PIC - BEL',
        '  F BRE - ENG',
        '  A BUR S A PIC - BEL',
        '  A MAR - BUR',
        '  A PIC - BEL',
      ].join('\n'),
    );
    // "Can I omit the unit type? No, you cannot." The supported unit's type may be left out.
    const untyped = await send('GERMANY', ['MUN - BUR', 'A MUN - BUR', 'A RUH S MUN - BUR', 'F DEN H']);
    expect(untyped.reply.text).toContain('"MUN - BUR": say whether the unit is an army (A) or a fleet (F): the order is for that unit only');
    await send('TURKEY', ['A BUL H', 'F BLA H', 'A SMY H']);
    for (const power of ['ENGLAND', 'ITALY', 'AUSTRIA']) await send(power, HOLD_ALL[power]!);
    // "Will moves process before the deadline if all players get their (next) order list submitted? Yes."
    const ready = await send('RUSSIA', HOLD_ALL.RUSSIA!);
    expect(ready.reply.text).toContain('Every power that owes orders has them on file now');

    const spring = await process('PROCESS');
    // "Will the other players see my order list? ... has no access to the order list of any of the other players"
    // (no PUBLIC_LISTS): each power reads its own list as played, the Master every list.
    expect(section(spring('FRANCE'), 'Spring 1901 Movement order lists:')).toEqual([
      'France:   [ordered] A PAR - PIC',
      'France:   [ordered] F BRE - ENG',
      'France:   [ordered] A MAR - BUR',
    ]);
    expect(spring('FRANCE')).not.toContain('Germany:  [ordered]');
    expect(spring(null)).toContain('Germany:  [ordered] A MUN - RUH');
    // The LATER lists moved up: the one France wrote is the one locked in now (XtalballGame.preMoveUpdate).
    const fall = await send('FRANCE', ['F ENG P ENGLAND', 'A PIC S F ENG - BEL', 'A BUR - MUN', 'A PAR H']);
    expect(fall.reply.text).toContain('Orders on file for France for Fall 1901 Movement (locked in: SOONER):\n  F ENG S A PIC - BEL\n');
    expect(fall.reply.text).toContain('Orders on file for France for the movement phase after it (LATER):\n  F ENG P ENGLAND\n');
    await send('ENGLAND', ['F LON H', 'F ENG - BEL', 'F EDI H', 'A LVP H']);
    await send('GERMANY', ['A BUR H', 'A RUH H', 'F DEN H', 'A BER H']);
    await send('TURKEY', ['A BUL - GRE', 'F BLA H', 'A SMY H', 'F ANK H']);
    for (const power of ['ITALY', 'AUSTRIA', 'RUSSIA']) await send(power, HOLD_ALL[power]!);

    // "Can I change my locked-in orders?" The guide's Fall 1901 list written in ignorance of Rule 3.1:
    // the largest power (Russia) has 4 centres, so the fifth order is ignored and A PIC holds; the orders
    // for units that moved away in the Spring find no unit ("the order has no effect").
    const fallResults = await process('PROCESS');
    expect(section(fallResults('FRANCE'), 'Fall 1901 Movement order lists:')).toEqual([
      'France:   [ordered] F ENG S A PIC - BEL',
      'France:   [no unit] F BRE - ENG',
      'France:   [ordered] A BUR S A PIC - BEL',
      'France:   [no unit] A MAR - BUR',
      'France:   [ignored] A PIC - BEL',
      'France:   [default] A PIC H',
    ]);
    expect(section(fallResults('FRANCE'), 'France:')).toEqual([
      '  F ENG S A PIC - BEL.  (*void*) A PIC did not move to BEL',
      '  A BUR S A PIC - BEL.  (*void, dislodged*) A PIC did not move to BEL; dislodged by A MUN (Germany)',
      '  A PIC H.',
    ]);
    expect(section(fallResults('FRANCE'), 'The following units were dislodged:')).toEqual(['  France: A BUR may retreat to BEL, MAR, GAS, PAR.']);

    // "What about retreat and adjustment phases? ... issued in real time, as they occur."
    const retreat = await send('FRANCE', ['A BUR - PAR']);
    expect(retreat.reply.text).toContain('Orders on file for France for Fall 1901 Retreats:\n  A BUR - PAR');
    const retreats = await process('PROCESS');
    expect(section(retreats('FRANCE'), 'France:')).toEqual(['  A BUR - PAR.']);
    await send('GERMANY', ['BUILD A BER']);
    await send('TURKEY', ['BUILD F ANK']);
    const winter = await process('PROCESS');
    expect(section(winter('GERMANY'), 'Germany:')).toEqual(['  BUILD A BER.']);

    // Spring 1902 plays the lists written in Fall 1901, for units France and Turkey did not have yet.
    // "How do I issue a proxy order?" F ENG P ENGLAND, and England's list orders the fleet: the proxy
    // does not count against France's considered orders.
    // Italy writes no list for Fall 1902: "What if a unit doesn't receive any order at all? It will HOLD."
    for (const power of ['FRANCE', 'ENGLAND', 'GERMANY', 'TURKEY', 'AUSTRIA', 'RUSSIA']) await send(power, ['A MUN H']);
    const spring1902 = await process('PROCESS!');
    expect(section(spring1902(null), 'France:')).toEqual(['  F ENG - BEL.', '  A PIC S F ENG - BEL.', '  A PAR H.']);
    expect(section(spring1902('FRANCE'), 'Spring 1902 Movement order lists:')).toEqual([
      'France:   [proxied] F ENG P ENGLAND',
      'France:   [ordered] A PIC S F ENG - BEL',
      // The army in Burgundy is Germany's since the Fall, and not proxied to France (XtalballGame.determineOrders).
      'France:   [noProxy] A BUR - MUN',
      'France:   [ordered] A PAR H',
    ]);
    expect(section(spring1902('ENGLAND'), 'Spring 1902 Movement order lists:')).toEqual([
      'England:  [ordered] F LON H',
      'England:  [byProxy] F ENG - BEL',
      'England:  [ordered] F EDI H',
      'England:  [ordered] A LVP H',
    ]);
    expect(section(spring1902('TURKEY'), 'Turkey:')).toEqual(['  A BUL - GRE.', '  F BLA H.', '  A SMY H.', '  F ANK H.']);

    // Fall 1902: Italy's missing list became its first unit's HOLD (XtalballGame.preMoveUpdate); its other units hold unordered.
    expect(judge.statusText('cb')).toMatch(/^ITALY\n(?:.+\n)*SOONER\nF NAP H$/m);
    await send('FRANCE', ['F BRE - MAO', 'F BEL H', 'A PIC H', 'A PAR H']);
    const fall1902 = await process('PROCESS!');
    expect(section(fall1902(null), 'Fall 1902 Movement order lists:')).toEqual([
      'Austria:  [no unit] A MUN H',
      'Austria:  [default] A VIE H',
      'Austria:  [default] A BUD H',
      'Austria:  [default] F TRI H',
    ]);
    expect(section(fall1902('ITALY'), 'Fall 1902 Movement order lists:')).toEqual([
      'Italy:    [ordered] F NAP H',
      'Italy:    [default] A ROM H',
      'Italy:    [default] A VEN H',
    ]);
    expect(section(fall1902(null), 'Ownership of supply centers:')).toContain('  France:       4  BRE MAR PAR BEL');
    await send('FRANCE', ['BUILD F BRE']);
    await send('TURKEY', ['BUILD A CON']);
    await process('PROCESS');

    // Spring 1903 plays the list France wrote in Fall 1902 for a fleet it had not built yet.
    const spring1903 = await process('PROCESS!');
    expect(section(spring1903(null), 'France:')).toEqual(['  F BRE - MAO.', '  F BEL H.', '  A PIC H.', '  A PAR H.']);
    expect(section(spring1903('FRANCE'), 'Spring 1903 Movement order lists:')).toEqual([
      'France:   [ordered] F BRE - MAO',
      'France:   [ordered] F BEL H',
      'France:   [ordered] A PIC H',
      'France:   [ordered] A PAR H',
    ]);
    expect(judge.statusText('cb')).toMatch(/^PHASE FALL 1903 MOVEMENT$/m);

    // ROLLBACK: Spring 1903 is played again; the list locked in for it is back, the one written in it is not.
    await send('FRANCE', ['F MAO - SPA/NC']);
    await judge.send(MASTER, 'SIGNON Mcb masterpw\nROLLBACK');
    expect(judge.statusText('cb')).toMatch(/^PHASE SPRING 1903 MOVEMENT$/m);
    expect(judge.statusText('cb')).toMatch(/^SOONER\nF BRE - MAO\nF BEL H\nA PIC H\nA PAR H$/m);
    expect(judge.statusText('cb')).not.toContain('LATER');

    // LIST, SUMMARY and HISTORY as in any game; the lists, private without PUBLIC_LISTS, are not in the public history.
    const listed = await judge.send('stranger@example.org', 'LIST cb\nSUMMARY cb\nHISTORY cb');
    expect(listed.reply.text).toContain('Game cb (map standard): Spring 1903 Movement');
    expect(listed.reply.text).toContain('Rules: FICTIONAL_OK PROXY_OK ORDER_ANY');
    expect(listed.reply.text).toMatch(/^France {10}3 {4}3 {4}4$/m);
    expect(listed.reply.text).toContain('=== F1901M ===\nFall 1901 Movement results');
    expect(listed.reply.text).not.toContain('order lists');

    // Spring 1903 is played again as before the ROLLBACK, and France writes its list for Fall 1903. "What happens
    // if I list more than one order for a particular unit? The unit will follow the last order that you give it
    // before using up your allotment of "considered" orders. The earlier ones will be marked revoked." Turkey, the
    // largest power, has five centres: all five orders are considered.
    await send('FRANCE', ['A PIC - BEL', 'F MAO - SPA/NC', 'A PIC H', 'F BEL S F MAO - SPA', 'A PAR - BUR']);
    await send('GERMANY', ['A BUR H', 'A RUH H']);
    const spring1903again = await process('PROCESS!');
    expect(section(spring1903again(null), 'France:')).toEqual(['  F BRE - MAO.', '  F BEL H.', '  A PIC H.', '  A PAR H.']);
    const fall1903 = await process('PROCESS!');
    expect(section(fall1903('FRANCE'), 'Fall 1903 Movement order lists:')).toEqual([
      'France:   [revoked] A PIC - BEL',
      'France:   [ordered] F MAO - SPA/NC',
      'France:   [ordered] A PIC H',
      'France:   [ordered] F BEL S F MAO - SPA',
      'France:   [ordered] A PAR - BUR',
    ]);
    // "How do I issue orders if I don't know where my pieces will be located? ... the order has no effect": the
    // fleet that reached Belgium cannot support into Spain, and holds; Germany's army held Burgundy.
    expect(section(fall1903('FRANCE'), 'France:')).toEqual([
      '  F MAO - SPA/NC.',
      '  A PIC H.',
      '  A PAR - BUR.  (*bounce*) bounced with A BUR (Germany)',
      '  F BEL H.  (no order)',
    ]);
    expect(section(fall1903('FRANCE'), 'Orders on file that could not be used:')).toEqual([
      '  France: "F BEL S F MAO - SPA": the fleet in Belgium cannot support into Spain',
    ]);
    expect(section(fall1903(null), 'Adjustments due:')).toEqual(['  France: 5 centers, 4 units: builds 1.']);

    // "What about retreat and adjustment phases? ... issued in real time": France builds in Marseilles.
    await send('FRANCE', ['BUILD A MAR']);
    const winter1903 = await process('PROCESS');
    expect(section(winter1903('FRANCE'), 'France:')).toEqual(['  BUILD A MAR.']);
    expect(judge.statusText('cb')).toMatch(/^PHASE SPRING 1904 MOVEMENT$/m);

    // The game ends as this judge ends games by agreement: every survivor votes for a draw.
    const powers = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
    for (const power of powers.slice(0, -1)) await send(power, ['SET DRAW']);
    const drawn = await send('TURKEY', ['SET DRAW']);
    expect(drawn.reply.text).toContain("The votes agree: game 'cb' is over, it is drawn between");
    expect(judge.mainStatus()).toMatch(/^cb xtalball completed$/m);

    // "Once the game is finished, though, all order lists become public knowledge."
    const history = await judge.send('stranger@example.org', 'HISTORY cb');
    expect(section(history.reply.text, 'Fall 1903 Movement order lists:').slice(0, 3)).toEqual([
      'Austria:  [ordered] A VIE H',
      'Austria:  [default] A BUD H',
      'Austria:  [default] F TRI H',
    ]);
    expect(history.reply.text).toContain('France:   [revoked] A PIC - BEL\nFrance:   [ordered] F MAO - SPA/NC\n');
    expect(history.reply.text).toContain('England:  [byProxy] F ENG - BEL');
  });
});
