import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadMapFile, MapLoadError } from '../../src/map/load.js';
import { isMapFileName, readAnyMap } from '../../src/map/catalog.js';
import { formatDiagnostic } from '../../src/map/model.js';

/** Writes a purpose-made variant (map, seed, report, ...) into a fresh folder and returns the folder. */
function variantFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'judge-njudge-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function errorsOf(dir: string, name = 'map.tiny'): string[] {
  return readAnyMap(join(dir, name)).errors.map(formatDiagnostic);
}

function warningsOf(dir: string, name = 'map.tiny'): string[] {
  return readAnyMap(join(dir, name)).warnings.map(formatDiagnostic);
}

/** Two home centers, a strait and a convoyable island; nJudge does not know the variant `tiny`. */
const TINY_MAP = `# a small world
Northland,   N nor north
Southland,   S sou
The Strait,  w str strait
Isle,        xw isl
-1
nor-mv: sou
nor-xc: str
sou-mv: nor
sou-xc: str isl
str-xc: nor sou isl
isl-xc: str sou
-1
Center order for summary report:
  nor sou isl
#End of center ordering
-1
`;

const TINY_SEED = `S1901M
N: A Northland
S: F sou
-1
-1
`;

const TINY_REPORT = `Starting position for Spring of 1901.

North:  Army  Northland.
South:  Fleet Southland.
`;

function tiny(files: Record<string, string> = {}): string {
  return variantFolder({ 'map.tiny': TINY_MAP, 'seed.tiny': TINY_SEED, 'report.tiny': TINY_REPORT, ...files });
}

describe('the catalog', () => {
  it('takes map.<variant> for an nJudge map and leaves seeds and reports alone', () => {
    expect(isMapFileName('map.colonial')).toBe(true);
    expect(isMapFileName('map.1898')).toBe(true);
    expect(isMapFileName('seed.colonial')).toBe(false);
    expect(isMapFileName('report.colonial')).toBe(false);
    expect(isMapFileName('standard.map')).toBe(true);
  });

  it('gives every phase the same nJudge map', () => {
    const definition = readAnyMap(join(tiny(), 'map.tiny'));
    expect(definition.at({ season: 'FALL', year: 1905, type: 'MOVEMENT' })).toBe(definition.base);
  });
});

