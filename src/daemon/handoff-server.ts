import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { logLine, type HandledMail } from '../mail/intake.js';
import { fromPipe, type RawMail } from '../mail/raw-mail.js';
import { encodeAnswer, FRAME_HEADER_BYTES, handoffSocketPath, type HandoffAnswer } from './handoff-protocol.js';

/**
 * The daemon's end of `judge mail`'s handoff (handoff-protocol.ts): a mail a delivery agent piped
 * goes through the daemon's own intake, and its replies through the daemon's SMTP connections, so
 * that a mail costs the delivery agent's process no more than reading it and waiting for the answer.
 * The answer is sent only once `handle` resolved, that is once the mail's outcome is on disk: a
 * daemon that dies before leaves the client no answer, and the client handles the mail itself
 * (the journal applies a mail once, whoever recorded it first).
 */

export interface HandoffServer {
  /** Stops taking mails, answers the ones taken, and removes the socket. */
  stop(): Promise<void>;
}

/** The mails handed over, one at a time in the order their frames were complete: as pipe-mode processes beside the daemon would take them, each alone. */
type OneMail = (raw: RawMail) => Promise<HandledMail>;

function answerOf(handled: HandledMail): HandoffAnswer {
  const line = logLine(handled);
  return handled.folder === 'retry' ? { outcome: 'deferred', line, detail: handled.detail } : { outcome: 'handled', line };
}

/** How long a client may take to send its mail; it has read the whole mail before it connects. */
const FRAME_TIMEOUT_MS = 60_000;

export function startHandoffServer(varFolder: string, maxMessageBytes: number, handle: OneMail, log: (line: string) => void): HandoffServer {
  const path = handoffSocketPath(varFolder);
  if (path === null) {
    log(`no handoff socket: its path in ${varFolder} is too long for a Unix socket; judge mail handles each mail in its own process`);
    return { stop: async () => undefined };
  }
  const reading = new Set<Socket>();
  let queue: Promise<void> = Promise.resolve();

  const take = (socket: Socket, mail: Buffer) => {
    reading.delete(socket);
    queue = queue.then(async () => {
      let answer: HandoffAnswer;
      try {
        answer = answerOf(await handle(fromPipe(mail, maxMessageBytes)));
      } catch (error) {
        answer = { outcome: 'failed', detail: `the judge daemon could not take the mail: ${(error as Error).message}` };
      }
      socket.end(encodeAnswer(answer));
    });
  };

  const server = createServer((socket) => {
    reading.add(socket);
    const chunks: Buffer[] = [];
    let receivedBytes = 0;
    let frameBytes: number | null = null;
    let framed = false;
    // A client gone before its answer handles the mail itself: nothing is left to tell it.
    socket.on('error', () => reading.delete(socket));
    socket.on('close', () => reading.delete(socket));
    // Only the daemon's user can connect, but a client stuck halfway must not hold a connection for ever.
    socket.setTimeout(FRAME_TIMEOUT_MS, () => reading.has(socket) && socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      // Whatever follows a frame, or a refused frame's header, is not read.
      if (framed) return;
      chunks.push(chunk);
      receivedBytes += chunk.length;
      if (frameBytes === null) {
        if (receivedBytes < FRAME_HEADER_BYTES) return;
        frameBytes = FRAME_HEADER_BYTES + Buffer.concat(chunks).readUInt32BE(0);
        if (frameBytes - FRAME_HEADER_BYTES > maxMessageBytes) {
          framed = true;
          reading.delete(socket);
          const length = frameBytes - FRAME_HEADER_BYTES;
          socket.end(encodeAnswer({ outcome: 'failed', detail: `a mail of ${length} bytes, over mail.maxMessageBytes (${maxMessageBytes})` }));
          return;
        }
      }
      if (receivedBytes >= frameBytes) {
        framed = true;
        socket.setTimeout(0);
        take(socket, Buffer.concat(chunks).subarray(FRAME_HEADER_BYTES, frameBytes));
      }
    });
  });
  server.on('error', (error) => log(`no handoff socket at ${path}: ${error.message}; judge mail handles each mail in its own process`));
  // The daemon's instance lock is held: a socket file here was left by a daemon that was killed.
  rmSync(path, { force: true });
  // Created 0600, before any other user could connect to it; restored at once, as nothing else is created meanwhile.
  const umask = process.umask(0o177);
  try {
    server.listen(path, () => {
      chmodSync(path, 0o600);
      log(`mails handed over by judge mail on ${path}`);
    });
  } finally {
    process.umask(umask);
  }

  return {
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Frames not complete yet are dropped: their clients handle the mails themselves.
        for (const socket of reading) socket.destroy();
      });
      await queue;
      rmSync(path, { force: true });
    },
  };
}
