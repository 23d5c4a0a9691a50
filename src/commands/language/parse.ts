import type { Verdict } from '../../common/verdict.js';
import { forbiddenCharacterIn, wordsOf } from '../../status/text.js';
import { isPlayerTypeWord, joinAs } from './anyone.js';
import type { Grammar } from './grammar.js';
import { keywordOf, matchKeyword, type KeywordMatch } from './keywords.js';
import { attributionLength, isComment, isQuoted, isSignatureSeparator } from '../../common/mail-lines.js';
import { mailLines } from './lines.js';
import { pressHeader, type PressHeader } from './press.js';
import { closesStanza, stanzaOpenedBy } from '../../status/stanzas.js';
import type { Command, CommandBody, ParsedMail, ParseProblem, PressEnd, SourceLine } from './types.js';

/**
 * Reads a mail's plain text into commands, DPjudge's way: one command per line, keywords in any
 * case, several SIGNONs per mail, each applying to the lines after it. What a line means depends on
 * where it stands: after a power's SIGNON a line that is not a command is an order, after a Master's
 * SIGNON or a CREATE it is a status-file line, and before any SIGNON it is a mistake.
 */

type Context =
  | { readonly kind: 'start' }
  | { readonly kind: 'session'; readonly master: boolean }
  /** After CREATE until SIGNOFF; a refused CREATE's lines are skipped rather than read as commands. */
  | { readonly kind: 'creating'; readonly refused: boolean }
  /** After SIGNOFF or a refused SIGNON: only commands count, other text is the sender's own. */
  | { readonly kind: 'closed' };

const PRESS_ENDS: ReadonlySet<string> = new Set(['ENDPRESS', 'ENDBROADCAST', 'SIGNOFF']);
/** After CREATE, DPjudge writes every line into the new status file except these. */
const COMMANDS_WHILE_CREATING: ReadonlySet<string> = new Set(['SIGNOFF', 'SIGNON', 'FORM', 'SET UNLISTED', 'SET LISTED']);
/** Types of non-map players every game accepts; others must be ALLOWed by the game. */
const BUILT_IN_PLAYER_TYPES = ['OBSERVER', 'MONITOR'];

/** Commands and values never hold control characters: one could smuggle a line into a status file. */
function controlCharacterReason(character: string): string {
  return `the line contains a control character (${character})`;
}

interface PressBody {
  readonly body: string;
  readonly lastLine: number;
  readonly endedBy: PressEnd;
  readonly clean: boolean;
}

/**
 * What one mail may ask, so that a short mail (with a forged From, perhaps) cannot make the judge
 * mail megabytes to someone, write thousands of lines into a status file, or spend minutes hashing
 * passwords: commands in all, password checks (each costs a deliberately slow hash), games created.
 * A query asked twice in one mail is answered once.
 */
const MAIL_LIMITS = { commands: 500, passwordChecks: 10, creations: 1 } as const;

class MailReader {
  private context: Context;
  private passwordChecks = 0;
  private creations = 0;
  private readonly queries = new Set<string>();
  /** Counts the sessions the mail opened: a query is the same query only within one session. */
  private sessions = 0;
  /** Set once the mail asked more than it may: the rest of it is not read. */
  private overLimit = false;
  /** The END words of the status-file stanza being read, if any. */
  private stanza: readonly string[] | null = null;
  private next = 0;
  readonly commands: Command[] = [];
  readonly problems: ParseProblem[] = [];

  private readonly texts: readonly string[];

  constructor(
    private readonly grammar: Grammar,
    private readonly lines: readonly SourceLine[],
    signedOn: SignedOnAs,
  ) {
    this.texts = lines.map((line) => line.text);
    this.context = signedOn === null ? { kind: 'start' } : { kind: 'session', master: signedOn === 'master' };
  }

  read(): void {
    while (this.next < this.lines.length && !this.overLimit) {
      const source = this.lines[this.next++]!;
      if (isComment(source.text)) continue;
      if (isSignatureSeparator(source.text)) return;
      if (isQuoted(source.text) || source.text.trim() === '') continue;
      const attribution = attributionLength(this.texts, this.next - 1);
      if (attribution > 0) {
        this.next += attribution - 1;
        continue;
      }
      this.readLine(source, wordsOf(source.text));
    }
  }

