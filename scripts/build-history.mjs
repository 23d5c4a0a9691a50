// The builds a folder keeps (scripts/build.mjs). The build does not empty its folder: a judge still
// running from an earlier build (an upgrade builds before it restarts the service, and `npm ci`
// builds once more) goes on loading that build's files, whose names carry their contents' hash.
// Without an end they piled up, a few megabytes an upgrade. The folder's `.builds.json` lists the
// files of its last builds, newest first; a build removes the files of those before them.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** This build and the two before it: a judge restarted after each upgrade never runs an older one. */
export const KEPT_BUILDS = 3;

const HISTORY = '.builds.json';

/** Files that belong with a file a build wrote: its source map, and the code cache a `judge mail` process may save beside its bundle. */
function companions(file) {
  return [`${file}.map`, `${file}.cache`];
}

function filesIn(folder) {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file !== HISTORY && statSync(join(folder, file)).isFile());
}

/** The builds recorded so far; a folder built before they were recorded holds one build, whatever this one did not write. */
function recordedBuilds(folder, current) {
  const path = join(folder, HISTORY);
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'));
  const written = new Set(current);
  const earlier = filesIn(folder).filter((file) => !written.has(file));
  return earlier.length === 0 ? [] : [earlier];
}

/**
 * Records that a build wrote `written` (paths relative to `folder`) and removes the files of the
 * builds older than the last `kept`, but any file a kept build wrote too. The same files built
 * again (`npm ci`, then `npm run build`) count as one build.
 */
export function recordBuild(folder, written, kept = KEPT_BUILDS) {
  const current = [...new Set(written)].sort();
  const recorded = recordedBuilds(folder, current);
  const sameAsLast = recorded.length > 0 && JSON.stringify(recorded[0]) === JSON.stringify(current);
  const builds = sameAsLast ? recorded : [current, ...recorded];
  const keep = new Set(builds.slice(0, kept).flat());
  for (const file of builds.slice(kept).flat()) {
    if (keep.has(file)) continue;
    for (const path of [file, ...companions(file)]) rmSync(join(folder, path), { force: true });
  }
  writeFileSync(join(folder, HISTORY), `${JSON.stringify(builds.slice(0, kept), null, 1)}\n`);
}
