import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailEffects } from '../../src/commands/run/effects.js';
import { openDatabase } from '../../src/store/database.js';
import { createJournalTables, Outbox, ReceivedMails } from '../../src/store/journal.js';
import { mailAttachment, type OutgoingMail } from '../../src/store/outgoing-mail.js';
import { pruneJournal } from '../../src/store/journal-pruning.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24);

function mail(subject: string): OutgoingMail {
  return { to: ['p@example.org'], subject, text: 'x' };
}

describe('pruning the journal', () => {
  it('forgets mail sent and command outcomes older than thirty days, never mail still to send or the mails received', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'judge-prune-')), 'judge.db'));
    createJournalTables(db);
    const outbox = new Outbox(db);
    const received = new ReceivedMails(db);
    const effects = new MailEffects(db);
    const old = outbox.queue(mail('old'), '<old@judge>', 'test', NOW - 40 * DAY);
    const recent = outbox.queue(mail('recent'), '<recent@judge>', 'test', NOW - 2 * DAY);
    outbox.queue(mail('pending'), '<pending@judge>', 'test', NOW - 40 * DAY);
    outbox.markSent([old.id], NOW - 40 * DAY);
    outbox.markSent([recent.id], NOW - 2 * DAY);
    for (const [id, age] of [
      ['<a@x>', 40],
      ['<b@x>', 1],
    ] as const) {
      received.record({ messageId: id, contentHash: 'h', sender: 's@x', subject: '', receivedAt: NOW - age * DAY, outcome: 'processed', detail: '' });
      effects.started(`${id} h`, 0, 'alpha');
      effects.done(`${id} h`, [{ index: 0, game: 'alpha', step: { lines: ['done'] } }]);
    }

    expect(pruneJournal(db, NOW)).toEqual({ sentMails: 1, commandOutcomes: 1 });
    expect(outbox.counts()).toEqual({ pending: 1, sent: 1, rejected: 0 });
    expect(effects.recorded('<a@x> h', 0)).toBeNull();
    expect(effects.recorded('<b@x> h', 0)?.state).toBe('done');
    expect(received.outcomeOf('<a@x>', 'h')).toBe('processed');
    expect(pruneJournal(db, NOW)).toEqual({ sentMails: 0, commandOutcomes: 0 });
  });
});

describe('attachments in the outbox', () => {
  it('are kept once however many mails carry them, given back whole with each, and forgotten with the last mail that carries them', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'judge-attachments-')), 'judge.db'));
    createJournalTables(db);
    const outbox = new Outbox(db);
    const picture = mailAttachment('game.svg', 'image/svg+xml', `<svg>${'x'.repeat(50_000)}</svg>`);
    const other = mailAttachment('other.svg', 'image/svg+xml', '<svg/>');
    const queued = ['a', 'b', 'c'].map((to) => outbox.queue({ ...mail(`results ${to}`), attachments: [picture] }, `<${to}@judge>`, 'test', NOW - 40 * DAY));
    const kept = outbox.queue({ ...mail('map'), attachments: [other] }, '<map@judge>', 'test', NOW - 40 * DAY);
    const stored = () => outbox.keptAttachments();
    expect(stored()).toEqual({ count: 2, bytes: picture.contentBase64.length + other.contentBase64.length });
    const claimed = outbox.claimDue(1, NOW, 10, 60_000, () => true, new Set());
    expect(claimed.map((entry) => entry.mail.attachments)).toEqual([[picture], [picture], [picture], [other]]);

    outbox.markSent(
      queued.map((entry) => entry.id),
      NOW - 40 * DAY,
    );
    pruneJournal(db, NOW);
    expect(stored()).toEqual({ count: 1, bytes: other.contentBase64.length });
    expect(outbox.claimDue(2, NOW + 3_600_000, 10, 60_000, () => true, new Set()).map((entry) => entry.id)).toEqual([kept.id]);
  });
});