describe('a purpose-made variant', () => {
  it('loads, naming its powers from the report file as nJudge does not know it', () => {
    const dir = tiny();
    const map = loadMapFile(join(dir, 'map.tiny'));
    expect(map.powers.map((power) => [power.abbrev, power.displayName, power.ownWord])).toEqual([
      ['N', 'North', 'Northern'],
      ['S', 'South', 'Southern'],
    ]);
    expect(map.power('south')!.units).toEqual([{ type: 'F', location: 'SOU' }]);
    expect(map.centers).toEqual(['NOR', 'SOU', 'ISL']);
    expect(map.location('NOR')!.terrain).toBe('COAST');
    expect(map.location('ISL')!.terrain).toBe('PORT');
    expect(map.data.files.map((file) => file.replace(/.*\//, ''))).toEqual(['map.tiny', 'seed.tiny', 'report.tiny']);
  });

  it('without a report, calls its powers by their letters and warns', () => {
    const dir = variantFolder({ 'map.tiny': TINY_MAP, 'seed.tiny': TINY_SEED });
    expect(readAnyMap(join(dir, 'map.tiny')).base.powers.map((power) => power.name)).toEqual(['N', 'S']);
    expect(warningsOf(dir)).toContainEqual(expect.stringMatching(/map\.tiny:2: warning: power letter 'N' has no name/));
  });

  it('refuses a map with errors for play', () => {
    const dir = tiny({ 'map.tiny': TINY_MAP.replace('nor-mv: sou', 'nor-mv: sou xyz') });
    expect(() => loadMapFile(join(dir, 'map.tiny'))).toThrow(MapLoadError);
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/map\.tiny:7: unknown province 'xyz' in move list of Northland$/)]);
  });

  it('wants every move to have its way back', () => {
    const dir = tiny({ 'map.tiny': TINY_MAP.replace('isl-xc: str sou', 'isl-xc: str') });
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/map\.tiny:10: can't get back to Southland from Isle: 'isl-xc' lists sou$/)]);
  });

  it('wants the move lists of one area together', () => {
    const dir = tiny({ 'map.tiny': TINY_MAP.replace('nor-xc: str\n', '').replace('isl-xc: str sou\n', 'isl-xc: str sou\nnor-xc: str\n') });
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/map\.tiny:12: move lists of Northland are split: they started on line 7 and must be together$/)]);
  });

  it('rejects unknown area types, misplaced convoy flags and one-letter abbreviations', () => {
    const areas = (line: string) => tiny({ 'map.tiny': TINY_MAP.replace('Isle,        xw isl', line) });
    expect(errorsOf(areas('Isle,        k isl'))).toContainEqual(expect.stringMatching(/map\.tiny:5: unknown area type 'k' .* for Isle$/));
    expect(errorsOf(areas('Isle,        M isl'))).toContainEqual(expect.stringMatching(/map\.tiny:5: area type 'M' is reserved/));
    expect(errorsOf(areas('Isle,        ww isl'))).toContainEqual(expect.stringMatching(/map\.tiny:5: the convoyability flag 'w' is for land areas/));
    expect(errorsOf(areas('Isle,        x i isl'))).toContainEqual(expect.stringMatching(/map\.tiny:5: one-letter abbreviation 'i' for Isle/));
  });

  it('rejects army marks on fleet moves and coast marks on army moves', () => {
    const fleetMark = tiny({ 'map.tiny': TINY_MAP.replace('nor-xc: str', 'nor-xc: str/mx') });
    expect(errorsOf(fleetMark)).toContainEqual(expect.stringMatching(/map\.tiny:8: 'str\/mx' in a fleet list: mx marks army moves only$/));
    const armyCoast = tiny({ 'map.tiny': TINY_MAP.replace('nor-mv: sou', 'nor-mv: sou/nc') });
    expect(errorsOf(armyCoast)).toContainEqual(expect.stringMatching(/map\.tiny:7: 'sou\/nc' in an army list/));
  });

  it('reads the strength marks: /hx and /lx halve an army move, /mx and -mx lists weaken it', () => {
    const half = loadMapFile(
      join(tiny({ 'map.tiny': TINY_MAP.replace('nor-mv: sou', 'nor-mv: sou/hx').replace('sou-mv: nor', 'sou-mv: nor/lx') }), 'map.tiny'),
    );
    expect(half.abut('NOR', 'SOU')).toMatchObject({ armies: true, fleets: false, half: true, weak: false });
    expect(half.abut('SOU', 'NOR')).toMatchObject({ half: true });
    expect(half.canSupportInto('A', 'NOR', 'SOU')).toBe(false);
    const weak = loadMapFile(join(tiny({ 'map.tiny': TINY_MAP.replace('nor-mv: sou', 'nor-mx: sou') }), 'map.tiny'));
    expect(weak.abut('NOR', 'SOU')).toMatchObject({ armies: true, weak: true });
    expect(weak.abut('SOU', 'NOR')!.weak).toBe(false);
  });

  it('reads a misspelt move type by its first letter, as nJudge does, with a warning', () => {
    const dir = tiny({ 'map.tiny': TINY_MAP.replace('str-xc:', 'str-xv:') });
    expect(errorsOf(dir)).toEqual([]);
    expect(warningsOf(dir)).toContainEqual(
      expect.stringMatching(/map\.tiny:11: warning: move type 'xv' is not one nJudge knows; it reads only its first letter, as 'xc'$/),
    );
  });

  it('reports a move to a coast that has no list once', () => {
    const dir = tiny({ 'map.tiny': TINY_MAP.replace('str-xc: nor sou isl', 'str-xc: nor sou sou/nc isl') });
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/map\.tiny:11: The Strait moves to sou\/nc, but Southland has no 'sou-nc' list$/)]);
  });

  it('wants a fleet moving to a province with coasts to name the coast', () => {
    const coasts = TINY_MAP.replace('sou-xc: str isl', 'sou-nc: str\nsou-sc: isl')
      .replace('str-xc: nor sou isl', 'str-xc: nor sou isl/xc')
      .replace('isl-xc: str sou', 'isl-xc: str sou/sc');
    const dir = tiny({ 'map.tiny': coasts, 'seed.tiny': TINY_SEED.replace('S: F sou', 'S: A sou') });
    expect(errorsOf(dir)).toEqual([
      expect.stringMatching(/map\.tiny:12: can't get back to The Strait from Southland: 'sou-xc' lists str$/),
      expect.stringMatching(/map\.tiny:12: The Strait moves a fleet to Southland without naming one of its coasts \(SOU\/NC, SOU\/SC\)$/),
    ]);
  });

  it('checks seed units: known areas, terrain, coasts and powers', () => {
    const seed = (units: string) => tiny({ 'seed.tiny': `S1901M\n${units}\n-1\n-1\n` });
    expect(errorsOf(seed('N: A Atlantis'))).toContainEqual(expect.stringMatching(/seed\.tiny:2: unknown area 'Atlantis' for a unit of N$/));
    expect(errorsOf(seed('N: F The Strait\nS: A str'))).toContainEqual(expect.stringMatching(/seed\.tiny:3: an army cannot stand in The Strait$/));
    expect(errorsOf(seed('N: A nor\nS: A Northland'))).toContainEqual(expect.stringMatching(/seed\.tiny:3: Northland already holds the unit of line 2$/));
    expect(errorsOf(seed('N: X nor'))).toContainEqual(expect.stringMatching(/seed\.tiny:2: unknown unit type 'X'/));
    expect(errorsOf(seed('N A nor'))).toContainEqual(expect.stringMatching(/seed\.tiny:2: expected a unit line/));
  });

  it('checks the start phase', () => {
    const start = (phase: string) => tiny({ 'seed.tiny': TINY_SEED.replace('S1901M', phase) });
    expect(errorsOf(start('U1901M'))).toEqual([expect.stringMatching(/seed\.tiny:1: Diplomacy has no summer season, in start phase 'U1901M'$/)]);
    expect(errorsOf(start('S1901B'))).toEqual([expect.stringMatching(/seed\.tiny:1: builds \(B\) only follow a fall \(F\) season/)]);
    expect(readAnyMap(join(start('F1901R'), 'map.tiny')).base.data.begin).toEqual({ season: 'FALL', year: 1901, type: 'RETREATS' });
  });

  it('reads a seed written as a start report, naming each power by the home centre its units start on', () => {
    const prose = tiny({ 'seed.tiny': TINY_REPORT, 'report.tiny': TINY_REPORT });
    expect(errorsOf(prose)).toEqual([]);
    const map = loadMapFile(join(prose, 'map.tiny'));
    expect(map.data.begin).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
    expect(map.powers.map((power) => [power.abbrev, power.displayName, power.units])).toEqual([
      ['N', 'North', [{ type: 'A', location: 'NOR' }]],
      ['S', 'South', [{ type: 'F', location: 'SOU' }]],
    ]);
    const fall = tiny({ 'seed.tiny': 'Starting position for Fall of 1902.\nNorth: Army Northland.\nNorth: Fleet Isle.\n' });
    expect(loadMapFile(join(fall, 'map.tiny')).power('north')!.units).toEqual([
      { type: 'A', location: 'NOR' },
      { type: 'F', location: 'ISL' },
    ]);
  });

  it('names the line of a seed in prose it cannot read', () => {
    const prose = (text: string) => tiny({ 'seed.tiny': `Starting position for Spring of 1901.\n${text}\n` });
    expect(errorsOf(prose('North: Army Isle.'))).toEqual([
      expect.stringMatching(/seed\.tiny:2: cannot tell which power letter 'North' is: none of its units so far stands on a home centre$/),
    ]);
    expect(errorsOf(prose('North: Army Northland.\nNorth: Fleet Southland.'))).toEqual([
      expect.stringMatching(/seed\.tiny:3: 'North' starts on home centres of two powers, N and S$/),
    ]);
    expect(errorsOf(prose('North: Fleet Southland (middle coast).'))).toEqual([expect.stringMatching(/seed\.tiny:2: unknown coast 'middle coast'/)]);
    expect(errorsOf(prose('North: Zeppelin Northland.'))).toEqual([
      expect.stringMatching(/seed\.tiny:2: expected a unit line '<power>: Army\|Fleet <area>\.'/),
    ]);
    expect(errorsOf(tiny({ 'seed.tiny': 'Starting position for Summer of 1901.\n' }))).toEqual([
      expect.stringMatching(/seed\.tiny:1: unknown season 'Summer' in 'Starting position for Summer of 1901\.' \(Spring, Fall or Winter\)$/),
    ]);
  });

  it('reads the ownership record in area order and checks its letters', () => {
    const owned = tiny({ 'seed.tiny': 'S1901M\nN: A nor\nS: F sou\n-1\n.N.S\n-1\n' });
    const map = readAnyMap(join(owned, 'map.tiny')).base;
    expect(map.power('north')!.owns).toEqual(['SOU']);
    expect(map.power('south')!.owns).toEqual(['ISL']);
    const odd = tiny({ 'seed.tiny': 'S1901M\nN: A nor\n-1\n..S.\n-1\n' });
    expect(warningsOf(odd)).toContainEqual(
      expect.stringMatching(/seed\.tiny:4: warning: entry 3 of the ownership record gives The Strait, which is not a supply center, to 'S'$/),
    );
  });

  it('checks gateways and railways against the areas they name', () => {
    const withOptions = (areas: string, options: string) =>
      tiny({ 'map.tiny': TINY_MAP.replace('-1\nnor-mv', `${areas}-1\nnor-mv`).replace('#End of center ordering\n', `#End of center ordering\n${options}`) });
    const gate = withOptions('Gate,        g gat\n', 'Gateway\ngat: sou nor isl\n#end\n');
    expect(errorsOf(gate)).toEqual([expect.stringMatching(/map\.tiny:19: gateway gat joins NOR and ISL, which cannot move to each other$/)]);
    const notGate = withOptions('', 'Gateway\nstr: nor sou isl\n#end\n');
    expect(errorsOf(notGate)).toEqual([expect.stringMatching(/map\.tiny:18: The Strait is not a gateway area \(type g\)/)]);
    const rail = withOptions('Rail,        r rai\n', 'Railway\nrai:N nor str\n#end\n');
    expect(errorsOf(rail)).toEqual([expect.stringMatching(/map\.tiny:19: railway rai: The Strait is water$/)]);
    const ok = withOptions('Rail,        r rai\n', 'Railway\nrai:NS nor sou\n#end\nHongKong setting\nS: isl\n#end\n');
    expect(errorsOf(ok)).toEqual([]);
    expect(readAnyMap(join(ok, 'map.tiny')).base.data.extras).toMatchObject({
      railways: [{ province: 'RAI', powers: ['N', 'S'], route: ['NOR', 'SOU'] }],
      specialCenters: [{ province: 'ISL', powers: ['S'] }],
    });
  });

  it('knows a Machiavelli map by its city fields and will not mix them', () => {
    const mixed = tiny({ 'map.tiny': TINY_MAP.replace('Isle,        xw isl', 'Isle,        x1f isl') });
    expect(errorsOf(mixed)).toContainEqual(expect.stringMatching(/map\.tiny:5: area Isle has Machiavelli city fields but most areas have none$/));
  });
});
