import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAME, gameTemplate, mailText, newTrial, phaseOf, runJudge, sentMails, statusErrors, type Trial } from './harness.js';

/**
 * The judge cannot write its games (a full disk, a read-only `games/`; JUDGE_WRITE_FAULT makes every
 * write under games/ fail as the system fails it): the game stays at its old phase, nothing is
 * half-written, no mail is lost and no player is misled, and the judgekeeper is told. Once the
 * writes succeed again the same mail, sweep or command does its work, once.
 */

const FULL_DISK = { JUDGE_WRITE_FAULT: 'ENOSPC:/games/' };
const READ_ONLY = { JUDGE_WRITE_FAULT: 'EROFS:/games/' };
const RESULTS = `${GAME} S1901M results`;
let template = '';

beforeAll(async () => {
  template = await gameTemplate('everyone');
}, 120_000);

function expectUntouched(trial: Trial): void {
  expect(phaseOf(trial)).toBe('SPRING 1901 MOVEMENT');
  expect(statusErrors(trial)).toEqual([]);
  const leftovers = readdirSync(join(trial.folder, 'games'), { recursive: true, encoding: 'utf8' }).filter((name) => name.includes('.tmp-'));
  expect(leftovers).toEqual([]);
}

function recipientsOf(trial: Trial, subject: string): string[] {
  return sentMails(trial)
    .filter((mail) => mail.subject.includes(subject))
    .flatMap((mail) => mail.to)
    .sort();
}

describe('a full disk or a read-only games folder', () => {
  it("the Master's PROCESS! in pipe mode waits with the delivery agent, the judgekeeper is told once, and it is done when the disk has room", async () => {
    const trial = newTrial(template);
    const mail = mailText('Mary Master <master@dip.test>', '<process-full-disk@dip.test>', `SIGNON M${GAME} masterpw\nPROCESS!`);
    const run = { args: ['mail', '--config', trial.configFile], input: mail };

    const first = await runJudge(trial, run, FULL_DISK);
    const second = await runJudge(trial, run, FULL_DISK);
    expect([first.code, second.code]).toEqual([75, 75]);
    expect(first.output).toMatch(/deferred.*ENOSPC/);
    expectUntouched(trial);
    expect(recipientsOf(trial, 'cannot write its files')).toEqual(['keeper@dip.test']);
    expect(recipientsOf(trial, 'Re: crash test')).toEqual([]);

    expect((await runJudge(trial, run)).code).toBe(0);
    expect(phaseOf(trial)).toBe('FALL 1901 MOVEMENT');
    expect(recipientsOf(trial, RESULTS)).toHaveLength(8);
    expect(new Set(recipientsOf(trial, RESULTS)).size).toBe(8);
    expect(recipientsOf(trial, 'Re: crash test')).toEqual(['master@dip.test']);
  });

  it('a sweep leaves the game where it was and tells the judgekeeper; the next sweep processes it', async () => {
    const trial = newTrial(template);
    const sweep = { args: ['check', '--config', trial.configFile] };

    await runJudge(trial, sweep, READ_ONLY);
    expectUntouched(trial);
    expect(recipientsOf(trial, 'checker failed')).toEqual(['keeper@dip.test']);
    expect(sentMails(trial).find((mail) => mail.subject.includes('checker failed'))!.body).toContain('EROFS');
    expect(recipientsOf(trial, RESULTS)).toEqual([]);

    await runJudge(trial, sweep);
    expect(phaseOf(trial)).toBe('FALL 1901 MOVEMENT');
    expect(new Set(recipientsOf(trial, RESULTS)).size).toBe(8);
    expect(recipientsOf(trial, RESULTS)).toHaveLength(8);
  });

  it('`judge process` fails with the reason, changes nothing, and works when run again', async () => {
    const trial = newTrial(template);
    const command = { args: ['process', GAME, '--config', trial.configFile] };

    const failed = await runJudge(trial, command, FULL_DISK);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/ENOSPC: no space left on device/);
    expectUntouched(trial);
    expect(recipientsOf(trial, RESULTS)).toEqual([]);

    expect((await runJudge(trial, command)).code).toBe(0);
    expect(new Set(recipientsOf(trial, RESULTS)).size).toBe(8);
  });
});
