import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useMailServers } from './support/mail-servers.js';
import { plainMail, temporaryFolder, until } from './support/judge-setup.js';

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

const servers = useMailServers();

/** The unit's ExecStart run in its WorkingDirectory, with the data folder `data` holding `config` as judge.config.json. */
function startAsTheUnit(data: string, config: object) {
  const unit = readFileSync(join(ROOT, 'contrib', 'judge.service'), 'utf8');
  const here = (setting: string) =>
    setting.replaceAll('/srv/judge', data).replace('/opt/judge/dist', inject('compiledJudge')).replace('/usr/bin/node', process.execPath);
  writeFileSync(join(data, 'judge.config.json'), JSON.stringify(config));
  const [command, ...args] = here(unitSetting(unit, 'ExecStart')).split(' ');
  const child = spawn(command!, args, { cwd: here(unitSetting(unit, 'WorkingDirectory')), stdio: ['ignore', 'pipe', 'pipe'] });
  const started = { output: '', errors: '' };
  child.stdout.on('data', (chunk: Buffer) => (started.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (started.errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = () => child.kill(unitSetting(unit, 'KillSignal') as NodeJS.Signals);
  return { started, exited, stop };
}

describe('contrib/judge.service', () => {
  it('starts the judge from its data folder on the configuration its command line names, and stops it with its KillSignal', async () => {
    const data = temporaryFolder('judge-srv-');
    const { started, exited, stop } = startAsTheUnit(data, { judge: { name: 'SERVICE' } });
    const output = () => started.output;

    await until(() => output().includes('started'), 20_000, 'the start line');
    expect(output()).toContain(`judge SERVICE started: mail in from Maildir ${join(data, 'var', 'maildir')}`);
    expect(output()).toContain(`; configuration ${join(data, 'judge.config.json')}; games in ${join(data, 'games')}, journal in ${join(data, 'var')}; `);
    stop();
    expect(await exited).toBe(0);
  });

  it('as docs/deploying.md sets it up (IMAP in, SMTP out), plays a phase by real mail', async () => {
    const data = temporaryFolder('judge-srv-');
    const judge = 'judge@dip.test';
    // docs/deploying.md's judge.config.json, pointed at this test's Dovecot and SMTP server.
    const { started, exited, stop } = startAsTheUnit(data, {
      judge: { name: 'DEPLOYED', address: judge, keeper: 'keeper@dip.test' },
      mail: servers.settings(),
      web: { enabled: false },
    });
    await until(() => started.output.includes('started'), 20_000, 'the start line');
    expect(started.output).toMatch(/judge DEPLOYED started: mail in from IMAP \S+, out as SMTP 127\.0\.0\.1:\d+;/);
    let serial = 0;
    const mail = async (from: string, body: string) => {
      const messageId = `<deployed-${++serial}@player.test>`;
      await servers.mailbox.append([plainMail({ from, body, messageId })]);
      await until(() => servers.sink.captured.some((captured) => captured.parsed.inReplyTo === messageId), 20_000, `the answer to ${from}`);
    };
    const statusText = () => readFileSync(join(data, 'games', 'deployed', 'status'), 'utf8');

    await mail('master@player.test', 'CREATE deployed masterpw\nFORM\nSIGNOFF');
    for (let n = 1; n <= 7; n++) await mail(`p${n}@player.test`, `JOIN deployed pw${n}`);
    const france = /^FRANCE\n(?:.+\n)*?ADDRESS p(\d)@player\.test$/m.exec(statusText())![1]!;
    await mail(`p${france}@player.test`, `SIGNON Fdeployed pw${france}\nA PAR - BUR`);
    await mail('master@player.test', 'SIGNON Mdeployed masterpw\nPROCESS!');
    await until(
      () => servers.sink.captured.filter((captured) => captured.parsed.subject?.includes('deployed S1901M results')).length === 8,
      20_000,
      'the results',
    );

    expect(/^PHASE (.*)$/m.exec(statusText())![1]).toBe('FALL 1901 MOVEMENT');
    expect(statusText()).toMatch(/^A BUR$/m);
    const results = servers.sink.captured.filter((captured) => captured.parsed.subject?.includes('deployed S1901M results'));
    expect(new Set(results.flatMap((captured) => captured.envelopeTo))).toEqual(
      new Set(['master@player.test', ...Array.from({ length: 7 }, (_, n) => `p${n + 1}@player.test`)]),
    );
    // The board, drawn by the daemon's picture thread (src/game/picture-thread.ts), which warns when it cannot draw.
    for (const captured of results)
      expect(captured.parsed.attachments.map((file) => [file.filename, file.contentType])).toEqual([['deployed.svg', 'image/svg+xml']]);
    expect(started.errors).not.toMatch(/picture/);
    stop();
    expect(await exited).toBe(0);
  }, 120_000);
});
