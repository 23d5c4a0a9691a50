import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/mail/transport.js';
import { SmtpSink } from '../support/smtp-sink.js';

function message(to: string, subject: string) {
  return {
    envelope: { from: 'judge@dip.test', to: [to] },
    raw: `From: judge@dip.test\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n.a line that starts with a dot\r\n`,
  };
}

/** The connections this process opens from now on, until `stop`. */
function openedConnections(): { sockets: Socket[]; stop(): void } {
  const sockets: Socket[] = [];
  const onSocket = (message: unknown) => sockets.push((message as { socket: Socket }).socket);
  subscribe('net.client.socket', onSocket);
  return { sockets, stop: () => unsubscribe('net.client.socket', onSocket) };
}

describe('the SMTP transport', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await SmtpSink.start();
  });

  afterAll(async () => {
    await sink?.stop();
  });

  it('sends many mails at once over its connections, a message as it was written', async () => {
    const transport = smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, user: '', password: '', connections: 2 });
    try {
      const before = sink.captured.length;
      await Promise.all(Array.from({ length: 12 }, (_, index) => transport.send(message(`p${index}@x.test`, `mail ${index}`))));
      const sent = (await sink.waitFor(before + 12)).slice(before);
      expect(sent.map(({ envelopeTo }) => envelopeTo[0]).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `p${index}@x.test`).sort());
      expect(sent[0]!.raw.toString()).toMatch(/\r\n\r\n\.a line that starts with a dot\r\n$/);
    } finally {
      transport.close();
    }
  });

  it('fails a refused mail with the server answer, and sends the next on a new connection', async () => {
    const transport = smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, user: '', password: '', connections: 1 });
    sink.refusedRecipients.set('nobody@x.test', 550);
    try {
      await expect(transport.send(message('nobody@x.test', 'refused'))).rejects.toMatchObject({ responseCode: 550 });
      await transport.send(message('somebody@x.test', 'after the refusal'));
      expect(sink.accepted.at(-1)!.envelopeTo).toEqual(['somebody@x.test']);
    } finally {
      sink.refusedRecipients.delete('nobody@x.test');
      transport.close();
    }
  });

  it('opens a new connection when the server closed the idle one', async () => {
    const transport = smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, user: '', password: '', connections: 1 });
    const opened = openedConnections();
    try {
      await transport.send(message('first@x.test', 'before the restart'));
      opened.stop();
      expect(opened.sockets).toHaveLength(1);
      await sink.stop();
      // smtp-server closes the connections it still has 100 ms after it stops listening (its closeTimeout).
      await Promise.all(opened.sockets.map((socket) => (socket.closed ? undefined : once(socket, 'close'))));
      await sink.restart();
      await transport.send(message('second@x.test', 'after the restart'));
      expect(sink.accepted.at(-1)!.envelopeTo).toEqual(['second@x.test']);
    } finally {
      opened.stop();
      transport.close();
    }
  });

  it('fails a mail when the server cannot be reached, as a connection failure', async () => {
    const transport = smtpTransport({ host: '127.0.0.1', port: 1, secure: false, user: '', password: '', connections: 1 });
    try {
      const failure = await transport.send(message('p@x.test', 'nowhere')).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'ESOCKET' });
      expect((failure as { responseCode?: number }).responseCode).toBeUndefined();
    } finally {
      transport.close();
    }
  });
});
