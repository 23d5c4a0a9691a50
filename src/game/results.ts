import type { GameMap } from '../map/game-map.js';
import type { Phase } from '../map/model.js';
import { gameZone, parseDeadlineStamp } from '../deadline/index.js';
import type { OrderOutcome } from '../engine/types.js';
import type { Templates } from '../templates/templates.js';
import type { PhaseReport } from './process.js';

/** Results mailings: the report of a processed phase, as one reader (a power, or everyone) may see it. */

export function phaseTitle(phase: Phase): string {
  const word = (text: string): string => text.charAt(0) + text.slice(1).toLowerCase();
  return `${word(phase.season)} ${phase.year} ${word(phase.type)}`;
}

/** A deadline stamp, written in the game's `zone`, as players read it: in that zone, or in `shownIn` (a zone the reader chose). */
export function describeDeadline(stamp: string, zone: string | null, shownIn?: string): string {
  const instant = parseDeadlineStamp(stamp, gameZone(zone ?? undefined));
  if (shownIn !== undefined) return `${instant.setZone(shownIn).toFormat('ccc d LLL yyyy HH:mm')} ${shownIn}`;
  return `${instant.toFormat('ccc d LLL yyyy HH:mm')} ${zone ?? 'GMT'}`;
}

function outcomeLine(outcome: OrderOutcome): string {
  const marks = outcome.marks.filter((mark) => mark !== 'hidden' && mark !== 'unordered');
  const note = marks.length > 0 ? `  (*${marks.join(', ')}*)` : '';
  const reason = outcome.reason && (marks.length > 0 || !outcome.succeeded) ? ` ${outcome.reason}` : '';
  const unordered = outcome.marks.includes('unordered') ? '  (no order)' : '';
  return `${outcome.text}.${note}${unordered}${reason}`;
}

export interface ResultsView {
  /** The power reading; null for everyone else (observers, the public). The Master sees all. */
  reader: string | null;
  master?: boolean;
}

/** Whether the reader may see what a power keeps hidden (its hidden builds): only the power itself and the Master. */
export function seesHidden(view: ResultsView, power: string): boolean {
  return view.master === true || view.reader === power;
}

/**
 * Renders the results for many readers: readers differ only in the hidden builds they may see, and
 * under HIDE_DUMMIES in the control changes only the Master reads, so without either one text
 * serves them all.
 */
export function resultsRenderer(report: PhaseReport, map: GameMap, templates: Templates): (view: ResultsView) => string {
  const texts = new Map<string, string>();
  return (view) => {
    const secrets = report.hiddenBuilds.length > 0 || (report.secretControl && report.controlChanges.length > 0);
    const key = !secrets ? '' : view.master === true ? '\0master' : (view.reader ?? '');
    let text = texts.get(key);
    if (text === undefined) {
      text = renderResults(report, map, templates, view);
      texts.set(key, text);
    }
    return text;
  };
}

const DISORDER_START = 'In civil disorder: ';
const DISORDER_END = ' (no orders when the grace period ended).';

/** The powers (as the results name them) a phase's results say were in civil disorder. */
export function disorderIn(results: string): string[] {
  const line = results.split('\n').find((candidate) => candidate.startsWith(DISORDER_START) && candidate.endsWith(DISORDER_END));
  return line ? line.slice(DISORDER_START.length, -DISORDER_END.length).split(', ') : [];
}

export function renderResults(report: PhaseReport, map: GameMap, templates: Templates, view: ResultsView): string {
  const name = (power: string): string => map.power(power)?.displayName ?? power;
  const byPower = new Map<string, string[]>();
  for (const { power, unit } of report.found ?? []) byPower.set(power, [...(byPower.get(power) ?? []), `FOUND ${unit}.`]);
  for (const outcome of report.outcomes) {
    const hidden = outcome.marks.includes('hidden') && !seesHidden(view, outcome.power);
    const line = hidden ? 'BUILD HIDDEN.' : outcomeLine(outcome);
    const lines = byPower.get(outcome.power) ?? [];
    lines.push(line);
    byPower.set(outcome.power, lines);
  }
  const orders = [...byPower.entries()].map(([power, lines]) => ({ power: name(power), lines }));
  let closing: string;
  if (report.ended?.lastMan !== undefined) {
    const { lastMan, victors } = report.ended;
    closing =
      lastMan === null
        ? 'The game is over: no unit is left standing.'
        : `The game is over: the last man standing is ${name(victors[0]!)}'s ${lastMan}, in ${phaseTitle(report.phase)}.`;
  } else if (report.ended) {
    const victors = report.ended.victors.map(name);
    closing = victors.length === 1 ? `The game is over: ${victors[0]} has won.` : `The game is over, drawn between ${victors.join(', ')}.`;
  } else if (report.next) {
    closing = `The next phase of '${report.game}' is ${phaseTitle(report.next)}.`;
    if (report.deadline) closing += `\nThe deadline for orders is ${describeDeadline(report.deadline, report.zone)}.`;
  } else closing = '';
  return templates.render('results', {
    title: phaseTitle(report.phase),
    game: report.game,
    map: report.map,
    orders,
    invalid: report.invalid.map((item) => `${name(item.power)}: ${item.message}`),
    dislodged: report.dislodged.map((item) =>
      item.retreats.length > 0
        ? `${name(item.power)}: ${item.unit} may retreat to ${item.retreats.join(', ')}.`
        : `${name(item.power)}: ${item.unit} has no retreat and is destroyed.`,
    ),
    centerChanges: report.centerChanges.map((change) => `${change.center}: ${change.from ? name(change.from) : 'unowned'} -> ${name(change.to)}`),
    centers: report.centers
      .filter((entry) => entry.centers.length > 0)
      .map((entry) => `${`${name(entry.power)}:`.padEnd(12)} ${String(entry.centers.length).padStart(2)}  ${entry.centers.join(' ')}`),
    adjustments: report.adjustments
      .filter((entry) => entry.change !== 0)
      .map((entry) => {
        const what = entry.change > 0 ? `builds ${entry.change}` : `removes ${-entry.change}`;
        return `${name(entry.power)}: ${entry.centers} centers, ${entry.units} units: ${what}.`;
      }),
    terrainChanges: report.terrainChanges.map((change) => {
      const fate =
        change.became === 'destroyed' ? 'is destroyed' : change.became === 'hibernates' ? 'hibernates: it may only hold' : `becomes ${change.became}`;
      return `${name(change.power)}: ${change.unit} ${fate}.`;
    }),
    controlChanges: (report.secretControl && view.master !== true ? [] : report.controlChanges).map((change) =>
      change.controller === null ? `${name(change.power)} is independent.` : `${name(change.power)} is now played by ${name(change.controller)}.`,
    ),
    tornAllegiance: report.tornAllegiance.map(
      (torn) => `${name(torn.power)}: ${torn.unit} is destroyed: ${torn.owner === null ? 'the center is unowned' : `${name(torn.owner)} owns the center`}.`,
    ),
    disorder: report.disorder.length > 0 ? `${DISORDER_START}${report.disorder.map(name).join(', ')}${DISORDER_END}` : null,
    closing,
  });
}
