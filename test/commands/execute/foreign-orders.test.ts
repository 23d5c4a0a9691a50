import { describe, expect, it } from 'vitest';
import { orderChoices } from '../../../src/game/order-choices.js';
import { OperationRules } from '../../../src/game/rules.js';
import { readStatus } from '../../../src/status/parse.js';
import { renderStatusBytes } from '../../../src/status/render.js';
import { validateStatus } from '../../../src/status/validate.js';
import { HOLDS, gameUnderRules, ordersOf } from './support.js';

/**
 * ORDER_ANY, PROXY_OK, FICTIONAL_OK and SHOW_PHANTOM played by mail, on a standard game made for
 * each: what a DPjudge player reads in the replies to his orders and in the results (Rules.txt,
 * Format.txt's proxy order, Algorithm.txt steps 1 and 2).
 */

const gameWith = (rules: string) => gameUnderRules('foreign', [rules]);

describe('PROXY_OK by mail', () => {
  it('hands a unit to another power, whose order it follows; nobody else may order or re-proxy it', async () => {
    const { judge, send, process } = await gameWith('PROXY_OK');
    const england = await send('ENGLAND', 'F LON PROXY FRANCE\nF EDI H\nA LVP H');
    expect(england.refused).toEqual([]);
    expect(ordersOf(judge, 'ENGLAND', 'foreign')).toEqual(['F LON P FRANCE', 'F EDI H', 'A LVP H']);

    const france = await send('FRANCE', 'A PAR H\nA MAR H\nF BRE H\nF LON - ENG\nF LON P GERMANY');
    expect(france.refused).toEqual([{ line: 'F LON P GERMANY', code: 'ORDER_REFUSED', reason: 'the fleet in London belongs to England' }]);
    expect(ordersOf(judge, 'FRANCE', 'foreign')).toEqual(['A PAR H', 'A MAR H', 'F BRE H', 'F LON - ENG']);
    // The wording of the notes on orders to other powers' units is kept here and for Germany's below.
    expect(france.reply.text).toContain("F LON - ENG: the fleet in London is England's, proxied to France: it follows this order.");

    // The web page offers England's proxies for its own units, and France the unit proxied to it.
    const game = judge.service.load('foreign').game;
    const maps = judge.service.maps(game);
    const rules = new OperationRules().inPlay(game, maps);
    const choices = (power: string) => orderChoices(game, maps, power, rules)!.units;
    const edinburgh = choices('ENGLAND').find((unit) => unit.unit === 'F EDI')!.choices;
    expect(edinburgh.filter((choice) => choice.includes(' P '))).toEqual([
      'F EDI P AUSTRIA',
      'F EDI P FRANCE',
      'F EDI P GERMANY',
      'F EDI P ITALY',
      'F EDI P RUSSIA',
      'F EDI P TURKEY',
    ]);
    expect(choices('FRANCE').find((unit) => unit.unit === 'F LON')).toMatchObject({ onFile: 'F LON - ENG' });
    expect(choices('FRANCE').find((unit) => unit.unit === 'F LON')!.choices).not.toContain('F LON P GERMANY');
    expect(choices('GERMANY').map((unit) => unit.unit)).not.toContain('F LON');

    // The status file keeps the orders as DPjudge writes them, and reads and writes them back unchanged.
    const text = judge.statusText('foreign');
    const read = readStatus(Buffer.from(text)).game;
    expect(renderStatusBytes(read).toString('utf8')).toBe(text);
    expect(validateStatus(read, { map: judge.service.maps(read).base })).toEqual([]);

    const germany = await send('GERMANY', 'A MUN H\nA BER H\nF KIE H\nF LON - NTH');
    expect(germany.reply.text).toContain(
      "F LON - NTH: the fleet in London is England's: it follows this order only if England proxies it to Germany (F LON P GERMANY).",
    );
    // The web page offers Germany no choice for the fleet, but shows the order, which its form would otherwise drop.
    const german = orderChoices(judge.service.load('foreign').game, maps, 'GERMANY', rules)!;
    expect(german.otherOnFile).toEqual(['F LON - NTH']);
    expect(german.units.flatMap((unit) => [unit.onFile, ...unit.alsoOnFile])).toEqual(['F KIE H', 'A BER H', 'A MUN H']);
    for (const power of ['ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);

    const results = await process();
    expect(results).toMatch(/England:\n {2}F LON P FRANCE\.\n {2}F EDI H\.\n {2}A LVP H\.\n {2}F LON - ENG\./);
    expect(results).not.toContain('F LON - NTH');
    expect(judge.statusText('foreign')).toMatch(/^ENGLAND\n(.+\n)*F ENG$/m);
  });

  it('refuses an order to a proxied unit written after its power’s name, and says how to write it', async () => {
    const { judge, send } = await gameWith('PROXY_OK');
    await send('GERMANY', 'A MUN P FRANCE\nA BER H\nF KIE H');
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nGERMANY: A MUN - RUH\n[Germany] A MUN - BUR`);
    const unnamed = (order: string) => `write the order without the power's name (${order}): another power's unit, proxied or not, is ordered as your own`;
    expect(france.refused).toEqual([
      { line: 'GERMANY: A MUN - RUH', code: 'ORDER_REFUSED', reason: unnamed('A MUN - RUH') },
      { line: '[Germany] A MUN - BUR', code: 'ORDER_REFUSED', reason: unnamed('A MUN - BUR') },
    ]);
    expect(ordersOf(judge, 'FRANCE', 'foreign')).toEqual(['A PAR H', 'A MAR H', 'F BRE H']);
  });

  it('holds a unit proxied to a power that gives it no order', async () => {
    const { send, process } = await gameWith('PROXY_OK');
    await send('ENGLAND', 'F LON P GERMANY\nF EDI H\nA LVP H');
    for (const power of ['FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toContain('F LON P GERMANY.');
    expect(results).toContain('F LON H.  (no order)');
  });

  it('has a later order for the unit in the owner’s list take the place of its proxy', async () => {
    const { judge, send, process } = await gameWith('PROXY_OK');
    const england = await send('ENGLAND', 'F LON P FRANCE\nF LON - NTH\nF EDI H\nA LVP H');
    expect(england.refused).toEqual([
      { line: 'F LON P FRANCE', code: 'ORDER_REFUSED', reason: 'replaced by the later order for the same unit, "F LON - NTH"' },
    ]);
    expect(ordersOf(judge, 'ENGLAND', 'foreign')).toEqual(['F LON - NTH', 'F EDI H', 'A LVP H']);
    await send('FRANCE', `${HOLDS.FRANCE}\nF LON - ENG`);
    for (const power of ['GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toMatch(/England:\n {2}F LON - NTH\.\n/);
    expect(results).not.toContain('ENG.');
  });

  it('is countermanded by NO_PROXY, and ORDER_ANY with it', async () => {
    const { send } = await gameWith('PROXY_OK NO_PROXY');
    const england = await send('ENGLAND', 'F LON P FRANCE\nF EDI H\nA LVP H');
    expect(england.refused).toEqual([
      { line: 'F LON P FRANCE', code: 'ORDER_REFUSED', reason: expect.stringContaining('only in games with the rule PROXY_OK') },
    ]);
    const france = await send('FRANCE', 'F LON - ENG');
    expect(france.refused).toEqual([{ line: 'F LON - ENG', code: 'ORDER_REFUSED', reason: 'the fleet in London belongs to England' }]);
  });
});

describe('ORDER_ANY by mail', () => {
  it("takes orders to any power's units and says the unit follows its owner's", async () => {
    const { judge, send, process } = await gameWith('ORDER_ANY');
    const france = await send('FRANCE', `${HOLDS.FRANCE}\nA MUN - BUR`);
    expect(france.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE', 'foreign')).toEqual(['A PAR H', 'A MAR H', 'F BRE H', 'A MUN - BUR']);
    expect(france.reply.text).toContain("A MUN - BUR: the army in Munich is Germany's: it follows Germany's order");
    expect(france.reply.text).not.toContain('Still without an order');
    const england = await send('ENGLAND', 'F LON P FRANCE');
    expect(england.refused).toEqual([
      { line: 'F LON P FRANCE', code: 'ORDER_REFUSED', reason: expect.stringContaining('only in games with the rule PROXY_OK') },
    ]);
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toMatch(/Germany:\n {2}A MUN H\./);
    expect(results).not.toContain('A MUN - BUR');
  });
});

describe('FICTIONAL_OK and SHOW_PHANTOM by mail', () => {
  const FRANCE = 'A PAR S A BUR - PIC\nA MAR H\nF BRE H\nA PIC - BEL\nF MAO C A GAS - SPA';

  it('accepts orders to and involving units that do not exist without a word, and holds the units that aid them', async () => {
    const { judge, send, process } = await gameWith('FICTIONAL_OK');
    const typeless = await send('FRANCE', 'PAR - BUR');
    expect(typeless.refused).toEqual([
      { line: 'PAR - BUR', code: 'ORDER_REFUSED', reason: expect.stringContaining('say whether the unit is an army (A) or a fleet (F)') },
    ]);
    const wrongType = await send('FRANCE', 'A PAR H\nA MAR H\nA BRE H');
    expect(ordersOf(judge, 'FRANCE', 'foreign')).toEqual(['A PAR H', 'A MAR H', 'A BRE H']);
    expect(wrongType.reply.text).toContain('Still without an order: F BRE.');
    const france = await send('FRANCE', FRANCE);
    expect(france.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE', 'foreign')).toEqual(FRANCE.split('\n'));
    expect(france.reply.text).not.toMatch(/there is no|does not exist/);
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    expect(results).toMatch(/France:\n {2}A PAR H\.\n {2}A MAR H\.\n {2}F BRE H\.\n\n/);
    expect(results).not.toMatch(/PIC|MAO|BUR/);
  });

  it('announces the supports and convoys offered to units that do not exist under SHOW_PHANTOM', async () => {
    const { send, process } = await gameWith('SHOW_PHANTOM');
    await send('FRANCE', FRANCE);
    for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) await send(power, HOLDS[power]!);
    const results = await process();
    // The wording of a void support in the results is kept here.
    expect(results).toContain('A PAR S A BUR - PIC.  (*void*) the unit supported does not exist');
    expect(results).not.toMatch(/PIC - BEL|MAO/);
  });
});
