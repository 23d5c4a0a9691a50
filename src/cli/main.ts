#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands/index.js';

const program = new Command();
program
  .name('judge')
  .description('The e-mail Diplomacy judge: judgekeeper commands')
  .showHelpAfterError(false)
  .exitOverride();

registerCommands(program);

program
  .command('help')
  .description('list the commands')
  .action(() => program.outputHelp());

program.configureOutput({
  writeErr: (text) => process.stderr.write(text.split('\n').find((line) => line.trim() !== '') + '\n'),
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : 2;
  } else {
    process.stderr.write(`judge: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
