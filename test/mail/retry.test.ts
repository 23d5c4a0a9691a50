import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { handlePipedMail } from '../../src/daemon/pipe-mode.js';
import { readJournal } from './support/journal-reader.js';
import { JudgeProcess, judgeFolder, KEEPER_ADDRESS, plainMail, type JudgeFolder } from './support/judge-setup.js';

/**
 * A status file a judgekeeper's hand edit broke: the player is told why their mail was not done,
 * the judgekeeper where the file is wrong (by mail and in the log), and once the file is mended
 * `judge mail --retry` handles the mail again, exactly once.
 */

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];

async function mailIn(folder: JudgeFolder, mail: string): Promise<string[]> {
  const log: string[] = [];
  await handlePipedMail(folder.loaded, Readable.from([Buffer.from(mail)]), (line) => log.push(line));
  return log;
}

/** The mails written into the outbox since `seen`, decoded. */
async function newMails(folder: JudgeFolder, seen: Set<string>): Promise<{ to: string; text: string }[]> {
  const outbox = join(folder.folder, 'var', 'outbox');
  const mails = [];
  // A mail being written is a dot-file until its atomic rename: read only the finished ones.
  for (const file of readdirSync(outbox).filter((name) => name.endsWith('.eml') && !seen.has(name))) {
    seen.add(file);
    const parsed = await simpleParser(readFileSync(join(outbox, file)));
    mails.push({ to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '', text: parsed.text ?? '' });
  }
  return mails;
}

describe('a status file broken by hand, and judge mail --retry', () => {
  it('tells the player why, the judgekeeper where, and processes the mail once when retried after the mend', async () => {
    const folder = judgeFolder();
    await mailIn(folder, plainMail({ from: 'mary@example.org', body: 'CREATE firstgame masterpw\nRULE POWER_CHOICE\nFORM\nSIGNOFF' }));
    for (const power of POWERS) await mailIn(folder, plainMail({ from: `${power}@example.org`, body: `JOIN ${power}@firstgame ${power}pw` }));
    const statusPath = join(folder.folder, 'games', 'firstgame', 'status');
    const good = readFileSync(statusPath, 'utf8');
    const broken = good.replace(/^A PAR$/m, 'A PARR');
    const line = broken.split('\n').indexOf('A PARR') + 1;
    writeFileSync(statusPath, broken);
    const seen = new Set(readdirSync(join(folder.folder, 'var', 'outbox')));

    const orders = plainMail({
      from: 'france@example.org',
      messageId: '<orders@example.org>',
      body: 'SIGNON Ffirstgame francepw\nA PAR - BUR\nA MAR - SPA\nF BRE - MAO',
    });
    const [logged] = await mailIn(folder, orders);
    expect(logged).toMatch(new RegExp(`failed \\(game 'firstgame': its status file has errors: \\S*games/firstgame/status:${line}: .*PARR`));
    const told = await newMails(folder, seen);
    const player = told.find((mail) => mail.to === 'france@example.org')!;
    expect(player.text).toContain("The judge could not process your mail: game 'firstgame' cannot be played until the judgekeeper corrects its status file.");
    expect(player.text).not.toContain('internal error');
    const keeper = told.find((mail) => mail.to.includes(KEEPER_ADDRESS))!;
    expect(keeper.text).toMatch(new RegExp(`games/firstgame/status:${line}: `));
    expect(keeper.text).toContain('judge mail --retry');

    writeFileSync(statusPath, good);
    const retried = JudgeProcess.cli(['mail', '--retry', '--config', folder.configFile], folder.folder, orders);
    expect(await retried.exited).toBe(0);
    expect(retried.lines.join('\n')).toMatch(/mail from france@example\.org "orders": processed/);
    expect(readFileSync(statusPath, 'utf8')).toMatch(/^ORDERS\nA PAR - BUR\nA MAR - SPA\nF BRE - MAO$/m);
    const answered = await newMails(folder, seen);
    expect(answered.filter((mail) => mail.to === 'france@example.org')).toHaveLength(1);
    expect(answered[0]!.text).toContain('Orders on file for France for Spring 1901 Movement:');

    const again = JudgeProcess.cli(['mail', '--retry', '--config', folder.configFile], folder.folder, orders);
    expect(await again.exited).toBe(0);
    expect(again.lines.join('\n')).toMatch(/duplicate \(already processed\)/);
    expect(await newMails(folder, seen)).toEqual([]);
    expect(readJournal(folder.folder).received.filter((mail) => mail.messageId === '<orders@example.org>')).toMatchObject([{ outcome: 'processed' }]);
  });
});
