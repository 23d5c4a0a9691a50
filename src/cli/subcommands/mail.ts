import type { Command } from 'commander';
import type { Readable } from 'node:stream';
import { CONFIG_OPTION_HELP, loadConfig } from '../../config/config.js';
import { EarlySmtpSocket } from '../../mail/smtp-socket.js';
import { LOG_FORMAT_OPTION, logPrinter } from './start.js';

/** sysexits.h's EX_TEMPFAIL: a delivery agent keeps a mail whose command exits with it, and retries later. */
const EX_TEMPFAIL = 75;

/** `input`: the mail; standard input unless the command line read some of it already. */
export function registerMailCommand(program: Command, input: Readable = process.stdin): void {
  program
    .command('mail')
    .description('process one RFC 822 mail from standard input (for procmail, .forward and aliases); exit 0 once handled')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .option(
      '--retry',
      'handle again a mail that failed (the judgekeeper was mailed about it), once its cause is mended; the journal keeps what was done of it already',
    )
    .addOption(LOG_FORMAT_OPTION)
    .action(async (options: { config?: string; retry?: boolean; logFormat: 'text' | 'json' }) => {
      let early: EarlySmtpSocket | undefined;
      try {
        const loaded = loadConfig(options.config);
        const { smtp } = loaded.config.mail;
        // Before the rest of the judge loads: the server's greeting arrives meanwhile.
        if (smtp.host !== '') early = new EarlySmtpSocket(smtp.host, smtp.port);
        // Loaded here, not at the top: a delivery agent starts a judge per mail, and other commands need none of it.
        const { handlePipedMail } = await import('../../daemon/pipe-mode.js');
        await handlePipedMail(loaded, input, logPrinter(options.logFormat), { retry: options.retry === true, early });
      } catch (error) {
        // Whatever went wrong, the delivery agent must keep the mail and offer it again later.
        process.stderr.write(`judge mail: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = EX_TEMPFAIL;
      } finally {
        early?.close();
      }
    });
}
