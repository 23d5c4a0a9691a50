import type { MapDefinition } from '../map/definition.js';
import { isGameKeyword, isPowerKeyword, readsAsPowerHeader, rolesOf } from '../status/keywords.js';
import { findPower, playedPhase, type GameStatus } from '../status/model.js';
import { parseStatus } from '../status/parse.js';
import { renderStatus } from '../status/render.js';
import { closesStanza, stanzaOpenedBy } from '../status/stanzas.js';
import { validateStatus } from '../status/validate.js';
import { wordsOf } from '../status/text.js';
import { GameRuleError } from './lifecycle.js';
import { rulesInForce } from './rules.js';

/**
 * A Master's status-file lines sent by mail. Each line (a DESC ... END DESC stanza as one) is put
 * into the file's text where it belongs: a game line among the game's lines, any other line in the
 * block of the power named last. The text is read again; a line that only adds errors is put in
 * place of the line of the same kind instead, and if that still adds errors, nothing is written.
 */

export function firstWord(line: string): string {
  return (wordsOf(line)[0] ?? '').toUpperCase();
}

/** The power a block header line names, or null when the line is no header. */
export function headerPower(game: GameStatus, line: string): string | null {
  const words = wordsOf(line);
  if (!readsAsPowerHeader(words, rolesOf(game.allow))) return null;
  return words.length === 1 || words[0]!.toUpperCase() === 'POWER' ? words[words.length - 1]!.toUpperCase() : words[1]!;
}

/** Game lines go among the game's lines whatever block was named last. */
function targetBlock(line: string, block: string | null): string | null {
  const keyword = firstWord(line);
  return isGameKeyword(keyword) && !isPowerKeyword(keyword) ? null : block;
}

/** The index range [start, end) of a block's lines: the game's, or a power's (its header line included). */
function region(game: GameStatus, block: string | null): { start: number; end: number } {
  const source = game.source!;
  if (block === null) return { start: 0, end: source.headerEnd };
  const power = findPower(game, block)!;
  const owner = power.line! - 1;
  let end = owner + 1;
  while (end < source.regions.length && source.regions[end] === owner) end++;
  return { start: owner, end };
}

/** Where new lines go: after the block's last line that is not blank. */
function insertionPoint(lines: readonly string[], start: number, end: number): number {
  let at = end;
  while (at > start && lines[at - 1]!.trim() === '') at--;
  return at;
}

/** The lines of the same kind as `keyword` in [start, end), stanzas whole. */
function sameKind(lines: readonly string[], start: number, end: number, keyword: string): number[] {
  const found: number[] = [];
  for (let index = start; index < end; index++) {
    if (firstWord(lines[index]!) !== keyword) continue;
    const stanza = stanzaOpenedBy(wordsOf(lines[index]!));
    let last = index;
    while (stanza !== null && last + 1 < end && !closesStanza(wordsOf(lines[last]!), stanza)) last++;
    for (let line = index; line <= last; line++) found.push(line);
    index = last;
  }
  return found;
}

function withLines(game: GameStatus, block: string | null, added: readonly string[], replacing: boolean): string {
  const lines = renderStatus(game).split('\n');
  const trailing = lines[lines.length - 1] === '' ? lines.pop() : undefined;
  const { start, end } = region(game, block);
  const removed = replacing ? sameKind(lines, block === null ? start : start + 1, end, firstWord(added[0]!)) : [];
  const at = removed.length > 0 ? removed[0]! : insertionPoint(lines, start, end);
  const kept = lines.filter((_, index) => !removed.includes(index));
  const shift = removed.filter((index) => index < at).length;
  kept.splice(at - shift, 0, ...added);
  return [...kept, ...(trailing === undefined ? [] : [trailing])].join('\n');
}

/** What is wrong with the status file. */
function errorsOf(game: GameStatus, diagnostics: readonly { severity: string; message: string }[], maps: MapDefinition | null, folder: string): string[] {
  const phase = playedPhase(game);
  const map = maps === null ? undefined : phase ? maps.at(phase) : maps.base;
  return [...diagnostics, ...validateStatus(game, { ...(map ? { map, rules: rulesInForce(game, map.rules()) } : {}), folder })]
    .filter((entry) => entry.severity === 'error')
    .map((entry) => entry.message);
}

function newErrors(before: readonly string[], after: readonly string[]): string[] {
  const left = [...before];
  return after.filter((message) => {
    const index = left.indexOf(message);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

export interface StatusEdit {
  /** The block the lines go into: a power's name, or null for the game's lines. */
  readonly block: string | null;
  readonly lines: readonly string[];
  /** The lines follow CREATE, which sets GAME, MASTER and PHASE itself. */
  readonly creating: boolean;
}

/**
 * The game with `edit`'s lines written in (null: nothing to write, a header naming an existing
 * power only chooses the block), and what became of them. `mapsOf` reads the map the edited game names.
 */
export function withStatusLines(
  game: GameStatus,
  edit: StatusEdit,
  maps: MapDefinition,
  mapsOf: (game: GameStatus) => MapDefinition,
  gameName: string,
): { game: GameStatus | null; outcome: string } {
  const keyword = firstWord(edit.lines[0]!);
  const header = edit.lines.length === 1 ? headerPower(game, edit.lines[0]!) : null;
  if (header !== null && findPower(game, header)) {
    return { game: null, outcome: `The lines after this go into the block of ${findPower(game, header)!.name}.` };
  }
  const block = header !== null ? null : targetBlock(edit.lines[0]!, edit.block);
  if (block !== null && !findPower(game, block)) throw new GameRuleError(`game '${gameName}' has no power ${block}; name an existing power first`);
  const before = errorsOf(game, [], maps, gameName);
  const attempt = (replacing: boolean) => {
    const text = header !== null ? `${renderStatus(game).replace(/\n*$/, '\n')}\n${edit.lines[0]}\n` : withLines(game, block, edit.lines, replacing);
    const parsed = parseStatus(text, { file: game.source?.file ?? 'status' });
    let nextMaps: MapDefinition;
    try {
      nextMaps = mapsOf(parsed.game);
    } catch (error) {
      if (!(error instanceof GameRuleError)) throw error;
      return { game: parsed.game, added: [error.message] };
    }
    return { game: parsed.game, added: newErrors(before, errorsOf(parsed.game, parsed.diagnostics, nextMaps, gameName)) };
  };
  const added = attempt(false);
  // A line that cannot be added may be meant to replace the block's line of its kind (TIMING, OWNS...).
  const chosen = added.added.length > 0 && header === null ? attempt(true) : added;
  if (chosen.added.length > 0) throw new GameRuleError(`not written, it would make the status file wrong: ${chosen.added.join('; ')}`);
  const outcome =
    header !== null
      ? `A block for ${header} is added.`
      : chosen !== added
        ? `Written in place of the earlier ${keyword} line.`
        : 'Written into the status file.';
  return { game: chosen.game, outcome };
}
