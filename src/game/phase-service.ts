import type { DateTime } from 'luxon';
import type { FlowStep, Phase } from '../map/model.js';
import { comparePhases, nextPhase, parsePhaseAbbrev, phaseAbbrev } from '../map/phase.js';
import { formatUnitAt } from '../status/codecs.js';
import { findPower, type GameStatus } from '../status/model.js';
import { writeStatus } from '../status/write.js';
import type { Actor, GameStore } from '../store/game-store.js';
import { queuedMails } from '../store/journal.js';
import type { MailAttachment, OutgoingMail } from '../store/outgoing-mail.js';
import type { Templates } from '../templates/templates.js';
import type { GameArchive } from './archive.js';
import { drawResultsPicture, pendingHiddenBuilds, resultsPictures } from './board-picture.js';
import type { GameMaps } from './game-maps.js';
import { gameState, type GameListings } from './listings-service.js';
import { drawOnThisThread, type PendingPicture, type PictureDrawer } from './picture-thread.js';
import { currentPhase, processPhase, type PhaseReport } from './process.js';
import { recipients, recipientView } from './recipients.js';
import { phaseTitle, readsAddition, resultsRenderer, type ResultsView } from './results.js';

/** A phase processed: what happened, and the game after it. */
export interface ProcessedOutcome {
  readonly report: PhaseReport;
  readonly game: GameStatus;
}

/** A phase previewed: the results mails for the Master, to send. */
export interface PreviewOutcome extends ProcessedOutcome {
  readonly notices: OutgoingMail[];
}

/** What running a game's phases needs from the game API. */
export interface PhaseRunnerParts {
  readonly store: GameStore;
  /** The game's archive (its history and results files). */
  readonly archive: (name: string) => GameArchive;
  readonly maps: GameMaps;
  readonly listings: GameListings;
  readonly templates: Templates;
  /** The judge's address: the Message-IDs of the results mails are in its domain. */
  readonly judgeAddress: string;
  readonly now: () => DateTime;
  /** Draws the results pictures; default on the processing thread. */
  readonly pictures?: PictureDrawer;
}

/** Runs a game's phases: adjudicates the current one, and records, mails or previews its results. */
export class PhaseRunner {
  constructor(private readonly parts: PhaseRunnerParts) {}

  /**
   * Processes the current phase: adjudicates, records the results and the snapshot, saves the new
   * status. The results mails (and `also`'s, mails the caller sends about the same step) are queued
   * with the new status file in one durable step: they leave if and only if it is written, whatever
   * crash comes when (docs/durability.md). Null when the game was not at `expectPhase`.
   */
  async process(
    name: string,
    actor: Actor,
    options: { expectPhase?: string; also?: (game: GameStatus) => OutgoingMail[]; origin?: string; disorder?: readonly string[] } = {},
  ): Promise<ProcessedOutcome | null> {
    const { store, maps, templates, judgeAddress } = this.parts;
    const archive = this.parts.archive(name);
    const origin = options.origin ?? (actor.cause ? `mail ${actor.cause}` : `${actor.who} ${actor.command} ${name}`);
    const { result: outcome } = await store.updateReporting(name, actor, (current, step) => {
      const adjudicated = this.adjudicated(current.game, options.expectPhase);
      if (adjudicated === null) return { game: null, result: null };
      const outcome: ProcessedOutcome = { ...adjudicated, report: { ...adjudicated.report, disorder: [...(options.disorder ?? [])] } };
      const { report, game } = outcome;
      const map = maps.of(current.game);
      const flow = map.base.data.flow;
      const abbrev = phaseAbbrev(report.phase);
      // The results text, rendered once per distinct reader for the results file and every mail.
      const render = resultsRenderer(report, map.at(report.phase), templates);
      // Asked for first: a drawer on another thread draws them while this one writes the files below.
      const pictures = this.askForPictures(name, report, game, this.parts.pictures ?? drawOnThisThread);
      archive.saveSnapshots(abbrev, current.bytes, writeStatus(game, step), step);
      // The history is the public record, but of a BLIND game the Master's alone (HISTORY tells players so) until it ends.
      archive.recordResults(abbrev, render({ reader: null, master: report.blind !== null }), (recorded) => precedes(flow, recorded, report.phase), step);
      // Under the lock and before the new status lands, so that no crash leaves a stale ROLLFORWARD behind.
      archive.forgetAbandonedPhases(phasesAfter(flow, report.phase), flow.length);
      const announce = () => {
        const taken = (view: ResultsView) => pictures(view)?.() ?? null;
        const notices = [...this.resultNotices(name, report, game, false, render, taken), ...(options.also?.(game) ?? [])];
        return queuedMails(notices, origin, judgeAddress);
      };
      return { game, result: outcome, announce };
    });
    if (outcome) await this.parts.listings.keepInStep(actor, name, gameState(outcome.game));
    return outcome;
  }

