import type { FlowStep, Phase } from './model.js';

/** The phase types the adjudicator handles; any other FLOW type waits for the Master's PROCESS. */
export const MOVEMENT = 'MOVEMENT';
export const RETREATS = 'RETREATS';
export const ADJUSTMENTS = 'ADJUSTMENTS';

/** Maps the spellings people and other judges use to the three built-in phase types. */
const TYPE_SYNONYMS: Record<string, string> = {
  MOVEMENT: MOVEMENT,
  MOVEMENTS: MOVEMENT,
  MOVE: MOVEMENT,
  MOVES: MOVEMENT,
  RETREAT: RETREATS,
  RETREATS: RETREATS,
  ADJUSTMENT: ADJUSTMENTS,
  ADJUSTMENTS: ADJUSTMENTS,
  ADJUST: ADJUSTMENTS,
  BUILDS: ADJUSTMENTS,
};

export function normalisePhaseType(word: string): string {
  // Adjudicating a phase asks several times, nearly always with a built-in name: spare it the case change.
  if (isBuiltInPhaseType(word)) return word;
  const upper = word.toUpperCase();
  return TYPE_SYNONYMS[upper] ?? upper;
}

export function isBuiltInPhaseType(type: string): boolean {
  return type === MOVEMENT || type === RETREATS || type === ADJUSTMENTS;
}

/** `SPRING 1901 MOVEMENT`, the form status files and results use. */
export function formatPhase(phase: Phase): string {
  return `${phase.season} ${phase.year} ${phase.type}`;
}

/** `S1901M`, the short form of IN/FROM directives and of the DPjudge web pages. */
export function phaseAbbrev(phase: Phase): string {
  return `${phase.season[0]}${phase.year}${phase.type[0]}`;
}

/** A year of at most nine digits: any game's, and still a whole number once read (`1.905e+42` is not). */
const YEAR = /^-?\d{1,9}$/;

/** Parses `SPRING 1901 MOVEMENT` (any case, any spacing, common type synonyms). */
export function parsePhase(text: string): Phase | null {
  const words = text.trim().split(/\s+/);
  if (words.length !== 3 || !YEAR.test(words[1]!)) return null;
  return { season: words[0]!.toUpperCase(), year: Number(words[1]), type: normalisePhaseType(words[2]!) };
}

/** The seasons and phase types of a flow, in order, ignoring NEWYEAR/IFYEARDIV steps. */
export function flowPhases(flow: readonly FlowStep[]): { season: string; type: string }[] {
  return flow.flatMap((step) => (step.kind === 'phase' ? [{ season: step.season, type: step.type }] : []));
}

/** Parses `S1901M` against a flow (the letters must name a season and type the flow has). */
export function parsePhaseAbbrev(text: string, flow: readonly FlowStep[]): Phase | null {
  const match = /^([A-Za-z])(-?\d{1,9})([A-Za-z])$/.exec(text.trim());
  if (!match) return null;
  const [, seasonLetter, year, typeLetter] = match;
  const step = flowPhases(flow).find((candidate) => candidate.season[0] === seasonLetter!.toUpperCase() && candidate.type[0] === typeLetter!.toUpperCase());
  return step ? { season: step.season, year: Number(year), type: step.type } : null;
}

function positionInFlow(flow: readonly FlowStep[], phase: Phase): number {
  return flow.findIndex((step) => step.kind === 'phase' && step.season === phase.season && step.type === phase.type);
}

/**
 * The phase after `phase` in the flow. NEWYEAR steps add to the year (a flow without one adds
 * one at the wrap-around); IFYEARDIV:n[=m] goes back to the first step unless year % n === m.
 */
export function nextPhase(flow: readonly FlowStep[], phase: Phase): Phase {
  const start = positionInFlow(flow, phase);
  if (start < 0) throw new Error(`${formatPhase(phase)} is not a phase of this map's FLOW`);
  const hasNewYear = flow.some((step) => step.kind === 'newyear');
  let year = phase.year;
  let index = start;
  for (let guard = 0; guard <= flow.length * 2; guard++) {
    index++;
    if (index >= flow.length) {
      index = 0;
      if (!hasNewYear) year++;
    }
    const step = flow[index]!;
    if (step.kind === 'phase') return { season: step.season, year, type: step.type };
    if (step.kind === 'newyear') year += step.by;
    else if (((year % step.divisor) + step.divisor) % step.divisor !== step.remainder) index = -1;
  }
  throw new Error(`the FLOW never reaches a phase after ${formatPhase(phase)}`);
}

/**
 * Orders two phases in game time: by year, then by position in the flow. Phases of the same year
 * before a NEWYEAR step still come after earlier years, which is all IN/FROM directives need.
 */
export function comparePhases(flow: readonly FlowStep[], a: Phase, b: Phase): number {
  if (a.year !== b.year) return a.year - b.year;
  return positionInFlow(flow, a) - positionInFlow(flow, b);
}

/**
 * The latest phase of `type` that the flow reaches before `phase`, or `phase` itself when it is of
 * that type (MOBILIZE starts a game at the adjustment phase before the map's first phase).
 */
export function latestPhaseOfType(flow: readonly FlowStep[], phase: Phase, type: string): Phase | null {
  const wanted = normalisePhaseType(type);
  if (normalisePhaseType(phase.type) === wanted) return phase;
  const first = flow.find((step) => step.kind === 'phase');
  if (!first || first.kind !== 'phase') return null;
  const yearsPerRound = flow.reduce((sum, step) => sum + (step.kind === 'newyear' ? step.by : 0), 0) || 1;
  let candidate: Phase = { season: first.season, year: phase.year - 2 * yearsPerRound, type: first.type };
  let latest: Phase | null = null;
  for (let guard = 0; guard <= flow.length * 4 && comparePhases(flow, candidate, phase) < 0; guard++) {
    if (normalisePhaseType(candidate.type) === wanted) latest = candidate;
    candidate = nextPhase(flow, candidate);
  }
  return latest;
}
