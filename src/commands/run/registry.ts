import { wordsOf } from '../../status/text.js';
import * as anyone from '../language/anyone.js';
import type { Grammar, KeywordRule, KeywordTable, KindFacts, MailLimit, Reader, SessionEffect } from '../language/grammar.js';
import { keywordOf } from '../language/keywords.js';
import * as masterWords from '../language/master.js';
import { parseMail, type SignedOnAs } from '../language/parse.js';
import * as playerWords from '../language/player.js';
import type { Command, ParsedMail } from '../language/types.js';
import type { ExecutionContext } from '../context/context.js';
import { actingAs, type Sender, type SessionOf } from '../context/sender.js';
import type { Session, Step } from '../context/step.js';
import { join, joinAs, takeOver } from '../joining/joining.js';
import { resignInsteadOfSignon, resignSignedOn, signOff, signOn } from '../joining/signing.js';
import { help } from '../listings/help.js';
import { history, list, summary } from '../listings/listings.js';
import { showMap } from '../listings/map-text.js';
import { pressHistory } from '../listings/press-history.js';
import { create, purge, rename } from '../master/games.js';
import * as master from '../master/master.js';
import { clearOrders, showStatus } from '../orders/orders.js';
import { setAcceptance, transfer } from '../orders/payola-funds.js';
import * as payolaWords from '../language/payola.js';
import { sendPress, type PressOptions } from '../press/press.js';
import * as settings from '../settings/settings.js';

/**
 * The command registry: every fact of a mail command in one descriptor, from which the parser's
 * keyword table, the dispatch, the session a command opens and its crash replay are all read. A
 * new command is one descriptor here (and its reader and handler in their folders); leaving out a
 * kind or a fact is a type error. Order and status-file lines are not commands: the run gathers
 * them (`run.ts`).
 */

type Kind = Command['kind'];
/** The kinds the run gathers and submits together rather than one by one. */
type GatheredKind = 'order' | 'statusLine';
export type CommandKind = Exclude<Kind, GatheredKind>;
type CommandOf<K extends Kind> = Extract<Command, { kind: K }>;

/**
 * How a command is replayed when a crash cut it short (docs/durability.md):
 * - `run again`: it changes no game, so it is not recorded before it runs and is simply done again;
 * - `report`: it changes a game, so it is recorded before it runs; if the audit log holds its change
 *   the reply says it was done, and otherwise it is done again;
 * - `resume session`: as `report`, and the lines after it act for the place it made, when the
 *   password it gave proves that place the sender's (`resume.ts`). Only a command that names a game
 *   and a password can prove it.
 */
type AfterCrash<K extends Kind> = K extends Kind
  ? 'run again' | 'report' | (CommandOf<K> extends { game: string; password: string } ? 'resume session' : never)
  : never;

interface Facts<K extends Kind> {
  /** The keywords it is read from, each with its reader; empty for a command read by another's keyword or by the parser itself (press, OBSERVE). */
  readonly keywords: Readonly<Record<string, Reader>>;
  /** Whom the guard lets send it; everyone else is refused before its handler runs. */
  readonly sender: Sender;
  /** What it does to the session: the lines after a command that opens one act for the place it names. */
  readonly session: SessionEffect;
  readonly afterCrash: AfterCrash<K>;
  readonly limit: MailLimit;
  /** How a refusal by the guard names it, when not by its keyword as written. */
  readonly named?: string;
}

type Handler<K extends Kind, S extends Sender> = (
  context: ExecutionContext,
  session: SessionOf<S>,
  command: CommandOf<K>,
  press: PressOptions,
) => Promise<Step> | Step;

/** One descriptor: the handler is typed by the sender, so that it is handed the session its guard proved. */
type Descriptor<K extends Kind> = { [S in Sender]: Facts<K> & { readonly sender: S; readonly run: Handler<K, S> } }[Sender];

type Registry = { readonly [K in CommandKind]: Descriptor<K> };

