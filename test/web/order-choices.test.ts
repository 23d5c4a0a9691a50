import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { CommandExecutor } from '../../src/commands/run/executor.js';
import { openGameService } from '../../src/game/open.js';
import { orderChoices } from '../../src/game/order-choices.js';
import type { GameService } from '../../src/game/service.js';
import { updatePower } from '../../src/status/model.js';
import { positionOf } from '../../src/game/position.js';
import type { Phase } from '../../src/map/model.js';
import { OrderReader } from '../../src/engine/legality/reader.js';
import { openDatabase, type JudgeDatabase } from '../../src/store/database.js';
import { RulesInForce } from '../../src/rules/in-force.js';
import type { GameStore } from '../../src/store/game-store.js';
import { configuredStore, editGame } from '../support/edit-game.js';
import { OperationRules } from '../../src/game/rules.js';

/** The order choices the web pages offer, checked against what the judge takes by mail. */

let folder: string;
let db: JudgeDatabase;
let service: GameService;
let store: GameStore;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'judge-choices-'));
  writeFileSync(join(folder, 'judge.config.json'), '{}');
  const loaded = loadConfig(join(folder, 'judge.config.json'));
  db = openDatabase(join(folder, 'var', 'judge.db'));
  service = openGameService({ ...loaded, root: folder }, db);
  store = configuredStore({ ...loaded, root: folder }, db);
  const commands = new CommandExecutor({ service, judge: loaded.config.judge, db });
  let mails = 0;
  const send = (from: string, text: string) => commands.execute({ from, text, mailKey: `choices ${++mails}` }, new Date());
  for (const game of ['choices', 'afloat']) {
    await send('master@choices.test', `CREATE ${game} masterpw\nFORM\nSIGNOFF`);
    for (let n = 1; n <= 7; n++) await send(`p${n}@choices.test`, `JOIN ${game} pw${n}`);
  }
  // Fleets at sea and armies by the shore: the convoys worth offering.
  await service.submitOrders('afloat', 'ENGLAND', ['F LON - NTH', 'F EDI - NWG', 'A LVP - YOR'], actor);
  await service.submitOrders('afloat', 'FRANCE', ['F BRE - MAO', 'A PAR - PIC', 'A MAR - SPA'], actor);
  await service.submitOrders('afloat', 'ITALY', ['F NAP - ION', 'A ROM - APU', 'A VEN H'], actor);
  await service.phases.process('afloat', actor);
});

afterAll(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

const actor = { who: 'test', command: 'ORDERS' };

describe('the orders offered for each unit', () => {
  it('are the hold first, then every move, support and convoy the board allows', () => {
    const game = service.load('choices').game;
    const france = orderChoices(game, service.maps(game), 'FRANCE', new OperationRules().inPlay(game, service.maps(game)))!;
    expect(france.phase).toBe('MOVEMENT');
    expect(france.units.map((unit) => unit.unit)).toEqual(['F BRE', 'A PAR', 'A MAR']);
    const paris = france.units.find((unit) => unit.unit === 'A PAR')!.choices;
    expect(paris).toEqual([
      'A PAR H',
      'A PAR - BRE',
      'A PAR - BUR',
      'A PAR - GAS',
      'A PAR - PIC',
      'A PAR S A MAR - BUR',
      'A PAR S A MAR - GAS',
      'A PAR S A MUN - BUR',
      'A PAR S F BRE',
      'A PAR S F BRE - GAS',
      'A PAR S F BRE - PIC',
    ]);
    const brest = france.units.find((unit) => unit.unit === 'F BRE')!.choices;
    expect(brest).toEqual(expect.arrayContaining(['F BRE H', 'F BRE - ENG', 'F BRE - MAO', 'F BRE - PIC', 'F BRE - GAS']));
    expect(brest).not.toContain('F BRE - PAR');
  });

  it('are each taken by the judge, as a mail would give them', async () => {
    const game = service.load('choices').game;
    const turkey = orderChoices(game, service.maps(game), 'TURKEY', new OperationRules().inPlay(game, service.maps(game)))!;
    for (const unit of turkey.units) {
      for (const choice of unit.choices) {
        const report = await service.submitOrders('choices', 'TURKEY', [choice], actor);
        expect(report.refused, choice).toEqual([]);
        expect(report.onFile).toEqual([choice]);
      }
    }
  });

  it('keep the order on file selected, and offer it even when no choice says it that way', async () => {
    await service.submitOrders('choices', 'ITALY', ['A VEN - TYR', 'F NAP - ION'], actor);
    // An order no check passed, as a NO_CHECK game keeps it until processing.
    await editGame(store, 'choices', (game) => updatePower(game, 'ITALY', (power) => ({ ...power, orders: [...power.orders, 'A ROM - MUN'] })));
    const game = service.load('choices').game;
    const italy = orderChoices(game, service.maps(game), 'ITALY', new OperationRules().inPlay(game, service.maps(game)))!;
    expect(italy.units.map((unit) => [unit.unit, unit.onFile])).toEqual([
      ['F NAP', 'F NAP - ION'],
      ['A ROM', 'A ROM - MUN'],
      ['A VEN', 'A VEN - TYR'],
    ]);
    expect(italy.units.find((unit) => unit.unit === 'A ROM')!.choices.slice(0, 2)).toEqual(['A ROM - MUN', 'A ROM H']);
  });

  it('leave out no order the judge would take, where fleets stand at sea', () => {
    const game = service.load('afloat').game;
    const maps = service.maps(game);
    const phase = game.phase!.phase as Phase;
    const map = maps.at(phase);
    const position = positionOf(game, map);
    const units = position.powers.flatMap((power) => power.units);
    const places = map.locations.map((location) => location.abbrev);
    for (const power of ['ENGLAND', 'FRANCE', 'ITALY']) {
      const choices = new Set(orderChoices(game, maps, power, new OperationRules().inPlay(game, maps))!.units.flatMap((unit) => unit.choices));
      const reader = new OrderReader({ map, position, power, phase: 'MOVEMENT', rules: new RulesInForce([]) });
      const own = position.powers.find((state) => state.name === power)!.units;
      for (const unit of own) {
        const self = `${unit.type} ${unit.location}`;
        const written = [
          ...places.map((place) => `${self} - ${place}`),
          ...units.flatMap((other) => [
            `${self} S ${other.type} ${other.location}`,
            ...places.map((place) => `${self} S ${other.type} ${other.location} - ${place}`),
          ]),
          ...units.filter((other) => other.type === 'A').flatMap((army) => places.map((place) => `${self} C A ${army.location} - ${place}`)),
        ];
        for (const line of written) {
          const read = reader.read(line);
          if (read.ok) expect(choices.has(read.text), `${line} reads as ${read.text}`).toBe(true);
        }
      }
    }
  });

  it('are none for a power that orders nothing', () => {
    const game = service.load('choices').game;
    expect(orderChoices(game, service.maps(game), 'NOBODY', new OperationRules().inPlay(game, service.maps(game)))).toBeNull();
  });
});
