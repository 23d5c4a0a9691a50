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

interface MailOptions {
  readonly config: string | undefined;
  readonly logFormat: 'text' | 'json';
}

/** `judge mail`'s options when they are only `--config` and `--log-format`, as the mail command reads them; null for any other. */
function mailOptions(args: readonly string[]): MailOptions | null {
  const options: { config?: string; logFormat: string } = { logFormat: 'text' };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals < 0 ? arg : arg.slice(0, equals);
    const value = equals < 0 ? args[++index] : arg.slice(equals + 1);
    if (value === undefined) return null;
    if (name === '--config' || name === '-c') options.config = value;
    else if (name === '--log-format') options.logFormat = value;
    else return null;
  }
  const { config, logFormat } = options;
  return logFormat === 'text' || logFormat === 'json' ? { config, logFormat } : null;
}

/** A log line as `judge mail` prints its own (cli/subcommands/start.ts). */
function printLogLine(line: string, format: MailOptions['logFormat']): void {
  const time = new Date().toISOString();
  const message = `${line} (by the judge daemon)`;
  process.stdout.write(format === 'json' ? `${JSON.stringify({ time, message })}\n` : `${time} ${message}\n`);
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

/** The daemon gave no answer in `mail.handoffAnswerSeconds`. */
const NO_ANSWER = 'no answer';

/** The daemon's answer; null when the connection ended without one. */
function answerTo(socket: Socket, mail: Buffer, answerMs: number): Promise<HandoffAnswer | null | typeof NO_ANSWER> {
  return new Promise((resolve) => {
    // Closed while the mail was read: the daemon went away.
    if (socket.destroyed) return resolve(null);
    let text = '';
    socket.setEncoding('utf8');
    // A hung daemon must not hold the delivery agent for ever. Not handled here instead: the daemon
    // may still be handling the mail, and the journal takes it once whoever offers it next.
    socket.setTimeout(answerMs, () => {
      resolve(NO_ANSWER);
      socket.destroy();
    });
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

function exitCodeOf(answer: HandoffAnswer, logFormat: MailOptions['logFormat']): number {
  if (answer.outcome !== 'failed') printLogLine(answer.line, logFormat);
  if (answer.outcome === 'handled') return 0;
  process.stderr.write(`judge mail: ${answer.outcome === 'deferred' ? `the mail must wait: ${answer.detail}` : answer.detail}\n`);
  return EX_TEMPFAIL;
}

/** `argv`: process.argv of `judge mail …`. */
export async function handOffMail(argv: readonly string[], input: Readable = process.stdin): Promise<Handoff> {
  const options = mailOptions(argv.slice(3));
  if (options === null) return { input };
  let path: string | null;
  let maxBytes: number;
  let answerSeconds: number;
  try {
    const loaded = loadConfig(options.config);
    path = handoffSocketPath(folder(loaded, 'var'));
    maxBytes = loaded.config.mail.maxMessageBytes;
    answerSeconds = loaded.config.mail.handoffAnswerSeconds;
  } catch {
    // The judge says what is wrong with the configuration.
    return { input };
  }
  if (path === null || !(answerSeconds > 0)) return { input };
  const socket = connected(path);
  const read = await readMail(input, maxBytes);
  const daemon = await socket;
  if ('tooLarge' in read) {
    // Refused as the judge refuses it, which takes the judge's mail layer.
    daemon?.destroy();
    return { input: read.tooLarge };
  }
  const answer = daemon === null ? null : await answerTo(daemon, read.mail, answerSeconds * 1000);
  if (answer === NO_ANSWER) {
    process.stderr.write(`judge mail: the judge daemon did not answer in ${answerSeconds} s (mail.handoffAnswerSeconds); the mail must wait\n`);
    return { exitCode: EX_TEMPFAIL };
  }
  return answer === null ? { input: Readable.from(read.mail) } : { exitCode: exitCodeOf(answer, options.logFormat) };
}
