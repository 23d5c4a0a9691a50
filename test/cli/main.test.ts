import { describe, expect, it } from 'vitest';
import { JudgeProcess, temporaryFolder } from '../mail/support/judge-setup.js';

/** The `judge` command as a judgekeeper first meets it. */

async function judge(...args: string[]): Promise<{ code: number | null; output: string }> {
  const run = JudgeProcess.cli(args, temporaryFolder('judge-cli-'));
  const code = await run.exited;
  return { code, output: run.lines.join('\n') };
}

describe('judge', () => {
  it('with no arguments lists the commands', async () => {
    const { code, output } = await judge();
    expect(code).toBe(0);
    expect(output).toContain('Usage: judge [options] [command]');
    for (const command of ['start', 'mail', 'check', 'process', 'game', 'help [command]']) expect(output).toMatch(new RegExp(`^  ${command.replace(/[[\]]/g, '\\$&')} `, 'm'));
  });

  it('help <command> explains that command', async () => {
    const { code, output } = await judge('help', 'check');
    expect(code).toBe(0);
    expect(output).toContain('Usage: judge check [options] [game...]');
    expect(output).toContain('--outage');
  });

  it('game --help promises only the subcommands there are', async () => {
    const { output } = await judge('game', '--help');
    expect(output).not.toMatch(/\bcreate them\b/);
    expect(output).toMatch(/^ {2}validate /m);
    expect(output).toMatch(/^ {2}show /m);
  });
});
