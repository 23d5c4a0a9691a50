import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileLock } from '../../src/store/lock.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { readJournal } from './support/journal-reader.js';
import { JudgeProcess, judgeFolder, plainMail, until, type JudgeFolder } from './support/judge-setup.js';

/**
 * `judge mail` beside a running judge daemon: the mail goes to the daemon over the socket in its var
 * folder; without a daemon that answers, the process handles the mail itself, as it always did.
 */

const HANDED_OVER = /\(by the judge daemon\)$/;
const LISTENING = /mails handed over by judge mail on /;

let sink: SmtpSink;
const daemons: JudgeProcess[] = [];

beforeAll(async () => {
  sink = await SmtpSink.start();
});

afterAll(async () => {
  await sink?.stop();
});

beforeEach(() => {
  sink.clear();
});

// Each test's daemons end with it: one left running would send what it still owes into the next test's sink.
afterEach(async () => {
  const ending = daemons.splice(0);
  for (const daemon of ending) daemon.kill('SIGKILL');
  await Promise.all(ending.map((daemon) => daemon.exited));
});

function smtpFolder(overrides: Record<string, unknown> = {}): JudgeFolder {
  return judgeFolder({ smtp: { host: '127.0.0.1', port: sink.port, secure: false }, ...overrides });
}

async function startDaemon(folder: JudgeFolder, script?: string): Promise<JudgeProcess> {
  const daemon =
    script === undefined
      ? JudgeProcess.cli(['start', '--config', folder.configFile], folder.folder)
      : JudgeProcess.script(script, [folder.configFile], folder.folder);
  daemons.push(daemon);
  await daemon.waitForLine(LISTENING);
  return daemon;
}

interface Piped {
  code: number | null;
  lines: string[];
  stderr: string;
}

async function pipe(folder: JudgeFolder, mail: string, options: readonly string[] = []): Promise<Piped> {
  const run = JudgeProcess.cli(['mail', '--config', folder.configFile, ...options], folder.folder, mail);
  const code = await run.exited;
  return { code, lines: run.lines, stderr: run.stderr.join('') };
}

const socketOf = (folder: JudgeFolder) => join(folder.folder, 'var', 'judge.sock');

