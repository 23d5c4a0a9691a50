import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnyMap } from '../../src/map/catalog.js';
import { formatDiagnostic } from '../../src/map/model.js';
import { findPower, updatePower } from '../../src/status/model.js';
import { readStatus } from '../../src/status/parse.js';
import { renderStatus, renderStatusBytes } from '../../src/status/render.js';
import { validateStatus } from '../../src/status/validate.js';
import { writeStatus } from '../../src/status/write.js';

/** test/maps/map.highseas: any number of fleets may stand in the Open Ocean (OCN). */
const map = readAnyMap(join('test', 'maps', 'map.highseas')).base;

const STATUS = [
  'GAME oceans',
  'PHASE FALL 1901 MOVEMENT',
  'MAP highseas',
  'MASTER #77|master@example.org|Mo_Master',
  'PASSWORD masterpw',
  '',
  'NORTH',
  'PLAYER #1001|north@example.com|Nora_North',
  'PASSWORD north-secret',
  'OWNS NHV NOR',
  'F OCN',
  'F OCN',
  'ORDERS',
  'F OCN - EAS',
  'F OCN H',
  '',
  'SOUTH',
  'PLAYER #1002|south@example.com|Sid_South',
  'PASSWORD south-secret',
  'OWNS SHF SOU',
  'F OCN',
  'A SHF',
  '',
].join('\n');

function read(text: string) {
  const parsed = readStatus(Buffer.from(text), 'oceans/status');
  expect(parsed.diagnostics.map(formatDiagnostic)).toEqual([]);
  return parsed.game;
}

describe('a status file with several fleets in an nJudge high sea', () => {
  it('reads them all, valid against the map, and writes them back byte for byte', () => {
    const game = read(STATUS);
    expect(findPower(game, 'NORTH')!.units.map((unit) => `${unit.type} ${unit.location}`)).toEqual(['F OCN', 'F OCN']);
    expect(validateStatus(game, { map }).map(formatDiagnostic)).toEqual([]);
    expect(renderStatusBytes(game).equals(Buffer.from(STATUS))).toBe(true);
    expect(writeStatus(game).equals(Buffer.from(STATUS))).toBe(true);
  });

  it('keeps a fleet a hand edit adds there, and one a change of the model adds', () => {
    const edited = STATUS.replace('F OCN\nA SHF', 'F OCN\nF OCN\nA SHF');
    const game = read(edited);
    expect(findPower(game, 'SOUTH')!.units.filter((unit) => unit.location === 'OCN')).toHaveLength(2);
    expect(renderStatus(game)).toBe(edited);
    const added = updatePower(game, 'NORTH', (power) => ({ ...power, units: [...power.units, { type: 'F', location: 'OCN', retreats: null }] }));
    const readBack = read(writeStatus(added).toString());
    expect(findPower(readBack, 'NORTH')!.units.map((unit) => `${unit.type} ${unit.location}`)).toEqual(['F OCN', 'F OCN', 'F OCN']);
    expect(validateStatus(readBack, { map }).map(formatDiagnostic)).toEqual([]);
  });

  it('still refuses two units in any other province', () => {
    const game = read(STATUS.replace('A SHF', 'A SHF\nA SHF'));
    expect(validateStatus(game, { map }).map((diagnostic) => diagnostic.message)).toEqual(['A SHF: SOUTH already has a unit in SHF']);
  });
});
