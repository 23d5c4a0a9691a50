import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadMapFile, readMapDefinition } from '../src/map/load.js';
import { corpus } from './corpus.js';

/** DPjudge's maps as the judge reads them: the facts of the corpus files (test/map/dpjudge.test.ts reads purpose-made ones). */
const dpjudgeMaps = join(corpus, 'dpjudge', 'maps');

function corpusMap(name: string) {
  return loadMapFile(join(dpjudgeMaps, `${name}.map`));
}

describe('the standard map from the DPjudge corpus', () => {
  const map = corpusMap('standard');

  it('has the board everybody knows', () => {
    expect(map.centers).toHaveLength(34);
    expect(map.powers.map((power) => power.name)).toEqual(['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    expect(map.powers.flatMap((power) => power.units)).toHaveLength(22);
    expect(map.power('russia')!.units).toContainEqual({ type: 'F', location: 'STP/SC' });
    expect(map.victoryCenters(1901)).toBe(18);
    expect(map.data.begin).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
  });

  it('gives Spain two coasts and keeps fleets off the province itself', () => {
    expect(
      map
        .coasts('SPA')
        .map((location) => location.abbrev)
        .sort(),
    ).toEqual(['SPA/NC', 'SPA/SC']);
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
      'INCOME',
      'MOVEMENT',
      'RETREATS',
      'INCOME',
      'MOVEMENT',
      'RETREATS',
      'ADJUSTMENTS',
    ]);
  });

  it('drops unplayed powers and dropped places (fiveman)', () => {
    const fiveman = corpusMap('fiveman');
    expect(fiveman.powers.map((power) => power.name)).not.toContain('RUSSIA');
    expect(fiveman.location('MOS')).toBeUndefined();
    expect(fiveman.powers).toHaveLength(5);
  });
});
