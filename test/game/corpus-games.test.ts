import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { corpus } from './support.js';
import { playMap } from './play.js';

/** The two nJudge files that are not maps (a copied report, an ASCII picture): `judge map check` names them. */
const NOT_MAPS = new Set(['shift_left', 'top']);

/** nJudge maps CREATE refuses until the judge adjudicates their features (colonial's gateway and railway). */
const REFUSED = new Set(['njudge/colonial']);

function mapsIn(folder: string): string[] {
  return readdirSync(join(corpus, folder))
    .filter((file) => file.endsWith('.map') || file.startsWith('map.'))
    .map((file) => file.replace(/\.map$/, '').replace(/^map\./, ''))
    .filter((name) => !NOT_MAPS.has(name) && !REFUSED.has(`${folder}/${name}`));
}

describe('a game on every map of the corpus', () => {
  for (const folder of ['dpjudge/maps', 'mila-maps', 'njudge']) {
    it(`plays six phases on each map of ${folder}, every bot order taken and every status file valid`, async () => {
      const maps = mapsIn(folder);
      expect(maps.length).toBeGreaterThan(10);
      for (const name of maps) {
        const { played } = await playMap(join(corpus, folder), name, 6, 5);
        expect({ name, phases: played.length }).toEqual({ name, phases: 6 });
      }
    }, 120_000);
  }
});
