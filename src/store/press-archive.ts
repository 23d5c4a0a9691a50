import type { JudgeDatabase } from './database.js';

/**
 * Every press message a game's players and Master exchanged, in var/judge.db: who sent it, to whom,
 * when, the header the Master read (the true sender and recipients, and what the others were shown
 * when FAKE or GREY hid them) and the text. A row is written in the commit that records the PRESS
 * command's outcome (`MailEffects.done`), keyed by that command, so that a mail handled again after a
 * crash neither loses nor repeats a message (docs/durability.md, step 9).
 */

export interface ArchivedPress {
  readonly game: string;
  /** ISO time the judge accepted the message. */
  readonly sentAt: string;
  /** The phase being played (`S1901M`), or the game's state word (`FORMING`, `COMPLETED`). */
  readonly phase: string;
  /** The header as the Master read it: true sender and recipients, then what the others were shown. */
  readonly header: string;
  readonly body: string;
  /** Sent after the game ended: an end-of-game statement. */
  readonly endOfGame: boolean;
}

interface ArchiveRow {
  sent_at: string;
  phase: string;
  header: string;
  body: string;
  end_of_game: number;
}

export class PressArchive {
  private readonly insert;
  private readonly select;
  private readonly move;
  private readonly drop;

  constructor(db: JudgeDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS press_archive (
        mail_key      TEXT NOT NULL,
        command_index INTEGER NOT NULL,
        game          TEXT NOT NULL,
        sent_at       TEXT NOT NULL,
        phase         TEXT NOT NULL,
        header        TEXT NOT NULL,
        body          TEXT NOT NULL,
        end_of_game   INTEGER NOT NULL,
        PRIMARY KEY (mail_key, command_index)
      );
      CREATE INDEX IF NOT EXISTS press_archive_by_game ON press_archive (game, sent_at);
    `);
    this.insert = db.prepare<[string, number, string, string, string, string, string, number]>(
      `INSERT INTO press_archive (mail_key, command_index, game, sent_at, phase, header, body, end_of_game)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (mail_key, command_index) DO NOTHING`,
    );
    this.select = db.prepare<[string], ArchiveRow>(
      'SELECT sent_at, phase, header, body, end_of_game FROM press_archive WHERE game = ? ORDER BY sent_at, rowid',
    );
    this.move = db.prepare<[string, string]>('UPDATE press_archive SET game = ? WHERE game = ?');
    this.drop = db.prepare<[string]>('DELETE FROM press_archive WHERE game = ?');
  }

  /** RENAME: the press follows the game to its new name. */
  rename(game: string, newName: string): void {
    this.move.run(newName, game);
  }

  /** PURGE: a later game of the same name starts with no press. */
  forget(game: string): void {
    this.drop.run(game);
  }

  /** Call inside the transaction that records the command `mailKey#index` done. */
  keep(mailKey: string, index: number, press: ArchivedPress): void {
    this.insert.run(mailKey, index, press.game, press.sentAt, press.phase, press.header, press.body, press.endOfGame ? 1 : 0);
  }

  /** The game's messages, oldest first. */
  of(game: string): ArchivedPress[] {
    return this.select.all(game).map((row) => ({
      game,
      sentAt: row.sent_at,
      phase: row.phase,
      header: row.header,
      body: row.body,
      endOfGame: row.end_of_game === 1,
    }));
  }
}
