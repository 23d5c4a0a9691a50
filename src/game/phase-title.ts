import type { Phase } from '../map/model.js';

/** A phase as players read it: `Spring 1901 Movement`. */
export function phaseTitle(phase: Phase): string {
  const word = (text: string): string => text.charAt(0) + text.slice(1).toLowerCase();
  return `${word(phase.season)} ${phase.year} ${word(phase.type)}`;
}
