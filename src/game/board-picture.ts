import type { DateTime } from 'luxon';
import type { Variant } from './variant.js';
import type { OrderOutcome, Position } from '../engine/types.js';
import type { BoardArt } from '../map/board-art.js';
import type { MapDefinition } from '../map/definition.js';
import { splitLocation, type GameMap } from '../map/game-map.js';
import { ADJUSTMENTS, parsePhaseAbbrev } from '../map/phase.js';
import type { Phase } from '../map/model.js';
import { svgToPng } from '../render/board-png.js';
import { boardSvg, type HiddenUnit } from '../render/board-svg.js';
import { readStatus } from '../status/parse.js';
import { playedPhase, unplayedPhase, type GameStatus } from '../status/model.js';
import { rulesInForce } from './rules.js';
import type { RulesInForce } from '../rules/in-force.js';
import { mailAttachment, type MailAttachment } from '../store/outgoing-mail.js';
import type { GameArchive } from './archive.js';
import { positionOf } from './position.js';
import { phaseTitle, seesHidden, type ResultsView } from './results.js';
import { processPhase, type PhaseReport } from './process.js';
import { NO_SIGHT, visiblePosition } from '../engine/visibility.js';
import { boardSight, outcomeSight, phaseSight } from './blind-view.js';

/**
 * The board's picture as a mail attachment: for MAP (the game as it stands) and for results (the
 * board after the phase). A picture never shows more than the text beside it: builds hidden by
 * HIDE_BUILDS or `~` sites stay out of it for every reader but their power and the Master, until
 * the next movement results show the units anyway.
 */

export type PictureFormat = 'svg' | 'png';

interface Board {
  readonly game: string;
  readonly map: GameMap;
  readonly art: BoardArt;
  readonly position: Position;
  readonly title: string;
}

function pictureFile(board: Board, hidden: readonly HiddenUnit[], format: PictureFormat, orders?: readonly OrderOutcome[]): MailAttachment {
  const svg = boardSvg(board.map, board.position, { title: board.title, subtitle: `map ${board.map.name}`, hidden, art: board.art, orders });
  if (format === 'png') return mailAttachment(`${board.game}.png`, 'image/png', svgToPng(svg));
  return mailAttachment(`${board.game}.svg`, 'image/svg+xml', svg);
}

/** The hidden builds one reader may not see: the Master sees them all, a power its own. */
export function hiddenFrom(builds: readonly HiddenUnit[], view: ResultsView): HiddenUnit[] {
  return builds.filter((build) => !seesHidden(view, build.power));
}

function gameTitle(name: string, game: GameStatus): string {
  const phase = playedPhase(game);
  const word = unplayedPhase(game);
  if (phase === null && word === null) return `Game ${name}`;
  return `Game ${name}: ${phase ? phaseTitle(phase) : word!.toLowerCase()}`;
}

/**
 * The units built in the last processed phase that are still hidden: when it was an adjustment
 * phase, the units now on the board that were not there before it, built under HIDE_BUILDS or at
 * one of their power's `~` sites. The status file saved before the phase tells what was there.
 */
export function pendingHiddenBuilds(archive: GameArchive, game: GameStatus, maps: MapDefinition): HiddenUnit[] {
  const last = archive.lastResultsPhase();
  const processed = last === null ? null : parsePhaseAbbrev(last, maps.base.data.flow);
  // Only an adjustment phase builds: after any other, the saved status file need not be read.
  if (last === null || processed?.type !== ADJUSTMENTS) return [];
  // Nor when nothing could be built hidden (no `~` site, HIDE_BUILDS not in force), as in most games: reading and parsing it cost each spring phase about 0.06 ms.
  if (!mayHideBuilds(game, maps.at(processed))) return [];
  const saved = archive.snapshot(last);
  if (saved === null) return [];
  const before = readStatus(saved).game;
  const phase = playedPhase(before);
  if (phase === null || phase.type !== ADJUSTMENTS) return [];
  const map = maps.at(phase);
  const hideAll = rulesInForce(before, map.rules()).has('HIDE_BUILDS');
  const now = game.phase?.phase;
  const current = positionOf(game, now !== undefined && typeof now === 'object' ? maps.at(now) : map);
  const earlier = positionOf(before, map);
  const hidden: HiddenUnit[] = [];
  for (const state of current.powers) {
    const had = new Set(earlier.powers.find((power) => power.name === state.name)?.units.map((unit) => splitLocation(unit.location).province) ?? []);
    const hiddenSites = map.power(state.name)?.sites.hidden ?? [];
    for (const unit of state.units) {
      const province = splitLocation(unit.location).province;
      if (!had.has(province) && (hideAll || hiddenSites.includes(province))) hidden.push({ power: state.name, location: unit.location });
    }
  }
  return hidden;
}

/**
 * Whether a build in `map`'s adjustment phase may have been hidden: a power has a `~` site, or
 * HIDE_BUILDS is in force, by the map or by the game's RULE lines as they are now (not as they
 * were in that phase: should a Master switch it off in between, those builds are shown as open ones).
 */
