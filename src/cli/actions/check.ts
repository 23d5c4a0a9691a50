import { DateTime } from 'luxon';
import { gameZone, parseIsoInstant } from '../../deadline/index.js';
import { loadConfig, type LoadedConfig } from '../../config/config.js';
import type { NoticeSink } from '../../checker/sink.js';
import type { JudgeDatabase } from '../../store/database.js';
import { openChecker } from '../../checker/open.js';
import { reportLines, summaryLine } from '../../checker/report.js';
import { openJournal, sendQueuedMail } from '../../daemon/wiring.js';
import { mailSettings } from '../../mail/settings.js';
import { OutboxNoticeSink } from '../../mail/notice-sink.js';
import { Outbox } from '../../store/journal.js';

export interface CheckOptions {
  readonly config?: string;
  readonly now?: string;
  readonly resume?: boolean;
  readonly outage?: boolean;
}

/**
 * Whether the sweep counts the time since the last one as an outage and records itself as the last:
 * always at the present; at a chosen --now only when asked, and never from the future, or the daemon's
 * sweeps would take the judge for running until then and miss a real outage.
 */
function recordsTheSweep(options: CheckOptions, now: DateTime): boolean {
  if (options.now === undefined) return true;
  const records = options.outage === true || options.resume === true;
  if (records && now > DateTime.utc()) throw new Error('judge check: --now may not be later than the present with --outage or --resume');
  return records;
}

/** How `judge check` hands on the mails a sweep causes. */
export type CheckSinkFactory = (db: JudgeDatabase, loaded: LoadedConfig) => NoticeSink;

/** Queues each mail a sweep causes in the outbox, as the daemon does. */
const queuedNotices: CheckSinkFactory = (db, loaded) => new OutboxNoticeSink(db, loaded.config.judge);

/** `judge check`: one sweep of the deadline checker, a line per action, then the mail it queued is sent. */
export async function checkOnce(games: string[], options: CheckOptions, sinkFor: CheckSinkFactory = queuedNotices): Promise<void> {
  const now = options.now === undefined ? DateTime.utc() : parseIsoInstant('--now', options.now, gameZone('UTC'));
  const outage = recordsTheSweep(options, now);
  const loaded = loadConfig(options.config);
  const db = openJournal(mailSettings(loaded));
  try {
    const checker = openChecker(loaded, db, sinkFor(db, loaded), { now: () => now });
    const outbox = new Outbox(db);
    const before = outbox.newestId();
    const report = await checker.sweep(now, { ...(games.length > 0 ? { games } : {}), resume: options.resume === true, outage });
    // Every mail the sweep queued, whether through the sink or with a status file it wrote (results, late notices).
    for (const { origin, mail } of outbox.queuedAfter(before)) process.stdout.write(`  mail (${origin}) to ${mail.to.join(', ')}: ${mail.subject}\n`);
    for (const line of [...reportLines(report), summaryLine(report)]) process.stdout.write(`${line}\n`);
    await sendQueuedMail(loaded, db);
  } finally {
    db.close();
  }
}
