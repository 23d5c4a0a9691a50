import { describe, expect, it } from 'vitest';
import { readOrderList } from '../../../src/engine/xtalball/list-reader.js';
import { readStatus } from '../../../src/status/parse.js';
import { findPower } from '../../../src/status/model.js';
import { fixtureBytes } from '../../status/fixtures.js';
import { testMap } from '../helpers.js';

const standard = testMap('standard');

describe('a Crystal Ball order list', () => {
  it('reads the SOONER and LATER lines of a status file into canonical orders', () => {
    const game = readStatus(fixtureBytes('xtalball.status'), 'xtalball.status').game;
    const germany = findPower(game, 'GERMANY')!;
    expect(readOrderList(standard, germany.later)).toMatchObject({ texts: ['A MUN - BUR', 'F BER - BAL'], errors: [] });
    expect(readOrderList(standard, findPower(game, 'FRANCE')!.sooner).texts).toEqual(['A BUR - MUN', 'F MAO - SPA/NC', 'A MAR S A BUR - MUN']);
  });

  it('"Do I need to include the type of unit receiving a support?": no, only the ordered unit\'s', () => {
    expect(readOrderList(standard, ['A BEL S GAS - BRE', 'A BUR S GAS', 'LON S F WAL'])).toMatchObject({
      texts: ['A BEL S GAS - BRE', 'A BUR S GAS'],
      errors: ['"LON S F WAL": say whether the unit is an army (A) or a fleet (F): the order is for that unit only'],
    });
  });

  it('takes orders for units that may not be there, and proxies', () => {
    expect(readOrderList(standard, ['F BRE P ENGLAND', 'A MOS - WAR']).texts).toEqual(['F BRE P ENGLAND', 'A MOS - WAR']);
  });

  it('refuses an order to a unit that could never stand where it is named, as DPjudge refuses an invalid unit', () => {
    expect(readOrderList(standard, ['F PAR - BUR', 'A NTH H', 'F STP - BOT', 'F SPA/SC - MAO'])).toMatchObject({
      texts: ['F STP - BOT', 'F SPA/SC - MAO'],
      errors: ['"F PAR - BUR": there can be no fleet in Paris', '"A NTH H": there can be no army in North Sea'],
    });
  });
});
