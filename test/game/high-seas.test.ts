import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderChoices } from '../../src/game/order-choices.js';
import { unorderedUnits } from '../../src/game/orders.js';
import { OperationRules } from '../../src/game/rules.js';
import { findPower, updatePower } from '../../src/status/model.js';
import { editGame } from '../support/edit-game.js';
import { master, player, projectRoot, testJudge } from './support.js';

/** test/maps/map.highseas: any number of fleets may stand in the Open Ocean (OCN). */
const maps = [join(projectRoot, 'test', 'maps')];
const actor = { who: 'test', command: 'TEST' };

describe('a power with two fleets in an nJudge high sea', () => {
  it('owes an order for each, and the web choices offer a row per fleet, each showing an order on file of its own', async () => {
    const { service, store } = testJudge({ mapFolders: maps });
    await service.lifecycle.create({ name: 'oceans', master, masterPassword: 'secret', map: 'highseas' }, actor);
    for (let n = 1; n <= 2; n++) await service.roster.join('oceans', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
    await editGame(store, 'oceans', (game) =>
      updatePower(game, 'NORTH', (north) => ({
        ...north,
        units: [
          { type: 'F', location: 'OCN', retreats: null },
          { type: 'F', location: 'OCN', retreats: null },
        ],
      })),
    );
    const first = await service.submitOrders('oceans', 'NORTH', ['F OCN - EAS'], actor);
    expect(unorderedUnits(findPower(first.game, 'NORTH')!, 'MOVEMENT', true)).toEqual(['F OCN']);
    const submitted = await service.submitOrders('oceans', 'NORTH', ['F OCN - EAS', 'F OCN S F OCN - NOR'], actor);
    expect(unorderedUnits(findPower(submitted.game, 'NORTH')!, 'MOVEMENT', true)).toEqual([]);
    expect(submitted.refused).toEqual([]);
    const game = service.load('oceans').game;
    const north = orderChoices(game, service.maps(game), 'NORTH', new OperationRules().inPlay(game, service.maps(game)))!;
    expect(north.units.map((unit) => unit.unit)).toEqual(['F OCN', 'F OCN']);
    expect(north.units.map((unit) => unit.onFile)).toEqual(['F OCN - EAS', 'F OCN S F OCN - NOR']);
    expect(north.units[0]!.choices).toEqual(north.units[1]!.choices);
    expect(north.units[0]!.choices).toContain('F OCN - STR');
  });
});
