import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadMapFile, readMapDefinition, MapLoadError } from '../../src/map/load.js';
import { formatDiagnostic } from '../../src/map/model.js';
import { parseRotation, rotationCovers } from '../../src/map/rotation.js';

const corpus = join(__dirname, '..', '..', '..', 'shared', 'corpus');
const dpjudgeMaps = join(corpus, 'dpjudge', 'maps');

function corpusMap(name: string) {
  return loadMapFile(join(dpjudgeMaps, `${name}.map`));
}

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

describe('the standard map from the DPjudge corpus', () => {
  const map = corpusMap('standard');

  it('has the board everybody knows', () => {
    expect(map.centers).toHaveLength(34);
    expect(map.powers.map((power) => power.name)).toEqual([
      'AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY',
    ]);
    expect(map.powers.flatMap((power) => power.units)).toHaveLength(22);
    expect(map.power('russia')!.units).toContainEqual({ type: 'F', location: 'STP/SC' });
    expect(map.victoryCenters(1901)).toBe(18);
    expect(map.data.begin).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
  });

  it('gives Spain two coasts and keeps fleets off the province itself', () => {
    expect(map.coasts('SPA').map((location) => location.abbrev).sort()).toEqual(['SPA/NC', 'SPA/SC']);
    expect(map.mayOccupy('F', 'SPA')).toBe(false);
    expect(map.mayOccupy('A', 'SPA')).toBe(true);
    expect(map.mayOccupy('A', 'SPA/NC')).toBe(false);
    expect(map.canMove('F', 'MAO', 'SPA/NC')).toBe(true);
    expect(map.canMove('F', 'LYO', 'SPA/NC')).toBe(false);
  });

  it('lets an army reach a multi-coast province through an abut listed for one coast', () => {
    expect(map.canMove('A', 'GAS', 'SPA')).toBe(true);
    expect(map.canSupportInto('F', 'GAS', 'SPA')).toBe(true);
  });

  it('reads the case rules: Venice-Tuscany is army-only', () => {
    expect(map.canMove('A', 'VEN', 'TUS')).toBe(true);
    expect(map.canMove('F', 'VEN', 'TUS')).toBe(false);
    expect(map.canMove('A', 'VEN', 'ADR')).toBe(false);
    expect(map.canMove('F', 'VEN', 'ADR')).toBe(true);
  });

  it('keeps Switzerland impassable', () => {
    expect(map.location('SWI')!.terrain).toBe('SHUT');
    expect(map.canMove('A', 'MUN', 'SWI')).toBe(false);
  });

  it('resolves aliases, multi-word aliases and ambiguous ones', () => {
    expect(map.lookup('north sea')!.locations).toEqual(['NTH']);
    expect(map.lookup('Bulgaria (east coast)')!.locations).toEqual(['BUL/EC']);
    expect(map.lookup('eas med')!.locations).toEqual(['EAS']);
    expect(map.lookup('tyr')!.locations).toEqual(['TYR']);
    expect(map.lookup('no such place')).toBeUndefined();
  });
});

