import type { JudgeDatabase } from '../../store/database.js';
import type { Step } from './step.js';

/**
 * What each command of a mail did, kept so that a mail executed again after a crash (same mail key)
 * does nothing twice. A row is written `pending` with the game's checksum before a command runs and
 * completed with its outcome right after; a mail run again reuses completed outcomes, and treats a
 * pending command whose game changed meanwhile as done (the crash came after the write).
 */

export interface RecordedEffect {
  readonly state: 'pending' | 'done';
  /** The game's status checksum before the command ran ('' when there was no such game). */
  readonly before: string;
  readonly step: Step | null;
}

interface EffectRow {
  state: 'pending' | 'done';
  before: string;
  outcome_text: string | null;
  effect: string | null;
}

function createEffectTables(db: JudgeDatabase): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS mail_effects (
      mail_key      TEXT NOT NULL,
      command_index INTEGER NOT NULL,
      game          TEXT,
      state         TEXT NOT NULL CHECK (state IN ('pending', 'done')),
      before        TEXT NOT NULL,
      outcome_text  TEXT,
      effect        TEXT,
      PRIMARY KEY (mail_key, command_index)
    );
  `);
}

export class MailEffects {
  private readonly find;
  private readonly begin;
  private readonly complete;

  constructor(db: JudgeDatabase) {
    createEffectTables(db);
    this.find = db.prepare<[string, number], EffectRow>(
      'SELECT state, before, outcome_text, effect FROM mail_effects WHERE mail_key = ? AND command_index = ?',
    );
    this.begin = db.prepare<[string, number, string | null, string]>(
      `INSERT INTO mail_effects (mail_key, command_index, game, state, before) VALUES (?, ?, ?, 'pending', ?)
       ON CONFLICT (mail_key, command_index) DO UPDATE SET game = excluded.game, before = excluded.before`,
    );
    this.complete = db.prepare<[string, string, string, number]>(
      `UPDATE mail_effects SET state = 'done', outcome_text = ?, effect = ? WHERE mail_key = ? AND command_index = ?`,
    );
  }

  recorded(mailKey: string, index: number): RecordedEffect | null {
    const row = this.find.get(mailKey, index);
    if (!row) return null;
    const step = row.state === 'done' && row.effect !== null ? (JSON.parse(row.effect) as Step) : null;
    return { state: row.state, before: row.before, step };
  }

  started(mailKey: string, index: number, game: string | null, before: string): void {
    this.begin.run(mailKey, index, game, before);
  }

  done(mailKey: string, index: number, step: Step): void {
    this.complete.run(step.lines.join('\n'), JSON.stringify(step), mailKey, index);
  }
}
