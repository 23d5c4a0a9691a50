import type { JudgeConfig } from '../config/config.js';
import type { JudgeDatabase } from '../store/database.js';
import { newMessageId, Outbox } from '../store/journal.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';

/**
 * Mails the game layer asks for (reminders, notices) go into the outbox, like replies: written
 * first, sent afterwards with retries, each under a Message-ID fixed here.
 */
export class OutboxNoticeSink {
  private readonly outbox: Outbox;

  constructor(
    private readonly db: JudgeDatabase,
    private readonly judge: JudgeConfig['judge'],
  ) {
    this.outbox = new Outbox(db);
  }

  send(notices: readonly OutgoingMail[], origin: string, now = Date.now()): void {
    const queueAll = this.db.transaction(() => {
      for (const notice of notices) {
        if (notice.to.length > 0) this.outbox.queue(notice, newMessageId(this.judge.address), origin, now);
      }
    });
    queueAll();
  }
}
