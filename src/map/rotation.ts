import type { Rotation, RotationClause } from './model.js';

const KEYWORDS = new Set(['CONTROL', 'AFTER', 'BEFORE', 'FOR']);

/**
 * Parses the words after ROTATE (map files and status files share the form): `ROTATE`,
 * `ROTATE CONTROL`, `ROTATE AFTER [types]`, and any run of `BEFORE types` / `FOR types` clauses,
 * e.g. `ROTATE BEFORE MOVE FOR RETREAT`. Phase types stay as written (a type or its initial):
 * matching them against a phase is `rotationApplies`' job.
 */
export function parseRotation(words: readonly string[]): Rotation | string {
  const upper = words.map((word) => word.toUpperCase());
  if (upper.length === 0) return { clauses: [{ when: 'CONTROL', phaseTypes: [] }] };
  const clauses: RotationClause[] = [];
  for (const word of upper) {
    if (KEYWORDS.has(word)) {
      clauses.push({ when: word as RotationClause['when'], phaseTypes: [] });
      continue;
    }
    const clause = clauses[clauses.length - 1];
    if (!clause) return `ROTATE takes CONTROL, AFTER, BEFORE or FOR, got '${word}'`;
    if (clause.when === 'CONTROL') return `ROTATE CONTROL takes no phase types, got '${word}'`;
    clause.phaseTypes.push(word);
  }
  for (const clause of clauses)
    if ((clause.when === 'BEFORE' || clause.when === 'FOR') && clause.phaseTypes.length === 0) return `ROTATE ${clause.when} needs phase types`;
  return { clauses };
}

export function formatRotation(rotation: Rotation): string {
  return rotation.clauses.map((clause) => [clause.when, ...clause.phaseTypes].join(' ')).join(' ');
}

/** Whether a clause's phase types (full names, prefixes or initials) cover a phase type. */
export function rotationCovers(clause: RotationClause, phaseType: string): boolean {
  if (clause.phaseTypes.length === 0) return true;
  return clause.phaseTypes.some((written) => phaseType.startsWith(written));
}
