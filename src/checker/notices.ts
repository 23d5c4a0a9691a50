import type { DateTime } from 'luxon';
import { formatDeadlineStamp } from '../deadline/index.js';
import { phaseAbbrev } from '../map/phase.js';
import { describeDeadline, phaseTitle } from '../game/results.js';
import { mailAddressesOf } from '../game/control.js';
import { masterAddresses } from '../game/tester.js';
import { lateText } from '../game/orders.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import { playedPhase, type GameStatus, type NeededPower } from '../status/model.js';
import type { Templates } from '../templates/templates.js';
import type { Situation } from './situation.js';

/** The mails the deadline checker writes, each from its template in `templates/`. */

export interface OutageReport {
  readonly judge: string;
  readonly since: DateTime;
  readonly until: DateTime;
  readonly thresholdMinutes: number;
  /** Null: the games are held until `judge check --resume`; else how far deadlines were moved on. */
  readonly extension: { readonly minutes: number; readonly games: number } | null;
}

function list(items: readonly string[]): string {
  return items.join(', ');
}

function needList(need: readonly NeededPower[]): string {
  return list(need.map((entry) => `${entry.power} (${counted(entry.units, 'unit')}, ${counted(entry.centers, 'center')})`));
}

function utcStamp(instant: DateTime): string {
  return `${instant.toUTC().toFormat('ccc d LLL yyyy HH:mm')} UTC`;
}