  private readLine(source: SourceLine, words: readonly string[]): void {
    if (this.isStatusFileText(words)) return this.statusLine(source, words);
    const first = words[0]!.toUpperCase();
    if (first === 'PRESS' || first === 'BROADCAST') return this.press(source, words);
    const match = matchKeyword(this.grammar.keywords, words);
    if (this.context.kind === 'closed' && match.found !== 'command' && !this.startsJoinAs(words)) return;
    const forbidden = forbiddenCharacterIn(source.text);
    if (forbidden !== null) {
      this.problem(source, controlCharacterReason(forbidden));
      if (match.found === 'command') this.afterRefused(match, this.signedOn);
      else if (this.startsJoinAs(words)) this.enter({ kind: 'closed' });
      return;
    }
    if (first === 'ENDPRESS' || first === 'ENDBROADCAST') return this.problem(source, `${first} without a PRESS or BROADCAST before it`);
    if (match.found === 'command') return this.command(source, match);
    if (match.found === 'bad SET') return this.problem(source, match.reason);
    this.otherLine(source, words);
  }

  /** Inside a stanza only SIGNOFF still counts, so that a description may start a line with any word. */
  private isStatusFileText(words: readonly string[]): boolean {
    const keyword = keywordOf(words);
    if (keyword === 'SIGNOFF') return false;
    if (this.stanza !== null) return true;
    return this.context.kind === 'creating' && !COMMANDS_WHILE_CREATING.has(keyword);
  }

  private get signedOn(): boolean {
    return this.context.kind === 'session' || this.context.kind === 'creating';
  }

  private command(source: SourceLine, match: Extract<KeywordMatch, { found: 'command' }>): void {
    if (match.rule.needs === 'signon' && !this.signedOn) {
      if (this.context.kind === 'start') this.problem(source, `${match.keyword} needs a SIGNON first`);
      return;
    }
    const signedOn = this.signedOn;
    const read = match.rule.read({ keyword: match.keyword, words: match.words, rest: match.words.join(' '), signedOn });
    this.settle(source, read, () => this.afterRefused(match, signedOn));
  }

  /** A refused SIGNON (or JOIN, TAKEOVER, RESIGN in its place) must not leave the lines after it to an earlier SIGNON. */
  private afterRefused({ keyword, words, rule }: Extract<KeywordMatch, { found: 'command' }>, signedOn: boolean): void {
    // After a SIGNON, RESIGN alone or with a power's name is the player's or the Master's RESIGN, which opens nothing.
    const resignsInsteadOfSignon = !signedOn || words.length >= 2 || (words[0] ?? '').includes('@');
    if (keyword === 'CREATE') this.enter({ kind: 'creating', refused: true });
    else if (rule.session === 'opens' && (keyword !== 'RESIGN' || resignsInsteadOfSignon)) this.enter({ kind: 'closed' });
  }

  /** `TYPE name@game password`; never after a Master's SIGNON, where PLAYER lines hold addresses. */
  private startsJoinAs(words: readonly string[]): boolean {
    const first = words[0]!;
    if (this.context.kind === 'session' && this.context.master) return false;
    if (!isPlayerTypeWord(first)) return false;
    if (words[1]?.includes('@')) return true;
    // Outside a session, "OBSERVE game password" is a join gone wrong, worth a specific reason.
    return this.context.kind !== 'session' && BUILT_IN_PLAYER_TYPES.some((type) => type.startsWith(first.toUpperCase()));
  }

  private otherLine(source: SourceLine, words: readonly string[]): void {
    if (this.startsJoinAs(words)) {
      const joined = joinAs(words[0]!.toUpperCase(), words.slice(1));
      return this.settle(source, joined, () => this.enter({ kind: 'closed' }));
    }
    if (this.context.kind === 'start') return this.problem(source, 'not a command; orders and press need a SIGNON first');
    if (this.context.kind === 'session' && this.context.master) return this.statusLine(source, words);
    this.emit(source, { kind: 'order', order: source.text.trim() });
  }

  private statusLine(source: SourceLine, words: readonly string[]): void {
    if (this.context.kind === 'creating' && this.context.refused) return;
    const forbidden = forbiddenCharacterIn(source.text);
    if (forbidden !== null) return this.problem(source, controlCharacterReason(forbidden));
    if (this.stanza === null) this.stanza = stanzaOpenedBy(words);
    else if (closesStanza(words, this.stanza)) this.stanza = null;
    this.emit(source, { kind: 'statusLine', directive: source.text.trim() });
  }

  private press(source: SourceLine, words: readonly string[]): void {
    const header = this.pressHeader(source, words);
    const body = this.pressBody(header !== null && header.ok);
    if (header === null) return;
    if (!header.ok) return this.problem(source, header.reason);
    if (!body.clean) return;
    this.emit(source, { ...header.value, body: body.body, lastLine: body.lastLine, endedBy: body.endedBy });
  }

