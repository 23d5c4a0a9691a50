import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { folder, loadConfig } from '../config/config.js';
import { decodeAnswer, handoffSocketPath, mailFrame, type HandoffAnswer } from '../daemon/handoff-protocol.js';

/**
 * `judge mail`'s first try: hand the mail to the judge daemon running on the same configuration
 * (handoff-protocol.ts) before the judge itself is loaded. This module and the configuration's are
 * all it loads. Whatever it cannot do (no daemon, an option it does not know, a mail over the size
 * limit, a daemon dying before its answer) it leaves to the judge in this process, with the mail
 * as read so far: `input`.
 */
export type Handoff = { readonly exitCode: number } | { readonly input: Readable };

/** sysexits.h's EX_TEMPFAIL, as the mail command exits: the delivery agent keeps the mail. */
const EX_TEMPFAIL = 75;

/** The configuration file `judge mail` names, if its arguments are only that; false for any other argument. */
function configArgument(args: readonly string[]): string | undefined | false {
  if (args.length === 0) return undefined;
  if (args.length === 1 && args[0]!.startsWith('--config=')) return args[0]!.slice('--config='.length);
  if (args.length === 2 && (args[0] === '--config' || args[0] === '-c')) return args[1]!;
  return false;
}

async function* concatenated(read: readonly Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* read;
  for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
}

/** The whole input when it is no longer than `maxBytes`; else what was read and the rest, unread. */
async function readMail(input: Readable, maxBytes: number): Promise<{ mail: Buffer } | { tooLarge: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
    chunks.push(next.value);
    size += next.value.length;
    if (size > maxBytes) return { tooLarge: Readable.from(concatenated(chunks, iterator)) };
  }
  return { mail: Buffer.concat(chunks) };
}

function connected(path: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => resolve(socket));
    // ENOENT, ECONNREFUSED (a socket file left by a daemon that was killed), EACCES: no daemon to
    // hand to. Kept for later errors too: `answerTo` sees their connection closed.
    socket.on('error', () => resolve(null));
  });
}

/** The daemon's answer; null when the connection ended without one. */
function answerTo(socket: Socket, mail: Buffer): Promise<HandoffAnswer | null> {
  return new Promise((resolve) => {
    // Closed while the mail was read: the daemon went away.
    if (socket.destroyed) return resolve(null);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.once('close', () => {
      try {
        resolve(decodeAnswer(text));
      } catch {
        resolve(null);
      }
    });
    for (const part of mailFrame(mail)) socket.write(part);
  });
}

function exitCodeOf(answer: HandoffAnswer): number {
  if (answer.outcome === 'handled') {
    process.stdout.write(`${new Date().toISOString()} ${answer.line} (by the judge daemon)\n`);
    return 0;
  }
  if (answer.outcome === 'deferred') process.stdout.write(`${new Date().toISOString()} ${answer.line} (by the judge daemon)\n`);
  process.stderr.write(`judge mail: ${answer.outcome === 'deferred' ? `the mail must wait: ${answer.detail}` : answer.detail}\n`);
  return EX_TEMPFAIL;
}

/** `argv`: process.argv of `judge mail …`. */
export async function handOffMail(argv: readonly string[], input: Readable = process.stdin): Promise<Handoff> {
  const configFile = configArgument(argv.slice(3));
  if (configFile === false) return { input };
  let path: string | null;
  let maxBytes: number;
  try {
    const loaded = loadConfig(configFile);
    path = handoffSocketPath(folder(loaded, 'var'));
    maxBytes = loaded.config.mail.maxMessageBytes;
  } catch {
    // The judge says what is wrong with the configuration.
    return { input };
  }
  if (path === null) return { input };
  const socket = connected(path);
  const read = await readMail(input, maxBytes);
  const daemon = await socket;
  if ('tooLarge' in read) {
    // Refused as the judge refuses it, which takes the judge's mail layer.
    daemon?.destroy();
    return { input: read.tooLarge };
  }
  const answer = daemon === null ? null : await answerTo(daemon, read.mail);
  return answer === null ? { input: Readable.from(read.mail) } : { exitCode: exitCodeOf(answer) };
}
