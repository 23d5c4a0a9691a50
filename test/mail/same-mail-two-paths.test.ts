import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { answer, type MailResponder, type IncomingMail } from '../../src/mail/responder.js';
import { readJournal, settled } from './support/journal-reader.js';
import { useMailServers } from './support/mail-servers.js';
import { JudgeProcess, judgeFolder, plainMail, until } from './support/judge-setup.js';

/**
 * The daemon reads its mailbox by IMAP and takes the mails `judge mail` hands it over its socket:
 * the same mail by both paths at once is one process's twice, and must still be handled once.
 */

const servers = useMailServers();

/** The connections the handoff socket accepts in this process, seen as Node's `net` reports them. */
function acceptedConnections(): { sockets: Socket[]; stop(): void } {
  const sockets: Socket[] = [];
  const onSocket = (message: unknown) => sockets.push((message as { socket: Socket }).socket);
  subscribe('net.server.socket', onSocket);
  return { sockets, stop: () => unsubscribe('net.server.socket', onSocket) };
}

describe('the same mail by IMAP and by judge mail at the same instant', () => {
  it('runs its commands once, sends one reply, and answers judge mail with a duplicate', async () => {
    const messageId = '<both-paths@player.test>';
    const mail = plainMail({ messageId, subject: 'both paths' });
    const frameBytes = 4 + Buffer.byteLength(mail);
    const runs: string[] = [];
    let handedOver: Promise<void> = Promise.resolve();
    // Commands that take a while: the first run lasts until the same mail has reached the daemon by its socket too.
    const slow: MailResponder = {
      async process(incoming: IncomingMail) {
        runs.push(incoming.messageId ?? '');
        if (runs.length === 1) await handedOver;
        return { summary: 'answered', mails: [answer(incoming, 'ok\n')] };
      },
    };
    const folder = judgeFolder(servers.settings());
    const connections = acceptedConnections();
    try {
      await servers.startJudge(folder, slow);
      await until(() => servers.logs.some((line) => line.startsWith('mails handed over by judge mail on ')), 10_000, 'the handoff socket');

      let client: JudgeProcess | null = null;
      handedOver = (async () => {
        await until(() => runs.length === 1, 20_000, 'the mail read by IMAP reaching the commands');
        client = JudgeProcess.cli(['mail', '--config', folder.configFile], folder.folder, mail);
        await until(() => connections.sockets.some((socket) => socket.bytesRead >= frameBytes), 20_000, 'judge mail handing the mail over');
        // Long enough for the handed mail to reach the commands too, were it let through.
        await sleep(500);
      })();
      await servers.mailbox.append([mail]);
      await handedOver;
      const exitCode = await client!.exited;

      expect(runs).toEqual([messageId]);
      expect(exitCode).toBe(0);
      expect(client!.lines.join('\n')).toMatch(/"both paths": duplicate \(already processed\) \(by the judge daemon\)$/);
      await until(() => settled(folder.folder, 1), 10_000, 'the reply sent');
      await until(async () => (await servers.mailbox.messages('processed')).length === 1, 10_000, 'the IMAP copy filed');
      expect(servers.sink.captured.map(({ parsed }) => parsed.inReplyTo)).toEqual([messageId]);
      expect(readJournal(folder.folder).received).toMatchObject([{ messageId: messageId, outcome: 'processed' }]);
      expect(servers.logs.filter((line) => line.includes('"both paths": processed'))).toHaveLength(1);
      expect(servers.logs.filter((line) => line.includes('"both paths": duplicate (already processed)'))).toHaveLength(1);
    } finally {
      connections.stop();
    }
  });
});
