import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadMapFile, readMapDefinition, MapLoadError } from '../../src/map/load.js';
import { formatDiagnostic } from '../../src/map/model.js';
import { parseRotation, rotationCovers } from '../../src/map/rotation.js';

/** Writes small purpose-made map files into a fresh folder and returns the folder. */
function mapFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'judge-map-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A three-space world: enough geography for directive tests. */
const TINY = `
North Land = nol north+land nland
South Land = sol
The Strait = str strait
Open Sea = sea
COAST NOL ABUTS SOL STR SEA
COAST SOL ABUTS NOL STR SEA
WATER STR ABUTS NOL SOL SEA
WATER SEA ABUTS NOL SOL STR
NORTH (NORTHERN) NOL
A NOL
SOUTH (SOUTHERN) SOL
F SOL
UNOWNED
`;

describe('directives on purpose-made maps', () => {
  it('parses power- and center-restricted abuts and the * mark', () => {
    const dir = mapFolder({
      'tiny.map': TINY.replace('COAST NOL ABUTS SOL STR SEA', 'COAST NOL ABUTS S:SOL STR sea*(SOL)').replace(
        'WATER SEA ABUTS NOL SOL STR',
        'WATER SEA ABUTS NOL* SOL STR',
      ),
    });
    const map = loadMapFile(join(dir, 'tiny.map'));
    expect(map.abut('NOL', 'SOL')!.powers).toEqual(['S']);
    expect(map.canMove('A', 'NOL', 'SOL', { power: 'S' })).toBe(true);
    expect(map.canMove('A', 'NOL', 'SOL', { power: 'N' })).toBe(false);
    expect(map.abut('NOL', 'SEA')).toMatchObject({ half: true, centers: ['SOL'], fleets: false });
    expect(map.canMove('F', 'SEA', 'NOL')).toBe(true);
    expect(map.abut('SEA', 'NOL')).toMatchObject({ half: true });
    expect(map.canSupportInto('F', 'SEA', 'NOL')).toBe(false);
    expect(map.canSupportInto('F', 'STR', 'NOL')).toBe(true);
  });

  it('accepts a declared one-way adjacency and refuses an undeclared one with file:line', () => {
    const oneWay = mapFolder({
      'tiny.map': TINY.replace('WATER STR ABUTS NOL SOL SEA', 'WATER STR ABUTS NOL SOL :SEA').replace(
        'WATER SEA ABUTS NOL SOL STR',
        'WATER SEA ABUTS NOL SOL STR',
      ),
    });
    expect(readMapDefinition(join(oneWay, 'tiny.map')).errors).toEqual([]);
    const broken = mapFolder({ 'tiny.map': TINY.replace('WATER SEA ABUTS NOL SOL STR', 'WATER SEA ABUTS NOL SOL') });
    const errors = readMapDefinition(join(broken, 'tiny.map')).errors.map(formatDiagnostic);
    expect(errors).toEqual([expect.stringMatching(/tiny\.map:8: STR abuts SEA but SEA does not abut STR/)]);
  });

  it('names the file and line of an unknown abbreviation, following USE', () => {
    const dir = mapFolder({
      'base.geography': TINY.replace('WATER STR ABUTS NOL SOL SEA', 'WATER STR ABUTS NOL SOL SEA XYZ'),
      'variant.map': 'USE base.geography\n',
    });
    expect(() => loadMapFile(join(dir, 'variant.map'))).toThrow(MapLoadError);
    const errors = readMapDefinition(join(dir, 'variant.map')).errors.map(formatDiagnostic);
    expect(errors).toContainEqual(expect.stringMatching(/base\.geography:8: unknown abbreviation 'XYZ' in ABUTS of STR$/));
  });

  it('detects USE cycles', () => {
    const dir = mapFolder({ 'a.map': 'USE b.map\n', 'b.map': 'USE a.map\n' });
    const errors = readMapDefinition(join(dir, 'a.map')).errors.map(formatDiagnostic);
    expect(errors).toContainEqual(expect.stringMatching(/b\.map:1: USE cycle: .*a\.map -> .*b\.map -> .*a\.map/));
  });

  it('renames a place and re-points every adjacency, center and unit', () => {
    const dir = mapFolder({ 'tiny.map': `${TINY}\nNOL -> Northland = nor\n` });
    const map = loadMapFile(join(dir, 'tiny.map'));
    expect(map.location('NOL')).toBeUndefined();
    expect(map.abut('SOL', 'NOR')).toBeDefined();
    expect(map.power('NORTH')!.homes).toEqual(['NOR']);
    expect(map.power('NORTH')!.units).toEqual([{ type: 'A', location: 'NOR' }]);
    expect(map.lookup('Northland')!.locations).toEqual(['NOR']);
  });

  it('AMEND adds and removes adjacencies; DROP forgets every trace', () => {
    const dir = mapFolder({
      'tiny.map': `${TINY}\nAMEND NOL ABUTS -SEA\nAMEND SEA ABUTS -NOL\nDROP STR\n`,
    });
    const map = loadMapFile(join(dir, 'tiny.map'));
    expect(map.abut('NOL', 'SEA')).toBeUndefined();
    expect(map.location('STR')).toBeUndefined();
    expect(map.locations.flatMap((location) => location.abuts.map((abut) => abut.to))).not.toContain('STR');
    expect(map.lookup('strait')).toBeUndefined();
  });

  it('applies FROM blocks from their phase on, and IN blocks only in matching phases', () => {
    const dir = mapFolder({
      'tiny.map': `${TINY}\nFROM S1903M\nSHUT STR\nFROM START\nIN FALL: LAND NOL\n`,
    });
    const definition = readMapDefinition(join(dir, 'tiny.map'));
    expect(definition.errors).toEqual([]);
    expect(definition.at({ season: 'FALL', year: 1902, type: 'MOVEMENT' }).location('STR')!.terrain).toBe('WATER');
    expect(definition.at({ season: 'SPRING', year: 1903, type: 'MOVEMENT' }).location('STR')!.terrain).toBe('SHUT');
    expect(definition.at({ season: 'FALL', year: 1905, type: 'RETREATS' }).location('STR')!.terrain).toBe('SHUT');
    expect(definition.at({ season: 'FALL', year: 1902, type: 'MOVEMENT' }).location('NOL')!.terrain).toBe('LAND');
    expect(definition.at({ season: 'SPRING', year: 1902, type: 'MOVEMENT' }).location('NOL')!.terrain).toBe('COAST');
  });

  it('reads every center prefix', () => {
    const dir = mapFolder({
      'tiny.map': `${TINY}\nNORTH +STR &SC ~@SEA(NOL)\nRESERVES 2\nMILITIA\nOWNS NOL SC!\nSOUTH *STR\n`,
    });
    const map = loadMapFile(join(dir, 'tiny.map'));
    const north = map.power('NORTH')!;
    expect(north.sites.factories).toEqual(['STR']);
    expect(north.sites.claimCredits).toBe(1);
    expect(north.sites.alternatives).toEqual([{ center: 'SEA', insteadOf: ['NOL'] }]);
    expect(north.sites.hidden).toEqual(['SEA']);
    expect(north.owns).toEqual(['NOL', 'SC!']);
    expect(north.reserves).toBe(2);
    expect(north.militia).toBe(1);
    expect(map.power('SOUTH')!.sites.partisans).toEqual(['STR']);
    expect(map.isCenter('STR')).toBe(false);
    expect(map.isCenter('SEA')).toBe(true);
  });

  it('handles DUMMY ALL EXCEPT, CONTROL, ROTATE and RULE negation', () => {
    const dir = mapFolder({
      'tiny.map': `${TINY}\nDUMMIES ALL EXCEPT NORTH\nSOUTH\nCONTROL NORTH\nROTATE FOR MOVEMENT\nRULE BUILD_ANY HIDE_BUILDS\nRULE !HIDE_BUILDS\n`,
    });
    const map = loadMapFile(join(dir, 'tiny.map'));
    expect(map.power('NORTH')!.dummy).toBe(false);
    expect(map.power('SOUTH')!.dummy).toBe(true);
    expect(map.power('SOUTH')!.control).toEqual(['NORTH']);
    expect(map.data.rotation).toEqual({ clauses: [{ when: 'FOR', phaseTypes: ['MOVEMENT'] }] });
    expect(map.rules()).toEqual(['BUILD_ANY']);
  });

  it('reports an unbalanced END DIRECTIVES and a bad FLOW precisely', () => {
    const dir = mapFolder({ 'tiny.map': `${TINY}\nEND DIRECTIVES\nFLOW SPRING:MOVEMENT,MUSTER\n` });
    const errors = readMapDefinition(join(dir, 'tiny.map')).errors.map(formatDiagnostic);
    expect(errors).toContainEqual(expect.stringMatching(/tiny\.map:16: END DIRECTIVES without a DIRECTIVES line/));
    expect(errors).toContainEqual(expect.stringMatching(/tiny\.map:17: phase types MOVEMENT and MUSTER begin with the same letter/));
  });

  it('decodes ISO-8859-1 map files', () => {
    const dir = mapFolder({});
    writeFileSync(join(dir, 'tiny.map'), Buffer.from(TINY.replace('South Land = sol', 'Sète = sol'), 'latin1'));
    expect(loadMapFile(join(dir, 'tiny.map')).location('SOL')!.name).toBe('Sète');
  });
});

