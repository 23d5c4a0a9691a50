import type { Command } from 'commander';
import { CONFIG_OPTION_HELP, loadConfig } from '../../config/config.js';

/** A log line as the daemon prints it: the time in UTC, then what happened. */
export function printLogLine(line: string): void {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
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
    .action(async (options: { config?: string }) => {
      // Loaded here, not at the top: every other command would pay for the IMAP client's loading.
      const { startJudge } = await import('../../daemon/judge.js');
      // Listening before the judge starts: a SIGTERM while it starts (the start line is out) must stop it cleanly.
      const signalled = untilSignalled();
      const judge = startJudge(loadConfig(options.config), { log: printLogLine });
      const signal = await signalled;
      printLogLine(`${signal}: finishing the mail in hand`);
      await judge.stop();
    });
}
