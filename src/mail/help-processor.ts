import { replyAddresses, replySubject, type CommandProcessor, type IncomingMail, type ProcessOutcome } from './processor.js';

/**
 * The command processor the judge runs until the full command set is built: it answers HELP with an
 * account of the commands, and every other command line with the news that it is not taken yet. The
 * reply echoes each command line, as every reply of the judge will.
 */

const HELP_TEXT = `HOW TO USE THIS JUDGE

Write one command per line in the body of a plain-text mail. Lines
starting with // are comments. Quoted text (lines starting with >) and
your signature are skipped, except inside press.

For anyone
  HELP                        this text
  LIST [game]                 the games, or one game in detail
  SUMMARY game | HISTORY game | MAP game
  JOIN [power@]game password  join a forming game
  OBSERVE name@game password  watch a game
  SIGNON Xgame password       sign on as power X, e.g. SIGNON Fmygame secret
  SIGNOFF

Once signed on to a power
  your orders, one per line   they replace the power's orders on file
  CLEAR | STATUS
  PRESS ... ENDPRESS          a message to other powers
  BROADCAST ... ENDBROADCAST  a message to everyone
  SET ADDRESS | SET PASSWORD | SET WAIT | SET NOWAIT | SET ABSENCE
  VOTE | RESIGN

For the game's Master
  CREATE | FORM | ACTIVATE | WAIT | TERMINATE | PROCESS | PREVIEW
  ROLLBACK | ROLLFORWARD | SET DEADLINE | DUMMY | REVIVE | RESIGN power

One mail may hold several commands and several SIGNONs; each SIGNON
applies to the lines after it.
`;

const NOT_YET = 'not taken yet: this judge answers HELP only for now';

function isHelp(line: string): boolean {
  return line.trim().split(/\s+/)[0]!.toUpperCase() === 'HELP';
}

function answer(line: string): string {
  return isHelp(line) ? `> ${line}\n\n${HELP_TEXT}` : `> ${line}\n${NOT_YET}\n`;
}

export class HelpProcessor implements CommandProcessor {
  process(mail: IncomingMail): ProcessOutcome {
    const commands = mail.commandText.split('\n').filter((line) => line.trim() !== '');
    const text =
      commands.length === 0
        ? `Your mail held no commands. Send HELP for a list of them.\n`
        : commands.map(answer).join('\n');
    const asked = commands.some(isHelp);
    return {
      summary: commands.length === 0 ? 'no commands' : `${commands.length} command line(s)${asked ? ', HELP answered' : ''}`,
      mails: [{ kind: 'reply', to: replyAddresses(mail), subject: replySubject(mail.subject), text }],
    };
  }
}
