import { Command, CommanderError } from 'commander';

const PRIVATE_UMASK = 0o077;

/**
 * The `judge` command line with the commands `register` adds: runs the one `argv` names
 * (process.argv's shape) and sets the exit code.
 */
export async function runProgram(argv: readonly string[], register: (program: Command) => void): Promise<void> {
  // Whatever the umask the judge was started with (022 is usual): its journal holds private press,
  // its outbox every player's mail, its status files passwords; files 0600, folders 0700.
  process.umask(PRIVATE_UMASK);
  const program = new Command();
  program.name('judge').description('The e-mail Diplomacy judge: judgekeeper commands').showHelpAfterError(false).exitOverride();

  register(program);

  // Commander's own help command: `judge help` lists the commands, `judge help check` explains one.
  program.helpCommand('help [command]', 'list the commands, or explain one');

  program.configureOutput({
    writeErr: (text) => process.stderr.write(text.split('\n').find((line) => line.trim() !== '') + '\n'),
  });

  try {
    // A bare `judge` is someone finding their way: show them the commands rather than nothing.
    await program.parseAsync(argv.length > 2 ? argv : [...argv, 'help']);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end with commander's exit code 0; a usage mistake with 2, as with other Unix tools.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else {
      process.stderr.write(`judge: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}
