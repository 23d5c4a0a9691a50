import type { GameMap } from '../map/game-map.js';
import { gameZone, parseDeadlineStamp, readableStamp, readableTime } from '../deadline/index.js';
import type { OrderOutcome, OutcomeMark } from '../engine/types.js';
import type { Templates } from '../templates/templates.js';
import type { PhaseReport } from './process.js';
import type { ResultsAddition } from './variant-record.js';
import { FULL_SIGHT, type Sight } from '../engine/visibility.js';
import { outcomeSight, phaseSight, type Reader } from './blind-view.js';
import { phaseTitle } from './phase-title.js';

export { phaseTitle };

/** Results mailings: the report of a processed phase, as one reader (a power, or everyone) may see it. */

/** A deadline stamp, written in the game's `zone`, as players read it: in that zone, or in `shownIn` (a zone the reader chose). */
export function describeDeadline(stamp: string, zone: string | null, shownIn?: string): string {
  const gameClocks = gameZone(zone ?? undefined);
  if (shownIn !== undefined) return `${readableTime(parseDeadlineStamp(stamp, gameClocks).setZone(shownIn))} ${shownIn}`;
  return `${readableStamp(stamp, gameClocks)} ${zone ?? 'GMT'}`;
}

/** The word DPjudge's results print for a mark: an order found unusable at processing is `(*invalid*)` (Rules.txt, NO_CHECK). */
const MARK_WORDS: Partial<Record<OutcomeMark, string>> = { illegal: 'invalid' };

function outcomeLine(outcome: OrderOutcome): string {
  const marks = outcome.marks.filter((mark) => mark !== 'hidden' && mark !== 'unordered').map((mark) => MARK_WORDS[mark] ?? mark);
  const note = marks.length > 0 ? `  (*${marks.join(', ')}*)` : '';
  const reason = outcome.reason && (marks.length > 0 || !outcome.succeeded) ? ` ${outcome.reason}` : '';
  const unordered = outcome.marks.includes('unordered') ? '  (no order)' : '';
  return `${outcome.text}.${note}${unordered}${reason}`;
}

/** The power reading (null for observers and the public); the Master sees all. */
export type ResultsView = Reader;

/** Whether the reader may see what a power keeps hidden (its hidden builds): only the power itself and the Master. */
export function seesHidden(view: ResultsView, power: string): boolean {
  return view.master === true || view.reader === power;
}

/**
 * Renders the results for many readers: readers differ only in the hidden builds they may see, in a
 * BLIND game in what their units see, and under HIDE_DUMMIES in the control changes only the Master
 * reads, so without any of those one text serves them all.
 */
export function resultsRenderer(report: PhaseReport, map: GameMap, templates: Templates): (view: ResultsView) => string {
  const texts = new Map<string, string>();
  return (view) => {
    const personal =
      report.hiddenBuilds.length > 0 ||
      report.blind !== null ||
      (report.secretControl && report.controlChanges.length > 0) ||
      report.additions.some((addition) => addition.readers !== null);
    const key = personal ? `${view.master === true ? 'master' : ''} ${view.omniscient === true ? 'omniscient' : ''} ${view.reader ?? ''}` : '';
    let text = texts.get(key);
    if (text === undefined) {
      text = renderResults(report, map, templates, view);
      texts.set(key, text);
    }
    return text;
  };
}

/** Whether `view`'s reader reads what the variant adds to the results. */
export function readsAddition(addition: ResultsAddition, view: ResultsView): boolean {
  if (addition.readers === null) return true;
  if (view.master === true) return addition.master !== false;
  return view.reader !== null && addition.readers.includes(view.reader);
}

const DISORDER_START = 'In civil disorder: ';
const DISORDER_END = ' (no orders when the grace period ended).';

/** The powers (as the results name them) a phase's results say were in civil disorder. */
export function disorderIn(results: string): string[] {
  const line = results.split('\n').find((candidate) => candidate.startsWith(DISORDER_START) && candidate.endsWith(DISORDER_END));
  return line ? line.slice(DISORDER_START.length, -DISORDER_END.length).split(', ') : [];
}

/** BLIND: a void order is never told as such; a convoyed army's is told as `no convoy` (Rules.txt). */
function withoutVoid(outcome: OrderOutcome, map: GameMap): OrderOutcome {
  if (!outcome.marks.includes('void')) return outcome;
  const order = outcome.order;
  const convoyed = order.kind === 'move' && (order.viaConvoy || map.abut(order.unit.location, order.to) === undefined);
  const marks = outcome.marks.filter((mark) => mark !== 'void');
  return { ...outcome, marks: convoyed && !marks.includes('no convoy') ? [...marks, 'no convoy'] : marks, reason: '' };
}

