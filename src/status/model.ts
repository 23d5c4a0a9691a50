import type { Phase, Rotation, UnitType } from '../map/model.js';
import type { StatusSource } from './source.js';
import type { RetreatOrAdjustmentOrder } from '../orders/types.js';

/**
 * The typed model of a DPjudge game status file. The rest of the judge reads and changes games
 * through these types; the writer turns a changed model back into text, rewriting only the lines
 * whose content changed (see `render.ts`). Values are stored normalised: keywords, power names,
 * places and phases upper-case, free text with its white space collapsed to single spaces.
 *
 * The model is immutable: a change is a new model (spread the old one), which keeps `source` and
 * each power's `line` so that the writer can find the lines to keep.
 */

/** PHASE, or AWAIT (the judge is making results), SKIP (no orders are asked for), WAIT (the Master must PROCESS). */
export type PhaseMode = 'PHASE' | 'AWAIT' | 'SKIP' | 'WAIT';

export interface PhaseLine {
  readonly mode: PhaseMode;
  readonly phase: 'FORMING' | 'COMPLETED' | Phase;
}

/** A DPPD identity, `#42|joe@blow.com|Joe_Blow` or `NO-ID|john@doe.net|`. */
export interface PlayerIdentity {
  /** The DPPD number; null for NO-ID. */
  readonly id: number | null;
  readonly email: string;
  /** May be empty (a NO-ID player's name is not known). */
  readonly name: string;
}

/** Who holds a power: a player, nobody (RESIGNED, a NEED line asks for a replacement) or a DUMMY. */
export type Occupant = PlayerIdentity | 'RESIGNED' | 'DUMMY';

/** A PLAYER line: the current occupant and everyone before, newest first. */
export interface PlayerHistory {
  readonly current: Occupant;
  /** Each earlier occupant with the phase (`S1911R`) in which the next one took over. */
  readonly earlier: readonly { readonly until: string; readonly occupant: Occupant }[];
}

export type Vote = 'YES' | 'LOSS' | 'SOLO' | { readonly drawSize: number };

export interface UnitAt {
  readonly type: UnitType;
  /** A map location, coast included (`STP/SC`). */
  readonly location: string;
}

export interface StatusUnit extends UnitAt {
  /** Null for a unit in place; for a dislodged unit, where it may retreat (empty: nowhere). */
  readonly retreats: readonly string[] | null;
}

/** OMNISCIENT lets the power see every page; OMNISCIENT! also mails it every press message. */
type Omniscience = 'no' | 'yes' | 'yes-with-press';

/** The word that starts a power block: POWER for map powers, else OBSERVER, MONITOR or an ALLOWed type. */
export type PowerRole = string;
export const MAP_POWER_ROLE = 'POWER';
/** Non-map roles every game knows; ALLOW adds more. */
export const BUILT_IN_ROLES: readonly string[] = ['OBSERVER', 'MONITOR'];

export interface PowerStatus {
  readonly role: PowerRole;
  /** `FRANCE`, `POWER#2` while forming, or the chosen name of an observer (kept as written). */
  readonly name: string;
  readonly addresses: readonly string[];
  readonly player: PlayerHistory | null;
  /** A `scrypt$` hash, or plaintext typed in by hand (hashed on the next save). */
  readonly password: string | null;
  /** CONTROL: the powers that play this one, the one in control first. */
  readonly control: readonly string[];
  readonly vote: Vote | null;
  /** Supply centers; in the first phase also `SC!`, `SC?` or `SC*` build rights. */
  readonly owns: readonly string[];
  readonly wait: boolean;
  readonly units: readonly StatusUnit[];
  /** RETREAT, DISBAND, BUILD (or BUILD WAIVED) and REMOVE lines, in the order model of the order reader. */
  readonly phaseOrders: readonly RetreatOrAdjustmentOrder[];
  readonly messages: readonly string[];
  readonly omniscient: Omniscience;
  /** Null: the map's home centers. */
  readonly homes: readonly string[] | null;
  /** Null: no FUNDS line; each fund as written (`$34`, `12E`). */
  readonly funds: readonly string[] | null;
  readonly sees: readonly string[];
  /** The lines after ORDERS, as written (the order parser reads them). */
  readonly orders: readonly string[];
  /** Crystal Ball's two pipelined order lists. */
  readonly sooner: readonly string[];
  readonly later: readonly string[];
  /** Payola: ACCEPT, the acceptance list (power letters, `?` for the rest); null without the line. */
  readonly accept: string | null;
  /** Payola under ONE_TRANSFER: SENT, the powers it has sent funds to this phase. */
  readonly sent: readonly string[];
  /** Payola: the offer sheet's lines (`4 : A PAR - BUR`, `25 $`, `% ...`), as written; `orders/offer-line.ts` reads them. */
  readonly offers: readonly string[];
  /** The line the block starts on in the file it was read from; null for a power the judge adds. */
  readonly line: number | null;
}

export interface RuleSwitch {
  readonly rule: string;
  /** False for `!RULE`: switched off after every other RULE is applied. */
  readonly on: boolean;
}

/** Multi-line text (DESC, NAME, MORPH): a one-line form or a stanza closed by END. */
export interface TextBlock {
  readonly lines: readonly string[];
  readonly stanza: boolean;
}

interface MapChoice {
  readonly name: string;
  /** TRIAL: a map still in development, kept in the trials folder. */
  readonly trial: boolean;
}

