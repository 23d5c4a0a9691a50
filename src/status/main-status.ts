import type { Diagnostic } from '../map/model.js';
import { GAME_NAME_RULE, isGameName } from './game-name.js';
import { StatusWriteError, word } from './safe.js';
import {
  decodeStatusBytes,
  encodeStatusText,
  forbiddenCharacterIn,
  joinOutputLines,
  preferredLineEnding,
  splitLines,
  takeByteOrderMark,
  withByteOrderMark,
  wordsOf,
  type OutputLine,
  type SourceLine,
  type StatusEncoding,
} from './text.js';

/**
 * The main status file, `games/status`: one line per game, `name variant state [flags...]`. Only
 * the judgekeeper edits it by hand; the judge keeps every line it does not change as written. A game
 * in preparation is hidden from everyone but its Master until the Master's FORM.
 */

const GAME_STATES = ['preparation', 'forming', 'active', 'waiting', 'completed', 'terminated'] as const;
export type GameState = (typeof GAME_STATES)[number];

/** Flags the judge acts on; others are kept as written. */
const KNOWN_FLAGS: readonly string[] = ['unlisted', 'suspect', 'corrupt', 'held'];

export interface GameListing {
  readonly name: string;
  /** The rule variant (standard, payola, ...). */
  readonly variant: string;
  readonly state: GameState;
  /** `unlisted`, `suspect` (watched by the judgekeeper), `corrupt` (locked), `held` (the deadline checker skips it). */
  readonly flags: readonly string[];
  /** The line in the file it was read from; null for a game the judge adds. */
  readonly line: number | null;
}

export interface MainStatus {
  readonly games: readonly GameListing[];
  readonly source: MainStatusSource | null;
}

interface MainStatusSource {
  readonly lines: readonly SourceLine[];
  /** Per line, the listing's spelling as the writer would write it, or null for a line that is not a listing. */
  readonly spelled: readonly (string | null)[];
  readonly bom: boolean;
  readonly encoding: StatusEncoding;
}

export interface ParsedMainStatus {
  readonly status: MainStatus;
  readonly diagnostics: readonly Diagnostic[];
}

export function readMainStatus(bytes: Uint8Array, file = 'games/status'): ParsedMainStatus {
  const decoded = decodeStatusBytes(bytes);
  const { text, bom } = takeByteOrderMark(decoded.text);
  const lines = splitLines(text);
  const diagnostics: Diagnostic[] = [];
  const report = (index: number, message: string, severity: Diagnostic['severity'] = 'error') => diagnostics.push({ file, line: index + 1, severity, message });
  const games: GameListing[] = [];
  const spelled: (string | null)[] = [];
  const lineOfGame = new Map<string, number>();
  lines.forEach(({ text: lineText }, index) => {
    spelled.push(null);
    const forbidden = forbiddenCharacterIn(lineText);
    if (forbidden) return report(index, `the line holds the control character ${forbidden}; it is ignored`);
    const words = wordsOf(lineText);
    if (words.length === 0) return;
    const [name, variant, stateWord, ...flags] = words as [string, string?, string?, ...string[]];
    const state = stateWord?.toLowerCase();
    if (variant === undefined || !isGameState(state))
      return report(index, `a game's line is 'name variant state [flags]' with state ${GAME_STATES.join(', ')}; got '${words.join(' ')}'`);
    if (!isGameName(name)) return report(index, `'${name}' is not a game name (${GAME_NAME_RULE})`);
    const earlier = lineOfGame.get(name);
    if (earlier !== undefined) return report(index, `${name} is listed twice (first on line ${earlier + 1}); this line is ignored`);
    lineOfGame.set(name, index);
    const listing: GameListing = { name, variant, state, flags: flags.map((flag) => flag.toLowerCase()), line: index + 1 };
    for (const flag of listing.flags) if (!KNOWN_FLAGS.includes(flag)) report(index, `unknown flag '${flag}' for ${name}, kept as written`, 'warning');
    games.push(listing);
    spelled[index] = listingLine(listing);
  });
  const status: MainStatus = { games, source: { lines, spelled, bom, encoding: decoded.encoding } };
  if (decoded.encoding === 'latin1') diagnostics.unshift({ file, line: 1, severity: 'warning', message: 'the file is not UTF-8; read as Latin-1 and kept so' });
  return { status, diagnostics };
}

function isGameState(state: string | undefined): state is GameState {
  return (GAME_STATES as readonly (string | undefined)[]).includes(state);
}

function listingLine(listing: GameListing): string {
  if (!isGameName(listing.name)) throw new StatusWriteError(`'${listing.name}' is not a game name (${GAME_NAME_RULE})`);
  if (!isGameState(listing.state)) throw new StatusWriteError(`a game's state is one of ${GAME_STATES.join(', ')}, got ${JSON.stringify(listing.state)}`);
  const flags = listing.flags.map((flag) => word(flag, 'flag').toLowerCase());
  return [listing.name, word(listing.variant, 'variant'), listing.state, ...flags].join(' ');
}

/** Writes the main status file: unchanged listings keep their lines, changed ones are rewritten in place, new ones go last. */
export function renderMainStatusBytes(status: MainStatus): Buffer {
  const source = status.source;
  if (!source) return Buffer.from(status.games.map((listing) => `${listingLine(listing)}\n`).join(''), 'utf8');
  const newline = preferredLineEnding(source.lines);
  const byLine = new Map<number, GameListing>();
  const added: GameListing[] = [];
  for (const listing of status.games) {
    if (listing.line !== null && source.spelled[listing.line - 1] && !byLine.has(listing.line)) byLine.set(listing.line, listing);
    else added.push(listing);
  }
  const output: OutputLine[] = [];
  source.lines.forEach((line, index) => {
    if (source.spelled[index] === null) return output.push(line);
    const listing = byLine.get(index + 1);
    if (!listing) return;
    const spelled = listingLine(listing);
    output.push(spelled === source.spelled[index] ? line : { text: spelled, eol: line.eol });
  });
  for (const listing of added) output.push({ text: listingLine(listing), eol: newline });
  return encodeStatusText(withByteOrderMark(joinOutputLines(output, source.lines, newline), source.bom), source.encoding);
}
