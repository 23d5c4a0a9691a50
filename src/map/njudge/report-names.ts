import type { AreaIndex } from './area-index.js';
import { RESERVED_POWER_NAMES } from './power-names.js';
import type { SeedUnit } from './seed-file.js';
import { splitLines } from './text.js';

/**
 * For a variant nJudge does not ship, the power names come from its `report.<variant>` file:
 * `Britain: Fleet Hong Kong.` names the power whose seed unit stands in Hong Kong.
 */
export function powerNamesFromReport(report: string, units: readonly SeedUnit[], index: AreaIndex): Map<string, string> {
  const letterAt = new Map<number, string>();
  for (const unit of units) {
    const area = index.find(unit.place.replace(/\/\w+$/, ''));
    if (area !== undefined) letterAt.set(area, unit.power);
  }
  const names = new Map<string, string>();
  for (const line of splitLines(report)) {
    const match = /^\s*([^:]+?)\s*:\s*(?:Army|Fleet)\s+(.+?)\.?\s*$/.exec(line);
    if (!match || RESERVED_POWER_NAMES.has(match[1]!.toLowerCase())) continue;
    const area = index.find(match[2]!.replace(/\s*\(.*\)$/, ''));
    const letter = area === undefined ? undefined : letterAt.get(area);
    if (letter !== undefined && !names.has(letter)) names.set(letter, match[1]!.replace(/\s+/g, ' '));
  }
  return names;
}
