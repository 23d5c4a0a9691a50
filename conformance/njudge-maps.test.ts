import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadMapFile } from '../src/map/load.js';
import { readAnyMap } from '../src/map/catalog.js';
import { formatDiagnostic } from '../src/map/model.js';
import { corpus } from './corpus.js';
import { play, unitsAfter } from '../test/engine/helpers.js';

/** nJudge's variants as the judge reads them (test/map/njudge.test.ts reads purpose-made ones). */
const njudge = join(corpus, 'njudge');

function variant(name: string) {
  return loadMapFile(join(njudge, `map.${name}`));
}

function errorsOf(name: string): string[] {
  return readAnyMap(join(njudge, `map.${name}`)).errors.map(formatDiagnostic);
}

describe('colonial', () => {
  const map = variant('colonial');

  it('has the board of the info file: 58 centers, seven named powers, 1870 start', () => {
    expect(map.centers).toHaveLength(58);
    expect(map.powers.map((power) => `${power.abbrev} ${power.displayName} ${power.ownWord}`)).toEqual([
      'B Britain British',
      'C China Chinese',
      'F France French',
      'H Holland Dutch',
      'J Japan Japanese',
      'R Russia Russian',
      'T Turkey Turkish',
    ]);
    expect(map.data.begin).toEqual({ season: 'SPRING', year: 1870, type: 'MOVEMENT' });
    expect(map.data.dialect).toBe('njudge');
    expect(map.data.unplayable).toBeNull();
    expect(map.victoryCenters(1870)).toBe(30);
  });

  it('takes units from the seed and owned centers from the home areas', () => {
    expect(map.power('britain')!.units).toContainEqual({ type: 'F', location: 'HK' });
    expect(map.power('russia')!.units).toContainEqual({ type: 'F', location: 'PART' });
    expect(map.power('china')!.units).toContainEqual({ type: 'A', location: 'MAC' });
    expect(map.powers.flatMap((power) => power.units)).toHaveLength(29);
    expect(map.power('japan')!.homes).toEqual(['KYO', 'KYU', 'OTA', 'TOK']);
    expect(map.power('japan')!.owns).toEqual(map.power('japan')!.homes);
  });

  it('records Hong Kong, the Suez gateway and the Trans-Siberian railway', () => {
    expect(map.data.extras.specialCenters).toEqual([{ province: 'HK', powers: ['C'], note: 'not counted for builds by China' }]);
    expect(map.data.extras.gateways).toEqual([{ gateway: 'SC', controller: 'EGY', from: 'MEDS', to: 'REDS' }]);
    expect(map.data.extras.railways).toEqual([{ province: 'TSR', powers: ['R'], route: ['MOS', 'PRM', 'OMS', 'KRA', 'IRK', 'VLA'] }]);
    expect(map.location('SC')!.terrain).toBe('SHUT');
    expect(map.location('TSR')!.terrain).toBe('SHUT');
    expect(map.canMove('F', 'MEDS', 'REDS')).toBe(true);
  });

  it('rides the Trans-Siberian Railway and opens the Suez Canal only on the order of the power in Egypt', () => {
    const spring = { season: 'SPRING', year: 1870, type: 'MOVEMENT' };
    const ride = play(map, spring, { units: { RUSSIA: ['A MOS', 'A OMS'] } }, { RUSSIA: ['A MOS M TSR M IRK'] });
    expect(unitsAfter(ride)).toEqual(['RUSSIA A IRK', 'RUSSIA A OMS']);
    const cut = play(map, spring, { units: { RUSSIA: ['A MOS'], CHINA: ['A KRA'] } }, { RUSSIA: ['A MOS - TSR - VLA'] });
    expect(unitsAfter(cut)).toEqual(['CHINA A KRA', 'RUSSIA A OMS']);
    const board = { units: { TURKEY: ['A EGY'], BRITAIN: ['F MEDS'] } };
    expect(unitsAfter(play(map, spring, board, { BRITAIN: ['F MEDS - REDS'] }))).toEqual(['BRITAIN F MEDS', 'TURKEY A EGY']);
    expect(unitsAfter(play(map, spring, board, { BRITAIN: ['F MEDS - REDS'], TURKEY: ['SC S F MED - RED'] }))).toEqual(['BRITAIN F REDS', 'TURKEY A EGY']);
  });

  it("makes Seoul's two coasts separate locations with their own adjacencies", () => {
    expect(map.coasts('SEO').map((location) => location.abbrev)).toEqual(['SEO/EC', 'SEO/WC']);
    expect(map.mayOccupy('F', 'SEO')).toBe(false);
    expect(map.mayOccupy('A', 'SEO/EC')).toBe(false);
    expect(map.canMove('F', 'SOJ', 'SEO/EC')).toBe(true);
    expect(map.canMove('F', 'SOJ', 'SEO/WC')).toBe(false);
    expect(map.canMove('F', 'YELS', 'SEO/WC')).toBe(true);
    expect(map.canMove('F', 'SEO/EC', 'VLA')).toBe(true);
    expect(map.canMove('A', 'PART', 'SEO')).toBe(true);
    expect(map.canSupportInto('F', 'YELS', 'SEO')).toBe(true);
    expect(map.lookup('Seoul/ec')!.locations).toEqual(['SEO/EC']);
  });

  it('reads the duality flag of Cebu as a convoying port and keeps the Himalayas impassable', () => {
    expect(map.location('CEB')!.terrain).toBe('PORT');
    expect(map.canConvoyFrom('CEB')).toBe(true);
    expect(map.canMove('A', 'MNA', 'CEB')).toBe(true);
    expect(map.location('HIM')!.terrain).toBe('SHUT');
    expect(map.canMove('A', 'TIB', 'HIM')).toBe(false);
  });

  it('reads the move list written without its colon (sig-xc mal javs) and says so', () => {
    expect(map.canMove('F', 'SIG', 'JAVS')).toBe(true);
    const warnings = readAnyMap(join(njudge, 'map.colonial')).warnings.map(formatDiagnostic);
    expect(warnings).toContainEqual(expect.stringMatching(/map\.colonial:285: warning: no colon after 'sig-xc'$/));
  });
});

