import { DateTime } from 'luxon';
import {
  formatDeadlineStamp,
  gameZone,
  graceExpiry,
  nextDeadline,
  parseDeadlineStamp,
  parseIsoInstant,
  parseTiming,
  phaseTypeOf,
  renderDuration,
  renderTiming,
  warningTimes,
} from '../../deadline/index.js';

export interface DeadlineOptions {
  readonly timing: string;
  readonly zone?: string;
  readonly phase: string;
  readonly from?: string;
  readonly current?: string;
  readonly initial?: boolean;
  readonly realTime?: boolean;
}

function bothClocks(instant: DateTime): string {
  const local = instant.toFormat('ccc yyyy-MM-dd HH:mm ZZ');
  const utc = instant.toUTC().toFormat('ccc yyyy-MM-dd HH:mm');
  return `${local}  =  ${utc} UTC`;
}

function line(label: string, text: string): string {
  return `${label.padEnd(10)}${text}\n`;
}

/** What the judge would do with these options, as the lines `judge deadline` prints. */
function deadlineReport(options: DeadlineOptions, now: DateTime): string {
  const zone = gameZone(options.zone);
  const phaseType = phaseTypeOf(options.phase);
  const timing = parseTiming(options.timing, { phaseTypes: [phaseType] });
  const from = options.from === undefined ? now.setZone(zone) : parseIsoInstant('--from', options.from, zone);
  const current = options.current === undefined ? undefined : parseDeadlineStamp(options.current, zone);
  const outcome = nextDeadline({
    timing,
    zone: zone.name,
    phase: options.phase,
    from,
    current,
    initial: options.initial,
    realTime: options.realTime,
  });
  const { deadline } = outcome;
  const warnings = warningTimes(deadline, timing, from);
  const grace = graceExpiry(deadline, timing);
  const rounding = outcome.realTime ? 'to the minute (real time)' : 'on the :00/:20/:40 slots';
  const delay = `${renderDuration(outcome.delay)}${options.initial ? ' (initial: doubled)' : ''}`;
  let report =
    line('TIMING', renderTiming(timing) || '(none: every key takes its default)') +
    line('ZONE', zone.name) +
    line('phase', `${options.phase.trim().toUpperCase()}: delay ${delay}, ${rounding}`) +
    line('from', bothClocks(from)) +
    line('deadline', bothClocks(deadline)) +
    line('DEADLINE', formatDeadlineStamp(deadline, zone));
  if (current !== undefined && deadline.toMillis() === current.toMillis()) {
    report += line('', 'the current deadline stands: an automatic deadline is never earlier');
  }
  const noWarning = timing.warn?.length === 0 ? 'none (WARN 0)' : 'none (every WARN falls before the deadline is set)';
  report += warnings.length === 0 ? line('warning', noWarning) : warnings.map((warning) => line('warning', bothClocks(warning))).join('');
  report += line('grace', grace === undefined ? 'none (no GRACE: late players are never resigned)' : bothClocks(grace));
  if (outcome.timing.not.length !== timing.not.length) {
    report += line('TIMING', `${renderTiming(outcome.timing)}   (vacations that have ended are dropped)`);
  }
  return report;
}

/** `judge deadline`: prints what the judge would do with these options. */
export function printDeadline(options: DeadlineOptions): void {
  process.stdout.write(deadlineReport(options, DateTime.now()));
}
