import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { playMap } from '../test/game/play.js';
import { corpus } from './corpus.js';

/** The nJudge file that is not a map (an ASCII picture): `judge map check` names it. */
const NOT_MAPS = new Set(['top']);

function mapsIn(folder: string): string[] {
  return readdirSync(join(corpus, folder))
    .filter((file) => file.endsWith('.map') || file.startsWith('map.'))
    .map((file) => file.replace(/\.map$/, '').replace(/^map\./, ''))
    .filter((name) => !NOT_MAPS.has(name));
}

/**
 * A game of six phases on each map of one corpus folder. Each folder has a test file of its own so
 * that the folders are played side by side, one per core.
 */
export function playEveryMapOf(folder: string): void {
  describe('a game on every map of the corpus', () => {
    it(`plays six phases on each map of ${folder}, every bot order taken and every status file valid`, async () => {
      const maps = mapsIn(folder);
      expect(maps.length).toBeGreaterThan(10);
      for (const name of maps) {
        const { played } = await playMap(join(corpus, folder), name, 6, 5);
        expect({ name, phases: played.length }).toEqual({ name, phases: 6 });
      }
    });
  });
}