describe('the other Diplomacy variants', () => {
  it('count the centers and powers of their info files', () => {
    const counts = ['fleet_rome', 'youngstown', 'modern', 'minorpower', 'chaos', 'h31'].map((name) => {
      const map = variant(name);
      return [name, map.centers.length, map.powers.length];
    });
    expect(counts).toEqual([
      ['fleet_rome', 34, 7],
      ['youngstown', 72, 10],
      ['modern', 64, 10],
      ['minorpower', 34, 19],
      ['chaos', 34, 34],
      ['h31', 17, 3],
    ]);
  });

  it('give St Petersburg two coasts and Venice-Tuscany to armies only', () => {
    const map = variant('fleet_rome');
    expect(map.coasts('STP').map((location) => location.abbrev)).toEqual(['STP/NC', 'STP/SC']);
    expect(map.power('russia')!.units).toContainEqual({ type: 'F', location: 'STP/SC' });
    expect(map.power('italy')!.units).toContainEqual({ type: 'F', location: 'ROM' });
    expect(map.canMove('A', 'VEN', 'TUS')).toBe(true);
    expect(map.canMove('F', 'VEN', 'TUS')).toBe(false);
    expect(map.canMove('F', 'VEN', 'ADR')).toBe(true);
    expect(map.canMove('A', 'VEN', 'ADR')).toBe(false);
  });

  it('let only fleets cross from the Baleares to Tarraco (ancient_med)', () => {
    const map = variant('ancient_med');
    expect(map.canMove('F', 'BAL', 'TAR')).toBe(true);
    expect(map.canMove('A', 'BAL', 'TAR')).toBe(false);
    expect(map.location('BAL')!.terrain).toBe('PORT');
    expect(map.data.begin.year).toBe(1);
  });

  it("mark loeb9's /mx moves weak and its arctic water", () => {
    const map = variant('loeb9');
    expect(map.abut('COR', 'NAF')).toMatchObject({ armies: true, fleets: false, weak: true });
    expect(map.abut('NAP', 'SIC')).toMatchObject({ armies: true, weak: true });
    expect(map.canSupportInto('A', 'COR', 'NAF')).toBe(false);
    expect(map.abut('COR', 'MAD')!.weak).toBe(false);
    expect(map.data.extras.arcticWaters).toEqual(['ARC']);
    expect(map.powers.map((power) => power.abbrev)).toEqual(['A', 'E', 'F', 'G', 'I', 'R', 'T', 'N', 'S']);
  });

  it("apply the seed's ownership record (shift_right: Austria owns the English homes)", () => {
    const map = variant('shift_right');
    const austria = map.power('austria')!;
    expect(austria.homes.sort()).toEqual(['BUD', 'TRI', 'VIE']);
    expect(austria.owns.sort()).toEqual(['EDI', 'LON', 'LVP']);
    expect(austria.units).toContainEqual({ type: 'F', location: 'LON' });
  });

  it('start chaos in the winter of 1900 with no units and every power owning its one center', () => {
    const map = variant('chaos');
    expect(map.data.begin).toEqual({ season: 'WINTER', year: 1900, type: 'ADJUSTMENTS' });
    expect(map.powers.flatMap((power) => power.units)).toEqual([]);
    expect(map.power('C-Ber')!.owns).toEqual(['BER']);
    expect(map.powers.every((power) => power.owns.length === 1 && power.owns[0] === power.homes[0])).toBe(true);
  });

  it('load hundred without a seed, with a warning', () => {
    const definition = readAnyMap(join(njudge, 'map.hundred'));
    expect(definition.ok).toBe(true);
    expect(definition.warnings.map(formatDiagnostic)).toContainEqual(expect.stringMatching(/map\.hundred:1: warning: no seed\.hundred beside/));
    expect(definition.base.powers.map((power) => power.displayName)).toEqual(['Burgundy', 'England', 'France']);
  });
});

