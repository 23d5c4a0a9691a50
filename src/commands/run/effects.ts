import { durableWrite } from '../../store/crash-points.js';
import { withoutSync, type JudgeDatabase } from '../../store/database.js';
import { PressArchive } from '../../store/press-archive.js';
import type { Refused, Step } from '../context/step.js';

/**
 * What each command of a mail did, kept so that a mail executed again after a crash (same mail key)
 * does nothing twice. A command that may change a game has its row written `pending` before it runs
 * and completed with its outcome right after; a mail run again reuses completed outcomes, and asks
 * the audit log whether a pending command's change reached its game (the crash came after the
 * write) or not (it is redone). A command that changes no game (a listing, HELP, SIGNON) has no
 * `pending` row, since the audit log can hold no change of its, and its outcome is written with the
 * mail's next row (`started`, `done`), or not at all (see MailRun.perform).
 * The `before` column of journals written by older judges is kept, and left empty; so is
 * `outcome_text`, a copy of the outcome's lines that nothing read.
 *
 * Neither row waits for the disk: a `pending` row that a power cut loses went with a command whose
 * change had not begun (the audit entry that begins one is a synced commit, which takes the row with
 * it), so the command is simply done anew; a lost `done` row is a `pending` one, settled by the
 * audit log, or of a command that changed no game, done anew. The mail's own record, synced, makes
 * them all durable.
 *
 * A PRESS command's message goes into the game's press archive in the commit that marks it `done`:
 * the message is archived exactly when its outcome (the mails to its recipients) is recorded, so a
 * mail run again neither archives it twice nor sends it unarchived.
 */

export interface RecordedEffect {
  readonly state: 'pending' | 'done';
  readonly step: Step | null;
}

/** A command's outcome, to be written `done`: `index` is the command's place in the mail, `game` the game it acted on. */
export interface CommandOutcome {
  readonly index: number;
  readonly game: string | null;
  readonly step: Step;
}

/**
 * A step as judges before the refusal codes recorded it: `failed` where a code stands now, and the
 * refused lines already quoted. Read again after an upgrade, it is answered as it was then.
 */
interface EarlierStep extends Omit<Step, 'refused'> {
  readonly failed?: boolean;
  readonly refused?: readonly (string | Refused)[];
}

function upgraded({ failed, refused, ...step }: EarlierStep): Step {
  const code = step.code ?? (failed === true ? 'REFUSED_EARLIER' : undefined);
  const lines = refused?.map((entry) => (typeof entry === 'string' ? { line: null, reason: entry, code: code ?? 'REFUSED_EARLIER' } : entry));
  return { ...step, ...(code !== undefined ? { code } : {}), ...(lines !== undefined ? { refused: lines } : {}) };
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
  private readonly beginAfter;
  private readonly completeAll;
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
    // A command that changes no game has no `pending` row to complete.
    this.complete = db.prepare<[string, number, string | null, string]>(
      `INSERT INTO mail_effects (mail_key, command_index, game, state, before, effect) VALUES (?, ?, ?, 'done', '', ?)
       ON CONFLICT (mail_key, command_index) DO UPDATE SET state = 'done', effect = excluded.effect`,
    );
    const completeEach = (mailKey: string, outcomes: readonly CommandOutcome[]) => {
      for (const { index, game, step } of outcomes) {
        this.complete.run(mailKey, index, game, JSON.stringify(step));
        if (step.archived !== undefined) archive.keep(mailKey, index, step.archived);
      }
    };
    this.completeAll = db.transaction(completeEach);
    this.beginAfter = db.transaction((mailKey: string, index: number, game: string | null, earlier: readonly CommandOutcome[]) => {
      completeEach(mailKey, earlier);
      this.begin.run(mailKey, index, game);
    });
  }

  recorded(mailKey: string, index: number): RecordedEffect | null {
    const row = this.find.get(mailKey, index);
    if (!row) return null;
    const step = row.state === 'done' && row.effect !== null ? upgraded(JSON.parse(row.effect) as EarlierStep) : null;
    return { state: row.state, step };
  }

  /** The command `index` is about to run: its `pending` row, in one commit with the outcomes of the mail's commands before it not yet written. */
  started(mailKey: string, index: number, game: string | null, earlier: readonly CommandOutcome[] = []): void {
    withoutSync(this.db, () => this.beginAfter(mailKey, index, game, earlier));
    durableWrite('command started');
  }

  /** Commands have run: their outcomes, in one commit. */
  done(mailKey: string, outcomes: readonly CommandOutcome[]): void {
    withoutSync(this.db, () => this.completeAll(mailKey, outcomes));
    durableWrite('command done');
  }
}
