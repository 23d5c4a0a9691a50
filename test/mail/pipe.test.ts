import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { SmtpSink } from '../support/smtp-sink.js';
import { readJournal } from './support/journal-reader.js';
import { JUDGE_ADDRESS, JudgeProcess, judgeFolder, plainMail, type JudgeFolder } from './support/judge-setup.js';

/** `judge mail < message.eml`, as procmail, `.forward` and `aliases` run it: a process per mail. */

let sink: SmtpSink;

beforeAll(async () => {
  sink = await SmtpSink.start();
});

afterAll(async () => {
  await sink?.stop();
});

beforeEach(() => {
  sink.clear();
});

function smtpFolder(): JudgeFolder {
  return judgeFolder({ smtp: { host: '127.0.0.1', port: sink.port, secure: false } });
}

async function pipe(folder: JudgeFolder, mail: string): Promise<{ code: number | null; lines: string[] }> {
  const run = JudgeProcess.cli(['mail', '--config', folder.configFile], folder.folder, mail);
  const code = await run.exited;
  return { code, lines: run.lines };
}

describe('pipe mode', () => {
  it('processes one mail from standard input, sends its reply and exits 0', async () => {
    const folder = smtpFolder();
    const { code, lines } = await pipe(folder, plainMail({ messageId: '<piped@player.test>', subject: 'piped' }));

    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/mail from player1@player\.test "piped": processed/);
    expect(sink.accepted).toHaveLength(1);
    const [{ parsed }] = await sink.waitFor(1);
    expect(parsed.inReplyTo).toBe('<piped@player.test>');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(parsed.from?.value[0]?.address).toBe(JUDGE_ADDRESS);
    expect(readJournal(folder.folder).outbox).toMatchObject([{ state: 'sent' }]);
  });

  it('gives the same mail piped twice one effect and one reply', async () => {
    const folder = smtpFolder();
    const mail = plainMail({ messageId: '<piped-twice@player.test>' });
    expect((await pipe(folder, mail)).code).toBe(0);
    const second = await pipe(folder, mail);

    expect(second.code).toBe(0);
    expect(second.lines.join('\n')).toMatch(/duplicate \(already processed\)/);
    expect(sink.accepted).toHaveLength(1);
    expect(readJournal(folder.folder).received).toHaveLength(1);
  });

  it("reads the mbox 'From ' line of a delivery agent as the return path, and never answers MAILER-DAEMON", async () => {
    const folder = smtpFolder();
    const bounce = `From MAILER-DAEMON Mon Nov 23 10:00:00 2026\r\n${plainMail({ from: 'postmaster@mx.player.test', subject: 'failure' })}`;
    const { code } = await pipe(folder, bounce);

    expect(code).toBe(0);
    expect(readJournal(folder.folder).received).toMatchObject([{ outcome: 'ignored', detail: 'bounce (MAILER-DAEMON)' }]);
    expect(sink.accepted).toHaveLength(0);
  });

  it('exits 0 with the reply kept in the outbox while the SMTP server is down; the next run sends it', async () => {
    const folder = smtpFolder();
    await sink.stop();
    const first = await pipe(folder, plainMail({ messageId: '<while-down@player.test>', from: 'a@player.test' }));
    expect(first.code).toBe(0);
    expect(readJournal(folder.folder).outbox).toMatchObject([{ state: 'pending', attempts: 1 }]);

    await sink.restart();
    expect((await pipe(folder, plainMail({ messageId: '<when-up@player.test>', from: 'b@player.test' }))).code).toBe(0);
    expect(sink.accepted).toHaveLength(2);
    await sink.waitFor(2);
    expect(sink.captured.map(({ parsed }) => parsed.inReplyTo).sort()).toEqual(['<when-up@player.test>', '<while-down@player.test>']);
  });

  it('exits with the reply kept in the outbox when the SMTP server closes every connection without a greeting', async () => {
    const dropped: Socket[] = [];
    const closer = createServer((socket) => {
      dropped.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => closer.listen(0, '127.0.0.1', resolve));
    try {
      const folder = judgeFolder({ smtp: { host: '127.0.0.1', port: (closer.address() as AddressInfo).port, secure: false } });
      const { code } = await pipe(folder, plainMail({ messageId: '<dropped@player.test>' }));

      expect(code).toBe(0);
      expect(readJournal(folder.folder).outbox).toMatchObject([{ state: 'pending', attempts: 1 }]);
      expect(dropped.length).toBeLessThanOrEqual(3);
    } finally {
      closer.close();
    }
  });

  it('closes the SMTP connection it opened ahead when the mail needs no reply, and exits', async () => {
    // Nothing greets there: the connection, connecting or connected and left open, would keep the process waiting.
    const folder = judgeFolder({ smtp: { host: '10.255.255.1', port: 25, secure: false } });
    const started = Date.now();
    const { code } = await pipe(folder, plainMail({ headers: { 'Auto-Submitted': 'auto-replied' } }));

    expect(code).toBe(0);
    expect(readJournal(folder.folder).received).toMatchObject([{ outcome: 'ignored' }]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("handles the mail when V8 refuses the bundle's code cache (made by another Node), and saves a new one", async () => {
    const bundleFolder = join(inject('compiledJudge'), 'cli');
    const cache = join(
      bundleFolder,
      readdirSync(bundleFolder).find((name) => name.endsWith('.cjs.cache'))!,
    );
    // Replaced whole, as the judge replaces it: other tests' judges may be starting from it meanwhile.
    writeFileSync(`${cache}.test`, 'a code cache of another Node');
    renameSync(`${cache}.test`, cache);

    const folder = smtpFolder();
    expect((await pipe(folder, plainMail({ messageId: '<stale-cache@player.test>' }))).code).toBe(0);
    expect(sink.accepted).toHaveLength(1);
    expect(readFileSync(cache, 'latin1')).not.toBe('a code cache of another Node');
  });

  it('exits 75 (try again later) when the configuration is broken, so the delivery agent keeps the mail', async () => {
    const folder = judgeFolder({ maxMessageBytes: 10 });
    const run = JudgeProcess.cli(['mail', '--config', folder.configFile], folder.folder, plainMail());

    expect(await run.exited).toBe(75);
    expect(run.stderr.join('')).toMatch(/'mail\.maxMessageBytes' must be a whole number of at least 1024/);
  });
});
