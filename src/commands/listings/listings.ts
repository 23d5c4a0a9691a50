import { GameRuleError, isCompleted, isForming, playablePowers } from '../../game/lifecycle.js';
import type { ResultsBlock } from '../../game/archive.js';
import { historyAdditions } from '../../game/history-additions.js';
import { hiddenFrom, pendingHiddenBuilds } from '../../game/board-picture.js';
import { disorderIn, type ResultsView } from '../../game/results.js';
import { gameView, gameViewText, type GameView } from '../../game/show.js';
import { readStatus } from '../../status/parse.js';
import { MAP_POWER_ROLE, playedPhase, type GameStatus, type Occupant } from '../../status/model.js';
import { situation } from '../context/announcements.js';
import { currentMap, displayName, gameRules, loadGame, mapsOf, phaseRules, readerOf, refuseInPreparation, type ExecutionContext } from '../context/context.js';
import type { Session, Step } from '../context/step.js';
import { isBuildToken } from '../../engine/builds.js';
import { FULL_SIGHT } from '../../engine/visibility.js';
import { boardSight } from '../../game/blind-view.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { latePowers } from '../../game/readiness.js';
import { STANDARD, variantNamed } from '../../game/variant.js';
import type { GameListing as MainListing } from '../../status/main-status.js';
import { listedTreasuries, treasuryTable, withLedger } from './payola-money.js';

/** LIST, SUMMARY and HISTORY: what anyone may read about games. Nothing here names an address or an order on file. */

/** After a SIGNON only the signed-on game may be asked about (DPjudge's rule). */
export function requestedGame(session: Session, game: string | undefined, keyword: string): string {
  const signedGame = session.kind === 'power' || session.kind === 'master' ? session.game : null;
  if (game !== undefined && signedGame !== null && game !== signedGame)
    throw new GameRuleError(`while signed on to game '${signedGame}' you may ask ${keyword} about that game only`);
  const chosen = game ?? signedGame;
  if (chosen === null) throw new GameRuleError(`${keyword} needs a game name`);
  return chosen;
}

/** Identities stay secret until the game is over, and under NO_REVEAL until the Master's REVEAL. */
function identitiesRevealed(context: ExecutionContext, game: GameStatus): boolean {
  return isCompleted(game) && !gameRules(context, game).has('NO_REVEAL');
}

function openings(context: ExecutionContext, game: GameStatus): string {
  if (isForming(game)) {
    const joined = game.powers.filter((power) => power.role === MAP_POWER_ROLE && power.player !== null).length;
    const wanted = playablePowers(game, mapsOf(context, game).base).length;
    return `${wanted - joined} of ${wanted} places open`;
  }
  return game.need.length > 0 ? `needs players for ${game.need.map((entry) => entry.power).join(', ')}` : '';
}

/** A game open to the public: its name, and its state, map and openings. */
export interface OpenGame {
  readonly name: string;
  readonly details: string;
  /** Forming, or needing a player to replace one who left: what a bare LIST tells of. */
  readonly wantsPlayers: boolean;
}

/** The game's map, and its variant unless it is the standard game: "standard map, Payola". */
function mapAndVariant(map: string, variant: string): string {
  return variant === STANDARD.name ? map : `${map} map, ${variantNamed(variant)?.displayName ?? variant}`;
}

/** A listed game; null for a private game (only invited players are to know of it) or one that cannot be read. */
function openGame(context: ExecutionContext, { name, state, variant }: MainListing): OpenGame | null {
  try {
    const game = loadGame(context, name).game;
    if (game.privacy !== null) return null;
    const details = [state, mapAndVariant(mapsOf(context, game).base.name, variant), openings(context, game)].filter((part) => part !== '').join(', ');
    return { name, details, wantsPlayers: isForming(game) || game.need.length > 0 };
  } catch {
    // A game whose file or map is broken is the judgekeeper's business; the list goes on without it.
    return null;
  }
}

