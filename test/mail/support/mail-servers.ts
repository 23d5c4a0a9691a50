import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startJudge, type RunningJudge } from '../../../src/daemon/judge.js';
import { DovecotServer } from '../../support/dovecot.js';
import { SmtpSink } from '../../support/smtp-sink.js';
import type { CommandProcessor } from '../../../src/mail/processor.js';
import type { JudgeFolder } from './judge-setup.js';

/**
 * Dovecot and the SMTP sink for the tests of one file, started before them and stopped after them,
 * and the judge each test runs in this process, stopped after the test.
 */
export interface MailServers {
  readonly dovecot: DovecotServer;
  readonly sink: SmtpSink;
  /** The log lines of the judge this test started. */
  readonly logs: string[];
  /** Mail settings that read the Dovecot test user's INBOX and send through the sink. */
  settings(more?: Record<string, unknown>): Record<string, unknown>;
  startJudge(folder: JudgeFolder, processor?: CommandProcessor): void;
}

export function useMailServers(): MailServers {
  let dovecot: DovecotServer | null = null;
  let sink: SmtpSink | null = null;
  let judge: RunningJudge | null = null;
  const logs: string[] = [];

  beforeAll(async () => {
    dovecot = await DovecotServer.start();
    sink = await SmtpSink.start();
  });
  afterAll(async () => {
    await sink?.stop();
    await dovecot?.dispose();
  });
  beforeEach(() => {
    sink!.clear();
    logs.length = 0;
  });
  afterEach(async () => {
    sink!.releaseHeld();
    await judge?.stop();
    judge = null;
  });

  return {
    get dovecot() {
      return dovecot!;
    },
    get sink() {
      return sink!;
    },
    logs,
    settings(more = {}) {
      const imap = { host: dovecot!.host, port: dovecot!.port, tls: false, user: dovecot!.user, password: dovecot!.password, pollSeconds: 5 };
      return { imap, smtp: { host: '127.0.0.1', port: sink!.port, secure: false }, ...more };
    },
    startJudge(folder, processor) {
      judge = startJudge(folder.loaded, { log: (line) => logs.push(line), ...(processor ? { processor } : {}) });
    },
  };
}