describe('Machiavelli variants', () => {
  it('load their geography and say they are not playable', () => {
    const map = variant('machiavelli');
    expect(map.data.unplayable).toMatch(/Machiavelli/);
    expect(map.data.begin).toEqual({ season: 'FALL', year: 1453, type: 'ADJUSTMENTS' });
    expect(map.power('venice')!.homes).toContain('VEN');
    expect(map.power('austria')!.units).toContainEqual({ type: 'A', location: 'AUS' });
    expect(map.canMove('F', 'ETS', 'PSA')).toBe(true);
    expect(map.coasts('CRO').map((location) => location.abbrev)).toEqual(['CRO/NC', 'CRO/SC']);
  });

  it('all load without errors', () => {
    for (const name of ['dipmach', 'machfive', 'mach_aoc', 'mach2_eai', 'mach2_ttr', 'machiavelli2']) {
      const definition = readAnyMap(join(njudge, `map.${name}`));
      expect(definition.errors, name).toEqual([]);
      expect(definition.base.data.unplayable, name).not.toBeNull();
    }
  });
});

describe('seed.shift_left, written as a start report', () => {
  it("starts each power on its neighbour's home centres, by the names nJudge ships", () => {
    expect(errorsOf('shift_left')).toEqual([]);
    const map = loadMapFile(join(corpus, 'njudge', 'map.shift_left'));
    expect(map.data.begin).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
    expect(map.power('austria')!.units).toEqual([
      { type: 'A', location: 'PAR' },
      { type: 'A', location: 'MAR' },
      { type: 'F', location: 'BRE' },
    ]);
    expect(map.power('france')!.units).toContainEqual({ type: 'F', location: 'STP/SC' });
  });
});

describe('malformed corpus files', () => {
  it('map.top is a picture of the standard board, not a map file', () => {
    expect(errorsOf('top')).toEqual([expect.stringMatching(/map\.top:1: area line .* has no comma after the area name; nJudge stops reading the map there$/)]);
  });
});
