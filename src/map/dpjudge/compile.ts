import type { Diagnostic, FlowStep, MapData, Phase } from '../model.js';
import { comparePhases, formatPhase, MOVEMENT, parsePhaseAbbrev, phaseAbbrev } from '../phase.js';
import { MapBuilder } from './builder.js';
import { finishMap, type MapMeta } from './finish.js';
import type { MapScript, Scope, Statement } from './script.js';

/**
 * Turns a map script into MapData for one phase: the statements that are always in force, then
 * the FROM blocks reached by that phase in phase order, then the IN blocks matching it, which is
 * the order DPjudge applies them in.
 */

function inMatches(text: string, phase: Phase, flow: readonly FlowStep[]): boolean {
  const abbreviated = parsePhaseAbbrev(text, flow);
  if (abbreviated) return phaseAbbrev(abbreviated) === phaseAbbrev(phase) && abbreviated.year === phase.year;
  const spoken = text.split(/\s+/).join(' ');
  const full = formatPhase(phase);
  return full === spoken || full.startsWith(`${spoken} `);
}

/** FROM takes a complete movement-phase abbreviation such as S1904M. */
function fromPhase(text: string, flow: readonly FlowStep[]): Phase | string {
  const phase = parsePhaseAbbrev(text, flow);
  if (!phase) return `FROM needs a movement phase abbreviation such as S1904M, or START; got '${text}'`;
  if (phase.type !== MOVEMENT) return `FROM needs a movement phase, got '${text}'`;
  return phase;
}

function scopeKey(scope: Scope): string {
  return scope.kind === 'always' ? '' : `${scope.kind} ${scope.phase}`;
}

export interface CompiledMap {
  data: MapData;
  diagnostics: Diagnostic[];
}

/** `phase` 'begin' builds the map as it is in its own BEGIN phase; null applies no IN/FROM block. */
export function compileMap(script: MapScript, meta: MapMeta, requested: Phase | 'begin' | null): CompiledMap {
  const builder = new MapBuilder();
  const scoped: Statement[] = [];
  for (const statement of script.statements) {
    if (statement.scope.kind === 'always') builder.apply(statement);
    else scoped.push(statement);
  }
  const flow = builder.effectiveFlow();
  const phase = requested === 'begin' ? builder.begin : requested;
  const diagnostics: Diagnostic[] = [];
  const fromBlocks: { phase: Phase; statements: Statement[] }[] = [];
  const inStatements: Statement[] = [];
  for (const statement of scoped) {
    const scope = statement.scope;
    if (scope.kind === 'from') {
      const start = fromPhase(scope.phase, flow);
      if (typeof start === 'string') {
        diagnostics.push({ ...statement.source, severity: 'error', message: start });
        continue;
      }
      const block = fromBlocks.find((candidate) => comparePhases(flow, candidate.phase, start) === 0);
      if (block) block.statements.push(statement);
      else fromBlocks.push({ phase: start, statements: [statement] });
    } else if (scope.kind === 'in' && phase && inMatches(scope.phase, phase, flow)) inStatements.push(statement);
  }
  if (phase) {
    fromBlocks.sort((a, b) => comparePhases(flow, a.phase, b.phase));
    for (const block of fromBlocks) if (comparePhases(flow, block.phase, phase) <= 0) for (const statement of block.statements) builder.apply(statement);
    for (const statement of inStatements) builder.apply(statement);
  }
  const finished = finishMap(builder, meta);
  return { data: finished.data, diagnostics: [...diagnostics, ...builder.diagnostics, ...finished.diagnostics] };
}

/**
 * Applies every IN and FROM block once on top of the base map, so that `judge map check` reports
 * mistakes in dynamic blocks even when no phase of interest would reach them.
 */
export function probeDynamicBlocks(script: MapScript, meta: MapMeta): Diagnostic[] {
  const groups = new Map<string, Statement[]>();
  for (const statement of script.statements) {
    if (statement.scope.kind === 'always') continue;
    const key = scopeKey(statement.scope);
    const group = groups.get(key);
    if (group) group.push(statement);
    else groups.set(key, [statement]);
  }
  const diagnostics: Diagnostic[] = [];
  for (const statements of groups.values()) {
    const builder = new MapBuilder();
    for (const statement of script.statements) if (statement.scope.kind === 'always') builder.apply(statement);
    for (const statement of statements) builder.apply(statement);
    const flow = builder.effectiveFlow();
    const scope = statements[0]!.scope;
    if (scope.kind === 'from') {
      const start = fromPhase(scope.phase, flow);
      if (typeof start === 'string') continue;
    }
    diagnostics.push(...builder.diagnostics, ...finishMap(builder, meta).diagnostics);
  }
  return diagnostics;
}
