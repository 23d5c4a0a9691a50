import type { AreaIndex } from './area-index.js';
import type { DiagnosticSink } from './diagnostics.js';
import { isPowerLetter } from './area-line.js';
import type { MapFile } from './syntax.js';

/**
 * The supply centers: every `x` area and every power's home. Their order is the map's summary
 * center list when it has one (the order results are reported in), area order otherwise.
 * Machiavelli's summary list names provinces, not centers, so there only its names are checked.
 */

export function isCenterType(type: string): boolean {
  return type === 'x' || isPowerLetter(type);
}

export function orderCenters(map: MapFile, index: AreaIndex, provinceOf: readonly string[], sink: DiagnosticSink): string[] {
  const centerAreas = map.areas.flatMap((area, position) => (isCenterType(area.type) ? [position] : []));
  const listed: number[] = [];
  for (const entry of map.centerOrder ?? []) {
    const area = index.find(entry.name);
    if (area === undefined) {
      sink.error(map.file, entry.line, `unknown province '${entry.name}' in the summary center list`);
      continue;
    }
    if (map.machiavelli) continue;
    const name = map.areas[area]!.name;
    if (!isCenterType(map.areas[area]!.type)) sink.warn(map.file, entry.line, `the summary center list names ${name}, which is not a supply center`);
    else if (listed.includes(area)) sink.warn(map.file, entry.line, `the summary center list names ${name} twice`);
    else listed.push(area);
  }
  if (map.centerOrder !== null && !map.machiavelli) {
    const last = map.centerOrder[map.centerOrder.length - 1]?.line ?? 1;
    for (const area of centerAreas)
      if (!listed.includes(area)) sink.warn(map.file, last, `supply center ${map.areas[area]!.name} is missing from the summary center list`);
  }
  const ordered = map.machiavelli ? [] : listed;
  return [...ordered, ...centerAreas.filter((area) => !ordered.includes(area))].map((area) => provinceOf[area]!);
}