function mayHideBuilds(game: GameStatus, map: GameMap): boolean {
  return map.powers.some((power) => power.sites.hidden.length > 0) || rulesInForce(game, map.rules()).has('HIDE_BUILDS');
}

/** MAP: the game as it stands, in the current phase's map under the `rules` in force there, as `view` may see it. */
export function currentBoardPicture(
  name: string,
  game: GameStatus,
  maps: MapDefinition,
  rules: RulesInForce,
  archive: GameArchive,
  view: ResultsView,
  format: PictureFormat,
): MailAttachment {
  const phase = playedPhase(game);
  const map = phase ? maps.at(phase) : maps.base;
  const position = visiblePosition(positionOf(game, map), view.reader, boardSight(game, map, view, rules));
  const board = { game: name, map, art: maps.art, position, title: gameTitle(name, game) };
  return pictureFile(board, hiddenFrom(pendingHiddenBuilds(archive, game, maps), view), format);
}

/**
 * HISTORY's picture of one processed phase, the same as its results mail carried: the board just
 * after it with the phase's orders drawn, adjudicated again from the status file saved before it
 * (adjudication is pure: the same file gives the same orders and outcomes). Null when the game
 * kept no status files from around that phase, or when it gives the reader no picture.
 */
export function processedPhasePicture(
  name: string,
  phase: string,
  maps: MapDefinition,
  archive: GameArchive,
  view: ResultsView,
  played: { readonly variant: Variant; readonly now: DateTime },
): MailAttachment | null {
  const before = archive.snapshot(phase);
  const saved = archive.snapshot(`${phase}.next`);
  if (before === null || saved === null) return null;
  const after = readStatus(saved).game;
  const { report } = processPhase(readStatus(before).game, maps, { variant: played.variant, now: played.now, today: played.now.toISODate() ?? '' });
  return resultsPictures(name, report, after, maps, (job) => drawResultsPicture(maps, job))(view);
}

/**
 * What a results picture is drawn from, as plain data: the picture thread (picture-thread.ts)
 * draws it from this and the map alone.
 */
export interface ResultsPictureJob {
  readonly game: string;
  /** The phase whose map the board is drawn in: the one that follows the phase played. */
  readonly mapPhase: Phase;
  readonly position: Position;
  readonly title: string;
  readonly hidden: readonly HiddenUnit[];
  readonly orders: readonly OrderOutcome[];
}

/** Draws a results picture; null when the map is one the drawing cannot cope with. */
export function drawResultsPicture(maps: MapDefinition, job: ResultsPictureJob): MailAttachment | null {
  const board = { game: job.game, map: maps.at(job.mapPhase), art: maps.art, position: job.position, title: job.title };
  try {
    return pictureFile(board, job.hidden, 'svg', job.orders);
  } catch {
    // The phase is saved already: a map the drawing cannot cope with must not cost the results mail.
    return null;
  }
}

/**
 * Results: the board after the phase (in the map of the phase that follows) with the phase's
 * orders drawn on it, one SVG for every reader unless the phase had hidden builds, which only
 * their power and the Master see drawn, as in the results text. `draw` is asked once per distinct
 * picture (it may hand the job to another thread). Null when there is no picture for the reader.
 */
export function resultsPictures<Drawn>(
  name: string,
  report: PhaseReport,
  game: GameStatus,
  maps: MapDefinition,
  draw: (job: ResultsPictureJob) => Drawn,
): (view: ResultsView) => Drawn | null {
  const mapPhase = report.next ?? report.phase;
  const played = maps.at(report.phase);
  const position = positionOf(game, maps.at(mapPhase));
  const builds = report.outcomes.flatMap((outcome) =>
    outcome.marks.includes('hidden') && outcome.order.kind === 'build' ? [{ power: outcome.power, location: outcome.order.unit.location }] : [],
  );
  const pictures = new Map<string, Drawn>();
  return (view) => {
    const sight = phaseSight(report.blind, played, report.boards, view);
    // BLIND observers learn only that the game moved on: no picture.
    if (sight === NO_SIGHT) return null;
    const hidden = hiddenFrom(builds, view);
    const blindKey = report.blind !== null && view.master !== true && view.omniscient !== true ? `${view.reader}\n` : '';
    const key = blindKey + hidden.map((unit) => `${unit.power} ${unit.location}`).join('\n');
    let drawn = pictures.get(key);
    if (drawn === undefined) {
      const orders = report.outcomes.filter(
        (outcome) =>
          (!outcome.marks.includes('hidden') || seesHidden(view, outcome.power)) &&
          (seesHidden(view, outcome.power) || outcomeSight(outcome, sight, report.boards)?.kind === 'full'),
      );
      drawn = draw({
        game: name,
        mapPhase,
        position: visiblePosition(position, view.reader, sight),
        title: `Game ${name} after ${phaseTitle(report.phase)}`,
        hidden,
        orders,
      });
      pictures.set(key, drawn);
    }
    return drawn;
  };
}
