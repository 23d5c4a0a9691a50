import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { adjudicate } from '../../src/engine/adjudicate.js';
import type { PhaseResult, Position, RetreatingUnit } from '../../src/engine/types.js';
import type { GameMap } from '../../src/map/game-map.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { loadMapFile } from '../../src/map/load.js';
import type { Phase } from '../../src/map/model.js';
import { parseOrder } from '../../src/orders/parse.js';
import type { OrderPhase, SubmittedOrder } from '../../src/orders/types.js';

const loaded = new Map<string, GameMap>();

/** A map of test/maps (a DPjudge `<name>.map` or an nJudge `map.<name>`), or `standard` for the project's own standard map. */
export function testMap(name: string): GameMap {
  let map = loaded.get(name);
  if (!map) {
    const njudge = resolve('test', 'maps', `map.${name}`);
    if (name !== 'standard' && existsSync(njudge)) map = readAnyMap(njudge).base;
    else map = loadMapFile(name === 'standard' ? resolve('maps', 'standard.map') : resolve('test', 'maps', `${name}.map`));
    loaded.set(name, map);
  }
  return map;
}

export const SPRING: Phase = { season: 'SPRING', year: 1901, type: 'MOVEMENT' };
export const FALL: Phase = { season: 'FALL', year: 1901, type: 'MOVEMENT' };
export const SPRING_RETREATS: Phase = { season: 'SPRING', year: 1901, type: 'RETREATS' };
export const FALL_RETREATS: Phase = { season: 'FALL', year: 1901, type: 'RETREATS' };
export const WINTER: Phase = { season: 'WINTER', year: 1901, type: 'ADJUSTMENTS' };

export interface BoardSpec {
  /** Power → units as written (`A HIL`). */
  units: Record<string, string[]>;
  /** Power → owned centers; powers not listed own their map centers. */
  centers?: Record<string, string[]>;
  retreating?: Record<string, RetreatingUnit[]>;
  homes?: Record<string, string[]>;
  claimCredits?: Record<string, number>;
}

/** A position on the map: every map power, with the units and centers given. */
export function position(map: GameMap, spec: BoardSpec): Position {
  return {
    powers: map.powers.map((power) => ({
      name: power.name,
      units: (spec.units[power.name] ?? []).map((text) => {
        const [type, location] = text.split(' ') as ['A' | 'F', string];
        return { type, location };
      }),
      retreating: spec.retreating?.[power.name] ?? [],
      centers: spec.centers?.[power.name] ?? [...power.owns],
      homes: spec.homes?.[power.name] ?? [...power.homes],
      claimCredits: spec.claimCredits?.[power.name] ?? power.sites.claimCredits,
    })),
  };
}

/** Orders as players write them, read without checking, so that the adjudicator judges them (NO_CHECK style). */
export function orders(map: GameMap, phase: OrderPhase, spec: Record<string, string[]>): SubmittedOrder[] {
  return Object.entries(spec).flatMap(([power, lines]) =>
    lines.map((line) => {
      const parsed = parseOrder(map, line, phase);
      if (!parsed.ok) throw new Error(`test order '${line}' does not parse: ${parsed.reason}`);
      return { power, order: parsed.readings[0]! };
    }),
  );
}

/** Adjudicates orders given as text against a board spec. */
export function play(map: GameMap, phase: Phase, board: BoardSpec, spec: Record<string, string[]>, rules: string[] = []): PhaseResult {
  const type = phase.type as OrderPhase;
  return adjudicate(map, phase, position(map, board), orders(map, type, spec), { rules });
}

/** `POWER T LOC` for every unit on the board after a phase, sorted. */
export function unitsAfter(result: PhaseResult): string[] {
  return result.position.powers.flatMap((state) => state.units.map((unit) => `${state.name} ${unit.type} ${unit.location}`)).sort();
}

/** The outcome of the order whose canonical text is given. */
export function outcomeOf(result: PhaseResult, text: string) {
  const found = result.outcomes.find((outcome) => outcome.text === text);
  if (!found) throw new Error(`no outcome '${text}' among ${result.outcomes.map((outcome) => outcome.text).join(', ')}`);
  return found;
}