describe('dynamic and political directives in corpus maps', () => {
  it('records loeb9 weak straits (~) and its IN SPRING terrain change', () => {
    const definition = readMapDefinition(join(dpjudgeMaps, 'loeb9.map'));
    expect(definition.errors).toEqual([]);
    const spring = definition.at({ season: 'SPRING', year: 1902, type: 'MOVEMENT' });
    const fall = definition.at({ season: 'FALL', year: 1902, type: 'MOVEMENT' });
    expect(spring.location('ARC')!.terrain).toBe('WATER');
    expect(fall.location('ARC')!.terrain).toBe('SHUT');
    expect(spring.abut('COR', 'NAF')).toMatchObject({ weak: true, fleets: false });
    expect(spring.abut('NAF', 'COR')).toMatchObject({ weak: true });
    expect(spring.location('SPA')).toBeUndefined();
    expect(spring.locations.some((location) => location.abuts.some((abut) => abut.to.startsWith('SPA')))).toBe(false);
  });

  it('applies renames of powers and places (minorpower, standard_dutch)', () => {
    const vassal = corpusMap('vassal');
    expect(vassal.power('BELGIUM')).toBeUndefined();
    expect(vassal.power('_BELGIUM')!.displayName).toBe('Belgium');
    expect(vassal.power('_BELGIUM')!.homes).toEqual(['BEL']);
    const dutch = loadMapFile(join(corpus, 'dpjudge', 'trials', 'standard_dutch.map'), { searchPath: [dpjudgeMaps] });
    expect(dutch.centers).toHaveLength(34);
    expect(dutch.lookup('adriatische zee')!.locations).toEqual(['ADR']);
    expect(dutch.lookup('aegean')).toBeUndefined();
    expect(dutch.location('EGE')!.abuts.map((abut) => abut.to)).toContain('ION');
  });

  it('records leagues, claim credits, NEWHOMES and variant directives', () => {
    const ambition = corpusMap('ambition');
    expect(ambition.powers.some((power) => power.league?.mode === 'strict')).toBe(true);
    expect(ambition.powers.some((power) => power.league?.mode === 'benign')).toBe(true);
    expect(ambition.data.directives.map((stanza) => stanza.variant)).toEqual([null, 'PAYOLA']);
    expect(ambition.victoryCenters(1763)).toBe(15);
    expect(ambition.power('SAXONY')!.sites.claimCredits).toBe(1);
    expect(ambition.power('SAXONY')!.abbrev).toBe('X');
    expect(corpusMap('1897').data.newHomes).toEqual([1899]);
  });

  it('reads custom FLOW phase types', () => {
    const ambition = corpusMap('ambition');
    expect(ambition.data.flow.filter((step) => step.kind === 'phase').map((step) => step.kind === 'phase' && step.type)).toEqual([
      'INCOME', 'MOVEMENT', 'RETREATS', 'INCOME', 'MOVEMENT', 'RETREATS', 'ADJUSTMENTS',
    ]);
  });

  it('drops unplayed powers and dropped places (fiveman)', () => {
    const fiveman = corpusMap('fiveman');
    expect(fiveman.powers.map((power) => power.name)).not.toContain('RUSSIA');
    expect(fiveman.location('MOS')).toBeUndefined();
    expect(fiveman.powers).toHaveLength(5);
  });
});

describe('directives on purpose-made maps', () => {
  it('parses power- and center-restricted abuts and the * mark', () => {
    const dir = mapFolder({
      'tiny.map': TINY.replace('COAST NOL ABUTS SOL STR SEA', 'COAST NOL ABUTS S:SOL STR sea*(SOL)')
        .replace('WATER SEA ABUTS NOL SOL STR', 'WATER SEA ABUTS NOL* SOL STR'),
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
    const oneWay = mapFolder({ 'tiny.map': TINY.replace('WATER STR ABUTS NOL SOL SEA', 'WATER STR ABUTS NOL SOL :SEA').replace('WATER SEA ABUTS NOL SOL STR', 'WATER SEA ABUTS NOL SOL STR') });
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
    const french = loadMapFile(join(corpus, 'dpjudge', 'trials', 'standard_french.map'), { searchPath: [dpjudgeMaps] });
    expect(french.locations.some((location) => location.name.includes('è') || location.name.includes('é'))).toBe(true);
  });
});

describe('ROTATE', () => {
  it('reads several clauses and refuses a clause without phase types', () => {
    const rotation = parseRotation(['BEFORE', 'MOVE', 'FOR', 'R']);
    expect(rotation).toEqual({ clauses: [{ when: 'BEFORE', phaseTypes: ['MOVE'] }, { when: 'FOR', phaseTypes: ['R'] }] });
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
    const ambition = loadMapFile(join(dpjudgeMaps, 'ambition.map'));
    expect(ambition.rules()).toEqual(expect.arrayContaining(['CD_DUMMIES', 'IMMOBILE_DUMMIES']));
    expect(ambition.rules()).not.toContain('PAY_DUMMIES');
  });
});
