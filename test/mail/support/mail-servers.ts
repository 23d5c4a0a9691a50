import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { startJudge, type RunningJudge } from '../../../src/daemon/judge.js';
import { DovecotServer, MailAccount, type DovecotAddress } from '../../support/dovecot.js';
import { SmtpSink } from '../../support/smtp-sink.js';
import type { MailResponder } from '../../../src/mail/responder.js';
import { settled } from './journal-reader.js';
import { until, type JudgeFolder } from './judge-setup.js';

/**
 * Dovecot and the SMTP sink for the tests of one file, and the judge each test runs in this process,
 * stopped after the test. Dovecot is the run's shared server (see global-setup.ts), on which each
 * test reads and writes mailboxes of its own user; a file that stops and restarts Dovecot starts
 * its own. The sink is the file's, started before its tests and stopped after them.
 */
export interface MailServers {
  /** This test's mailboxes. */
  readonly mailbox: MailAccount;
  /** The Dovecot server of a file that asked for its own. */
  readonly ownDovecot: DovecotServer;
  readonly sink: SmtpSink;
  /** The log lines of the judge this test started. */
  readonly logs: string[];
  /** Mail settings that read this test's INBOX and send through the sink. */
  settings(more?: Record<string, unknown>): Record<string, unknown>;
  startJudge(folder: JudgeFolder, responder?: MailResponder): Promise<void>;
  /**
   * Resolves once `mails` mails are recorded in the journal of the judge in `folder`, nothing waits
   * in its outbox and the sink has parsed every mail it accepted: every answer the judge will ever
   * send for those mails has arrived, since the judge sends nothing that is not in its outbox.
   */
  quiet(folder: string, mails: number, timeoutMs?: number): Promise<void>;
}

let users = 0;

function sharedDovecot(): DovecotAddress {
  const shared = inject('dovecot');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  return shared;
}

export function useMailServers(options: { ownDovecot?: boolean } = {}): MailServers {
  let ownDovecot: DovecotServer | null = null;
  let dovecot: DovecotAddress | null = null;
  let mailbox: MailAccount | null = null;
  let sink: SmtpSink | null = null;
  let judge: RunningJudge | null = null;
  const logs: string[] = [];

  beforeAll(async () => {
    if (options.ownDovecot) dovecot = ownDovecot = await DovecotServer.start();
    else dovecot = sharedDovecot();
    sink = await SmtpSink.start();
  });
  afterAll(async () => {
    await sink?.stop();
    await ownDovecot?.dispose();
  });
  beforeEach(() => {
    mailbox = new MailAccount(dovecot!, `test-${process.pid}-${++users}`);
    sink!.clear();
    logs.length = 0;
  });
  afterEach(async () => {
    sink!.releaseHeld();
    await judge?.stop();
    judge = null;
  });

  return {
    get mailbox() {
      return mailbox!;
    },
    get ownDovecot() {
      return ownDovecot!;
    },
    get sink() {
      return sink!;
    },
    logs,
    settings(more = {}) {
      const imap = { host: mailbox!.host, port: mailbox!.port, tls: false, user: mailbox!.user, password: mailbox!.password, pollSeconds: 5 };
      return { imap, smtp: { host: '127.0.0.1', port: sink!.port, secure: false }, ...more };
    },
    async startJudge(folder, responder) {
      judge = await startJudge(folder.loaded, { log: (line) => logs.push(line), ...(responder ? { responder } : {}) });
    },
    async quiet(folder, mails, timeoutMs = 10_000) {
      await until(() => settled(folder, mails), timeoutMs, `${mails} mails recorded and every answer sent`);
      await sink!.waitFor(sink!.accepted.length, timeoutMs);
    },
  };
}
