import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { temporaryFolder, until } from './support/judge-setup.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * contrib/judge.service run as systemd runs it: its ExecStart command line, in its WorkingDirectory,
 * with the installation (/opt/judge) and the data folder (/srv/judge) put where this test has them.
 */

function unitSetting(unit: string, key: string): string {
  const line = unit.split('\n').find((candidate) => candidate.startsWith(`${key}=`));
  if (line === undefined) throw new Error(`contrib/judge.service has no ${key}=`);
  return line.slice(key.length + 1);
}

describe('contrib/judge.service', () => {
  it('starts the judge from its data folder on the configuration its command line names, and stops it with its KillSignal', async () => {
    const unit = readFileSync(join(ROOT, 'contrib', 'judge.service'), 'utf8');
    const data = temporaryFolder('judge-srv-');
    const here = (setting: string) =>
      setting.replaceAll('/srv/judge', data).replace('/opt/judge/dist', inject('compiledJudge')).replace('/usr/bin/node', process.execPath);
    writeFileSync(join(data, 'judge.config.json'), JSON.stringify({ judge: { name: 'SERVICE' } }));
    const [command, ...args] = here(unitSetting(unit, 'ExecStart')).split(' ');
    const child = spawn(command!, args, { cwd: here(unitSetting(unit, 'WorkingDirectory')), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    await until(() => output.includes('started'), 20_000, 'the start line');
    expect(output).toContain(`judge SERVICE started: mail in from Maildir ${join(data, 'var', 'maildir')}`);
    expect(output).toContain(`; configuration ${join(data, 'judge.config.json')}; games in ${join(data, 'games')}, journal in ${join(data, 'var')}; `);
    child.kill(unitSetting(unit, 'KillSignal') as NodeJS.Signals);
    expect(await exited).toBe(0);
  });
});
