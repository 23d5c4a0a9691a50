import { describe, expect, it } from 'vitest';
import { AlreadyRunningError } from '../../src/daemon/instance-lock.js';
import { startJudge } from '../../src/daemon/judge.js';
import { answer, type MailResponder, type IncomingMail } from '../../src/mail/responder.js';
import { readJournal, settled } from './support/journal-reader.js';
import { useMailServers } from './support/mail-servers.js';
import { JUDGE_ADDRESS, KEEPER_ADDRESS, judgeFolder, plainMail, until } from './support/judge-setup.js';

const servers = useMailServers();

async function inboxDrained(processed: number, failed = 0): Promise<void> {
  await until(
    async () =>
      (await servers.mailbox.messages('INBOX')).length === 0 &&
      (await servers.mailbox.messages('processed')).length >= processed &&
      (await servers.mailbox.messages('failed')).length >= failed,
    20_000,
    `the inbox to drain into ${processed} processed and ${failed} failed`,
  );
}

describe('the judge on a real IMAP server (Dovecot) and SMTP server (smtp-server)', () => {
  it('answers a mail with a threaded, auto-replied reply from the configured address, then files the mail', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder);
    const mail = plainMail({
      from: 'Player One <player1@player.test>',
      subject: 'need help',
      messageId: '<first-help@player.test>',
      headers: { References: '<older@dip.test>' },
      body: 'HELP\n',
    });
    await servers.mailbox.append([mail]);

    const [reply] = await servers.sink.waitFor(1);
    const { parsed } = reply!;
    expect(parsed.from?.value).toEqual([{ name: 'TESTJUDGE', address: JUDGE_ADDRESS }]);
    expect(reply!.envelopeTo).toEqual(['player1@player.test']);
    expect(parsed.subject).toBe('Re: need help');
    expect(parsed.inReplyTo).toBe('<first-help@player.test>');
    expect(parsed.references).toEqual(['<older@dip.test>', '<first-help@player.test>']);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply!.messageId).toMatch(/^<[0-9a-f-]+@dip\.test>$/);
    expect(parsed.text).toContain('HOW TO USE THE JUDGE');

    await inboxDrained(1);
    const journal = readJournal(folder.folder);
    expect(journal.received).toMatchObject([{ messageId: '<first-help@player.test>', outcome: 'processed' }]);
    expect(servers.logs.some((line) => line.startsWith('mail from player1@player.test "need help": processed'))).toBe(true);
    await until(() => settled(folder.folder, 1), 5_000, 'the outbox to drain');
    expect(readJournal(folder.folder).outbox).toMatchObject([{ messageId: reply!.messageId, state: 'sent', attempts: 1 }]);
  });

  it('gives the same mail delivered twice, at once or later, one effect and one reply', async () => {
    const folder = judgeFolder(servers.settings());
    const mail = plainMail({ messageId: '<twice@player.test>' });
    await servers.mailbox.append([mail, mail]);
    await servers.startJudge(folder);
    await inboxDrained(2);
    await until(() => settled(folder.folder, 1), 5_000, 'the outbox to drain');
    await servers.mailbox.append([mail]);
    await inboxDrained(3);
    await servers.quiet(folder.folder, 1);

    expect(servers.sink.accepted).toHaveLength(1);
    expect(servers.sink.captured.map(({ parsed }) => parsed.inReplyTo)).toEqual(['<twice@player.test>']);
    expect(readJournal(folder.folder).received).toHaveLength(1);
    expect(servers.logs.filter((line) => line.includes(': duplicate (already processed)'))).toHaveLength(2);
  });

  it('never answers auto-replies, bounces, list mail or its own mail', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder);
    await servers.mailbox.append([
      plainMail({ subject: 'Out of office', headers: { 'Auto-Submitted': 'auto-replied' } }),
      plainMail({
        from: 'Mail Delivery System <MAILER-DAEMON@mx.player.test>',
        subject: 'Undelivered Mail Returned to Sender',
        headers: { 'Return-Path': '<>' },
      }),
      plainMail({ subject: 'digest', headers: { Precedence: 'bulk' } }),
      plainMail({ subject: 'list', headers: { 'List-Id': 'Diplomacy players <dip.lists.test>' } }),
      plainMail({ from: `TESTJUDGE <${JUDGE_ADDRESS}>`, subject: 'Re: orders' }),
      plainMail({ subject: 'a real one', messageId: '<real@player.test>' }),
    ]);

    await inboxDrained(6);
    await servers.quiet(folder.folder, 6);
    expect(servers.sink.captured.map(({ parsed }) => parsed.inReplyTo)).toEqual(['<real@player.test>']);
    const outcomes = readJournal(folder.folder).received.map(({ outcome, detail }) => `${outcome}: ${detail}`);
    expect(outcomes).toEqual([
      'ignored: auto-submitted (auto-replied)',
      'ignored: bounce (null return path)',
      'ignored: precedence bulk',
      'ignored: mailing-list mail',
      "ignored: from the judge's own address",
      expect.stringMatching(/^processed: /),
    ]);
  });

  it('refuses an oversized mail with one short reply, reading only its header', async () => {
    const folder = judgeFolder(servers.settings({ maxMessageBytes: 4096 }));
    await servers.startJudge(folder);
    const big = plainMail({ messageId: '<big@player.test>', body: `HELP\n${'x'.repeat(70).concat('\n').repeat(200)}` });
    await servers.mailbox.append([big]);

    const [refusal] = await servers.sink.waitFor(1);
    expect(refusal!.parsed.inReplyTo).toBe('<big@player.test>');
    expect(refusal!.parsed.text).toMatch(/larger than the 4096 bytes this judge reads/);
    expect(refusal!.parsed.text).not.toContain('HOW TO USE');
    await inboxDrained(1);
    expect(readJournal(folder.folder).received).toMatchObject([{ outcome: 'refused' }]);
  });

  it('throttles a flood from one address: a few mails processed, one notice, the rest unread', async () => {
    const folder = judgeFolder(servers.settings({ throttle: { mails: 3, minutes: 10 } }));
    await servers.startJudge(folder);
    const flood = Array.from({ length: 8 }, (_, index) => plainMail({ from: 'flood@player.test', subject: `flood ${index}` }));
    await servers.mailbox.append([...flood, plainMail({ from: 'calm@player.test', subject: 'calm' })]);

    await inboxDrained(9);
    await servers.quiet(folder.folder, 9);
    const replies = servers.sink.captured.map(({ envelopeTo, parsed }) => `${envelopeTo.join()} ${parsed.subject}`);
    expect(replies.sort()).toEqual(['calm@player.test Re: calm', ...[0, 1, 2, 3].map((index) => `flood@player.test Re: flood ${index}`)].sort());
    expect(servers.sink.captured.find(({ parsed }) => parsed.subject === 'Re: flood 3')!.parsed.text).toMatch(/at most 3 mails/);
    const outcomes = readJournal(folder.folder).received.map(({ outcome }) => outcome);
    expect(outcomes.filter((outcome) => outcome === 'throttled')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'processed')).toHaveLength(4);
  });

  it('moves a mail whose processing failed to the failed folder and tells the judgekeeper and the sender', async () => {
    const failing: MailResponder = {
      process(mail: IncomingMail) {
        if (mail.commandText.includes('BOOM')) throw new Error('the responder broke on BOOM');
        return { summary: 'answered', mails: [answer(mail, 'ok\n')] };
      },
    };
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder, failing);
    await servers.mailbox.append([
      plainMail({ subject: 'breaks', messageId: '<boom@player.test>', body: 'BOOM\n' }),
      plainMail({ subject: 'after', messageId: '<after@player.test>' }),
    ]);

    await inboxDrained(1, 1);
    const mails = await servers.sink.waitFor(3);
    const keeper = mails.find(({ envelopeTo }) => envelopeTo.includes(KEEPER_ADDRESS))!;
    expect(keeper.parsed.text).toContain('the responder broke on BOOM');
    expect(keeper.parsed.text).toContain('<boom@player.test>');
    expect(keeper.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const toSender = mails.find(({ parsed }) => parsed.inReplyTo === '<boom@player.test>')!;
    expect(toSender.parsed.text).toMatch(/could not process your mail/);
    expect(mails.some(({ parsed }) => parsed.inReplyTo === '<after@player.test>')).toBe(true);
    const failedMail = (await servers.mailbox.messages('failed'))[0]!.toString();
    expect(failedMail).toContain('<boom@player.test>');
  });

  it('refuses to start a second judge on the same folder', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder);
    await expect(startJudge(folder.loaded)).rejects.toThrow(AlreadyRunningError);
  });
});
