import { describe, expect, it } from 'vitest';
import { readJournal } from './support/journal-reader.js';
import { useMailServers } from './support/mail-servers.js';
import { judgeFolder, plainMail, until } from './support/judge-setup.js';

// Its own Dovecot: the first test stops and restarts it, which the tests of other files must not see.
const servers = useMailServers({ ownDovecot: true });

/** Mails from `count` players with Message-IDs `<outage-<label>-<n>@player.test>`, n from 0. */
function mails(label: string, count: number): { ids: string[]; raws: string[] } {
  const ids = Array.from({ length: count }, (_, index) => `<outage-${label}-${index}@player.test>`);
  return { ids, raws: ids.map((messageId, index) => plainMail({ messageId, from: `player${index}@player.test` })) };
}

/** Appends one mail at a time, retrying each until the server takes it, as an MTA would. */
async function deliverSteadily(raws: readonly string[], onDelivered: (count: number) => Promise<void>): Promise<void> {
  for (let index = 0; index < raws.length; index++) {
    for (;;) {
      try {
        await servers.mailbox.append([raws[index]!]);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await onDelivered(index + 1);
  }
}

function repliedTo(): string[] {
  return servers.sink.captured.map(({ parsed }) => parsed.inReplyTo ?? '').sort();
}

describe('outages while mail flows', () => {
  it('reconnects after Dovecot stops and restarts, losing and repeating nothing', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder);
    const { ids, raws } = mails('imap', 24);

    await deliverSteadily(raws, async (delivered) => {
      if (delivered !== 8) return;
      await servers.ownDovecot.stop();
      // The second such line follows a reconnection that failed while Dovecot was down.
      const disconnections = () => servers.logs.filter((line) => line.startsWith('imap: disconnected')).length;
      await until(() => disconnections() >= 2, 10_000, 'a reconnection to fail while Dovecot is down');
      await servers.ownDovecot.resume();
    });

    await servers.sink.waitFor(24);
    await servers.quiet(folder.folder, 24);
    expect(repliedTo()).toEqual([...ids].sort());
    expect(readJournal(folder.folder).received.map(({ outcome }) => outcome)).toEqual(Array(24).fill('processed'));
    expect(servers.logs.filter((line) => line.startsWith('imap: reading')).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps replies in the outbox while the SMTP server is down and sends each once when it is back', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder);
    const { ids, raws } = mails('smtp', 20);

    await deliverSteadily(raws, async (delivered) => {
      if (delivered === 5) {
        await servers.sink.waitFor(5);
        await servers.sink.stop();
      }
      if (delivered === 15) {
        await until(() => servers.logs.some((line) => line.includes('SMTP server unreachable')), 10_000, 'a failed send');
        await servers.sink.restart();
      }
    });

    await servers.sink.waitFor(20);
    await servers.quiet(folder.folder, 20);
    expect(repliedTo()).toEqual([...ids].sort());
    expect(new Set(servers.sink.captured.map(({ messageId }) => messageId)).size).toBe(20);
    expect(readJournal(folder.folder).outbox.every(({ state }) => state === 'sent')).toBe(true);
  });
});
