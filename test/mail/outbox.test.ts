import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMessageId } from '../../src/store/journal.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { OutboxSender } from '../../src/mail/outbox-sender.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { openDatabase, type JudgeDatabase } from '../../src/store/database.js';
import { createJournalTables, Outbox } from '../../src/store/journal.js';
import { mailAttachment, type OutgoingMail } from '../../src/store/outgoing-mail.js';
import { until } from './support/judge-setup.js';

const JUDGE = { name: 'TESTJUDGE', address: 'judge@dip.test', keeper: 'keeper@dip.test' };

function journal(): { db: JudgeDatabase; outbox: Outbox } {
  const db = openDatabase(':memory:');
  createJournalTables(db);
  return { db, outbox: new Outbox(db) };
}

function notice(to: string): OutgoingMail {
  return { to: [to], subject: 'Results', text: 'S1901M has been processed.\n', attachments: [mailAttachment('map.svg', 'image/svg+xml', '<svg/>')] };
}

describe('outbox claims', () => {
  const now = 1_000_000;
  const alive = () => true;
  const dead = () => false;

  it('lets one sender at a time hold a mail, and frees the claims of a dead one or an expired one', () => {
    const { outbox } = journal();
    for (const to of ['a@x.test', 'b@x.test']) outbox.queue(notice(to), newMessageId(JUDGE.address), 'test', now);

    const first = outbox.claimDue(101, now, 10, 60_000, alive, new Set());
    expect(first.map(({ mail }) => mail.to[0])).toEqual(['a@x.test', 'b@x.test']);
    expect(outbox.claimDue(202, now, 10, 60_000, alive, new Set())).toEqual([]);
    expect(outbox.claimDue(101, now, 10, 60_000, alive, new Set(first.map(({ id }) => id)))).toEqual([]);
    expect(outbox.claimDue(202, now, 10, 60_000, dead, new Set())).toHaveLength(2);
    expect(outbox.claimDue(303, now + 60_001, 10, 60_000, alive, new Set())).toHaveLength(2);
  });

  it('keeps a mail to retry out of reach until it is due, and a sent or refused one for good', () => {
    const { outbox } = journal();
    const [later, sent, refused] = ['a@x.test', 'b@x.test', 'c@x.test'].map((to) => outbox.queue(notice(to), newMessageId(JUDGE.address), 'test', now));
    outbox.retryAt(later!.id, now + 5_000, '452 mailbox full');
    outbox.markSent([sent!.id], now);
    outbox.reject(refused!.id, '550 no such user');

    expect(outbox.claimDue(1, now, 10, 60_000, alive, new Set())).toEqual([]);
    expect(outbox.nextDueAt()).toBe(now + 5_000);
    expect(outbox.claimDue(1, now + 5_000, 10, 60_000, alive, new Set())).toMatchObject([{ id: later!.id, attempts: 1 }]);
    expect(outbox.counts()).toEqual({ pending: 1, sent: 1, rejected: 1 });
  });
});

