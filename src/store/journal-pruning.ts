import type { JudgeDatabase } from './database.js';

/**
 * Keeps the journal from growing for ever: results mails carry the board's picture, so a busy judge
 * would otherwise pile up gigabytes of mail it sent long ago. What goes: outbox rows sent before
 * the cut-off, and the recorded command outcomes of mails received before it (they serve only to
 * replay a mail cut short by a crash), and the attachments no mail left in the outbox carries (an
 * attachment is kept once for every mail that carries it, and a dropped mail's may be left over).
 * The received mails themselves stay: they are small, and they keep an old mail fetched again from
 * ever acting twice. Pending and rejected mail is never touched.
 */

export const JOURNAL_KEPT_DAYS = 30;

const DAY_MS = 86_400_000;

export interface PrunedJournal {
  sentMails: number;
  commandOutcomes: number;
}

export function pruneJournal(db: JudgeDatabase, now: number, keptDays = JOURNAL_KEPT_DAYS): PrunedJournal {
  const cutOff = now - keptDays * DAY_MS;
  return db.transaction(() => {
    const sentMails = db.prepare("DELETE FROM outbox WHERE state = 'sent' AND sent_at < ?").run(cutOff).changes;
    db.exec(`DELETE FROM outbox_attachment WHERE sha256 NOT IN (
               SELECT attachment.value ->> 'contentSha256' FROM outbox, json_each(outbox.mail, '$.attachments') AS attachment
                WHERE attachment.value ->> 'contentSha256' IS NOT NULL)`);
    const recorded = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mail_effects'").get() !== undefined;
    if (!recorded) return { sentMails, commandOutcomes: 0 };
    const commandOutcomes = db
      .prepare(
        `DELETE FROM mail_effects WHERE mail_key IN (
           SELECT message_id || ' ' || content_hash FROM mail_received WHERE received_at < ?)`,
      )
      .run(cutOff).changes;
    return { sentMails, commandOutcomes };
  })();
}
