import { DateTime } from 'luxon';
import type { JudgeConfig } from '../../config/config.js';
import type { GameService } from '../../game/service.js';
import { OperationRules } from '../../game/rules.js';
import type { JudgeDatabase } from '../../store/database.js';
import { parseCommands, sessionEffect } from './registry.js';
import type { ParsedMail } from '../language/types.js';
import type { Channel, ExecutionContext } from '../context/context.js';
import { MailEffects } from './effects.js';
import { PasswordGuard } from '../context/guessing.js';
import { MailRun, type ExecutionOutcome } from './run.js';
import { NO_SESSION, type Session } from '../context/step.js';

/**
 * Executes the commands of a mail against the games and answers it: exactly one reply, echoing each
 * command with its outcome and quoting every refused line, plus the other mails the commands cause
 * (press, results, announcements). Each command's effect is recorded under the mail's key as soon
 * as it is made, so that the same mail executed again after a crash does nothing twice.
 */

export interface ExecutorDeps {
  readonly service: GameService;
  readonly judge: JudgeConfig['judge'];
  /** The judge's database: what each mail did, and wrong passwords, are kept there. */
  readonly db: JudgeDatabase;
  readonly random?: () => number;
}

export interface MailToExecute {
  /** The sender's address. */
  readonly from: string;
  /** The body as commands are read. */
  readonly text: string;
  /** The same for every fetch of the same mail. */
  readonly mailKey: string;
  /** Where the commands came from: the audit log marks changes made from the web pages. */
  readonly via?: Channel;
  /**
   * Who the lines act for from the first one, as after a SIGNON: a web page's visitor, whose
   * password was checked when they signed on and has not changed since.
   */
  readonly signedOn?: Session;
}

/**
 * DPjudge resigns a player only from a mail without mistakes: no line the parser refused, and no
 * "order" after the RESIGN, which is what a misspelt PRESS becomes in a resigning player's mail.
 */
function hasMistakes(parsed: ParsedMail): boolean {
  if (parsed.problems.length > 0) return true;
  let resigning = false;
  for (const command of parsed.commands) {
    if (command.kind === 'resign' || command.kind === 'resignSignedOn') resigning = true;
    else if (sessionEffect(command.kind) !== 'keeps') resigning = false;
    else if (resigning && command.kind === 'order') return true;
  }
  return false;
}

export class CommandExecutor {
  private readonly effects: MailEffects;
  private readonly guard: PasswordGuard;

  constructor(private readonly deps: ExecutorDeps) {
    this.effects = new MailEffects(deps.db);
    this.guard = new PasswordGuard(deps.db);
  }

  async execute(mail: MailToExecute, now: Date): Promise<ExecutionOutcome> {
    const signedOn = mail.signedOn ?? NO_SESSION;
    const parsed: ParsedMail = parseCommands(mail.text, signedOn.kind === 'master' ? 'master' : signedOn.kind === 'power' ? 'power' : null);
    const context = { ...this.readingContext(now), sender: mail.from.trim().toLowerCase(), via: mail.via ?? 'mail', mailHasProblems: hasMistakes(parsed) };
    return new MailRun(context, this.effects, mail.mailKey, parsed, signedOn).execute();
  }

  /**
   * The context the reading commands (LIST, HISTORY, SUMMARY, MAP, HELP) run in outside any mail:
   * the web pages show what they tell by calling them with the visitor's session.
   */
  readingContext(now: Date): ExecutionContext {
    return {
      service: this.deps.service,
      judge: this.deps.judge,
      sender: '',
      via: 'web',
      now: DateTime.fromJSDate(now, { zone: 'utc' }),
      guard: this.guard,
      pressArchive: this.effects.pressArchive,
      random: this.deps.random ?? Math.random,
      rules: new OperationRules(),
      mailHasProblems: false,
    };
  }
}