const COMMANDS: Registry = {
  list: {
    keywords: { LIST: anyone.list },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session, command) => list(context, session, command.game),
  },
  summary: {
    keywords: { SUMMARY: anyone.summary },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session, command) => summary(context, session, command.game),
  },
  history: {
    keywords: { HISTORY: anyone.history },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session, command) => history(context, session, command.game, command.phases),
  },
  /** HISTORY [game] PRESS, read by HISTORY. */
  pressHistory: {
    keywords: {},
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session, command) => pressHistory(context, session, command.game),
  },
  map: {
    keywords: { MAP: anyone.map },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session, command) => showMap(context, session, command.game, command.format),
  },
  help: {
    keywords: { HELP: anyone.help },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session, command) => help(context, session, command.topic),
  },
  join: {
    keywords: { JOIN: anyone.join },
    sender: 'anyone',
    session: 'opens',
    afterCrash: 'resume session',
    limit: 'password check',
    run: (context, _session, command) => join(context, command),
  },
  /** OBSERVE, MONITOR or a type the game ALLOWs: read by the parser from the type's word. */
  joinAs: {
    keywords: {},
    sender: 'anyone',
    session: 'opens',
    afterCrash: 'resume session',
    limit: 'password check',
    run: (context, _session, command) => joinAs(context, command),
  },
  takeover: {
    keywords: { TAKEOVER: anyone.takeover },
    sender: 'anyone',
    session: 'opens',
    afterCrash: 'resume session',
    limit: 'password check',
    run: (context, _session, command) => takeOver(context, command),
  },
  signon: {
    keywords: { SIGNON: anyone.signon },
    sender: 'anyone',
    session: 'opens',
    afterCrash: 'run again',
    limit: 'password check',
    run: (context, _session, command) => signOn(context, command),
  },
  /** RESIGN in place of a SIGNON; after a SIGNON the same keyword reads `resignSignedOn` or `resignPower`. */
  resign: {
    keywords: { RESIGN: anyone.resign },
    sender: 'anyone',
    session: 'opens',
    afterCrash: 'report',
    limit: 'password check',
    run: (context, _session, command) => resignInsteadOfSignon(context, command),
  },
  signoff: {
    keywords: { SIGNOFF: anyone.signoff },
    sender: 'anyone',
    session: 'closes',
    afterCrash: 'run again',
    limit: 'none',
    run: () => signOff(),
  },
  create: {
    keywords: { CREATE: anyone.create },
    sender: 'anyone',
    session: 'opens',
    afterCrash: 'resume session',
    limit: 'password check',
    run: (context, _session, command) => create(context, command),
  },
  purge: {
    keywords: { PURGE: anyone.purge },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'password check',
    run: (context, _session, command) => purge(context, command),
  },
  rename: {
    keywords: { RENAME: anyone.rename },
    sender: 'anyone',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'password check',
    run: (context, _session, command) => rename(context, command),
  },
  clear: {
    keywords: { CLEAR: playerWords.clear },
    sender: 'power',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session) => clearOrders(context, session),
  },
  status: {
    keywords: { STATUS: playerWords.status },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'run again',
    limit: 'query',
    run: (context, session) => showStatus(context, session),
  },
  /** PRESS and BROADCAST, whose bodies span lines: read by the parser itself. */
  press: {
    keywords: {},
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    named: 'press',
    run: (context, session, command, press) => sendPress(context, session, command, press),
  },
  setAddress: {
    keywords: { 'SET ADDRESS': playerWords.setAddress },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.setAddress(context, session, command.addresses),
  },
  setPassword: {
    keywords: { 'SET PASSWORD': playerWords.setPassword },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.setPassword(context, session, command.password),
  },
  transfer: {
    keywords: { TRANSFER: payolaWords.transfer },
    sender: 'power',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => transfer(context, session, command),
  },
  accept: {
    keywords: { ACCEPT: payolaWords.acceptance },
    sender: 'power',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => setAcceptance(context, session, command.list),
  },
  setWait: {
    keywords: { 'SET WAIT': playerWords.setWait },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session) => settings.setWait(context, session, true),
  },
  setNoWait: {
    keywords: { 'SET NOWAIT': playerWords.setNoWait },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session) => settings.setWait(context, session, false),
  },
  setAbsence: {
    keywords: { 'SET ABSENCE': playerWords.setAbsence },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.setAbsence(context, session, command.span),
  },
  setDeadline: {
    keywords: { 'SET DEADLINE': playerWords.setDeadline },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.setDeadline(context, session, command.date),
  },
  setDraw: {
    keywords: { 'SET DRAW': playerWords.setDraw },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.setDraw(context, session, command.powers),
  },
  setNoDraw: {
    keywords: { 'SET NODRAW': playerWords.setNoDraw },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session) => settings.setNoDraw(context, session),
  },
  vote: {
    keywords: { VOTE: playerWords.vote },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.vote(context, session, command.vote),
  },
  propose: {
    keywords: { PROPOSE: playerWords.propose },
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session, command) => settings.propose(context, session, command.result),
  },
  /** VOTE NO, read by VOTE. */
  veto: {
    keywords: {},
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    named: 'VOTE NO',
    run: (context, session) => settings.veto(context, session),
  },
  /** A bare RESIGN after a SIGNON, read by RESIGN. */
  resignSignedOn: {
    keywords: {},
    sender: 'signed on',
    session: 'keeps',
    afterCrash: 'report',
    limit: 'none',
    run: (context, session) => resignSignedOn(context, session),
  },
  reveal: masterCommand({ REVEAL: masterWords.reveal }, (context, session) => master.reveal(context, session)),
  form: masterCommand({ FORM: masterWords.form }, (context, session) => master.form(context, session)),
  activate: masterCommand({ ACTIVATE: masterWords.activate }, (context, session) => master.activate(context, session)),
  wait: masterCommand({ WAIT: masterWords.wait }, (context, session) => master.wait(context, session)),
  terminate: masterCommand({ TERMINATE: masterWords.terminate }, (context, session) => master.terminate(context, session)),
  process: masterCommand({ PROCESS: masterWords.processPhase, 'PROCESS!': masterWords.processPhaseForced }, (context, session, command) =>
    master.processGame(context, session, command.force, command.phase),
  ),
  preview: masterCommand({ PREVIEW: masterWords.preview }, (context, session, command) => master.preview(context, session, command.phase)),
  rollback: masterCommand({ ROLLBACK: masterWords.rollback }, (context, session, command) => master.roll(context, session, command)),
  rollforward: masterCommand({ ROLLFORWARD: masterWords.rollforward }, (context, session, command) => master.roll(context, session, command)),
  /** The Master's RESIGN power, read by RESIGN. */
  resignPower: {
    ...masterCommand({}, (context, session, command: CommandOf<'resignPower'>) => master.resignPlayer(context, session, command.power)),
    named: 'RESIGN power',
  },
  dummy: masterCommand({ DUMMY: masterWords.dummy }, (context, session, command) => master.dummy(context, session, command.power)),
  revive: masterCommand({ REVIVE: masterWords.revive }, (context, session, command) => master.revive(context, session, command.power, command.password)),
  /** OFFICIAL changes no game: it sets the subject of the press after it in the mail. */
  official: {
    ...masterCommand({ OFFICIAL: masterWords.official }, (_context, _session, command) => master.official(command.subject)),
    afterCrash: 'run again',
  },
  setUnlisted: masterCommand({ 'SET UNLISTED': masterWords.setUnlisted }, (context, session) => master.setListed(context, session, false)),
  setListed: masterCommand({ 'SET LISTED': masterWords.setListed }, (context, session) => master.setListed(context, session, true)),
};