/** One order's line as the reader may read it; null when the reader is not to learn of it (BLIND). */
function shownOutcome(outcome: OrderOutcome, report: PhaseReport, map: GameMap, view: ResultsView, sight: Sight): string | null {
  const theirs = seesHidden(view, outcome.power);
  if (sight !== FULL_SIGHT && !theirs) {
    if (outcome.marks.includes('hidden')) return null;
    const seen = outcomeSight(outcome, sight, report.boards);
    if (seen === null) return null;
    if (seen.kind === 'glimpse') return `${seen.text}.`;
  } else if (outcome.marks.includes('hidden') && !theirs) return 'BUILD HIDDEN.';
  return outcomeLine(report.blind !== null && sight !== FULL_SIGHT ? withoutVoid(outcome, map) : outcome);
}

function disorderLine(powers: readonly string[]): string | null {
  return powers.length > 0 ? `${DISORDER_START}${powers.join(', ')}${DISORDER_END}` : null;
}

export function renderResults(report: PhaseReport, map: GameMap, templates: Templates, view: ResultsView): string {
  const name = (power: string): string => map.power(power)?.displayName ?? power;
  const sight = phaseSight(report.blind, map, report.boards, view);
  const partial = sight !== FULL_SIGHT;
  // What a BLIND reader learns of a power only because it is the power's own: orders refused, builds due, lateness.
  const told = (power: string): boolean => !partial || view.reader === power;
  const seenUnit = (power: string, unit: string): boolean => {
    const [type, location] = unit.split(' ') as ['A' | 'F', string];
    return told(power) || sight.seesUnit({ type, location });
  };
  const byPower = new Map<string, string[]>();
  for (const { power, unit } of report.found ?? []) if (seenUnit(power, unit)) byPower.set(power, [...(byPower.get(power) ?? []), `FOUND ${unit}.`]);
  for (const outcome of report.outcomes) {
    const line = shownOutcome(outcome, report, map, view, sight);
    if (line === null) continue;
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
    invalid: report.invalid.filter((item) => told(item.power)).map((item) => `${name(item.power)}: ${item.message}`),
    dislodged: report.dislodged
      .filter((item) => seenUnit(item.power, item.unit))
      .map((item) =>
        item.retreats.length > 0
          ? `${name(item.power)}: ${item.unit} may retreat to ${item.retreats.join(', ')}.`
          : `${name(item.power)}: ${item.unit} has no retreat and is destroyed.`,
      ),
    centerChanges: report.centerChanges
      .filter((change) => sight.seesOwner(change.center))
      .map((change) => `${change.center}: ${change.from ? name(change.from) : 'unowned'} -> ${name(change.to)}`),
    centers: report.centers.flatMap((entry) => {
      // A BLIND reader learns another power's count only if it sees all its centres; the unseen stay unsaid.
      const seen = entry.centers.filter((center) => told(entry.power) || sight.seesOwner(center));
      if (seen.length === 0) return [];
      const count = seen.length === entry.centers.length ? String(seen.length) : '?';
      return [`${`${name(entry.power)}:`.padEnd(12)} ${count.padStart(2)}  ${seen.join(' ')}`];
    }),
    adjustments: report.adjustments
      .filter((entry) => entry.change !== 0 && told(entry.power))
      .map((entry) => {
        const what = entry.change > 0 ? `builds ${entry.change}` : `removes ${-entry.change}`;
        return `${name(entry.power)}: ${entry.centers} centers, ${entry.units} units: ${what}.`;
      }),
    terrainChanges: report.terrainChanges
      .filter((change) => seenUnit(change.power, change.unit))
      .map((change) => {
        const fate =
          change.became === 'destroyed' ? 'is destroyed' : change.became === 'hibernates' ? 'hibernates: it may only hold' : `becomes ${change.became}`;
        return `${name(change.power)}: ${change.unit} ${fate}.`;
      }),
    controlChanges: (report.secretControl && view.master !== true ? [] : report.controlChanges).map((change) =>
      change.controller === null ? `${name(change.power)} is independent.` : `${name(change.power)} is now played by ${name(change.controller)}.`,
    ),
    tornAllegiance: report.tornAllegiance
      .filter((torn) => seenUnit(torn.power, torn.unit))
      .map(
        (torn) => `${name(torn.power)}: ${torn.unit} is destroyed: ${torn.owner === null ? 'the center is unowned' : `${name(torn.owner)} owns the center`}.`,
      ),
    disorder: disorderLine(report.disorder.filter(told).map(name)),
    // What the variant adds (Crystal Ball's order lists as played, Payola's account statements), each to its readers; the Master reads them all.
    additions: report.additions.filter((addition) => readsAddition(addition, view)).map((addition) => ({ lines: addition.lines })),
    closing,
  });
}
