import type { JudgeConfig } from '../config/config.js';
import type { Notice } from '../game/service.js';
import type { JudgeDatabase } from '../store/database.js';
import { Outbox } from '../store/journal.js';
import { outgoingAttachments } from './attachments.js';
import { newMessageId, toOutboxMail } from './compose.js';

/**
 * Mails the game layer asks for (results, reminders, notices) go into the outbox, like replies:
 * written first, sent afterwards with retries, each under a Message-ID fixed here.
 */
export class OutboxNoticeSink {
  private readonly outbox: Outbox;

  constructor(
    private readonly db: JudgeDatabase,
    private readonly judge: JudgeConfig['judge'],
  ) {
    this.outbox = new Outbox(db);
  }

  send(notices: readonly Notice[], origin: string, now = Date.now()): void {
    const queueAll = this.db.transaction(() => {
      for (const notice of notices) {
        if (notice.to.length === 0) continue;
        const mail = toOutboxMail(
          { to: notice.to.map((address) => ({ name: '', address })), subject: notice.subject, text: notice.text, kind: 'notice', ...outgoingAttachments(notice.attachments) },
          { inReplyTo: null, references: [] },
        );
        this.outbox.queue(mail, newMessageId(this.judge.address), origin, now);
      }
    });
    queueAll();
  }
}
