import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadMapFile, readMapDefinition } from '../../src/map/load.js';
import { moveGraph, provinces, UNIT_TYPES } from './geography.js';

/** The team's own standard map (conformance/standard-map.test.ts holds it against DPjudge's). */
const mapsDir = join(__dirname, '..', '..', 'maps');
const ownPath = join(mapsDir, 'standard.map');

describe('maps/standard.map', () => {
  const definition = readMapDefinition(ownPath, { searchPath: [mapsDir] });
  const map = loadMapFile(ownPath, { searchPath: [mapsDir] });

  it('loads without errors or warnings', () => {
    expect(definition.diagnostics).toEqual([]);
    expect(map.name).toBe('standard');
  });

  it('has the 75 provinces of the board, plus Switzerland shut', () => {
    // The board's 75 provinces do not count impassable Switzerland, which the file still lists.
    const playable = new Set(map.locations.filter((location) => location.terrain !== 'SHUT').map((location) => location.province));
    expect(playable.size).toBe(75);
    expect(provinces(map).size).toBe(76);
    expect(map.location('SWI')!.terrain).toBe('SHUT');
    expect(map.mayOccupy('A', 'SWI')).toBe(false);
    expect(map.mayOccupy('F', 'SWI')).toBe(false);
    expect(map.canMove('A', 'MUN', 'SWI')).toBe(false);
    const water = map.locations.filter((location) => location.terrain === 'WATER');
    expect(water).toHaveLength(19);
  });

  it('has 34 supply centers, 12 of them neutral', () => {
    expect(map.centers).toHaveLength(34);
    expect(new Set(map.centers).size).toBe(34);
    const homes = map.powers.flatMap((power) => power.homes);
    expect(homes).toHaveLength(22);
    const neutral = map.centers.filter((center) => !homes.includes(center)).sort();
    expect(neutral).toEqual(['BEL', 'BUL', 'DEN', 'GRE', 'HOL', 'NWY', 'POR', 'RUM', 'SER', 'SPA', 'SWE', 'TUN']);
    expect(map.victoryCenters(1901)).toBe(18);
  });

  it('has the seven powers with their own-words and home centers', () => {
    const powers = Object.fromEntries(
      map.powers.map((power) => [power.name, { ownWord: power.ownWord.toUpperCase(), abbrev: power.abbrev, homes: [...power.homes].sort() }]),
    );
    expect(powers).toEqual({
      AUSTRIA: { ownWord: 'AUSTRIAN', abbrev: 'A', homes: ['BUD', 'TRI', 'VIE'] },
      ENGLAND: { ownWord: 'ENGLISH', abbrev: 'E', homes: ['EDI', 'LON', 'LVP'] },
      FRANCE: { ownWord: 'FRENCH', abbrev: 'F', homes: ['BRE', 'MAR', 'PAR'] },
      GERMANY: { ownWord: 'GERMAN', abbrev: 'G', homes: ['BER', 'KIE', 'MUN'] },
      ITALY: { ownWord: 'ITALIAN', abbrev: 'I', homes: ['NAP', 'ROM', 'VEN'] },
      RUSSIA: { ownWord: 'RUSSIAN', abbrev: 'R', homes: ['MOS', 'SEV', 'STP', 'WAR'] },
      TURKEY: { ownWord: 'TURKISH', abbrev: 'T', homes: ['ANK', 'CON', 'SMY'] },
    });
  });

  it('sets up the 22 units of 1901', () => {
    const units = map.powers.flatMap((power) => power.units.map((unit) => `${power.abbrev} ${unit.type} ${unit.location}`));
    expect(units.sort()).toEqual(
      [
        'A A BUD',
        'A A VIE',
        'A F TRI',
        'E A LVP',
        'E F EDI',
        'E F LON',
        'F A MAR',
        'F A PAR',
        'F F BRE',
        'G A BER',
        'G A MUN',
        'G F KIE',
        'I A ROM',
        'I A VEN',
        'I F NAP',
        'R A MOS',
        'R A WAR',
        'R F SEV',
        'R F STP/SC',
        'T A CON',
        'T A SMY',
        'T F ANK',
      ].sort(),
    );
    for (const power of map.powers) for (const unit of power.units) expect(map.mayOccupy(unit.type, unit.location)).toBe(true);
    expect(map.data.begin).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
  });

  it('splits Spain, St Petersburg and Bulgaria into two coasts each', () => {
    for (const [province, coasts] of [
      ['SPA', ['SPA/NC', 'SPA/SC']],
      ['STP', ['STP/NC', 'STP/SC']],
      ['BUL', ['BUL/EC', 'BUL/SC']],
    ] as const) {
      expect(
        map
          .coasts(province)
          .map((location) => location.abbrev)
          .sort(),
      ).toEqual([...coasts]);
      expect(map.mayOccupy('F', province)).toBe(false);
      expect(map.mayOccupy('A', province)).toBe(true);
      for (const coast of coasts) {
        expect(map.mayOccupy('F', coast)).toBe(true);
        expect(map.mayOccupy('A', coast)).toBe(false);
      }
    }
    expect(map.canMove('F', 'MAO', 'SPA/NC')).toBe(true);
    expect(map.canMove('F', 'MAO', 'SPA/SC')).toBe(true);
    expect(map.canMove('F', 'LYO', 'SPA/NC')).toBe(false);
    expect(map.canMove('F', 'GAS', 'SPA/SC')).toBe(false);
    expect(map.canMove('A', 'GAS', 'SPA')).toBe(true);
    expect(map.canMove('F', 'BAR', 'STP/NC')).toBe(true);
    expect(map.canMove('F', 'BOT', 'STP/NC')).toBe(false);
    expect(map.canMove('A', 'NWY', 'STP')).toBe(true);
  });

  it('keeps fleets off coast-to-coast moves without a shared shore', () => {
    expect(map.canMove('A', 'VEN', 'TUS')).toBe(true);
    expect(map.canMove('F', 'VEN', 'TUS')).toBe(false);
    expect(map.canMove('F', 'TUS', 'VEN')).toBe(false);
    expect(map.canMove('F', 'VEN', 'PIE')).toBe(false);
    expect(map.canMove('F', 'ROM', 'APU')).toBe(false);
    expect(map.canMove('F', 'VEN', 'APU')).toBe(true);
    expect(map.canMove('F', 'GAS', 'MAR')).toBe(false);
    expect(map.canMove('F', 'EDI', 'LVP')).toBe(false);
    expect(map.canMove('F', 'WAL', 'YOR')).toBe(false);
    expect(map.canMove('F', 'FIN', 'NWY')).toBe(false);
    expect(map.canMove('F', 'ANK', 'SMY')).toBe(false);
    expect(map.canMove('F', 'ARM', 'SYR')).toBe(false);
    expect(map.canMove('F', 'BEL', 'BUR')).toBe(false);
    expect(map.canMove('A', 'MAR', 'GAS')).toBe(true);
  });

  it("lets a fleet sail between Bulgaria's east coast and Constantinople", () => {
    expect(map.canMove('F', 'BUL/EC', 'CON')).toBe(true);
    expect(map.canMove('F', 'CON', 'BUL/EC')).toBe(true);
    expect(map.canMove('F', 'BUL/SC', 'CON')).toBe(true);
    expect(map.canMove('F', 'BUL/EC', 'AEG')).toBe(false);
    expect(map.canMove('F', 'BUL/SC', 'BLA')).toBe(false);
    expect(map.canMove('F', 'RUM', 'BUL/EC')).toBe(true);
    expect(map.canMove('F', 'GRE', 'BUL/SC')).toBe(true);
    expect(map.canMove('F', 'GRE', 'BUL/EC')).toBe(false);
  });

  it('resolves the usual aliases', () => {
    const resolves = (text: string) => map.lookup(text)?.locations;
    expect(resolves('north sea')).toEqual(['NTH']);
    expect(resolves('nts')).toEqual(['NTH']);
    expect(resolves('english+channel')).toEqual(['ENG']);
    expect(resolves('ech')).toEqual(['ENG']);
    expect(resolves('gulf of lyon')).toEqual(['LYO']);
    expect(resolves('gol')).toEqual(['LYO']);
    expect(resolves('mid-atlantic ocean')).toEqual(['MAO']);
    expect(resolves('mid atlantic')).toEqual(['MAO']);
    expect(resolves('st petersburg')).toEqual(['STP']);
    expect(resolves('spa(sc)')).toEqual(['SPA/SC']);
    // The Tyrrhenian Sea's `tyr?` alias spells Tyrolia's abbreviation, which names Tyrolia alone.
    expect(map.lookup('tyr')).toEqual({ locations: ['TYR'], ambiguous: false });
    expect(map.lookup('tyrolia')).toEqual({ locations: ['TYR'], ambiguous: false });
    expect(map.lookup('tyrrhenian sea')).toEqual({ locations: ['TYS'], ambiguous: false });
    const ambiguous = [...map.data.aliases.entries()].filter(([, entry]) => entry.ambiguous).map(([key]) => key);
    expect(ambiguous).toEqual([]);
  });

  it('has symmetric adjacencies for armies and for fleets', () => {
    for (const type of UNIT_TYPES) {
      const moves = new Set(moveGraph(map, type));
      expect(moves.size).toBeGreaterThan(0);
      const oneWay = [...moves].filter((move) => {
        const [from, to] = move.split('-');
        return !moves.has(`${to}-${from}`);
      });
      expect(oneWay, `${type} one-way moves`).toEqual([]);
    }
    // The raw abut lists are symmetric too, once coasts are folded into their province.
    const listed = new Set<string>();
    for (const location of map.locations) for (const abut of location.abuts) listed.add(`${location.province}-${abut.to.split('/')[0]}`);
    const unmatched = [...listed].filter((pair) => {
      const [from, to] = pair.split('-');
      return !listed.has(`${to}-${from}`);
    });
    expect(unmatched).toEqual([]);
  });
});
