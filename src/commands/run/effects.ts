import { durableWrite } from '../../store/crash-points.js';
import { withoutSync, type JudgeDatabase } from '../../store/database.js';
import { PressArchive } from '../../store/press-archive.js';
import type { Step } from '../context/step.js';

/**
 * What each command of a mail did, kept so that a mail executed again after a crash (same mail key)
 * does nothing twice. A row is written `pending` before a command runs and completed with its
 * outcome right after; a mail run again reuses completed outcomes, and asks the audit log whether a
 * pending command's change reached its game (the crash came after the write) or not (it is redone).
 * The `before` column of journals written by older judges is kept, and left empty; so is
 * `outcome_text`, a copy of the outcome's lines that nothing read.
 *
 * Neither row waits for the disk: a `pending` row that a power cut loses went with a command whose
 * change had not begun (the audit entry that begins one is a synced commit, which takes the row with
 * it), so the command is simply done anew; a lost `done` row is a `pending` one, settled by the
 * audit log. The mail's own record, synced, makes them all durable.
 *
 * A PRESS command's message goes into the game's press archive in the commit that marks it `done`:
 * the message is archived exactly when its outcome (the mails to its recipients) is recorded, so a
 * mail run again neither archives it twice nor sends it unarchived.
 */

export interface RecordedEffect {
  readonly state: 'pending' | 'done';
  readonly step: Step | null;
}

interface EffectRow {
  state: 'pending' | 'done';
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
  private readonly completeStep;
  /** The press archive, written with the outcomes. */
  readonly pressArchive: PressArchive;

  constructor(private readonly db: JudgeDatabase) {
    createEffectTables(db);
    const archive = new PressArchive(db);
    this.pressArchive = archive;
    this.find = db.prepare<[string, number], EffectRow>('SELECT state, effect FROM mail_effects WHERE mail_key = ? AND command_index = ?');
    this.begin = db.prepare<[string, number, string | null]>(
      `INSERT INTO mail_effects (mail_key, command_index, game, state, before) VALUES (?, ?, ?, 'pending', '')
       ON CONFLICT (mail_key, command_index) DO UPDATE SET game = excluded.game`,
    );
    this.complete = db.prepare<[string, string, number]>(`UPDATE mail_effects SET state = 'done', effect = ? WHERE mail_key = ? AND command_index = ?`);
    this.completeStep = db.transaction((mailKey: string, index: number, step: Step) => {
      this.complete.run(JSON.stringify(step), mailKey, index);
      if (step.archived !== undefined) archive.keep(mailKey, index, step.archived);
    });
  }

  recorded(mailKey: string, index: number): RecordedEffect | null {
    const row = this.find.get(mailKey, index);
    if (!row) return null;
    const step = row.state === 'done' && row.effect !== null ? (JSON.parse(row.effect) as Step) : null;
    return { state: row.state, step };
  }

  started(mailKey: string, index: number, game: string | null): void {
    withoutSync(this.db, () => this.begin.run(mailKey, index, game));
    durableWrite('command started');
  }

  done(mailKey: string, index: number, step: Step): void {
    withoutSync(this.db, () => this.completeStep(mailKey, index, step));
    durableWrite('command done');
  }
}