/** The games LIST without a game name tells of: public, listed, and forming or being played. */
export function openGames(context: ExecutionContext): OpenGame[] {
  return context.service.listings
    .mainStatus()
    .status.games.filter((listing) => !listing.flags.includes('unlisted'))
    .filter((listing) => listing.state === 'forming' || listing.state === 'active' || listing.state === 'waiting')
    .map((listing) => openGame(context, listing))
    .filter((game) => game !== null);
}

/** A bare LIST names only the games a player could enter: forming ones, and those needing replacements (Email.txt). */
function listAll(context: ExecutionContext): Step {
  const games = openGames(context).filter((game) => game.wantsPlayers);
  if (games.length === 0) return { lines: ['No public game on this judge is forming or needs a player just now. CREATE one!'] };
  return { lines: ['Games on this judge (LIST game for more about one):', ...games.map((game) => `  ${game.name.padEnd(20)} ${game.details}`)] };
}

/** What LIST game tells one reader: the board, then the game's description, rules and progress. */
export interface GameListing {
  readonly board: GameView;
  readonly notes: readonly string[];
}

/** Rules.txt: EAVESDROP is kept out of listings; a Master who wants it known writes EAVESDROP! instead. */
const SECRET_RULES: readonly string[] = ['EAVESDROP'];

function describeGame(context: ExecutionContext, name: string, game: GameStatus, view: ResultsView): GameListing {
  const maps = mapsOf(context, game);
  const rules = gameRules(context, game);
  const hidden = hiddenFrom(pendingHiddenBuilds(context.service.archive(name), game, maps), view);
  const notes: string[] = [];
  for (const block of game.descriptions) notes.push(...block.lines);
  if (game.privacy !== null) notes.push('The game is private: JOIN needs its privacy word, which the Master gives out.');
  const shown = rules.names.filter((rule) => !SECRET_RULES.includes(rule));
  if (shown.length > 0) notes.push(`Rules: ${shown.join(' ')}`);
  if (game.timing) notes.push(`Timing: ${game.timing}`);
  const open = openings(context, game);
  if (open !== '') notes.push(`Openings: ${open}.`);
  if (!isForming(game) && !isCompleted(game)) notes.push(...progress(context, game, rules));
  const hideDummies = rules.has('HIDE_DUMMIES') && view.master !== true && !isCompleted(game);
  return { board: gameView(game, maps, phaseRules(context, game), hidden, view, { hideDummies }), notes };
}

/** Who holds the phase back: named only under LIST_WAITERS and LIST_UNORDERED, else just said. */
function progress(context: ExecutionContext, game: GameStatus, rules: RulesInForce): string[] {
  const map = currentMap(context, game);
  const names = (powers: readonly string[]) => powers.map((power) => displayName(map, power)).join(', ');
  const lines: string[] = [];
  const waiting = game.powers.filter((power) => power.wait).map((power) => power.name);
  if (waiting.length > 0)
    lines.push(
      rules.has('LIST_WAITERS')
        ? `Waiting for the deadline at their request: ${names(waiting)}.`
        : 'One or more players have asked that the phase wait for its deadline.',
    );
  const late = latePowers(game, mapsOf(context, game), context.rules, context.service.listings.variant(game));
  if (late.length > 0)
    lines.push(rules.has('LIST_UNORDERED') ? `Orders not yet submitted by: ${names(late)}.` : 'One or more powers have not yet submitted orders.');
  return lines;
}

/** LIST game, as `session`'s reader may see it. */
export function gameListing(context: ExecutionContext, session: Session, game: string | undefined): GameListing {
  const name = requestedGame(session, game, 'LIST');
  return describeGame(context, name, loadGame(context, name).game, readerOf(session));
}

