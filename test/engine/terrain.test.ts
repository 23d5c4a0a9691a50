import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ruleFlags } from '../../src/engine/rules.js';
import { settleOnTerrain } from '../../src/engine/terrain.js';
import type { Position } from '../../src/engine/types.js';
import { readMapDefinition } from '../../src/map/load.js';
import { OrderReader } from '../../src/engine/legality/reader.js';

/** The Arctic (ARC) is open water in spring and impassable the rest of the year, as on loeb9. */
const arctic = readMapDefinition(join(__dirname, '..', 'maps', 'arctic.map'));
const spring = arctic.at({ season: 'SPRING', year: 1902, type: 'MOVEMENT' });
const fall = arctic.at({ season: 'FALL', year: 1902, type: 'MOVEMENT' });

/** The board empty but for one Russian fleet. */
function withRussianFleet(location: string): Position {
  return {
    powers: fall.powers.map((power) => ({
      name: power.name,
      units: power.name === 'RUSSIA' ? [{ type: 'F' as const, location }] : [],
      retreating: [],
      centers: [...power.owns],
      homes: [...power.homes],
      claimCredits: 0,
    })),
  };
}

describe('units on spaces whose terrain changes', () => {
  it('are destroyed by default when the Arctic closes for the autumn', () => {
    expect(spring.mayOccupy('F', 'ARC')).toBe(true);
    expect(fall.mayOccupy('F', 'ARC')).toBe(false);
    const settled = settleOnTerrain(spring, fall, withRussianFleet('ARC'), ruleFlags([]));
    expect(settled.changes).toEqual([{ power: 'RUSSIA', unit: 'F ARC', became: 'destroyed' }]);
    expect(settled.position.powers.find((state) => state.name === 'RUSSIA')!.units).toEqual([]);
  });

  it('hibernate under HIBERNATE, reported once, and may only hold until the space reopens', () => {
    const flags = ruleFlags(['HIBERNATE']);
    const settled = settleOnTerrain(spring, fall, withRussianFleet('ARC'), flags);
    expect(settled.changes).toEqual([{ power: 'RUSSIA', unit: 'F ARC', became: 'hibernates' }]);
    expect(settleOnTerrain(fall, fall, settled.position, flags).changes).toEqual([]);
    const reader = new OrderReader({ map: fall, position: settled.position, power: 'RUSSIA', phase: 'MOVEMENT' });
    expect(reader.read('F ARC H')).toMatchObject({ ok: true });
    expect(reader.read('F ARC - BAR')).toMatchObject({
      ok: false,
      refused: { line: 'F ARC - BAR', reason: expect.stringContaining('hibernates: it may only hold') },
    });
  });

  it('leave units whose terrain still suits them alone', () => {
    const settled = settleOnTerrain(spring, fall, withRussianFleet('BAR'), ruleFlags([]));
    expect(settled.changes).toEqual([]);
  });
});

describe('UNITS_ADAPT', () => {
  const tides = readMapDefinition(join(__dirname, '..', 'maps', 'tides.map'));
  const wet = tides.at({ season: 'SPRING', year: 1902, type: 'MOVEMENT' });
  const dry = tides.at({ season: 'FALL', year: 1902, type: 'MOVEMENT' });
  const at = (unit: string): Position => {
    const [type, location] = unit.split(' ') as ['A' | 'F', string];
    return { powers: [{ name: 'GREEN', units: [{ type, location }], retreating: [], centers: ['SHO'], homes: ['SHO'], claimCredits: 0 }] };
  };

  it('turns a fleet left on dry land into an army, and an army at sea into a fleet', () => {
    expect(tides.ok).toBe(true);
    expect(settleOnTerrain(wet, dry, at('F FLA'), ruleFlags(['UNITS_ADAPT'])).changes).toEqual([{ power: 'GREEN', unit: 'F FLA', became: 'A FLA' }]);
    expect(settleOnTerrain(dry, wet, at('A FLA'), ruleFlags(['UNITS_ADAPT'])).changes).toEqual([{ power: 'GREEN', unit: 'A FLA', became: 'F FLA' }]);
    expect(settleOnTerrain(dry, wet, at('A FLA'), ruleFlags([])).changes).toEqual([{ power: 'GREEN', unit: 'A FLA', became: 'destroyed' }]);
  });

  it('lets HIBERNATE keep a landlocked fleet, while an army at sea still adapts', () => {
    const both = ruleFlags(['UNITS_ADAPT', 'HIBERNATE']);
    expect(settleOnTerrain(wet, dry, at('F FLA'), both).changes).toEqual([{ power: 'GREEN', unit: 'F FLA', became: 'hibernates' }]);
    expect(settleOnTerrain(dry, wet, at('A FLA'), both).changes).toEqual([{ power: 'GREEN', unit: 'A FLA', became: 'F FLA' }]);
    expect(settleOnTerrain(wet, dry, at('A ROC'), both).changes).toEqual([{ power: 'GREEN', unit: 'A ROC', became: 'hibernates' }]);
  });
});
