import type { JudgeDatabase } from './database.js';
import type { MailAttachment, OutgoingMail } from './outgoing-mail.js';

/**
 * Judges before the one outgoing-mail shape kept an outbox mail with its addresses as
 * `{ name, address }`, an unused `cc`, and its threading as `autoSubmitted`, `inReplyTo` and
 * `references`. Each such row is rewritten once into the shape of ./outgoing-mail.ts, in the
 * transaction that marks the journal as migrated, so that a judge that upgrades sends what the old
 * one had queued. The journal's `user_version` records that this was done.
 */

const OUTGOING_MAIL_VERSION = 1;

interface EarlierOutboxMail {
  readonly to: readonly { readonly name: string; readonly address: string }[];
  readonly subject: string;
  readonly text: string;
  readonly autoSubmitted: 'auto-replied' | 'auto-generated';
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  readonly attachments: readonly MailAttachment[];
}

function isEarlier(mail: object): mail is EarlierOutboxMail {
  return 'autoSubmitted' in mail;
}

function outgoingOf(earlier: EarlierOutboxMail): OutgoingMail {
  return {
    to: earlier.to.map((to) => to.address),
    subject: earlier.subject,
    text: earlier.text,
    ...(earlier.attachments.length > 0 && { attachments: earlier.attachments }),
    ...(earlier.autoSubmitted === 'auto-replied' && { answers: { inReplyTo: earlier.inReplyTo, references: earlier.references } }),
  };
}

export function journalVersion(db: JudgeDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrateOutbox(db: JudgeDatabase): void {
  if (journalVersion(db) >= OUTGOING_MAIL_VERSION) return;
  const rows = db.prepare<[], { id: number; mail: string }>('SELECT id, mail FROM outbox');
  const rewrite = db.prepare<[string, number]>('UPDATE outbox SET mail = ? WHERE id = ?');
  db.transaction(() => {
    // Another judge process may have migrated the journal while this one waited for the write lock.
    if (journalVersion(db) >= OUTGOING_MAIL_VERSION) return;
    for (const { id, mail } of rows.all()) {
      const stored = JSON.parse(mail) as object;
      if (isEarlier(stored)) rewrite.run(JSON.stringify(outgoingOf(stored)), id);
    }
    db.pragma(`user_version = ${OUTGOING_MAIL_VERSION}`);
  }).immediate();
}
