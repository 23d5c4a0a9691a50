import type { LoadedConfig } from '../config/config.js';
import { CommandExecutor } from '../commands/run/executor.js';
import { openGameService, type GameServiceSetting } from '../game/open.js';
import { BrokenStatusFileError } from '../game/service.js';
import {
  ExplainedFailure,
  replySubject,
  threadOf,
  type MailResponder,
  type IncomingMail,
  type ProcessingContext,
  type ProcessOutcome,
} from '../mail/responder.js';
import type { JudgeDatabase } from '../store/database.js';

/**
 * The judge's responder: the e-mail commands run against the games, their one reply threaded under
 * the mail, and every other mail they cause as it is.
 * The whole body goes to the command parser, which itself skips quotes and signatures outside press.
 */
export class CommandResponder implements MailResponder {
  constructor(private readonly commands: CommandExecutor) {}

  async process(mail: IncomingMail, context: ProcessingContext): Promise<ProcessOutcome> {
    const outcome = await this.commands.execute({ from: mail.from.address, text: mail.text, mailKey: context.mailKey }, context.now).catch((error: unknown) => {
      if (!(error instanceof BrokenStatusFileError)) throw error;
      throw new ExplainedFailure(error.message, `game '${error.game}' cannot be played until the judgekeeper corrects its status file`);
    });
    // The reply keeps the mail's subject, so that mail programs thread it under the player's mail.
    const reply = { ...outcome.reply, subject: replySubject(mail.subject), answers: threadOf(mail) };
    return { summary: outcome.summary, mails: [reply, ...outcome.notices.filter((notice) => notice.to.length > 0)] };
  }
}

export function commandResponder(loaded: LoadedConfig, db: JudgeDatabase, setting: GameServiceSetting = {}): CommandResponder {
  return new CommandResponder(new CommandExecutor({ service: openGameService(loaded, db, setting), judge: loaded.config.judge, db }));
}
