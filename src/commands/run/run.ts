import { Refusal } from '../../common/errors.js';
import { headerPower } from '../../game/status-lines.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import { BrokenStatusFileError } from '../../game/service.js';
import { findPower } from '../../status/model.js';
import { wordsOf } from '../../status/text.js';
import { closesStanza, stanzaOpenedBy } from '../../status/stanzas.js';
import type { Command, ParsedMail, ParseProblem } from '../language/types.js';
import type { ExecutionContext } from '../context/context.js';
import { shownLine } from './echo.js';
import type { CommandOutcome, MailEffects } from './effects.js';
import { submitOrders } from '../orders/orders.js';
import { changesGame, dispatch, sessionEffect } from './registry.js';
import { buildReply, type Entry, type Owner } from './reply.js';
import { resumedSession } from './resume.js';
import { applyStatusLines } from '../master/status-lines.js';
import { CLOSED_SESSION, NO_SESSION, type Refused, type Session, type Step } from '../context/step.js';

/**
 * One execution of one mail, command by command. Order lines are gathered and submitted together
 * when the SIGNON's block ends (or a command that reads the orders comes), status-file lines are
 * gathered into stanzas; every command goes through `perform`, which records what it did.
 */

/** What executing one mail came to: its reply and the other mails it caused. */
export interface ExecutionOutcome {
  /** One line for the journal and the log. */
  readonly summary: string;
  /** Every line the reply lists as not accepted, in its order, with the catalogue's code for why. */
  readonly refused: readonly Refused[];
  readonly reply: OutgoingMail;
  readonly notices: OutgoingMail[];
  /** Who the last lines acted for: the web pages keep a successful SIGNON's as the visitor's. */
  readonly session: Session;
}

type PowerSession = Extract<Session, { kind: 'power' }>;

interface Gathered {
  readonly index: number;
  readonly commands: Command[];
}

const DONE_BEFORE_INTERRUPTION =
  'Done. The judge was interrupted just after doing this, so this answer cannot say more; every mail it caused has been sent. Send LIST to see where the game stands.';

export class MailRun {
  private session: Session = NO_SESSION;
  private official: string | null = null;
  /** The session was opened by CREATE: its status-file lines skip GAME, MASTER and PHASE. */
  private creating = false;
  /** `slot`: the reply entry kept for the orders, where the first of them stands in the mail. */
  private orders: (Gathered & { readonly session: PowerSession; readonly slot: number }) | null = null;
  private statusLines: (Gathered & { stanza: readonly string[] | null }) | null = null;
  /** The power block status-file lines go into; null for the game's own lines. */
  private statusBlock: string | null = null;
  private readonly entries: Entry[] = [];
  private readonly notices: OutgoingMail[] = [];
  private readonly owners = new Map<string, Owner>();
  private readonly games = new Set<string>();
  /** Outcomes of commands that change no game, written with the mail's next row (`perform`). */
  private readonly unwritten: CommandOutcome[] = [];
  private commandCount = 0;

  constructor(
    private readonly context: ExecutionContext,
    private readonly effects: MailEffects,
    private readonly mailKey: string,
    private readonly parsed: ParsedMail,
    signedOn: Session,
  ) {
    this.enter(signedOn, false);
  }

  async execute(): Promise<ExecutionOutcome> {
    const problems = [...this.parsed.problems];
    for (const [index, command] of this.parsed.commands.entries()) {
      while (problems.length > 0 && problems[0]!.line < command.line) this.problem(problems.shift()!);
      await this.command(index, command);
    }
    await this.flushOrders();
    await this.flushStatusLines();
    for (const problem of problems) this.problem(problem);
    return this.outcome();
  }

  private async command(index: number, command: Command): Promise<void> {
    this.commandCount++;
    if (command.kind === 'order') return this.gatherOrder(index, command);
    if (command.kind === 'statusLine') return this.gatherStatusLine(index, command);
    if (command.kind !== 'press' && command.kind !== 'official') await this.flushOrders();
    await this.flushStatusLines();
    const ordersInMail = this.orders !== null;
    const step = await this.perform(index, command, (context) => dispatch(context, this.session, command, { official: this.official, ordersInMail }));
    this.record([shownLine(command.text)], step, command.kind);
  }