/** Most of the Master's commands: they change the game and keep the session. */
function masterCommand<K extends Kind>(
  keywords: Record<string, Reader>,
  run: Handler<K, 'master'>,
): Facts<K> & { sender: 'master'; run: Handler<K, 'master'> } {
  return { keywords, sender: 'master', session: 'keeps', afterCrash: 'report' as AfterCrash<K>, limit: 'none', run };
}

function descriptorOf(kind: CommandKind): Descriptor<CommandKind> {
  return COMMANDS[kind] as Descriptor<CommandKind>;
}

/** The parser's keyword table; a keyword two descriptors claim is a mistake caught as the judge starts. */
const KEYWORDS: KeywordTable = keywordTable();

function keywordTable(): KeywordTable {
  const table: Record<string, KeywordRule> = {};
  for (const kind of Object.keys(COMMANDS) as CommandKind[]) {
    const { keywords, sender, session } = descriptorOf(kind);
    for (const [keyword, read] of Object.entries(keywords)) {
      if (Object.hasOwn(table, keyword)) throw new Error(`the keyword ${keyword} is claimed twice in the command registry`);
      table[keyword] = { needs: sender === 'anyone' ? 'nothing' : 'signon', read, session };
    }
  }
  return table;
}

function isGathered(kind: Kind): kind is GatheredKind {
  return kind === 'order' || kind === 'statusLine';
}

/** Order and status-file lines change a game, and are submitted once their block ends. */
const GATHERED_FACTS: KindFacts = { session: 'keeps', limit: 'none' };

const GRAMMAR: Grammar = { keywords: KEYWORDS, facts: (kind) => (isGathered(kind) ? GATHERED_FACTS : descriptorOf(kind)) };

/** The plain text of a mail read into commands with the registry's keywords. */
export function parseCommands(text: string, signedOn: SignedOnAs = null): ParsedMail {
  return parseMail(GRAMMAR, text, signedOn);
}

/** Whether the command changes a game, so that it is recorded before it runs. Gathered lines do. */
export function changesGame(kind: Kind): boolean {
  return isGathered(kind) || descriptorOf(kind).afterCrash !== 'run again';
}

export function sessionEffect(kind: Kind): SessionEffect {
  return isGathered(kind) ? GATHERED_FACTS.session : descriptorOf(kind).session;
}

/** Whether the lines after the command, cut short by a crash, act for the place its password proves. */
export function resumesSession(command: Command): command is CommandOf<CommandKind> & { game: string; password: string } {
  return !isGathered(command.kind) && descriptorOf(command.kind).afterCrash === 'resume session';
}

/** Runs the command's handler, once the one guard has let its sender through. */
export function dispatch(context: ExecutionContext, session: Session, command: Command, press: PressOptions): Promise<Step> | Step {
  if (isGathered(command.kind)) throw new Error(`${command.kind} lines are gathered by the run, not dispatched one by one`);
  const descriptor = descriptorOf(command.kind);
  const keyword = descriptor.named ?? keywordShown(command);
  const run = descriptor.run as Handler<CommandKind, Sender>;
  return run(context, actingAs(session, descriptor.sender, keyword), command as CommandOf<CommandKind>, press);
}

/** The command's keyword as the sender wrote it (`PROCESS!`, `SET WAIT`). */
function keywordShown(command: Command): string {
  return keywordOf(wordsOf(command.text));
}