  /** The header's options, or why the press cannot be sent; null when the press is silently skipped. */
  private pressHeader(source: SourceLine, words: readonly string[]): Verdict<PressHeader> | null {
    const keyword = words[0]!.toUpperCase();
    if (this.context.kind === 'closed') return null;
    const forbidden = forbiddenCharacterIn(source.text);
    if (forbidden !== null) return { ok: false, reason: controlCharacterReason(forbidden) };
    if (!this.signedOn) return { ok: false, reason: `${keyword} needs a SIGNON first` };
    return pressHeader(words.slice(1), keyword === 'BROADCAST');
  }

  /**
   * Press runs verbatim, quotes, signatures and blank lines included, until ENDPRESS, ENDBROADCAST or
   * SIGNOFF starts a line, or the mail ends. SIGNOFF is left to be read as a command too.
   */
  private pressBody(report: boolean): PressBody {
    const text: string[] = [];
    let lastLine = this.lines[this.next - 1]!.line;
    let clean = true;
    while (this.next < this.lines.length) {
      const source = this.lines[this.next]!;
      const first = (wordsOf(source.text)[0] ?? '').toUpperCase();
      if (PRESS_ENDS.has(first)) {
        if (first !== 'SIGNOFF') this.next++;
        return { body: text.join('\n'), lastLine: source.line, endedBy: first as PressEnd, clean };
      }
      this.next++;
      if (isComment(source.text)) continue;
      const forbidden = forbiddenCharacterIn(source.text);
      if (forbidden !== null) {
        clean = false;
        if (report) this.problem(source, `the press contains a control character (${forbidden}), so it is not sent`);
      }
      text.push(source.text);
      lastLine = source.line;
    }
    return { body: text.join('\n'), lastLine, endedBy: 'end of mail', clean };
  }

  private settle(source: SourceLine, read: Verdict<CommandBody>, onRefusal: () => void): void {
    if (read.ok) return this.emit(source, read.value);
    this.problem(source, read.reason);
    onRefusal();
  }

  private emit(source: SourceLine, body: CommandBody): void {
    const refusal = this.overLimitReason(body, source);
    if (refusal !== null) return this.problem(source, refusal);
    this.commands.push({ ...body, line: source.line, text: source.text });
    const session = this.grammar.facts(body.kind).session;
    if (body.kind === 'create') this.enter({ kind: 'creating', refused: false });
    else if (session === 'opens') this.enter({ kind: 'session', master: 'who' in body && body.who.form === 'master' });
    else if (session === 'closes') this.enter({ kind: 'closed' });
  }

  /** Why the mail may not ask this too, or null; past the command limit the rest of the mail is not read. */
  private overLimitReason(body: CommandBody, source: SourceLine): string | null {
    if (this.commands.length >= MAIL_LIMITS.commands) {
      this.overLimit = true;
      return `a mail may hold at most ${MAIL_LIMITS.commands} commands and orders; this line and the rest of the mail were not read`;
    }
    const limit = this.grammar.facts(body.kind).limit;
    if (limit === 'password check' && ++this.passwordChecks > MAIL_LIMITS.passwordChecks)
      return `a mail may sign on, join or create at most ${MAIL_LIMITS.passwordChecks} times; send the rest in another mail`;
    if (body.kind === 'create' && ++this.creations > MAIL_LIMITS.creations) return 'a mail may create one game; send another mail for the next';
    if (limit === 'query') {
      const asked = `${this.sessions} ${wordsOf(source.text).join(' ').toUpperCase()}`;
      if (this.queries.has(asked)) return 'asked already in this mail, and answered once';
      this.queries.add(asked);
    }
    return null;
  }

  private enter(context: Context): void {
    this.sessions++;
    this.context = context;
    this.stanza = null;
  }

  private problem(source: SourceLine, reason: string): void {
    this.problems.push({ line: source.line, text: source.text, reason });
  }
}

/**
 * Who the mail's lines act for before any SIGNON: nobody (a mail), or a web page's visitor already
 * signed on as a power or as the Master.
 */
export type SignedOnAs = null | 'power' | 'master';

/** Parses the plain text of a mail. Never throws: whatever cannot be read is a problem on its line. */
export function parseMail(grammar: Grammar, body: string, signedOn: SignedOnAs = null): ParsedMail {
  const { lines, problems } = mailLines(body);
  const reader = new MailReader(grammar, lines, signedOn);
  reader.read();
  return { commands: reader.commands, problems: [...problems, ...reader.problems].sort((a, b) => a.line - b.line) };
}