  private sessionGame(): string | null {
    return this.session.kind === 'power' || this.session.kind === 'master' ? this.session.game : null;
  }

  private gatherOrder(index: number, command: Command): void {
    const session = this.session;
    if (session.kind !== 'power') {
      this.record([shownLine(command.text)], { lines: ['Ignored: not signed on to a power (see above).'], code: 'WRONG_SENDER' });
      return;
    }
    if (this.orders === null) {
      this.orders = { index, commands: [], session, slot: this.entries.length };
      this.entries.push({ echo: [], lines: [], owner: this.ownerKey(session), refused: [], attachments: [] });
    }
    this.orders.commands.push(command);
  }

  private async flushOrders(): Promise<void> {
    const gathered = this.orders;
    if (gathered === null) return;
    this.orders = null;
    const lines = gathered.commands.map((command) => (command as Extract<Command, { kind: 'order' }>).order);
    const step = await this.perform(gathered.index, gathered.commands[0]!, (context) => submitOrders(context, gathered.session, lines));
    this.record(
      gathered.commands.map((command) => command.text.trim()),
      step,
      'order',
      gathered.slot,
    );
  }

  /** DESC ... END DESC (and NAME, MORPH) is one status-file change; any other line is one on its own. */
  private async gatherStatusLine(index: number, command: Command): Promise<void> {
    const open = this.statusLines;
    if (open !== null && open.stanza !== null) {
      open.commands.push(command);
      if (closesStanza(wordsOf(command.text), open.stanza)) await this.flushStatusLines();
      return;
    }
    await this.flushStatusLines();
    this.statusLines = { index, commands: [command], stanza: stanzaOpenedBy(wordsOf(command.text)) };
    if (this.statusLines.stanza === null) await this.flushStatusLines();
  }

  private async flushStatusLines(): Promise<void> {
    const gathered = this.statusLines;
    if (gathered === null) return;
    this.statusLines = null;
    const lines = gathered.commands.map((command) => command.text.trim());
    const echo = lines.map(shownLine);
    const session = this.session;
    if (session.kind !== 'master') {
      this.record(echo, { lines: ['Ignored: status-file lines need the Master signed on (see above).'], code: 'WRONG_SENDER' });
      return;
    }
    const edit = { block: this.statusBlock, lines, creating: this.creating };
    const step = await this.perform(gathered.index, gathered.commands[0]!, (context) => applyStatusLines(context, session.game, edit));
    const game = this.context.service.load(session.game).game;
    const header = lines.length === 1 ? headerPower(game, lines[0]!) : null;
    if (header !== null) this.statusBlock = findPower(game, header)?.name ?? header;
    this.record(echo, step);
  }

  /**
   * Runs a command once per mail: a recorded outcome is reused. A command a crash cut short is done
   * again if its change never reached the game (the audit log knows, by the command's cause), and
   * only reported if it did. A command that changes no game is not recorded before it runs, and its
   * outcome waits for the mail's next row, so that a redelivery finds it (a SIGNON's session) with
   * anything recorded after it; with no row after it, it is never written, and a redelivery before
   * the mail's record does it again, which changes nothing. One that counted a wrong password is
   * written at once, as a command that changes a game is.
   */
  private async perform(index: number, command: Command, work: (context: ExecutionContext) => Promise<Step> | Step): Promise<Step> {
    const game = 'game' in command && typeof command.game === 'string' ? command.game : this.sessionGame();
    if (game !== null) this.games.add(game);
    const recorded = this.effects.recorded(this.mailKey, index);
    if (recorded?.step) return recorded.step;
    const cause = `${this.mailKey}#${index}`;
    const changesGames = changesGame(command.kind);
    if (recorded?.state === 'pending') {
      await this.context.service.recoverInterrupted();
      if (this.context.service.tookEffect(cause)) {
        const session = await resumedSession(this.context, command);
        const step: Step = { lines: [DONE_BEFORE_INTERRUPTION], ...(session ? { session } : {}) };
        this.effects.done(this.mailKey, [...this.unwritten.splice(0), { index, game, step }]);
        return step;
      }
    } else if (changesGames) this.effects.started(this.mailKey, index, game, this.unwritten.splice(0));
    const wrongPasswords = this.context.guard.wrongPasswordsCounted;
    const step = await this.safely(() => work({ ...this.context, cause }), game);
    const outcome = { index, game, step };
    if (changesGames || this.context.guard.wrongPasswordsCounted !== wrongPasswords) this.effects.done(this.mailKey, [...this.unwritten.splice(0), outcome]);
    else this.unwritten.push(outcome);
    return step;
  }

