import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadMapFile } from '../src/map/load.js';
import { moveGraph, provinces, UNIT_TYPES } from '../test/map/geography.js';
import { corpus } from './corpus.js';

/** The team's own standard map and the DPjudge original it must agree with (read, never copied). */
const ownPath = join(__dirname, '..', 'maps', 'standard.map');
const referenceDir = join(corpus, 'dpjudge', 'maps');

describe('maps/standard.map', () => {
  const map = loadMapFile(ownPath);

  it('moves armies and fleets exactly as the DPjudge standard map does', () => {
    const reference = loadMapFile(join(referenceDir, 'standard.map'), { searchPath: [referenceDir] });
    expect([...provinces(map)].sort()).toEqual([...provinces(reference)].sort());
    expect(map.locations.map((location) => location.abbrev).sort()).toEqual(reference.locations.map((location) => location.abbrev).sort());
    for (const location of reference.locations) {
      const own = map.location(location.abbrev)!;
      expect({ at: own.abbrev, terrain: own.terrain, A: map.mayOccupy('A', own.abbrev), F: map.mayOccupy('F', own.abbrev) }).toEqual({
        at: location.abbrev,
        terrain: location.terrain,
        A: reference.mayOccupy('A', location.abbrev),
        F: reference.mayOccupy('F', location.abbrev),
      });
    }
    for (const type of UNIT_TYPES) expect(moveGraph(map, type), `${type} moves`).toEqual(moveGraph(reference, type));
    expect([...map.centers].sort()).toEqual([...reference.centers].sort());
    for (const power of reference.powers) {
      const own = map.power(power.name)!;
      expect([...own.homes].sort()).toEqual([...power.homes].sort());
      expect([...own.units].sort((a, b) => a.location.localeCompare(b.location))).toEqual(
        [...power.units].sort((a, b) => a.location.localeCompare(b.location)),
      );
    }
  });
});
