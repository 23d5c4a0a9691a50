import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { MailIntake, type HandledMail } from '../../src/mail/intake.js';
import type { MailResponder, IncomingMail } from '../../src/mail/responder.js';
import { fromPipe } from '../../src/mail/raw-mail.js';
import { openDatabase } from '../../src/store/database.js';
import { createJournalTables, Outbox } from '../../src/store/journal.js';
import { plainMail, temporaryFolder } from './support/judge-setup.js';

/** Answers every mail; `inHand` runs while the responder has the mail. */
function answering(inHand: (mail: IncomingMail) => Promise<void>): MailResponder {
  return {
    async process(mail) {
      await inHand(mail);
      return { summary: 'answered', mails: [{ to: [mail.from.address], subject: `Re: ${mail.subject}`, text: 'done\n' }] };
    },
  };
}

describe('a batch of mails in the daemon', () => {
  it('tells of each mail once its record and reply are on disk, while the rest of the batch is handled', async () => {
    const db = openDatabase(join(temporaryFolder('judge-intake-'), 'judge.db'));
    createJournalTables(db);
    const outbox = new Outbox(db);
    const recorded = () => db.prepare<[], { count: number }>('SELECT count(*) AS count FROM mail_received').get()!.count;
    const committed: HandledMail[] = [];
    const toldWhileThirdInHand: number[] = [];
    const intake = new MailIntake(
      db,
      answering(async (mail) => {
        if (mail.subject !== 'orders 3') return;
        // The flushes of the first two records run off the main thread while the third is processed.
        for (let waited = 0; committed.length < 2 && waited < 5_000; waited += 10) await sleep(10);
        toldWhileThirdInHand.push(committed.length);
      }),
      DEFAULT_CONFIG,
    );
    const mails = [1, 2, 3].map((index) => plainMail({ subject: `orders ${index}`, messageId: `<batch-${index}@player.test>` }));

    const handled = await intake.handle(
      mails.map((mail) => fromPipe(Buffer.from(mail), DEFAULT_CONFIG.mail.maxMessageBytes)),
      (mail) => {
        committed.push(mail);
        // Told only once the mail is recorded with its reply queued (with the mails of its group).
        expect(recorded()).toBeGreaterThanOrEqual(committed.length);
        expect(outbox.counts().pending).toBeGreaterThanOrEqual(committed.length);
      },
    );

    expect(toldWhileThirdInHand).toEqual([2]);
    expect(committed.map(({ subject }) => subject)).toEqual(['orders 1', 'orders 2', 'orders 3']);
    expect(handled).toEqual(committed);
    expect(recorded()).toBe(3);
    expect(outbox.counts().pending).toBe(3);
    db.close();
  });
});