describe('the outbox sender on a real SMTP server', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await SmtpSink.start();
  });

  afterAll(async () => {
    await sink?.stop();
  });

  it('sends attachments and auto-generated headers, retries a 4xx recipient and gives up on a 5xx one', async () => {
    const { db, outbox } = journal();
    sink.refusedRecipients.set('full@x.test', 452);
    sink.refusedRecipients.set('nobody@x.test', 550);
    for (const to of ['ok@x.test', 'full@x.test', 'nobody@x.test']) outbox.queue(notice(to), newMessageId(JUDGE.address), 'test', Date.now());
    const logs: string[] = [];
    const sender = new OutboxSender(
      db,
      smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, user: '', password: '', connections: 2 }),
      JUDGE,
      { firstSeconds: 0.2, maxSeconds: 0.2 },
      (line) => logs.push(line),
    );
    sender.start();
    try {
      const [delivered] = await sink.waitFor(1);
      expect(delivered!.envelopeTo).toEqual(['ok@x.test']);
      expect(delivered!.parsed.headers.get('auto-submitted')).toBe('auto-generated');
      expect(delivered!.parsed.inReplyTo).toBeUndefined();
      expect(delivered!.parsed.attachments.map(({ filename, content }) => `${filename} ${content.toString()}`)).toEqual(['map.svg <svg/>']);
      await until(() => outbox.counts().rejected === 1, 5_000, 'the 550 to be given up');
      expect(logs.some((line) => /nobody@x\.test refused: .*550/.test(line))).toBe(true);

      sink.refusedRecipients.delete('full@x.test');
      await sink.waitFor(2);
      expect(sink.captured.map(({ envelopeTo }) => envelopeTo.join())).toEqual(['ok@x.test', 'full@x.test']);
      await until(() => outbox.counts().sent === 2, 5_000, 'the 452 one to be sent');
    } finally {
      await sender.stop();
      db.close();
    }
  });

  it('sends the mail an earlier judge left queued, in the shape it kept, after the upgrade', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'judge-upgrade-')), 'judge.db');
    const earlier = openDatabase(path);
    // The tables are the same; the earlier judge never set the journal's user_version.
    createJournalTables(earlier);
    earlier.pragma('user_version = 0');
    const picture = { filename: 'alpha.png', contentType: 'image/png', contentBase64: Buffer.from('PNG bytes').toString('base64') };
    const reply = {
      to: [{ name: 'Jörg Müller', address: 'joerg@x.test' }],
      cc: [],
      subject: 'Re: orders',
      text: 'Your orders are on file.\n',
      autoSubmitted: 'auto-replied',
      inReplyTo: '<orders@x.test>',
      references: ['<results@dip.test>', '<orders@x.test>'],
      attachments: [],
    };
    const results = {
      ...reply,
      to: [{ name: '', address: 'anna@x.test' }],
      subject: 'alpha S1901M results',
      autoSubmitted: 'auto-generated',
      inReplyTo: null,
      references: [],
      attachments: [picture],
    };
    const insert = earlier.prepare('INSERT INTO outbox (message_id, origin, created_at, mail, next_attempt_at) VALUES (?, ?, ?, ?, ?)');
    for (const [n, mail] of [reply, results].entries()) insert.run(`<queued-${n}@dip.test>`, 'earlier judge', Date.now(), JSON.stringify(mail), 0);
    earlier.close();

    const db = openDatabase(path);
    createJournalTables(db);
    sink.clear();
    const sender = new OutboxSender(
      db,
      smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, user: '', password: '', connections: 1 }),
      JUDGE,
      { firstSeconds: 0.2, maxSeconds: 0.2 },
      () => {},
    );
    sender.start();
    try {
      const delivered = await sink.waitFor(2);
      const answer = delivered.find(({ envelopeTo }) => envelopeTo.join() === 'joerg@x.test')!;
      expect(answer.messageId).toBe('<queued-0@dip.test>');
      expect(answer.parsed.headers.get('auto-submitted')).toBe('auto-replied');
      expect(answer.parsed.inReplyTo).toBe('<orders@x.test>');
      expect(answer.parsed.references).toEqual(['<results@dip.test>', '<orders@x.test>']);
      expect(answer.parsed.text).toBe('Your orders are on file.\n');
      const notice = delivered.find(({ envelopeTo }) => envelopeTo.join() === 'anna@x.test')!;
      expect(notice.parsed.headers.get('auto-submitted')).toBe('auto-generated');
      expect(notice.parsed.inReplyTo).toBeUndefined();
      expect(notice.parsed.attachments.map(({ filename, content }) => `${filename} ${content.toString()}`)).toEqual(['alpha.png PNG bytes']);
      await until(() => new Outbox(db).counts().sent === 2, 5_000, 'both to be marked sent');
    } finally {
      await sender.stop();
      db.close();
    }
  });
});
