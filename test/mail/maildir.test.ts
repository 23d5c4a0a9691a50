import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { startJudge, type RunningJudge } from '../../src/daemon/judge.js';
import type { MailResponder } from '../../src/mail/responder.js';
import { readJournal } from './support/journal-reader.js';
import { JudgeProcess, judgeFolder, plainMail, temporaryFolder, until } from './support/judge-setup.js';

/**
 * The default mail settings: no mail server. `judge start` (what `npm start` runs) reads
 * var/maildir/new and writes its replies as .eml files into var/outbox. Each judge here has an empty
 * judge.config.json of its own: without one it would read the installation's, and share its var/.
 */

const running: JudgeProcess[] = [];
let judge: RunningJudge | null = null;

afterEach(async () => {
  for (const child of running.splice(0)) {
    child.kill('SIGKILL');
    await child.exited;
  }
  await judge?.stop();
  judge = null;
});

function start(folder: string): JudgeProcess {
  writeFileSync(join(folder, 'judge.config.json'), '{}');
  const child = JudgeProcess.cli(['start'], folder);
  running.push(child);
  return child;
}

/** Delivers as a Maildir writer does: into tmp/, then renamed into new/. */
function drop(maildir: string, name: string, mail: string): void {
  writeFileSync(join(maildir, 'tmp', name), mail);
  renameSync(join(maildir, 'tmp', name), join(maildir, 'new', name));
}

const files = (folder: string) => readdirSync(folder).filter((name) => !name.startsWith('.'));

describe('the embedded default: a local Maildir in, .eml files out', () => {
  it('runs on the judge.config.json of its folder, answers a mail dropped into var/maildir/new, and stops cleanly on SIGTERM', async () => {
    const folder = temporaryFolder('judge-default-');
    const daemon = start(folder);
    const startLine = await daemon.waitForLine(/judge LOCAL started: mail in from Maildir .*var\/maildir, out as \.eml files in .*var\/outbox/);
    expect(startLine).toContain(`; configuration ${join(folder, 'judge.config.json')}; games in ${join(folder, 'games')}, journal in ${join(folder, 'var')}; `);
    expect(startLine).toMatch(/deadlines checked at cron '\*\/20 \* \* \* \*' \(UTC\)$/);
    const maildir = join(folder, 'var', 'maildir');
    drop(maildir, '1700000000.M1P1.test', plainMail({ messageId: '<local@player.test>', subject: 'trying it' }));

    await daemon.waitForLine(/mail from player1@player\.test "trying it": processed/);
    const outbox = join(folder, 'var', 'outbox');
    await until(() => files(outbox).length === 1, 10_000, 'the reply in var/outbox');
    const reply = await simpleParser(readFileSync(join(outbox, files(outbox)[0]!)));
    expect(reply.from?.value).toEqual([{ name: 'LOCAL', address: 'judge@localhost' }]);
    expect(reply.to).toMatchObject({ value: [{ address: 'player1@player.test' }] });
    expect(reply.inReplyTo).toBe('<local@player.test>');
    expect(reply.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.text).toContain('HOW TO USE THE JUDGE');
    expect(files(join(maildir, 'new'))).toEqual([]);
    expect(files(join(maildir, '.processed', 'cur'))).toEqual(['1700000000.M1P1.test:2,S']);

    daemon.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    expect(daemon.lines.at(-1)).toMatch(/judge stopped$/);
  });

  it('refuses to start on a --config that names no file, in one line', async () => {
    const folder = temporaryFolder('judge-default-');
    const daemon = JudgeProcess.cli(['start', '--config', join(folder, 'nosuch.json')], folder);
    running.push(daemon);

    expect(await daemon.exited).toBe(1);
    expect(daemon.stderr.join('')).toBe(`judge: ${join(folder, 'nosuch.json')}: no such configuration file\n`);
    expect(files(folder)).toEqual([]);
  });

  it('refuses to run a second judge on the same folder', async () => {
    const folder = temporaryFolder('judge-default-');
    const first = start(folder);
    await first.waitForLine(/judge LOCAL started/);
    const second = start(folder);

    expect(await second.exited).toBe(1);
    expect(second.stderr.join('')).toMatch(/^judge: another judge is already running on .*var/);
    first.kill('SIGINT');
    expect(await first.exited).toBe(0);
  });

  it('on SIGTERM finishes the mails in hand: each is either committed and filed, or untouched', async () => {
    const { folder, configFile } = judgeFolder({ throttle: { mails: 1000, minutes: 1 } });
    const daemon = JudgeProcess.cli(['start', '--config', configFile], folder);
    running.push(daemon);
    await daemon.waitForLine(/started/);
    const maildir = join(folder, 'var', 'maildir');
    for (let index = 0; index < 300; index++) drop(maildir, `mail-${index}`, plainMail({ from: `p${index}@player.test` }));

    await daemon.waitForLine(/^\S+ mail from/);
    daemon.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    const filed = files(join(maildir, '.processed', 'cur')).length;
    const waiting = files(join(maildir, 'new')).length;
    expect(filed + waiting).toBe(300);
    expect(filed).toBeGreaterThan(0);
    expect(readJournal(folder).received).toHaveLength(filed);
    expect(daemon.lines.filter((line) => line.includes(' mail from '))).toHaveLength(filed);
  });

  it('files a mail whose processing failed in .failed for the judgekeeper, who is told', async () => {
    const { folder, loaded } = judgeFolder();
    const failing: MailResponder = {
      process() {
        throw new Error('no command set yet');
      },
    };
    judge = await startJudge(loaded, { responder: failing });
    const maildir = join(folder, 'var', 'maildir');
    drop(maildir, 'broken', plainMail({ messageId: '<broken@player.test>' }));

    await until(() => files(join(maildir, '.failed', 'cur')).length === 1, 10_000, 'the mail in .failed');
    expect(files(join(maildir, '.failed', 'cur'))).toEqual(['broken:2,F']);
    const outbox = join(folder, 'var', 'outbox');
    await until(() => files(outbox).length === 2, 10_000, 'two mails in var/outbox');
    const sent = await Promise.all(files(outbox).map((name) => simpleParser(readFileSync(join(outbox, name)))));
    const keeper = sent.find((mail) => mail.subject?.startsWith('Judge: a mail could not be processed'))!;
    expect(keeper.text).toContain('no command set yet');
    expect(keeper.text).toContain("moved to the 'failed' folder");
  });

  it('stops with a clear error when judge.config.json is wrong', async () => {
    const { folder, configFile } = judgeFolder({ smtp: { port: 70000 } });
    const daemon = JudgeProcess.cli(['start', '--config', configFile], folder);

    expect(await daemon.exited).toBe(1);
    expect(daemon.stderr.join('')).toMatch(/^judge: .*judge\.config\.json: 'mail\.smtp\.port' must be a port number \(1-65535\), got 70000\n$/);
  });
});
