import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { folder, loadConfig } from '../../config/config.js';
import type { GameMap } from '../../map/game-map.js';
import { readAnyMap } from '../../map/catalog.js';
import { formatDiagnostic, type Diagnostic } from '../../map/model.js';
import { GAME_OWNER, lineOfEntry } from '../../status/source.js';
import { isGameName } from '../../status/game-name.js';
import { lineChanges } from '../../status/line-diff.js';
import { readStatus } from '../../status/parse.js';
import { redactLine } from '../../status/redact.js';
import { renderStatusBytes } from '../../status/render.js';
import { decodeStatusBytes, splitLines } from '../../status/text.js';
import { validateStatus } from '../../status/validate.js';
import { type GameStatus } from '../../status/model.js';
import { unhonouredRules } from '../../game/rule-support.js';
import { rulesInForce } from '../../game/rules.js';
import { displayPath } from '../../store/paths.js';

/** `judge game validate`: prints every problem of the status file with its line; exit status 1 on errors. */
export function validateGame(target: string, options: { roundtrip?: boolean; config?: string }): void {
  const config = loadConfig(options.config);
  const file = statusFileOf(target, folder(config, 'games'));
  const bytes = readFileSync(file.path);
  const parsed = readStatus(bytes, file.shown);
  const map = gameMap(parsed.game, folder(config, 'maps'), file.shown);
  const rules = rulesInForce(parsed.game, map.map?.rules() ?? []);
  // The main status file, which names the game's variant, is not read here: Payola rules are taken as in a Payola game.
  const unhonoured = unhonouredRules(rules, null).map(({ rule, reason }) => ({
    file: file.shown,
    line: lineOfEntry(parsed.game.source, GAME_OWNER, 'RULE') ?? 1,
    severity: 'warning' as const,
    message: `RULE ${rule}: ${reason}; the judge runs the game as if it were not there`,
  }));
  const diagnostics = [...parsed.diagnostics, ...map.diagnostics, ...validateStatus(parsed.game, { map: map.map, rules, folder: file.folder }), ...unhonoured];
  diagnostics.sort((a, b) => a.line - b.line);
  for (const diagnostic of diagnostics) console.log(formatDiagnostic(diagnostic));
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  console.log(`${file.shown}: ${errors === 0 ? 'ok' : `${errors} error${errors === 1 ? '' : 's'}`}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  let failed = errors > 0;
  if (options.roundtrip) failed = !reportRoundTrip(bytes, parsed.game, file.shown) || failed;
  if (failed) process.exitCode = 1;
}

interface StatusFile {
  path: string;
  /** How messages name the file. */
  shown: string;
  /** The folder the file is in, which the GAME line must name. */
  folder: string;
}

function statusFileOf(target: string, games: string): StatusFile {
  const asGame = isGameName(target) ? join(games, target, 'status') : null;
  if (asGame && statSync(asGame, { throwIfNoEntry: false })?.isFile()) return { path: asGame, shown: displayPath(asGame), folder: target };
  const path = statSync(target, { throwIfNoEntry: false })?.isDirectory() ? join(target, 'status') : target;
  if (!statSync(path, { throwIfNoEntry: false })?.isFile())
    throw new Error(`game validate: there is no game or status file '${target}' (games are in ${displayPath(games)})`);
  return { path, shown: displayPath(path), folder: basename(dirname(resolve(path))) };
}

/** The game's map in its phase, with a diagnostic on the MAP line when it cannot be had. */
function gameMap(game: GameStatus, maps: string, shown: string): { map?: GameMap; diagnostics: Diagnostic[] } {
  const name = game.map?.name ?? 'standard';
  const trial = game.map?.trial ?? false;
  const mapLine = lineOfEntry(game.source, GAME_OWNER, 'MAP') ?? 1;
  const report = (message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ file: shown, line: mapLine, severity, message });
  const folders = trial ? [join(dirname(maps), 'trials'), maps] : [maps];
  const path = folders.map((where) => join(where, `${name}.map`)).find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!path) return { diagnostics: [report(`the map '${name}' is not in ${displayPath(folders[0]!)}; places and powers were not checked`)] };
  const definition = readAnyMap(path, { searchPath: [maps] });
  if (!definition.ok) return { diagnostics: [report(`the map '${name}' has errors (see judge map check); places and powers were not checked`)] };
  const diagnostics: Diagnostic[] = [];
  const morphLine = lineOfEntry(game.source, GAME_OWNER, 'MORPH');
  if (morphLine !== null)
    diagnostics.push({ file: shown, line: morphLine, severity: 'warning', message: 'MORPH lines are not applied when checking against the map' });
  const phase = game.phase?.phase;
  if (phase === undefined || typeof phase === 'string') return { map: definition.base, diagnostics };
  try {
    return { map: definition.at(phase), diagnostics };
  } catch {
    return { map: definition.base, diagnostics };
  }
}

/** Prints every line that writing the unchanged model back would change; true when there is none. */
function reportRoundTrip(bytes: Buffer, game: GameStatus, shown: string): boolean {
  const written = renderStatusBytes(game);
  const linesOf = (file: Buffer) => splitLines(decodeStatusBytes(file).text).map((line) => line.text);
  const before = linesOf(bytes);
  if (written.equals(bytes)) {
    console.log(`${shown}: round trip: all ${before.length} lines written back unchanged`);
    return true;
  }
  const changes = lineChanges(before, linesOf(written));
  for (const change of changes) {
    const was = change.before.map((line) => `'${redactLine(line)}'`).join(', ') || '(nothing)';
    const becomes = change.after.map((line) => `'${redactLine(line)}'`).join(', ') || '(nothing)';
    console.log(`${shown}:${change.beforeLine}: round trip would write ${becomes} for ${was}`);
  }
  if (changes.length === 0) console.log(`${shown}: round trip: the bytes differ outside the lines (line endings or byte-order mark)`);
  return false;
}