  private async safely(work: () => Promise<Step> | Step, game: string | null): Promise<Step> {
    try {
      return await work();
    } catch (error) {
      // A refusal is the player's, worded for them; anything else is the judge's own failure, which
      // the mail layer records and tells the judgekeeper of.
      if (error instanceof Refusal) return { lines: [`Not done: ${error.reason}.`], code: error.code, reason: error.reason };
      throw this.explained(error, game);
    }
  }

  /** The judge's own failure, blamed on the game's status file when that has errors: the judgekeeper then learns where. */
  private explained(error: unknown, game: string | null): unknown {
    if (game === null) return error;
    try {
      const errors = this.context.service.statusErrors(this.context.service.load(game), this.context.rules);
      return errors.length > 0 ? new BrokenStatusFileError(game, errors, { cause: error }) : error;
    } catch {
      return error;
    }
  }

  private record(echo: string[], step: Step, kind?: Command['kind'], slot = this.entries.length): void {
    const before = this.session;
    // A refused JOIN, CREATE or TAKEOVER must not leave the lines after it to an earlier SIGNON.
    const session = step.session ?? (kind !== undefined && sessionEffect(kind) === 'opens' ? CLOSED_SESSION : undefined);
    if (session !== undefined) this.enter(session, kind === 'create' && step.code === undefined);
    if (step.official !== undefined) this.official = step.official;
    const refused = step.refused ?? (step.code === undefined ? [] : [{ line: echo[0]!, reason: step.reason ?? step.lines[0]!, code: step.code }]);
    const owner = this.ownerKey(this.session.kind === 'closed' ? before : this.session);
    this.entries[slot] = { echo, lines: step.lines, owner, refused, attachments: step.attachments ?? [] };
    this.notices.push(...(step.notices ?? []));
  }

  private enter(session: Session, created: boolean): void {
    this.session = session;
    this.creating = created;
    this.statusBlock = null;
    if (session.kind === 'power') this.noteOwner(session);
    if (session.kind === 'power' || session.kind === 'master') this.games.add(session.game);
  }

  /** The power's addresses when the mail first acts for it: a SET ADDRESS in the mail cannot hide it from the power's player. */
  private noteOwner(session: PowerSession): void {
    const key = `${session.game}/${session.power}`;
    if (this.owners.has(key)) return;
    const power = findPower(this.context.service.load(session.game).game, session.power);
    this.owners.set(key, { key, game: session.game, power: session.power, addresses: power ? [...power.addresses] : [] });
  }

  private ownerKey(session: Session): string | null {
    if (session.kind === 'power') return `${session.game}/${session.power}`;
    return session.kind === 'master' ? 'master' : null;
  }

  private problem(problem: ParseProblem): void {
    const text = shownLine(problem.text);
    this.entries.push({
      echo: [text],
      lines: [`Not understood: ${problem.reason}.`],
      owner: this.ownerKey(this.session),
      refused: [{ line: text, reason: problem.reason, code: 'NOT_UNDERSTOOD' }],
      attachments: [],
    });
  }

  private outcome(): ExecutionOutcome {
    const { reply, copies } = buildReply(
      this.context.service.templates,
      this.context.judge,
      this.context.sender,
      this.entries,
      [...this.owners.values()],
      [...this.games],
    );
    const refused = this.entries.flatMap((entry) => entry.refused);
    const summary = `${this.commandCount} command${this.commandCount === 1 ? '' : 's'}, ${refused.length} refused line${refused.length === 1 ? '' : 's'}${this.games.size > 0 ? ` (${[...this.games].join(', ')})` : ''}`;
    return { summary, refused, reply, notices: [...this.notices, ...copies], session: this.session };
  }
}