export function list(context: ExecutionContext, session: Session, game: string | undefined): Step {
  const signedGame = session.kind === 'power' || session.kind === 'master' ? session.game : undefined;
  if (game === undefined && signedGame === undefined) return listAll(context);
  // The web's game page of a game in preparation still shows (without it the Master could not sign on there).
  if (game !== undefined && session.kind !== 'master') refuseInPreparation(context, game);
  const { board, notes } = gameListing(context, session, game);
  const money = listedTreasuries(context, session, loadGame(context, requestedGame(session, game, 'LIST')).game);
  return { lines: [...gameViewText(board).trimEnd().split('\n'), ...(notes.length > 0 ? ['', ...notes] : []), ...(money.length > 0 ? ['', ...money] : [])] };
}

function yearOf(abbrev: string): number | null {
  const match = /^[A-Z](\d+)[A-Z]$/.exec(abbrev);
  return match ? Number(match[1]) : null;
}

function centerCounts(game: GameStatus): Map<string, number> {
  return new Map(
    game.powers.filter((power) => power.role === MAP_POWER_ROLE).map((power) => [power.name, power.owns.filter((center) => !isBuildToken(center)).length]),
  );
}

/** Centers at the start of each year, from the status file saved when each year's first phase was processed. */
function centerTable(context: ExecutionContext, name: string, game: GameStatus): string[] {
  const archive = context.service.archive(name);
  const columns: { label: string; counts: Map<string, number> }[] = [];
  for (const block of archive.resultsBlocks()) {
    const year = yearOf(block.phase);
    const bytes = archive.snapshot(block.phase);
    if (year === null || bytes === null || columns.some((column) => column.label === String(year))) continue;
    columns.push({ label: String(year), counts: centerCounts(readStatus(bytes).game) });
  }
  const phase = playedPhase(game);
  const label = phase ? String(phase.year) : 'end';
  if (!columns.some((column) => column.label === label)) columns.push({ label, counts: centerCounts(game) });
  const map = currentMap(context, game);
  const powers = [...centerCounts(game).keys()];
  const header = `${''.padEnd(12)}${columns.map((column) => column.label.padStart(5)).join('')}`;
  const rows = powers.map(
    (power) => `${displayName(map, power).padEnd(12)}${columns.map((column) => String(column.counts.get(power) ?? 0).padStart(5)).join('')}`,
  );
  return ['Supply centers at the start of each year:', header, ...rows];
}

/** `hideDummies`: HIDE_DUMMIES, for a reader other than the Master while the game goes on. */
function occupantText(occupant: Occupant, revealed: boolean, hideDummies: boolean): string {
  if (occupant === 'DUMMY' && hideDummies) return 'a player';
  if (typeof occupant === 'string') return occupant.toLowerCase();
  if (!revealed) return 'a player';
  return occupant.name ? `${occupant.name.replace(/_/g, ' ')} <${occupant.email}>` : occupant.email;
}

/** The phases each power (by the name the results give it) was in civil disorder, from the results. */
function disorderPhases(context: ExecutionContext, name: string): Map<string, string[]> {
  const phases = new Map<string, string[]>();
  for (const block of context.service.archive(name).resultsBlocks()) {
    for (const power of disorderIn(block.text)) phases.set(power, [...(phases.get(power) ?? []), block.phase]);
  }
  return phases;
}

function playerLines(context: ExecutionContext, name: string, game: GameStatus, revealed: boolean, hideDummies: boolean, disorderShown: boolean): string[] {
  const map = currentMap(context, game);
  const disorder = disorderShown ? disorderPhases(context, name) : new Map<string, string[]>();
  const untold = isCompleted(game) ? 'who they are is told when the Master sends REVEAL (NO_REVEAL)' : 'who they are is told when the game is over';
  const lines = [revealed ? 'Players:' : `Players (${untold}):`];
  const played = game.powers.filter((entry) => entry.role === MAP_POWER_ROLE && entry.player !== null);
  for (const power of played.sort((one, other) => one.name.localeCompare(other.name))) {
    const history = power.player!;
    const earlier = [...history.earlier].reverse().map((stint) => `${occupantText(stint.occupant, revealed, hideDummies)} until ${stint.until}`);
    const now = occupantText(history.current, revealed, hideDummies);
    const shown = displayName(map, power.name);
    const inDisorder = disorder.get(shown);
    const note = inDisorder ? ` (in civil disorder in ${inDisorder.join(', ')})` : '';
    lines.push(`  ${shown}: ${[...earlier, `${now}${earlier.length > 0 ? ' since then' : ''}`].join(', then ')}${note}`);
  }
  return lines;
}