export function counted(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

export function durationText(minutes: number): string {
  const whole = Math.round(minutes);
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const rest = whole % 60;
  const parts = [
    [days, 'day'],
    [hours, 'hour'],
    [rest, 'minute'],
  ] as const;
  const text = parts.filter(([amount]) => amount > 0).map(([amount, unit]) => counted(amount, unit));
  return text.length > 0 ? text.join(' ') : '0 minutes';
}

export class CheckerMail {
  constructor(
    private readonly templates: Templates,
    private readonly keeper: string,
  ) {}

  /** A game instant as players read deadlines: on the game's clocks, with its zone. */
  private clock(game: GameStatus, situation: Situation, instant: DateTime): string {
    return describeDeadline(formatDeadlineStamp(instant, situation.zone), game.zone);
  }

  private gameView(game: GameStatus, situation: Situation) {
    return {
      game: game.name,
      phase: phaseTitle(situation.phase),
      deadline: situation.deadline ? this.clock(game, situation, situation.deadline) : 'not set',
    };
  }

  /** When late powers are resigned, put in disorder or previewed, as the template's sections name it. */
  private graceView(game: GameStatus, situation: Situation) {
    const at = situation.graceExpiry && this.clock(game, situation, situation.graceExpiry);
    return {
      resignAt: situation.regime === 'resign' ? at : null,
      disorderAt: situation.regime === 'civil-disorder' ? at : null,
      previewAt: situation.regime === 'civil-preview' ? at : null,
    };
  }

  private subject(game: GameStatus, situation: Situation, what: string): string {
    return `${game.name} ${phaseAbbrev(situation.phase)}: ${what}`;
  }

  /** Late powers as players read them: `FRANCE`, or `FRANCE incomplete (F MAO)` when some orders are in. */
  private lateList(situation: Situation, late: readonly string[]): string {
    return list(late.map((power) => lateText({ power, unordered: situation.incomplete.get(power) ?? [] })));
  }

  private addressesOf(game: GameStatus, power: string): string[] {
    return mailAddressesOf(game, power);
  }

  private toMaster(game: GameStatus, subject: string, text: string): OutgoingMail[] {
    const to = masterAddresses(game);
    return to.length > 0 ? [{ to, subject, text }] : [];
  }

  /** A WARN reminder to each late power that can be mailed. */
  reminders(game: GameStatus, situation: Situation, late: readonly string[]): OutgoingMail[] {
    const subject = this.subject(game, situation, 'reminder, orders due');
    const { resignAt, disorderAt } = this.graceView(game, situation);
    return late
      .map((power) => ({ power, to: this.addressesOf(game, power) }))
      .filter(({ to }) => to.length > 0)
      .map(({ power, to }) => ({
        to,
        subject,
        text: this.templates.render('reminder', { ...this.gameView(game, situation), power, resignAt, disorderAt }),
      }));
  }

  /** Late notices: one to each late power that can be mailed, and the full list to the Master. */
  lateNotices(game: GameStatus, situation: Situation, late: readonly string[]): OutgoingMail[] {
    const subject = this.subject(game, situation, situation.masterProcesses ? 'waiting for the Master' : 'orders late');
    const view = { ...this.gameView(game, situation), ...this.graceView(game, situation), masterProcesses: situation.masterProcesses };
    const notices: OutgoingMail[] = late
      .map((power) => ({ power, to: this.addressesOf(game, power) }))
      .filter(({ to }) => to.length > 0)
      .map(({ power, to }) => {
        const others = situation.hideLatePowers ? [] : late.filter((other) => other !== power);
        const unordered = situation.incomplete.get(power);
        return {
          to,
          subject,
          text: this.templates.render('late-notice', {
            ...view,
            power,
            incomplete: unordered === undefined ? null : list(unordered),
            others: others.length > 0 ? this.lateList(situation, others) : null,
          }),
        };
      });
    const text = this.templates.render('late-notice', { ...view, master: late.length > 0, late: this.lateList(situation, late) });
    return [...notices, ...this.toMaster(game, subject, text)];
  }

  /** To each player resigned for lateness, at the addresses the game had for them before. */
  resignations(before: GameStatus, situation: Situation, resigned: readonly string[]): OutgoingMail[] {
    const view = { ...this.gameView(before, situation), graceEnded: this.graceEnded(before, situation) };
    return resigned
      .map((power) => ({ power, to: this.addressesOf(before, power) }))
      .filter(({ to }) => to.length > 0)
      .map(({ power, to }) => ({
        to,
        subject: this.subject(before, situation, `${power} resigned for lateness`),
        text: this.templates.render('resigned', { ...view, power }),
      }));
  }

  private graceEnded(game: GameStatus, situation: Situation): string {
    return situation.graceExpiry ? this.clock(game, situation, situation.graceExpiry) : 'the deadline';
  }

  /** To the Master, when the grace period ended with powers late: what the judge did about it. */
  graceExpired(
    game: GameStatus,
    situation: Situation,
    late: readonly string[],
    outcome: { disorder?: boolean; preview?: boolean; resigned?: readonly string[] },
  ): OutgoingMail[] {
    if (!game.master) return [];
    const resigned = outcome.resigned ?? [];
    const text = this.templates.render('grace-expired', {
      ...this.gameView(game, situation),
      graceEnded: this.graceEnded(game, situation),
      late: this.lateList(situation, late),
      disorder: outcome.disorder === true,
      preview: outcome.preview === true,
      resigned: resigned.length > 0 ? list(resigned) : null,
      waiting: outcome.resigned !== undefined,
      need: game.need.length > 0 ? needList(game.need) : 'none',
    });
    const what = outcome.disorder ? 'civil disorder' : outcome.preview ? 'grace over, preview sent' : 'grace over, game waiting';
    return this.toMaster(game, this.subject(game, situation, what), text);
  }

  /** Status-file errors, to the Master, or to the judgekeeper when the file names no Master. */
  statusErrors(name: string, game: GameStatus | null, problems: readonly string[]): OutgoingMail[] {
    const subject = `${name}: the status file has errors`;
    const text = this.templates.render('status-errors', { game: name, problems });
    return game?.master ? this.toMaster(game, subject, text) : [{ to: [this.keeper], subject, text }];
  }

  formingReminder(game: GameStatus, days: number, players: { joined: number; wanted: number; startMaster: boolean }): OutgoingMail[] {
    if (!game.master) return [];
    const text = this.templates.render('master-reminder', { game: game.name, waited: counted(days, 'day'), forming: true, ...players });
    return this.toMaster(game, `${game.name}: still forming`, text);
  }

  waitingReminder(game: GameStatus, days: number): OutgoingMail[] {
    if (!game.master) return [];
    const need = game.need.length > 0 ? needList(game.need) : null;
    const text = this.templates.render('master-reminder', { game: game.name, waited: counted(days, 'day'), waiting: true, need });
    return this.toMaster(game, `${game.name}: waiting`, text);
  }

  keeperWaitingAlert(game: GameStatus, days: number): OutgoingMail[] {
    const text = this.templates.render('keeper-waiting', {
      game: game.name,
      waited: counted(days, 'day'),
      master: game.master?.email ?? null,
      need: game.need.length > 0 ? needList(game.need) : null,
    });
    return [{ to: [this.keeper], subject: `${game.name}: waiting for ${days} days`, text }];
  }

  checkFailed(game: string, action: string, error: string): OutgoingMail[] {
    const text = this.templates.render('check-failed', { game, action, error });
    return [{ to: [this.keeper], subject: `${game}: the deadline checker failed`, text }];
  }

  /** To everyone in a game whose deadline an outage of the judge moved on. */
  deadlineMoved(game: GameStatus, recipients: readonly { addresses: readonly string[] }[], outage: Omit<OutageReport, 'extension'>): OutgoingMail[] {
    const phase = playedPhase(game);
    if (!game.deadline || phase === null) return [];
    const deadline = describeDeadline(game.deadline, game.zone);
    const setBy = `the judge, whose deadline checker did not run from ${utcStamp(outage.since)} to ${utcStamp(outage.until)}`;
    const text = this.templates.render('deadline-changed', { game: game.name, phase: phaseTitle(phase), deadline, setBy });
    // One mail to each: players must not learn each other's addresses.
    return recipients.map((recipient) => ({ to: [...recipient.addresses], subject: `${game.name}: new deadline ${deadline}`, text }));
  }

  outage(report: OutageReport): OutgoingMail[] {
    const minutes = report.until.diff(report.since).as('minutes');
    const text = this.templates.render('outage', {
      judge: report.judge,
      since: utcStamp(report.since),
      until: utcStamp(report.until),
      length: durationText(minutes),
      threshold: report.thresholdMinutes,
      hold: report.extension === null,
      extend: report.extension !== null,
      extension: report.extension && durationText(report.extension.minutes),
      games: counted(report.extension?.games ?? 0, 'game'),
    });
    return [{ to: [this.keeper], subject: `Judge ${report.judge}: the deadline checker was down for ${durationText(minutes)}`, text }];
  }
}
