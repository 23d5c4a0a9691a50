import { describe, expect, it } from 'vitest';
import { readJournal } from './support/journal-reader.js';
import { useMailServers } from './support/mail-servers.js';
import { JudgeProcess, judgeFolder, plainMail, until } from './support/judge-setup.js';

/**
 * The judge killed with SIGKILL at the two instants that matter: right after a mail's effect is
 * committed but before the mail is moved, and while a reply is on its way to the SMTP server. Either
 * way, once a judge runs again, the mail has had exactly one effect and exactly one reply arrived.
 */

const servers = useMailServers();

describe('the judge killed with SIGKILL', () => {
  it('right after committing a mail, before moving it: the mail is recognised again, answered once', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.mailbox.append([plainMail({ messageId: '<crash-commit@player.test>' })]);

    const crashing = JudgeProcess.script('crashing-judge.mjs', [folder.configFile], folder.folder);
    expect(await crashing.exited).toBeNull();
    expect(crashing.lines.filter((line) => line.startsWith('mail from'))).toHaveLength(1);
    expect(await servers.mailbox.messages('INBOX')).toHaveLength(1);
    const afterCrash = readJournal(folder.folder);
    expect(afterCrash.received).toMatchObject([{ messageId: '<crash-commit@player.test>', outcome: 'processed' }]);
    expect(afterCrash.outbox).toMatchObject([{ state: 'pending', attempts: 0 }]);
    expect(servers.sink.accepted).toHaveLength(0);

    await servers.startJudge(folder);
    await until(async () => (await servers.mailbox.messages('INBOX')).length === 0, 10_000, 'the mail to be moved');
    // Moved only once handled again and committed: whatever that run queued is in the outbox.
    await servers.quiet(folder.folder, 1);
    expect(servers.sink.accepted).toHaveLength(1);
    expect((await servers.sink.waitFor(1)).map(({ parsed }) => parsed.inReplyTo)).toEqual(['<crash-commit@player.test>']);
    expect(readJournal(folder.folder).received).toHaveLength(1);
    expect(servers.logs.some((line) => line.includes('duplicate (already processed)'))).toBe(true);
    expect(await servers.mailbox.messages('processed')).toHaveLength(1);
  });

  it('while sending a reply: the reply goes out once, when a judge runs again', async () => {
    const folder = judgeFolder(servers.settings());
    servers.sink.holdReplies = true;
    const daemon = JudgeProcess.cli(['start', '--config', folder.configFile], folder.folder);
    await daemon.waitForLine(/judge TESTJUDGE started/);
    await servers.mailbox.append([plainMail({ messageId: '<crash-send@player.test>' })]);

    await servers.sink.nextHeld();
    daemon.kill('SIGKILL');
    expect(await daemon.exited).toBeNull();
    await until(() => servers.sink.dropped === 1, 5_000, 'the sink to drop the unanswered mail');
    servers.sink.holdReplies = false;
    expect(readJournal(folder.folder).outbox).toMatchObject([{ state: 'pending' }]);

    await servers.startJudge(folder);
    // The mail may still have been in the INBOX: it is moved once handled again and committed.
    await until(async () => (await servers.mailbox.messages('INBOX')).length === 0, 10_000, 'the mail to be moved');
    await servers.quiet(folder.folder, 1);
    expect(servers.sink.accepted).toHaveLength(1);
    expect((await servers.sink.waitFor(1)).map(({ parsed }) => parsed.inReplyTo)).toEqual(['<crash-send@player.test>']);
    const journal = readJournal(folder.folder);
    expect(journal.received).toMatchObject([{ outcome: 'processed' }]);
    expect(journal.outbox).toMatchObject([{ state: 'sent', messageId: servers.sink.captured[0]!.messageId }]);
  });
});
