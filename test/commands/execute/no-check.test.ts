import { describe, expect, it } from 'vitest';
import { resultsListed } from './reply-parts.js';
import { HOLDS, gameUnderRules, ordersOf, powerOf } from './support.js';

/**
 * NO_CHECK played by mail: orders are taken unchecked, and every order that turns out unusable is
 * listed in the results as `(*invalid*)` (Rules.txt, NO_CHECK), foreign and phantom orders included.
 */
const gameWith = (rules: readonly string[]) => gameUnderRules('nocheck', rules);

describe('NO_CHECK by mail', () => {
  it('lists an order found unusable at processing as (*invalid*), and the unit holds', async () => {
    const { judge, send, process } = await gameWith(['NO_CHECK']);
    const france = await send('FRANCE', 'A PAR - BUR\nA MAR - ROM\nF BRE H');
    expect(france.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE', 'nocheck')).toEqual(['A PAR - BUR', 'A MAR - ROM', 'F BRE H']);
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    // The wording of an invalid order in the results is kept here.
    expect(results).toContain('France:\n  A PAR - BUR.\n  A MAR - ROM.  (*invalid*) no fleets stand ready to convoy from Marseilles to Rome\n  F BRE H.\n');
  });

  it('lists another power’s order that a unit does not follow as (*invalid*) under ORDER_ANY', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'ORDER_ANY']);
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nA MUN - RUH`);
    expect(france.refused).toEqual([]);
    expect(france.reply.text).toContain("it follows Germany's order, not this one");
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const listed = resultsListed(await process());
    expect(listed.France).toEqual(['A PAR H.', 'A MAR H.', 'F BRE H.', "A MUN - RUH.  (*invalid*) A MUN (Germany) follows Germany's order"]);
    expect(listed.Germany![0]).toBe('A MUN H.');
  });

  it('lists the order of a power the unit was not proxied to as (*invalid*), not the one it follows, under PROXY_OK', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'PROXY_OK']);
    await send('GERMANY', 'A MUN P FRANCE\nA BER H\nF KIE H');
    await send('FRANCE', `${HOLDS.FRANCE}\nA MUN - RUH`);
    await send('ENGLAND', `${HOLDS.ENGLAND}\nA MUN - BOH`);
    for (const power of ['ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const listed = resultsListed(await process());
    expect(listed.England).toContain("A MUN - BOH.  (*invalid*) A MUN (Germany) follows France's order");
    expect(listed.Germany!.slice(0, 2)).toEqual(['A MUN - RUH.', 'A MUN P FRANCE.']);
  });

  it('lists an order to a unit that does not exist as (*invalid*) under FICTIONAL_OK', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'FICTIONAL_OK']);
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nA PIC - BEL`);
    expect(france.refused).toEqual([]);
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    expect(resultsListed(await process()).France).toEqual(['A PAR H.', 'A MAR H.', 'F BRE H.', 'A PIC - BEL.  (*invalid*) the unit ordered does not exist']);
  });
});

describe('NO_CHECK by mail: a unit given more than one order', () => {
  const others = ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY'];
  const invalid = '(*invalid*) A PAR (France) has more than one order (REORDER): it holds';

  it('keeps both orders on file, says the unit will hold, and lists both as invalid while the unit holds', async () => {
    const { judge, send, process } = await gameWith(['NO_CHECK']);
    const france = await send('FRANCE', 'A PAR - BUR\nA PAR - PIC\nA PAR - BUR\nA MAR H\nF BRE H');
    expect(ordersOf(judge, 'FRANCE', 'nocheck')).toEqual(['A PAR - BUR', 'A PAR - PIC', 'A MAR H', 'F BRE H']);
    // The wording of the note on a unit given more than one order is kept here.
    expect(france.reply.text).toContain('A PAR has more than one order: it will hold, and its orders will be listed as invalid in the results.');
    expect(france.refused).toEqual([]);
    for (const power of others) await send(power, HOLDS[power]!);
    // Read back and written again by every later mail, both orders are still there.
    expect(ordersOf(judge, 'FRANCE', 'nocheck')).toEqual(['A PAR - BUR', 'A PAR - PIC', 'A MAR H', 'F BRE H']);
    const results = await process();
    expect(resultsListed(results).France).toEqual([`A PAR - BUR.  ${invalid}`, `A PAR - PIC.  ${invalid}`, 'A MAR H.', 'F BRE H.']);
    expect(powerOf(judge, 'FRANCE', 'nocheck').units.map((unit) => unit.location)).toContain('PAR');
  });

  it('counts a repeated order once: the unit follows it', async () => {
    const { judge, send, process } = await gameWith(['NO_CHECK']);
    const france = await send('FRANCE', 'A PAR - BUR\nA PAR - BUR\nA MAR H\nF BRE H');
    expect(ordersOf(judge, 'FRANCE', 'nocheck')).toEqual(['A PAR - BUR', 'A MAR H', 'F BRE H']);
    expect(france.reply.text).not.toContain('more than one order');
    for (const power of others) await send(power, HOLDS[power]!);
    expect(resultsListed(await process()).France).toEqual(['A PAR - BUR.', 'A MAR H.', 'F BRE H.']);
  });

  it('takes a proxy and a later order of the owner as two orders under PROXY_OK: the unit holds', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'PROXY_OK']);
    const germany = await send('GERMANY', 'A MUN P FRANCE\nA MUN - RUH\nA BER H\nF KIE H');
    expect(germany.reply.text).toContain('A MUN has more than one order: it will hold');
    for (const power of ['ENGLAND', 'FRANCE', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const reorder = '(*invalid*) A MUN (Germany) has more than one order (REORDER): it holds';
    expect(resultsListed(await process()).Germany).toEqual([`A MUN P FRANCE.  ${reorder}`, `A MUN - RUH.  ${reorder}`, 'A BER H.', 'F KIE H.']);
  });

  it('does not tell a power that a unit it does not command will hold, under ORDER_ANY', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'ORDER_ANY']);
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nA MUN - RUH\nA MUN - BOH`);
    expect(france.reply.text).not.toContain('more than one order');
    for (const power of others) await send(power, HOLDS[power]!);
    const listed = resultsListed(await process());
    const follows = "(*invalid*) A MUN (Germany) follows Germany's order";
    expect(listed.France!.slice(-2)).toEqual([`A MUN - RUH.  ${follows}`, `A MUN - BOH.  ${follows}`]);
    expect(listed.Germany![0]).toBe('A MUN H.');
  });

  it('outside NO_CHECK, has a later order replace the earlier one, and says so', async () => {
    const { judge, send, process } = await gameWith([]);
    const france = await send('FRANCE', 'A PAR - BUR\nA PAR - PIC\nA MAR H\nF BRE H');
    expect(france.refused).toEqual([{ line: 'A PAR - BUR', code: 'ORDER_REFUSED', reason: 'replaced by the later order for the same unit, "A PAR - PIC"' }]);
    expect(ordersOf(judge, 'FRANCE', 'nocheck')).toEqual(['A PAR - PIC', 'A MAR H', 'F BRE H']);
    for (const power of others) await send(power, HOLDS[power]!);
    expect(resultsListed(await process()).France).toEqual(['A PAR - PIC.', 'A MAR H.', 'F BRE H.']);
  });
});
