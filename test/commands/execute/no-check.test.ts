import { describe, expect, it } from 'vitest';
import { HOLDS, gameUnderRules } from './support.js';

/**
 * NO_CHECK played by mail: orders are taken unchecked, and every order that turns out unusable is
 * listed in the results as `(*invalid*)` (Rules.txt, NO_CHECK), foreign and phantom orders included.
 */
const gameWith = (rules: readonly string[]) => gameUnderRules('nocheck', rules);

describe('NO_CHECK by mail', () => {
  it('lists an order found unusable at processing as (*invalid*), and the unit holds', async () => {
    const { send, process } = await gameWith(['NO_CHECK']);
    const france = await send('FRANCE', 'A PAR - BUR\nA MAR - ROM\nF BRE H');
    expect(france.reply.text).toContain('Orders on file for France for Spring 1901 Movement:\n  A PAR - BUR\n  A MAR - ROM\n  F BRE H\n');
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toContain('France:\n  A PAR - BUR.\n  A MAR - ROM.  (*invalid*) no fleets stand ready to convoy from Marseilles to Rome\n  F BRE H.\n');
  });

  it('lists another power’s order that a unit does not follow as (*invalid*) under ORDER_ANY', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'ORDER_ANY']);
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nA MUN - RUH`);
    expect(france.reply.text).toContain("A MUN - RUH: the army in Munich is Germany's: it follows Germany's order, not this one.");
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toContain("France:\n  A PAR H.\n  A MAR H.\n  F BRE H.\n  A MUN - RUH.  (*invalid*) A MUN (Germany) follows Germany's order\n");
    expect(results).toMatch(/Germany:\n {2}A MUN H\.\n/);
  });

  it('lists the order of a power the unit was not proxied to as (*invalid*), not the one it follows, under PROXY_OK', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'PROXY_OK']);
    await send('GERMANY', 'A MUN P FRANCE\nA BER H\nF KIE H');
    await send('FRANCE', `${HOLDS.FRANCE}\nA MUN - RUH`);
    await send('ENGLAND', `${HOLDS.ENGLAND}\nA MUN - BOH`);
    for (const power of ['ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toContain("A MUN - BOH.  (*invalid*) A MUN (Germany) follows France's order");
    expect(results).toContain('A MUN - RUH.\n');
    expect(results).not.toMatch(/A MUN - RUH\. {2}\(\*/);
  });

  it('lists an order to a unit that does not exist as (*invalid*) under FICTIONAL_OK', async () => {
    const { send, process } = await gameWith(['NO_CHECK', 'FICTIONAL_OK']);
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nA PIC - BEL`);
    expect(france.reply.text).not.toContain('not accepted');
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    expect(await process()).toContain('France:\n  A PAR H.\n  A MAR H.\n  F BRE H.\n  A PIC - BEL.  (*invalid*) the unit ordered does not exist\n');
  });
});