describe('judge mail beside a running daemon', () => {
  it('hands the mail to the daemon, which answers it once; the socket is 0600 and goes with the daemon', async () => {
    const folder = smtpFolder();
    const daemon = await startDaemon(folder);
    expect(statSync(socketOf(folder)).mode & 0o777).toBe(0o600);

    const { code, lines } = await pipe(folder, plainMail({ messageId: '<handed@player.test>', subject: 'handed' }));

    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/mail from player1@player\.test "handed": processed .*\(by the judge daemon\)/);
    expect(daemon.lines.filter((line) => line.includes('"handed": processed'))).toHaveLength(1);
    const [{ parsed }] = await sink.waitFor(1);
    expect(parsed.inReplyTo).toBe('<handed@player.test>');
    await until(() => readJournal(folder.folder).outbox.every((mail) => mail.state === 'sent'), 5_000, 'the reply marked sent');
    expect(readJournal(folder.folder).received).toHaveLength(1);
    expect(sink.accepted).toHaveLength(1);

    daemon.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    expect(existsSync(socketOf(folder))).toBe(false);
  });

  it('exits 75 when the daemon takes the mail and gives no answer in mail.handoffAnswerSeconds, so that the delivery agent offers it again', async () => {
    const folder = smtpFolder({ handoffAnswerSeconds: 1 });
    mkdirSync(join(folder.folder, 'var'), { recursive: true });
    // A hung daemon: it takes the connection and the mail, and never answers.
    const hung = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => hung.listen(socketOf(folder), resolve));
    try {
      const started = Date.now();
      const run = JudgeProcess.cli(['mail', '--config', folder.configFile], folder.folder, plainMail({ messageId: '<hung@player.test>' }));

      expect(await run.exited).toBe(75);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(run.stderr.join('')).toMatch(/did not answer in 1 s \(mail\.handoffAnswerSeconds\); the mail must wait/);
      expect(sink.accepted).toHaveLength(0);
    } finally {
      hung.close();
    }
  });

  it('exits 75 with nothing recorded while the game is busy, and the mail offered again is taken', async () => {
    const folder = smtpFolder();
    const create = JudgeProcess.cli(
      ['game', 'create', 'busy', '--master', 'gm@player.test', '--password', 'gmpw', '--form', '--config', folder.configFile],
      folder.folder,
    );
    expect(await create.exited).toBe(0);
    const daemon = await startDaemon(folder);
    const status = join(folder.folder, 'games', 'busy', 'status');
    const before = readFileSync(status, 'utf8');
    const joining = plainMail({ messageId: '<join-busy@player.test>', subject: 'join', body: 'JOIN busy joinpw\n' });

    // Another judge process has the game: the daemon waits its while for the lock, then gives the mail back.
    const held = await FileLock.acquire(`${status}.lock`);
    let busy: Piped;
    try {
      busy = await pipe(folder, joining);
    } finally {
      held.release();
    }

    expect(busy.code).toBe(75);
    expect(busy.lines.join('\n')).toMatch(/"join": deferred .*\(by the judge daemon\)$/);
    expect(busy.stderr).toMatch(/^judge mail: the mail must wait: .*lock/m);
    expect(readJournal(folder.folder)).toEqual({ received: [], outbox: [] });
    expect(readFileSync(status, 'utf8')).toBe(before);
    expect(sink.accepted).toHaveLength(0);

    const again = await pipe(folder, joining);
    expect(again.code).toBe(0);
    expect(again.lines.join('\n')).toMatch(/"join": processed .*\(by the judge daemon\)$/);
    // Every mail the JOIN queued is sent before the next test counts its own.
    await until(() => readJournal(folder.folder).outbox.every((mail) => mail.state === 'sent'), 10_000, 'the mails of the JOIN sent');
    // The sink parses a mail after it answered 250, which is when the judge marks it sent: each is waited for.
    await sink.waitFor(readJournal(folder.folder).outbox.length);
    const reply = sink.captured.find(({ parsed }) => parsed.inReplyTo === '<join-busy@player.test>');
    expect(reply?.parsed.text).toMatch(/You have joined game 'busy'/);
    expect(sink.accepted).toHaveLength(readJournal(folder.folder).outbox.length);
    expect(readFileSync(status, 'utf8')).toContain('player1@player.test');
    expect(readJournal(folder.folder).received).toMatchObject([{ messageId: '<join-busy@player.test>', outcome: 'processed' }]);
    expect(daemon.lines.filter((line) => line.includes('"join": '))).toEqual([
      expect.stringMatching(/"join": deferred/),
      expect.stringMatching(/"join": processed/),
    ]);
  });

  it('handles the mail in its own process when no daemon runs, and when a killed daemon left its socket file', async () => {
    const folder = smtpFolder();
    const alone = await pipe(folder, plainMail({ messageId: '<no-daemon@player.test>', from: 'a@player.test' }));
    expect(alone.code).toBe(0);
    expect(alone.lines.join('\n')).toMatch(/"orders": processed/);
    expect(alone.lines.some((line) => HANDED_OVER.test(line))).toBe(false);

    const killed = await startDaemon(folder);
    killed.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(socketOf(folder))).toBe(true);
    const stale = await pipe(folder, plainMail({ messageId: '<stale-socket@player.test>', from: 'b@player.test' }));
    expect(stale.code).toBe(0);
    expect(stale.lines.join('\n')).toMatch(/"orders": processed/);
    expect(stale.lines.some((line) => HANDED_OVER.test(line))).toBe(false);

    // The next daemon replaces the stale socket file with its own.
    await startDaemon(folder);
    const handed = await pipe(folder, plainMail({ messageId: '<after-restart@player.test>', from: 'c@player.test' }));
    expect(handed.code).toBe(0);
    expect(handed.lines.some((line) => HANDED_OVER.test(line))).toBe(true);
    await sink.waitFor(3);
    expect(readJournal(folder.folder).received).toHaveLength(3);
  });

  it('falls back to its own process when the daemon dies after recording the mail and before answering: one effect, one reply', async () => {
    const folder = smtpFolder();
    const crashing = await startDaemon(folder, 'crashing-judge.mjs');

    const { code, lines } = await pipe(folder, plainMail({ messageId: '<daemon-died@player.test>' }));

    expect(await crashing.exited).toBeNull();
    expect(crashing.lines.filter((line) => line.startsWith('mail from'))).toHaveLength(1);
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/duplicate \(already processed\)/);
    const [{ parsed }] = await sink.waitFor(1);
    expect(parsed.inReplyTo).toBe('<daemon-died@player.test>');
    expect(sink.accepted).toHaveLength(1);
    const journal = readJournal(folder.folder);
    expect(journal.received).toMatchObject([{ messageId: '<daemon-died@player.test>', outcome: 'processed' }]);
    expect(journal.outbox).toMatchObject([{ state: 'sent' }]);
  });

  it('handles the mail in its own process when the var folder is too deep for a socket path', async () => {
    const folder = smtpFolder();
    const deepVar = join(folder.folder, 'v'.repeat(100));
    const config = JSON.parse(readFileSync(folder.configFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(folder.configFile, JSON.stringify({ ...config, folders: { var: deepVar } }));
    const daemon = JudgeProcess.cli(['start', '--config', folder.configFile], folder.folder);
    daemons.push(daemon);
    await daemon.waitForLine(/no handoff socket: its path in .* is too long for a Unix socket/);

    const { code, lines } = await pipe(folder, plainMail({ messageId: '<deep-var@player.test>' }));
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/"orders": processed/);
    expect(lines.some((line) => HANDED_OVER.test(line))).toBe(false);
    expect(existsSync(join(deepVar, 'judge.sock'))).toBe(false);
  });

  it('refuses a mail over mail.maxMessageBytes as it always did, in its own process', async () => {
    const folder = smtpFolder({ maxMessageBytes: 2048 });
    const daemon = await startDaemon(folder);
    const { code, lines } = await pipe(folder, plainMail({ messageId: '<too-large@player.test>', body: `HELP\r\n${'x'.repeat(4000)}\r\n` }));

    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/refused .*over the 2048 limit/);
    expect(lines.some((line) => HANDED_OVER.test(line))).toBe(false);
    expect(readJournal(folder.folder).received).toMatchObject([{ outcome: 'refused' }]);
    expect(daemon.lines.some((line) => line.startsWith('mail from'))).toBe(false);
  });

  it("prints the daemon's line in the log format asked for", async () => {
    const folder = smtpFolder();
    await startDaemon(folder);
    const { code, lines } = await pipe(folder, plainMail({ messageId: '<json-log@player.test>' }), ['--log-format=json']);

    expect(code).toBe(0);
    expect(lines.map((line) => JSON.parse(line) as { message: string })).toMatchObject([
      { message: expect.stringMatching(/"orders": processed .*\(by the judge daemon\)$/) },
    ]);
  });

  it('leaves --retry to its own process', async () => {
    const folder = smtpFolder();
    const daemon = await startDaemon(folder);
    const { code, lines } = await pipe(folder, plainMail({ messageId: '<retried@player.test>' }), ['--retry']);

    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/processed/);
    expect(lines.some((line) => HANDED_OVER.test(line))).toBe(false);
    expect(daemon.lines.some((line) => line.startsWith('mail from'))).toBe(false);
  });

  it('the daemon stops at once beside a client that has not sent its whole mail, and closes its connection', async () => {
    const folder = smtpFolder();
    const daemon = await startDaemon(folder);
    const client = connect(socketOf(folder));
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    client.on('error', () => undefined);
    await new Promise<void>((resolve) => client.on('connect', () => resolve()));
    client.write(Buffer.from([0, 0]));

    daemon.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    await closed;
    expect(existsSync(socketOf(folder))).toBe(false);
  });

  it('the daemon refuses a frame longer than mail.maxMessageBytes without reading it', async () => {
    const folder = smtpFolder({ maxMessageBytes: 2048 });
    await startDaemon(folder);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(socketOf(folder));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      const header = Buffer.alloc(4);
      header.writeUInt32BE(1 << 30);
      socket.write(header);
    });

    expect(JSON.parse(answer)).toEqual({ outcome: 'failed', detail: 'a mail of 1073741824 bytes, over mail.maxMessageBytes (2048)' });
  });
});
