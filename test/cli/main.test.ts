import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    for (const command of ['start', 'mail', 'check', 'process', 'game', 'help [command]'])
      expect(output).toMatch(new RegExp(`^  ${command.replace(/[[\]]/g, '\\$&')} `, 'm'));
  });

  it('help <command> explains that command', async () => {
    const { code, output } = await judge('help', 'check');
    expect(code).toBe(0);
    expect(output).toContain('Usage: judge check [options] [game...]');
    expect(output).toContain('--outage');
  });

  it('game --help promises only the subcommands there are', async () => {
    const { output } = await judge('game', '--help');
    expect(output).toMatch(/^ {2}create /m);
    expect(output).toMatch(/^ {2}validate /m);
    expect(output).toMatch(/^ {2}show /m);
  });

  it('start --log-format json writes one JSON object a line, for log collectors', async () => {
    const folder = temporaryFolder('judge-cli-');
    writeFileSync(join(folder, 'judge.config.json'), JSON.stringify({ judge: { name: 'JSONLOG' }, web: { enabled: false } }));
    const run = JudgeProcess.cli(['start', '--log-format', 'json'], folder);
    await run.waitForLine(/judge JSONLOG started/);
    run.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const entries = run.lines.map((line) => JSON.parse(line) as { time: string; message: string });
    expect(entries[0]!.message).toMatch(/^judge JSONLOG started: mail in from Maildir /);
    expect(entries.at(-1)!.message).toBe('judge stopped');
    for (const entry of entries) expect(new Date(entry.time).toISOString()).toBe(entry.time);
    expect((await judge('start', '--log-format', 'xml')).code).not.toBe(0);
  });
});