interface GameResult {
  /** The last phase played, abbreviated (`F1908M`). */
  readonly phase: string;
  /** The powers in the draw, or the single winner; none for a game ended otherwise. */
  readonly victors: readonly string[];
}

export interface Proposal {
  readonly result: string;
  readonly proposer: string;
}

/** A NEED entry, `GERMANY-(8/9)`: an abandoned power with its unit and center counts. */
export interface NeededPower {
  readonly power: string;
  readonly units: number;
  readonly centers: number;
}

/**
 * The phase being played: null while the game forms, once it is over, and without a PHASE line.
 * The one way to tell, so that the checks cannot drift apart.
 */
export function playedPhase(game: Pick<GameStatus, 'phase'>): Phase | null {
  const phase = game.phase?.phase;
  return phase !== undefined && typeof phase === 'object' ? phase : null;
}

/** FORMING or COMPLETED when the PHASE line names no phase being played; null when it does, or when there is no PHASE line. */
export function unplayedPhase(game: Pick<GameStatus, 'phase'>): 'FORMING' | 'COMPLETED' | null {
  const phase = game.phase?.phase;
  return phase === 'FORMING' || phase === 'COMPLETED' ? phase : null;
}

/** A Payola TAX line: the income a centre earns a year, or (no centre) every centre. */
interface TaxLine {
  readonly center: string | null;
  readonly amount: number;
}

export interface GameStatus {
  /** GAME: must match the game's folder. */
  readonly name: string | null;
  readonly phase: PhaseLine | null;
  /** DEADLINE, `yyyymmddhhmm` in the game's ZONE. */
  readonly deadline: string | null;
  /** ZONE; null runs on GMT. */
  readonly zone: string | null;
  /** The TIMING line's keys and values, white space normalised; the deadline module reads them. */
  readonly timing: string | null;
  readonly delay: number | null;
  /** PRIVATE: the word invited players must give; null for a public game. */
  readonly privacy: string | null;
  /** RULE lines, one entry per line (all must come before the first power). */
  readonly rules: readonly (readonly RuleSwitch[])[];
  /** Null means the standard map. */
  readonly map: MapChoice | null;
  readonly morphs: readonly TextBlock[];
  /** TEAM(S) lines, one entry per line; each team is a main power and its dummies. */
  readonly teams: readonly (readonly (readonly string[])[])[];
  readonly master: PlayerIdentity | null;
  readonly masterPassword: string | null;
  /** TESTER: mail only to `address`, or (null address) to nobody. */
  readonly tester: { readonly address: string | null } | null;
  readonly start: string | null;
  readonly finish: string | null;
  readonly result: GameResult | null;
  readonly descriptions: readonly TextBlock[];
  /** NAME: where the game's name comes from. */
  readonly nameOrigins: readonly TextBlock[];
  /** ALLOW: non-map roles players may take besides OBSERVER and MONITOR. */
  readonly allow: readonly string[];
  readonly proposal: Proposal | null;
  readonly need: readonly NeededPower[];
  readonly rotation: Rotation | null;
  /** Payola: CAP, the most income a power earns a year; null without the line. */
  readonly cap: number | null;
  /** Payola: TAX lines. */
  readonly taxes: readonly TaxLine[];
  readonly powers: readonly PowerStatus[];
  /** The file the model was read from; null for a game built by the judge. */
  readonly source: StatusSource | null;
}

/** A game with nothing given: what a status file holds before any of its lines is read. */
export function blankGame(): GameStatus {
  return {
    name: null,
    phase: null,
    deadline: null,
    zone: null,
    timing: null,
    delay: null,
    privacy: null,
    rules: [],
    map: null,
    morphs: [],
    teams: [],
    master: null,
    masterPassword: null,
    tester: null,
    start: null,
    finish: null,
    result: null,
    descriptions: [],
    nameOrigins: [],
    allow: [],
    proposal: null,
    need: [],
    rotation: null,
    cap: null,
    taxes: [],
    powers: [],
    source: null,
  };
}

/** A game the judge creates: named, and forming. */
export function newGame(name: string): GameStatus {
  return { ...blankGame(), name, phase: { mode: 'PHASE', phase: 'FORMING' } };
}

export function newPower(name: string, role: PowerRole = MAP_POWER_ROLE): PowerStatus {
  return {
    role,
    name,
    addresses: [],
    player: null,
    password: null,
    control: [],
    vote: null,
    owns: [],
    wait: false,
    units: [],
    phaseOrders: [],
    messages: [],
    omniscient: 'no',
    homes: null,
    funds: null,
    sees: [],
    orders: [],
    sooner: [],
    later: [],
    accept: null,
    sent: [],
    offers: [],
    line: null,
  };
}

/** `POWER#3`: a player who JOINed a forming game before powers are assigned. */
export function isPowerNumber(name: string): boolean {
  return /^POWER#[1-9]\d*$/.test(name);
}

export function findPower(game: GameStatus, name: string): PowerStatus | undefined {
  const wanted = name.toUpperCase();
  return game.powers.find((power) => power.name.toUpperCase() === wanted);
}

/** A new model with one power changed; throws when the game has no such power. */
export function updatePower(game: GameStatus, name: string, change: (power: PowerStatus) => PowerStatus): GameStatus {
  const target = findPower(game, name);
  if (!target) throw new Error(`the game has no power ${name}`);
  return { ...game, powers: game.powers.map((power) => (power === target ? change(power) : power)) };
}
