import type { TimeOfDay } from '../../deadline/index.js';
import type { Vote } from '../../status/model.js';

/**
 * The e-mail command language as data: what a mail asks for, line by line, before anything is
 * checked against a game. Whether the sender may do it (passwords, roles, press rules) is for the
 * executor; the parser only says what was written.
 */

/** Where a command came from, so that replies can quote it. Line numbers are 1-based. */
export interface SourceLine {
  readonly line: number;
  /** The line as written (for `\\` lines, the piece of the line the command was). */
  readonly text: string;
}

/** A line the parser could not take, with the reason in words a player understands. */
export interface ParseProblem {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

export interface ParsedMail {
  readonly commands: Command[];
  readonly problems: ParseProblem[];
}

/**
 * Who a SIGNON, RESIGN or TAKEOVER names. Before the `@` form, DPjudge also takes one character in
 * front of the game name: a power's initial, `M` for the Master, or a digit for POWER#n before start.
 */
export type PlayerRef =
  | { readonly form: 'master' }
  | { readonly form: 'initial'; readonly initial: string }
  | { readonly form: 'number'; readonly number: number }
  | { readonly form: 'name'; readonly name: string };

/** `Agame password` or `name@game password`: a player, a game (lower case) and a password. */
export interface Login {
  readonly who: PlayerRef;
  readonly game: string;
  readonly password: string;
}

/** Any part may be left out; the executor fills it in from the message's time and the game's zone. */
export interface DateSpec {
  /** 0 = Sunday, as DAYS counts. */
  readonly weekday?: number;
  readonly day?: number;
  /** 1 = January. */
  readonly month?: number;
  /** Four digits; two-digit years are read as 20yy. */
  readonly year?: number;
  readonly time?: TimeOfDay;
}

/** SET ABSENCE: one day, until a date (`TO date`), or from one date to another. */
export type AbsenceSpan =
  | { readonly kind: 'on'; readonly date: DateSpec }
  | { readonly kind: 'until'; readonly date: DateSpec }
  | { readonly kind: 'range'; readonly from: DateSpec; readonly to: DateSpec };

/**
 * A list of powers as written, upper case, one item per comma-separated name. A single item may be
 * a full name or a run of initials and numbers (`AIRE`, `124M`); only the game's powers tell which.
 */
export type PowerList = readonly string[];

/** Who press claims to come from: WHITE (the sender), GREY (nobody) or a faked power. */
export type ClaimedSender = 'white' | 'grey' | { readonly power: string };

export type PressEnd = 'ENDPRESS' | 'ENDBROADCAST' | 'SIGNOFF' | 'end of mail';

export interface Press {
  readonly kind: 'press';
  readonly broadcast: boolean;
  /** The true recipients of PRESS (TO or +); absent for BROADCAST. */
  readonly to?: PowerList;
  /** FAKE TO, or FAKE BROADCAST (`everyone`). */
  readonly fakeTo?: PowerList | 'everyone';
  /** Absent when no FROM, WHITE or GREY was given: the game's press rules decide. */
  readonly from?: ClaimedSender;
  readonly quiet: boolean;
  /** The message exactly as written, line breaks and blank lines included. */
  readonly body: string;
  /** The line that ended the press, or the last line of the mail. */
  readonly lastLine: number;
  readonly endedBy: PressEnd;
}

type AnyoneCommand =
  | { readonly kind: 'list'; readonly game?: string }
  | { readonly kind: 'summary'; readonly game?: string }
  | { readonly kind: 'history'; readonly game?: string; readonly phases: readonly string[] }
  /** HISTORY [game] PRESS: the game's press archive. */
  | { readonly kind: 'pressHistory'; readonly game?: string }
  | { readonly kind: 'map'; readonly game?: string; readonly format?: string }
  | { readonly kind: 'join'; readonly power?: string; readonly game: string; readonly password: string; readonly privacy?: string }
  /** OBSERVE, MONITOR or another type the game ALLOWs, as written (upper case); a prefix such as OBS may stand for OBSERVER. */
  | {
      readonly kind: 'joinAs';
      readonly playerType: string;
      readonly name: string;
      readonly game: string;
      readonly password: string;
      readonly privacy?: string;
    }
  | ({ readonly kind: 'takeover'; readonly privacy?: string } & Login)
  | ({ readonly kind: 'signon' } & Login)
  /** RESIGN in place of a SIGNON: it signs on too, so press may follow. */
  | ({ readonly kind: 'resign' } & Login)
  | { readonly kind: 'signoff' }
  | { readonly kind: 'help'; readonly topic?: string }
  | { readonly kind: 'create'; readonly game: string; readonly password: string; readonly variant?: string }
  | { readonly kind: 'purge'; readonly game: string; readonly password: string }
  | { readonly kind: 'rename'; readonly game: string; readonly newGame: string; readonly password: string };

type SessionCommand =
  /** A line that is not a command, after a SIGNON as a power: an order, passed through as written. */
  | { readonly kind: 'order'; readonly order: string }
  | { readonly kind: 'clear' }
  | { readonly kind: 'transfer'; readonly amount: number; readonly to: string }
  | { readonly kind: 'accept'; readonly list: string }
  | { readonly kind: 'status' }
  | Press
  | { readonly kind: 'setAddress'; readonly addresses: readonly string[] }
  | { readonly kind: 'setPassword'; readonly password: string }
  | { readonly kind: 'setWait' }
  | { readonly kind: 'setNoWait' }
  | { readonly kind: 'setAbsence'; readonly span: AbsenceSpan }
  | { readonly kind: 'setDeadline'; readonly date: DateSpec }
  | { readonly kind: 'setDraw'; readonly powers: PowerList }
  | { readonly kind: 'setNoDraw' }
  | { readonly kind: 'vote'; readonly vote: Vote }
  /** PROPOSE (PROPOSE_DIAS games): DIAS, or the power a concession goes to, as written. */
  | { readonly kind: 'propose'; readonly result: string }
  /** VOTE NO: a veto of the proposal on the table. */
  | { readonly kind: 'veto' }
  /** A bare RESIGN after a SIGNON: the signed-on player leaves. */
  | { readonly kind: 'resignSignedOn' };

type MasterCommand =
  | { readonly kind: 'reveal' }
  | { readonly kind: 'form' }
  | { readonly kind: 'activate' }
  | { readonly kind: 'wait' }
  | { readonly kind: 'terminate' }
  /** `force` is PROCESS!: process even with orders missing. `phase` guards against processing the wrong phase. */
  | { readonly kind: 'process'; readonly force: boolean; readonly phase?: string }
  | { readonly kind: 'preview'; readonly phase?: string }
  /** `phase` is a phase abbreviation (S1901M) or FORMING; absent: one processed phase. */
  | { readonly kind: 'rollback'; readonly phase?: string; readonly restore: boolean; readonly full: boolean }
  | { readonly kind: 'rollforward'; readonly phase?: string; readonly restore: boolean; readonly full: boolean }
  | { readonly kind: 'resignPower'; readonly power: string }
  | { readonly kind: 'dummy'; readonly power: string }
  | { readonly kind: 'revive'; readonly power: string; readonly password?: string }
  /** Absent subject: press after it goes out as usual again. */
  | { readonly kind: 'official'; readonly subject?: string }
  | { readonly kind: 'setUnlisted' }
  | { readonly kind: 'setListed' }
  /** After a CREATE or a Master's SIGNON, a line that is not a command: a line for the game's status file. */
  | { readonly kind: 'statusLine'; readonly directive: string };

/** A command without its source line: what each keyword's reader produces. */
export type CommandBody = AnyoneCommand | SessionCommand | MasterCommand;

export type Command = CommandBody & SourceLine;