/** A BLIND game still going on, read by someone who does not see the whole board. */
function blindedWhileOn(context: ExecutionContext, session: Session, game: GameStatus): boolean {
  return !isCompleted(game) && boardSight(game, currentMap(context, game), readerOf(session), phaseRules(context, game)) !== FULL_SIGHT;
}

export function summary(context: ExecutionContext, session: Session, requested: string | undefined): Step {
  const name = requestedGame(session, requested, 'SUMMARY');
  const game = loadGame(context, name).game;
  const revealed = identitiesRevealed(context, game);
  const hideDummies = gameRules(context, game).has('HIDE_DUMMIES') && !readerOf(session).master && !isCompleted(game);
  const started = game.start ? [`Started ${game.start}${game.finish ? `, finished ${game.finish}` : ''}.`] : [];
  const result = game.result ? [`Result: ${game.result.victors.length > 0 ? game.result.victors.join(', ') : 'terminated'} (${game.result.phase}).`] : [];
  // BLIND: centre counts and lateness stay secret while the game goes on (it excludes PUBLIC_TOTALS, brings HIDE_LATE_POWERS).
  const secret = blindedWhileOn(context, session, game);
  const table = isForming(game) || secret ? [] : ['', ...centerTable(context, name, game)];
  const money = treasuryTable(context, session, name, game);
  return {
    lines: [
      `Summary of game '${name}' (map ${mapsOf(context, game).base.name}).`,
      situation(game),
      ...started,
      ...result,
      ...table,
      ...(money.length > 0 ? ['', ...money] : []),
      '',
      ...playerLines(context, name, game, revealed, hideDummies, !secret),
    ],
  };
}

/** The results HISTORY tells of: every processed phase of the game, or those in `phases`. */
export function historyBlocks(
  context: ExecutionContext,
  session: Session,
  requested: string | undefined,
  phases: readonly string[] = [],
): { name: string; blocks: ResultsBlock[] } {
  const name = requestedGame(session, requested, 'HISTORY');
  const game = loadGame(context, name).game;
  if (blindedWhileOn(context, session, game))
    throw new GameRuleError(`game '${name}' is BLIND: until it ends its history is the Master's, and each power has its own results by mail`);
  const archive = context.service.archive(name);
  const maps = mapsOf(context, game);
  const variant = context.service.listings.variant(game);
  const reader = { ...readerOf(session), ended: isCompleted(game) };
  const withAdditions = (block: ResultsBlock) => {
    const added = historyAdditions(archive, maps, variant, block.phase, reader);
    return added.length === 0 ? block : { ...block, text: `${block.text.replace(/\n*$/, '\n')}\n${added.join('\n').replace(/\n*$/, '\n')}` };
  };
  const blocks = archive
    .resultsBlocks()
    .filter((block) => phases.length === 0 || phases.includes(block.phase))
    .map(withAdditions);
  return { name, blocks: withLedger(context, session, game, name, blocks) };
}

export function history(context: ExecutionContext, session: Session, requested: string | undefined, phases: readonly string[]): Step {
  const { name, blocks } = historyBlocks(context, session, requested, phases);
  if (blocks.length === 0)
    return { lines: [phases.length > 0 ? `Game '${name}' has no results for ${phases.join(', ')}.` : `No phase of game '${name}' has been processed yet.`] };
  return { lines: blocks.flatMap((block) => [`=== ${block.phase} ===`, ...block.text.trimEnd().split('\n'), '']) };
}
