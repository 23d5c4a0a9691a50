import { Option, type Command } from 'commander';
import { CONFIG_OPTION_HELP, loadConfig } from '../../config/config.js';

type LogFormat = 'text' | 'json';

/** `--log-format`: plain lines for people and journalctl, or one JSON object a line for log collectors. */
export const LOG_FORMAT_OPTION = new Option(
  '--log-format <format>',
  '\'text\': the time in UTC, then the event; \'json\': one object a line, {"time", "message"}',
)
  .choices(['text', 'json'])
  .default('text');

/** Prints a log line as the daemon does: the time in UTC, then what happened. */
export function logPrinter(format: LogFormat): (line: string) => void {
  return (line) => {
    const time = new Date().toISOString();
    process.stdout.write(format === 'json' ? `${JSON.stringify({ time, message: line })}\n` : `${time} ${line}\n`);
  };
}

function untilSignalled(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const handler = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', handler);
      process.off('SIGINT', handler);
      resolve(signal);
    };
    process.on('SIGTERM', handler);
    process.on('SIGINT', handler);
  });
}

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description('run the judge: read mail, process it, send the replies, until SIGTERM or SIGINT')
    .option('-c, --config <file>', CONFIG_OPTION_HELP)
    .addOption(LOG_FORMAT_OPTION)
    .action(async (options: { config?: string; logFormat: LogFormat }) => {
      const printLogLine = logPrinter(options.logFormat);
      // Loaded here, not at the top: every other command would pay for the IMAP client's loading.
      const { startJudge } = await import('../../daemon/judge.js');
      // Listening before the judge starts: a SIGTERM while it starts (the start line is out) must stop it cleanly.
      const signalled = untilSignalled();
      const judge = await startJudge(loadConfig(options.config), { log: printLogLine });
      const signal = await signalled;
      printLogLine(`${signal}: finishing the mail in hand`);
      await judge.stop();
    });
}
