import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { playMap } from '../test/game/play.js';
import { corpus } from './corpus.js';

/** Games on the corpus variants whose flows and rules differ from the standard game's. */
function playVariant(mapName: string, phases: number) {
  return playMap(join(corpus, 'dpjudge', 'maps'), mapName, phases);
}

describe('variants with their own flows and rules', () => {
  it('ambition: the INCOME phase waits for the Master and the year goes on after it', async () => {
    const { played, joined } = await playVariant('ambition', 14);
    expect(joined).toBeGreaterThan(7);
    expect(played[0]).toBe('PHASE S1763M');
    expect(played).toContain('WAIT F1763I');
    expect(played).toContain('WAIT S1764I');
    expect(played.indexOf('WAIT F1763I')).toBeLessThan(played.indexOf('PHASE F1763M'));
  }, 60_000);

  it('chaos: thirty-four powers, each builds in any owned center (BUILD_ANY)', async () => {
    const { played, reports, joined } = await playVariant('chaos', 6);
    expect(joined).toBe(34);
    const winter = reports.find((report) => report.phase.type === 'ADJUSTMENTS');
    expect(winter).toBeDefined();
    const builds = winter!.outcomes.filter((outcome) => outcome.order.kind === 'build' && outcome.succeeded);
    expect(builds.length).toBeGreaterThan(0);
    expect(played[0]).toBe('PHASE W1900A');
  }, 60_000);

  it('1897: starts with a Winter 1897 adjustment phase and moves home centers in 1899 (NEWHOMES)', async () => {
    const { played, judge } = await playVariant('1897', 12);
    expect(played[0]).toBe('PHASE W1897A');
    const game = judge.service.load('v').game;
    expect(played.some((entry) => entry.endsWith('W1899A')) || played.some((entry) => entry.includes('1900'))).toBe(true);
    const homesChanged = game.powers.some((power) => power.homes !== null);
    expect(homesChanged).toBe(true);
  }, 60_000);

  it('1898: MOBILIZE starts on an empty board, each power building once in a home center it then owns', async () => {
    const { played, reports, judge } = await playVariant('1898', 2);
    expect(played).toEqual(['PHASE W1898A', 'PHASE S1899M']);
    const builds = reports[0]!.outcomes.filter((outcome) => outcome.order.kind === 'build' && outcome.succeeded);
    expect(builds.map((outcome) => outcome.power).sort()).toEqual(['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    const game = judge.service.load('v').game;
    const map = judge.service.maps(game).base;
    for (const power of game.powers) {
      expect(power.units).toHaveLength(1);
      expect(power.owns.filter((center) => map.power(power.name)!.homes.includes(center)).length).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);
});
