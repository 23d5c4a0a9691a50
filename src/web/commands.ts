import { randomUUID } from 'node:crypto';
import type { CommandExecutor } from '../commands/run/executor.js';
import type { Session } from '../commands/context/step.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';

/**
 * A web action is a mail's commands: the form's fields become the lines a player would mail, run by
 * the same command executor (same checks, same game lock, same audit log, marked as from the web),
 * and every mail they cause goes into the outbox as it would for a mail. The reply is shown on the
 * page instead of being mailed back.
 */

/** Where the mails go: the daemon's outbox. */
export interface MailQueue {
  send(notices: readonly OutgoingMail[], origin: string): void;
}

export interface WebOutcome {
  /** The reply a mail would have got. */
  readonly reply: string;
  /** What the commands mailed the visitor too (a copy of their press), shown under the reply. */
  readonly mailedToVisitor: readonly OutgoingMail[];
  readonly session: Session;
}

/**
 * The sender of what a visitor does before the pages know who they are (signing on): not an
 * address, so nothing is mailed to it, but wrong passwords from one visitor's address count
 * together, as they do for one mail address.
 */
export function webVisitorAddress(ip: string): string {
  return `web visitor at ${ip}`;
}

function isVisitorAddress(address: string): boolean {
  return address.startsWith(webVisitorAddress(''));
}

export class WebCommands {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly mails: MailQueue,
    private readonly now: () => Date,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /**
   * Runs `text` as a mail from `from`, for `signedOn` (null: a visitor not signed on, whose text
   * begins with its own SIGNON, JOIN or CREATE). A signed-on visitor's reply goes by mail to others
   * it concerns (the player of a power the Master acted for), as a mail's reply would. `form`: the
   * form sent, which names the action in the log; by default the text's first word.
   */
  async run(text: string, from: string, signedOn: Session | null, form?: string): Promise<WebOutcome> {
    const mailKey = `web ${randomUUID()}`;
    const mailReply = signedOn !== null;
    const outcome = await this.commands.execute({ from, text, mailKey, via: 'web', ...(signedOn === null ? {} : { signedOn }) }, this.now());
    // The daemon's log has a line for every web action as for every mail: a keyword, never a password that may follow it.
    const action = form ?? /^\s*(\S+)/.exec(text)?.[1]?.toUpperCase() ?? '(nothing)';
    this.log(`web ${action} from ${from}: processed (${outcome.summary})`);
    const sender = from.trim().toLowerCase();
    const mailable = (notice: OutgoingMail): OutgoingMail => ({ ...notice, to: notice.to.filter((address) => !isVisitorAddress(address)) });
    const replyCopy: OutgoingMail = { ...outcome.reply, to: outcome.reply.to.filter((address) => address !== sender) };
    const notices = [...outcome.notices, ...(mailReply ? [replyCopy] : [])].map(mailable).filter((notice) => notice.to.length > 0);
    this.mails.send(notices, mailKey);
    return {
      reply: outcome.reply.text,
      mailedToVisitor: outcome.notices.filter((notice) => notice.to.some((address) => address.toLowerCase() === sender)),
      session: outcome.session,
    };
  }
}