describe('ROTATE', () => {
  it('reads several clauses and refuses a clause without phase types', () => {
    const rotation = parseRotation(['BEFORE', 'MOVE', 'FOR', 'R']);
    expect(rotation).toEqual({
      clauses: [
        { when: 'BEFORE', phaseTypes: ['MOVE'] },
        { when: 'FOR', phaseTypes: ['R'] },
      ],
    });
    if (typeof rotation === 'string') throw new Error(rotation);
    expect(rotationCovers(rotation.clauses[0]!, 'MOVEMENT')).toBe(true);
    expect(rotationCovers(rotation.clauses[1]!, 'MOVEMENT')).toBe(false);
    expect(parseRotation([])).toEqual({ clauses: [{ when: 'CONTROL', phaseTypes: [] }] });
    expect(parseRotation(['BEFORE'])).toBe('ROTATE BEFORE needs phase types');
    expect(parseRotation(['SOMETIMES'])).toMatch(/takes CONTROL, AFTER, BEFORE or FOR/);
  });
});

describe('rules from DIRECTIVES stanzas', () => {
  it('count for every game when the stanza names no variant, and not for another variant', () => {
    const dir = mapFolder({
      'tiny.map': `${TINY}\nDIRECTIVES\nRULE CD_DUMMIES\nRULE IMMOBILE_DUMMIES\nEND DIRECTIVES\nPAYOLA DIRECTIVES\nRULE PAY_DUMMIES\nEND DIRECTIVES\n`,
    });
    const map = loadMapFile(join(dir, 'tiny.map'));
    expect(map.rules()).toEqual(expect.arrayContaining(['CD_DUMMIES', 'IMMOBILE_DUMMIES']));
    expect(map.rules()).not.toContain('PAY_DUMMIES');
  });
});