  /** The results of the current phase as processing would give them, mailed to the Master only; the game is unchanged. */
  preview(name: string, options: { expectPhase?: string } = {}): PreviewOutcome | null {
    const { store, templates } = this.parts;
    const outcome = this.adjudicated(store.load(name).game, options.expectPhase);
    if (outcome === null) return null;
    const maps = this.parts.maps.of(outcome.game);
    const render = resultsRenderer(outcome.report, maps.at(outcome.report.phase), templates);
    const picture = resultsPictures(name, outcome.report, outcome.game, maps, (job) => drawResultsPicture(maps, job));
    return { ...outcome, notices: this.resultNotices(name, outcome.report, outcome.game, true, render, picture) };
  }

  private adjudicated(game: GameStatus, expectPhase: string | undefined): ProcessedOutcome | null {
    const phase = currentPhase(game);
    if (expectPhase && expectPhase !== phaseAbbrev(phase)) return null;
    const now = this.parts.now();
    const outcome = processPhase(game, this.parts.maps.of(game), { variant: this.parts.listings.variant(game), now, today: now.toISODate()! });
    const found = game.name === null ? [] : this.foundUnits(game.name, game);
    return found.length === 0 ? outcome : { ...outcome, report: { ...outcome.report, found } };
  }

  /** The hidden builds of the last adjustment phase, which the results of the phase after it reveal. */
  private foundUnits(name: string, game: GameStatus): { power: string; unit: string }[] {
    return pendingHiddenBuilds(this.parts.archive(name), game, this.parts.maps.of(game)).flatMap(({ power, location }) => {
      const unit = findPower(game, power)?.units.find((candidate) => candidate.location === location);
      return unit ? [{ power, unit: formatUnitAt(unit) }] : [];
    });
  }

  /** Asks `drawer` at once for every results picture the phase's recipients get; each reader's is taken when its mail is made. */
  private askForPictures(name: string, report: PhaseReport, game: GameStatus, drawer: PictureDrawer): (view: ResultsView) => PendingPicture | null {
    const map = this.parts.maps.loaded(game);
    const pictures = resultsPictures(name, report, game, map.definition, (job) => drawer.draw(map, job));
    for (const recipient of recipients(game)) pictures(recipientView(recipient));
    return pictures;
  }

  private resultNotices(
    name: string,
    report: PhaseReport,
    game: GameStatus,
    preview: boolean,
    render: (view: ResultsView) => string,
    picture: (view: ResultsView) => MailAttachment | null,
  ): OutgoingMail[] {
    const subject = (what: string) => `${preview ? 'PREVIEW ' : ''}${name} ${phaseAbbrev(report.phase)} ${what} (${phaseTitle(report.phase)})`;
    const readers = recipients(game).filter((recipient) => !preview || recipient.master);
    const apart = report.additions.flatMap((addition) =>
      addition.mailedAs === undefined
        ? []
        : readers
            .filter((recipient) => readsAddition(addition, recipientView(recipient)))
            .map((recipient) => ({ to: recipient.addresses, subject: subject(addition.mailedAs!), text: `${addition.lines.join('\n').trimEnd()}\n` })),
    );
    const results = readers.map((recipient) => {
      const view = recipientView(recipient);
      const board = picture(view);
      return { to: recipient.addresses, subject: subject('results'), text: render(view), ...(board !== null && { attachments: [board] }) };
    });
    return [...apart, ...results];
  }
}

/** Whether a phase recorded in the results file (by its abbreviation) comes before `phase` in game time. */
function precedes(flow: readonly FlowStep[], recorded: string, phase: Phase): boolean {
  const earlier = parsePhaseAbbrev(recorded, flow);
  return earlier !== null && comparePhases(flow, earlier, phase) < 0;
}

/** The abbreviations of the phases after `phase` in the flow, without end. */
function* phasesAfter(flow: readonly FlowStep[], phase: Phase): Generator<string> {
  for (let next = nextPhase(flow, phase); ; next = nextPhase(flow, next)) yield phaseAbbrev(next);
}
