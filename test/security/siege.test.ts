import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { attack, JudgeUnderAttack, writeJudgeConfig } from './support.js';
import { plainMail, until } from '../mail/support/judge-setup.js';

/**
 * Slow connections against the judge's web pages (issue 31: some 20,000 of them used up the
 * process's file descriptors, and the Maildir scan and the deadline sweep failed with EMFILE). The
 * daemon runs as `judge start` in a process of its own with 1,024 descriptors; the test holds 2,000
 * connections to it, each having sent its headers and the first byte of a body the pages would take, and meanwhile
 * a mail must be answered and a sweep must act on a game whose deadline passed.
 */

const CONNECTIONS = 2_000;
const DESCRIPTORS = 1_024;

const judge = new JudgeUnderAttack();
let daemon: ChildProcess | null = null;
const sockets: Socket[] = [];

beforeAll(async () => {
  await judge.startedGame('siege');
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  if (daemon !== null && daemon.exitCode === null) {
    const exited = new Promise((resolve) => daemon!.once('exit', resolve));
    daemon.kill('SIGTERM');
    await exited;
  }
});

/** `judge start` on the attacked judge's folder, its web pages on a free port, a sweep every second. */
function startDaemon(lines: string[]): ChildProcess {
  const config = writeJudgeConfig(judge.folder, 'siege.config.json', {
    deadlines: { cron: '* * * * * *' },
    web: { enabled: true, listen: 'http://127.0.0.1:0' },
  });
  const main = join(inject('compiledJudge'), 'cli', 'main.js');
  const child = spawn('sh', ['-c', `ulimit -n ${DESCRIPTORS} && exec "$@"`, 'sh', process.execPath, main, 'start', '--config', config], {
    cwd: judge.folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const take = (data: Buffer) => {
    const text = pending + data.toString();
    const complete = text.split('\n');
    pending = complete.pop()!;
    lines.push(...complete);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  return child;
}

/** Opens a connection that sends its headers and one byte of a 150 kB body (within the pages' limit on a body), then nothing more; resolves once the server took or closed it. */
function slowConnection(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    sockets.push(socket);
    // Read, so that a connection the server closes is seen closed.
    socket.resume();
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.on('connect', () => {
      socket.write('POST /signon HTTP/1.1\r\nHost: judge\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 150000\r\n\r\nx');
      resolve();
    });
  });
}

function outboxFiles(): string[] {
  const outbox = join(judge.folder, 'var', 'outbox');
  return existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
}

describe('slow connections', () => {
  attack(
    '2,000 slow connections to the web pages of a judge with 1,024 descriptors: mail is answered and the sweep acts meanwhile',
    async () => {
      const lines: string[] = [];
      daemon = startDaemon(lines);
      await until(() => lines.some((line) => /web pages on http/.test(line)), 20_000, 'the web pages');
      const port = Number(/web pages on http:\/\/127\.0\.0\.1:(\d+)/.exec(lines.find((line) => /web pages on/.test(line))!)![1]);

      for (let opened = 0; opened < CONNECTIONS; opened += 200) {
        await Promise.all(Array.from({ length: 200 }, () => slowConnection(port)));
      }

      // A mail, delivered to the Maildir as a delivery agent does, while the connections are held.
      const maildir = join(judge.folder, 'var', 'maildir');
      mkdirSync(join(maildir, 'tmp'), { recursive: true });
      mkdirSync(join(maildir, 'new'), { recursive: true });
      const before = outboxFiles().length;
      writeFileSync(join(maildir, 'tmp', 'siege-help'), plainMail({ from: 'player@siege.test', subject: 'during the siege', body: 'HELP' }));
      renameSync(join(maildir, 'tmp', 'siege-help'), join(maildir, 'new', 'siege-help'));
      await until(
        () => outboxFiles().some((name) => readFileSync(join(judge.folder, 'var', 'outbox', name), 'utf8').includes('Re: during the siege')),
        20_000,
        'the reply to the mail sent during the siege',
      );
      expect(outboxFiles().length).toBeGreaterThan(before);

      // The game's deadline, put in the past by hand: the next sweep must read the game and act.
      const status = join(judge.folder, 'games', 'siege', 'status');
      const sweptFrom = lines.length;
      writeFileSync(`${status}.edit`, readFileSync(status, 'utf8').replace(/^DEADLINE \d+$/m, 'DEADLINE 200001010000'));
      renameSync(`${status}.edit`, status);
      await until(() => lines.slice(sweptFrom).some((line) => /Z check (?!failed|skipped)/.test(line)), 20_000, 'a sweep acting on the game');

      expect(lines.filter((line) => /EMFILE|check failed/.test(line))).toEqual([]);
      expect(sockets.filter((socket) => !socket.destroyed).length).toBeLessThan(CONNECTIONS);
    },
    120_000,
  );
});
