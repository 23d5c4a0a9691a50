import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderChoices } from '../../src/game/order-choices.js';
import { OperationRules } from '../../src/game/rules.js';
import { master, player, projectRoot, testJudge } from './support.js';

/** test/maps/map.rails: West (A WES, F POR) may ride the Iron Road and holds the Canal; East has A EAS and F NSE. */
const maps = [join(projectRoot, 'test', 'maps')];
const actor = { who: 'test', command: 'TEST' };

describe('the web choices on a map with an nJudge railway and gateway', () => {
  it('offer the rides a power may take and the orders for the gateway it holds, all taken by mail', async () => {
    const { service } = testJudge({ mapFolders: maps });
    await service.lifecycle.create({ name: 'rails', master, masterPassword: 'secret', map: 'rails' }, actor);
    for (let n = 1; n <= 2; n++) await service.roster.join('rails', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
    const game = service.load('rails').game;
    const rules = new OperationRules().inPlay(game, service.maps(game));
    const west = orderChoices(game, service.maps(game), 'WEST', rules)!;
    expect(west.units.map((unit) => unit.unit)).toEqual(['A WES', 'F POR', 'CAN']);
    const army = west.units.find((unit) => unit.unit === 'A WES')!.choices;
    expect(army.filter((choice) => choice.includes('IRO'))).toEqual(['A WES - IRO - EAS', 'A WES - IRO - FAR', 'A WES - IRO - MID', 'A WES - IRO - PLA']);
    expect(west.units.find((unit) => unit.unit === 'CAN')!.choices).toEqual(['CAN H', 'CAN S F NSE', 'CAN S F NSE - SSE']);
    const east = orderChoices(game, service.maps(game), 'EAST', rules)!;
    expect(east.units.map((unit) => unit.unit)).toEqual(['A EAS', 'F NSE']);
    expect(east.units.find((unit) => unit.unit === 'A EAS')!.choices.some((choice) => choice.includes('IRO'))).toBe(false);
    const submitted = await service.submitOrders('rails', 'WEST', ['A WES - IRO - FAR', 'F POR H', 'CAN S F NSE - SSE'], actor);
    expect(submitted.refused).toEqual([]);
  });
});
