import { performance } from 'node:perf_hooks';
import type { GameMap } from '../map/game-map.js';
import { adjudicate } from '../engine/adjudicate.js';
import type { PhaseResult } from '../engine/types.js';
import { placedUnit, buildCase, type CaseSetup, type CaseUnit } from './setup.js';
import type { DatcCase, DatcLine } from './reader.js';

export interface CaseOutcome {
  id: string;
  passed: boolean;
  /** `expected ... got ...`, or why the case could not be run. */
  detail: string;
  /** The phase type adjudicated, for timing by phase type. */
  phaseType: string;
  /** Milliseconds per adjudication of the case when timed (parsing excluded). */
  times: number[];
}

export interface RunOptions {
  /** Adjudicate each case this many extra times, recording how long each took. */
  timedRuns?: number;
}

function key(unit: CaseUnit): string {
  return `${unit.power} ${unit.type} ${unit.location}`;
}

/** Units as `power type location`; a list, not a set: an nJudge high sea holds any number of like fleets. */
function expectedUnits(map: GameMap, lines: readonly DatcLine[]): { units: string[]; problem: string | null } {
  const units: string[] = [];
  for (const line of lines) {
    const unit = placedUnit(map, line);
    if (!unit.ok) return { units, problem: unit.reason };
    units.push(key(unit.value));
  }
  return { units, problem: null };
}

function actualUnits(result: PhaseResult, which: 'units' | 'retreating'): string[] {
  return result.position.powers.flatMap((state) => state[which].map((unit) => key({ power: state.name, ...unit })));
}

/** What `from` has that `less` has not, each unit as often as it is missing. */
function without(from: readonly string[], less: readonly string[]): string[] {
  const left = [...less];
  return from.filter((unit) => {
    const index = left.indexOf(unit);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

/** The differences between two unit lists, worded for a FAIL line; empty when they agree. */
function difference(label: string, expected: readonly string[], actual: readonly string[]): string {
  const missing = without(expected, actual);
  const extra = without(actual, expected);
  if (missing.length === 0 && extra.length === 0) return '';
  return `expected ${label} ${missing.join(', ') || 'nothing more'}; got ${extra.join(', ') || 'nothing of the kind'}`;
}

function timeRuns(map: GameMap, setup: CaseSetup, runs: number): number[] {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    adjudicate(map, setup.phase, setup.position, setup.orders, { rules: setup.rules });
    times.push(performance.now() - start);
  }
  return times;
}

/** Runs one case: builds its position, adjudicates its orders, compares the outcome with the POSTSTATE. */
function runCase(map: GameMap, datc: DatcCase, options: RunOptions = {}): CaseOutcome {
  const failed = (detail: string, phaseType = '?'): CaseOutcome => ({ id: datc.id, passed: false, detail, phaseType, times: [] });
  const setup = buildCase(map, datc);
  if (!setup.ok) return failed(setup.reason);
  const phaseType = setup.value.phase.type;
  const result = adjudicate(map, setup.value.phase, setup.value.position, setup.value.orders, { rules: setup.value.rules });
  const expected = expectedUnits(map, datc.poststate ?? datc.prestate);
  const expectedDislodged = expectedUnits(map, datc.postDislodged);
  const problem = expected.problem ?? expectedDislodged.problem;
  if (problem) return failed(problem, phaseType);
  const differences = [
    difference('units', expected.units, actualUnits(result, 'units')),
    difference('dislodged', expectedDislodged.units, actualUnits(result, 'retreating')),
  ].filter((text) => text !== '');
  const times = options.timedRuns ? timeRuns(map, setup.value, options.timedRuns) : [];
  return { id: datc.id, passed: differences.length === 0, detail: differences.join('; '), phaseType, times };
}

/** Runs every case of a file, each against its variant's map. */
export function runCases(cases: readonly DatcCase[], mapFor: (variant: string) => GameMap, options: RunOptions = {}): CaseOutcome[] {
  return cases.map((datc) => {
    let map: GameMap;
    try {
      map = mapFor(datc.variant);
    } catch (error) {
      return { id: datc.id, passed: false, detail: `no map for ${datc.variant}: ${(error as Error).message}`, phaseType: '?', times: [] };
    }
    return runCase(map, datc, options);
  });
}
