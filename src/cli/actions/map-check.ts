import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatDiagnostic } from '../../map/model.js';
import { isMapFileName, readAnyMap } from '../../map/catalog.js';
import { describeBoardArt } from '../../map/board-art.js';

/** Expands folders to the map files in them; files are taken as given. */
function mapFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (isMapFileName(entry)) files.push(join(path, entry));
    } else files.push(path);
  }
  return files;
}

/** `judge map check`: loads each map and prints what the judge makes of it, errors with file:line. */
export function checkMaps(paths: string[], options: { warnings?: boolean }): void {
  let failed = 0;
  let files: string[];
  const folders = paths.filter((path) => statSync(path, { throwIfNoEntry: false })?.isDirectory());
  try {
    files = mapFiles(paths);
  } catch (error) {
    throw new Error(`map check: ${(error as Error).message}`, { cause: error });
  }
  for (const file of files) {
    const definition = readAnyMap(file, { searchPath: folders });
    const map = definition.base;
    // Asked for only with --warnings: reading a drawing may mean converting it, and its warnings join the map's.
    const picture = options.warnings ? describeBoardArt(definition.art) : null;
    const provinces = new Set(map.locations.map((location) => location.province)).size;
    const status = definition.ok ? 'ok' : 'FAILED';
    const note = map.data.unplayable ? `; ${map.data.unplayable}` : '';
    console.log(
      `${status} ${map.name}: ${provinces} provinces, ${map.centers.length} supply centers, ${map.powers.length} powers, ${definition.warnings.length} warnings${note}`,
    );
    if (picture !== null) console.log(`  picture: ${picture}`);
    const shown = options.warnings ? definition.diagnostics : definition.errors;
    for (const diagnostic of shown) console.log(`  ${formatDiagnostic(diagnostic)}`);
    if (!definition.ok) failed++;
  }
  console.log(`${files.length - failed} maps loaded, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}
