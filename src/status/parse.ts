import type { Diagnostic } from '../map/model.js';
import { parseRotation } from '../map/rotation.js';
import { closesStanza, gameLines, powerLines } from './canonical.js';
import {
  all,
  fail,
  fromMessage,
  isUnitTypeWord,
  ok,
  oneWord,
  readCount,
  readDeadline,
  readIdentity,
  readNeed,
  readPhaseLine,
  readPhaseOrder,
  readCap,
  readPlaces,
  readPlayerHistory,
  readsAsOfferLine,
  readResult,
  readRoles,
  readRuleSwitch,
  readTax,
  readTeam,
  readUnitLine,
  readVote,
  upper,
  type Read,
} from './codecs.js';
import {
  isGameKeyword,
  isPowerKeyword,
  ORDER_LISTS,
  orderListOf,
  readsAsPowerHeader,
  rolesOf,
  type GameKeyword,
  type OrderList,
  type PowerKeyword,
} from './keywords.js';
import { blankGame, MAP_POWER_ROLE, newPower, type GameStatus, type PowerStatus, type TextBlock } from './model.js';
import { GAME_OWNER, groupEntries, type SourceEntry, type StatusSource } from './source.js';
import {
  decodeStatusBytes,
  forbiddenCharacterIn,
  restAfterFirstWord,
  splitLines,
  takeByteOrderMark,
  wordsOf,
  type SourceLine,
  type StatusEncoding,
} from './text.js';
import { readOfferLine } from '../orders/offer-line.js';

export interface ParsedStatus {
  readonly game: GameStatus;
  /** Errors and warnings, each with the file and line; a game with errors must not be played. */
  readonly diagnostics: readonly Diagnostic[];
}

export interface ParseOptions {
  /** The name diagnostics give the file. */
  file?: string;
  encoding?: StatusEncoding;
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] extends readonly (infer Item)[] ? Item[] : T[Key] };

/** The line kind of keywords that share a kind with another spelling (see `canonical.ts`). */
const GAME_KIND_OF: Partial<Record<GameKeyword, string>> = { AWAIT: 'PHASE', SKIP: 'PHASE', WAIT: 'PHASE', TRIAL: 'MAP', TEAM: 'TEAMS', DESCRIPTION: 'DESC' };
const POWER_KIND_OF: Partial<Record<PowerKeyword, string>> = {
  'OMNISCIENT!': 'OMNISCIENT',
  RETREAT: 'phase-order',
  DISBAND: 'phase-order',
  BUILD: 'phase-order',
  REMOVE: 'phase-order',
};
/** Kinds a block may hold any number of; every other kind once. */
const REPEATABLE_KINDS = new Set(['RULE', 'MORPH', 'TEAMS', 'DESC', 'NAME', 'TAX', 'unit', 'phase-order', 'MSG', 'SENT', 'offer', 'orders', 'sooner', 'later']);

interface OpenStanza {
  keyword: 'MORPH' | 'DESC' | 'NAME';
  first: number;
  lines: string[];
}

const ORDER_LIST_KEYWORDS = Object.entries(ORDER_LISTS);

/** A source entry in the making: its spelling is known once the whole file is read. */
type RawEntry = { -readonly [Key in keyof SourceEntry]: SourceEntry[Key] };

/** Reads a status file's text into the model. Never throws: every problem is a diagnostic with its line. */
export function parseStatus(text: string, options: ParseOptions = {}): ParsedStatus {
  return new StatusReader(text, options.file ?? 'status', options.encoding ?? 'utf-8').read();
}

/** Decodes a status file's bytes (UTF-8, or Latin-1 for old files) and reads them. */
export function readStatus(bytes: Uint8Array, file = 'status'): ParsedStatus {
  const decoded = decodeStatusBytes(bytes);
  const parsed = parseStatus(decoded.text, { file, encoding: decoded.encoding });
  if (decoded.encoding === 'utf-8') return parsed;
  const note: Diagnostic = { file, line: 1, severity: 'warning', message: 'the file is not UTF-8; read as Latin-1 and kept so' };
  return { game: parsed.game, diagnostics: [note, ...parsed.diagnostics] };
}

class StatusReader {
  private readonly lines: SourceLine[];
  private readonly bom: boolean;
  private readonly game = blankGame() as Mutable<GameStatus>;
  private readonly powers: Mutable<PowerStatus>[] = [];
  private readonly owners: number[] = [];
  private power: Mutable<PowerStatus> | null = null;
  private owner = GAME_OWNER;
  private list: OrderList | null = null;
  private stanza: OpenStanza | null = null;
  private readonly entries: RawEntry[] = [];
  private readonly regions: number[] = [];
  private headerEnd: number;
  private readonly diagnostics: Diagnostic[] = [];
  /** Where each once-only kind was given, per owner, to report a second one. */
  private readonly given = new Map<number, Map<string, number>>();
  private roles: Set<string> = rolesOf([]);

  constructor(
    text: string,
    private readonly file: string,
    private readonly encoding: StatusEncoding,
  ) {
    const withoutMark = takeByteOrderMark(text);
    this.bom = withoutMark.bom;
    this.lines = splitLines(withoutMark.text);
    this.headerEnd = this.lines.length;
  }

  read(): ParsedStatus {
    for (let index = 0; index < this.lines.length; index++) {
      this.readLine(index, this.lines[index]!.text);
      this.regions.push(this.owner);
    }
    if (this.stanza) this.abandonStanza(this.stanza);
    const game: GameStatus = { ...this.game, powers: this.powers.map((power, index) => ({ ...power, line: this.owners[index]! + 1 })) };
    const source = this.source(game);
    return { game: { ...game, source }, diagnostics: this.diagnostics };
  }

  private report(index: number, severity: Diagnostic['severity'], message: string): void {
    this.diagnostics.push({ file: this.file, line: index + 1, severity, message });
  }

  private readLine(index: number, text: string): void {
    const forbidden = forbiddenCharacterIn(text);
    if (this.stanza) return this.readStanzaLine(index, text, forbidden);
    if (forbidden) return this.report(index, 'error', `the line holds the control character ${forbidden}; it is ignored until the character is removed`);
    const words = wordsOf(text);
    if (words.length === 0) return;
    if (this.power && this.list) return this.readOrderListLine(index, words);
    if (readsAsPowerHeader(words, this.roles)) return this.startPower(index, words);
    const keyword = words[0]!.toUpperCase();
    if (this.power) return this.readPowerBlockLine(index, keyword, words, text);
    if (isGameKeyword(keyword)) return this.readGameLine(index, keyword, words);
    if (isPowerKeyword(keyword) || isUnitTypeWord(keyword))
      return this.report(index, 'error', `${keyword} belongs in a power block, but no power has been named yet; the line is ignored`);
    this.report(index, 'warning', `unknown line starting '${words[0]}', kept as written`);
  }

  private readStanzaLine(index: number, text: string, forbidden: string | null): void {
    const stanza = this.stanza!;
    const words = wordsOf(text);
    if (forbidden) this.report(index, 'error', `the line holds the control character ${forbidden}; it is left out of the ${stanza.keyword} stanza`);
    else if (closesStanza(stanza.keyword, words)) {
      this.stanza = null;
      this.addEntry(GAME_OWNER, stanza.keyword, stanza.first, index);
      this.textBlocks(stanza.keyword).push({ lines: stanza.lines, stanza: true });
    } else if (words.length > 0) stanza.lines.push(words.join(' '));
  }

  private abandonStanza(stanza: OpenStanza): void {
    this.report(stanza.first, 'error', `the ${stanza.keyword} stanza starting here has no END ${stanza.keyword} line; it is ignored`);
  }

  private textBlocks(keyword: OpenStanza['keyword']): TextBlock[] {
    if (keyword === 'MORPH') return this.game.morphs as TextBlock[];
    return (keyword === 'DESC' ? this.game.descriptions : this.game.nameOrigins) as TextBlock[];
  }

  private readOrderListLine(index: number, words: string[]): void {
    if (readsAsPowerHeader(words, this.roles)) return this.startPower(index, words);
    const list = orderListOf(words);
    if (list) return this.startOrderList(index, words[0]!.toUpperCase(), list);
    this.addEntry(this.owner, this.list!, index, index);
    this.power![this.list!].push(words.join(' '));
  }

  private startOrderList(index: number, keyword: string, list: OrderList): void {
    if (!this.once(index, this.owner, keyword, keyword)) return;
    this.list = list;
    this.addEntry(this.owner, keyword, index, index);
  }

  private startPower(index: number, words: string[]): void {
    const first = words[0]!.toUpperCase();
    const role = words.length === 1 ? MAP_POWER_ROLE : first;
    const written = words.length === 1 ? words[0]! : words[1]!;
    const power = newPower(role === MAP_POWER_ROLE ? written.toUpperCase() : written, role) as Mutable<PowerStatus>;
    if (this.powers.length === 0) this.headerEnd = index;
    this.powers.push(power);
    this.owners.push(index);
    this.power = power;
    this.owner = index;
    this.list = null;
    this.addEntry(index, 'header', index, index);
  }

  private addEntry(owner: number, kind: string, first: number, last: number, bare = false): void {
    this.entries.push({ owner, kind, first, last, bare, canonical: '' });
  }

  /** Whether a once-only kind is given for the first time here; reports a second one. */
  private once(index: number, owner: number, kind: string, keyword: string): boolean {
    if (REPEATABLE_KINDS.has(kind)) return true;
    let kinds = this.given.get(owner);
    if (!kinds) this.given.set(owner, (kinds = new Map()));
    const earlier = kinds.get(kind);
    if (earlier === undefined) {
      kinds.set(kind, index);
      return true;
    }
    this.report(index, 'error', `${keyword} is given twice (line ${earlier + 1} gives it first); this line is ignored`);
    return false;
  }

  /** Records a parsed value: checks it is the first of its kind, then stores it. */
  private accept<T>(index: number, owner: number, keyword: string, read: Read<T>, store: (value: T) => void, bare: boolean, kind: string): void {
    if (!read.ok) return this.report(index, 'error', read.message);
    if (!this.once(index, owner, kind, keyword)) return;
    store(read.value);
    this.addEntry(owner, kind, index, index, bare);
  }

  private readGameLine(index: number, keyword: GameKeyword, words: string[]): void {
    const game = this.game;
    const rest = words.slice(1);
    const kind = GAME_KIND_OF[keyword] ?? keyword;
    const take = <T>(read: Read<T>, store: (value: T) => void, bare = false) => this.accept(index, GAME_OWNER, keyword, read, store, bare, kind);
    switch (keyword) {
      case 'PHASE':
      case 'AWAIT':
      case 'SKIP':
      case 'WAIT':
        return take(readPhaseLine(keyword, keyword, rest), (phase) => (game.phase = phase));
      case 'GAME':
        return take(oneWord(keyword, rest, "the game's name"), (name) => (game.name = name));
      case 'DEADLINE':
        return take(readDeadline(rest), (stamp) => (game.deadline = stamp));
      case 'ZONE':
        return take(oneWord(keyword, rest, 'a time zone such as Europe/Paris'), (zone) => (game.zone = zone));
      case 'TIMING':
        return take(ok(rest.join(' ')), (timing) => (game.timing = timing));
      case 'DELAY':
        return take(readCount(rest), (delay) => (game.delay = delay));
      case 'PRIVATE':
        return take(
          rest.length <= 1 ? ok(rest[0] ?? null) : fail('PRIVATE takes at most one word, the privacy password'),
          (word) => (game.privacy = word),
          rest.length === 0,
        );
      case 'RULE':
        return take(all(rest, readRuleSwitch), (rules) => game.rules.push(rules));
      case 'MAP':
      case 'TRIAL':
        return take(oneWord(keyword, rest, "the map's name"), (name) => (game.map = { name, trial: keyword === 'TRIAL' }));
      case 'MORPH':
      case 'DESC':
      case 'DESCRIPTION':
      case 'NAME':
        return this.readTextLine(index, keyword === 'DESCRIPTION' ? 'DESC' : keyword, words);
      case 'TEAM':
      case 'TEAMS':
        return take(all(rest, readTeam), (teams) => game.teams.push(teams));
      case 'MASTER':
        return take(
          rest.length === 1 ? readIdentity(rest[0]!) : fail('MASTER takes one player, e.g. #42|joe@blow.com|Joe_Blow'),
          (master) => (game.master = master),
        );
      case 'PASSWORD':
        return take(rest.length === 1 ? ok(rest[0]!) : fail('PASSWORD takes exactly one word'), (password) => (game.masterPassword = password));
      case 'TESTER':
        return take(rest.length <= 1 ? ok({ address: rest[0] ?? null }) : fail('TESTER takes at most one address'), (tester) => (game.tester = tester));
      case 'START':
      case 'FINISH':
        return take(rest.length > 0 ? ok(rest.join(' ')) : fail(`${keyword} needs a date`), (date) =>
          keyword === 'START' ? (game.start = date) : (game.finish = date),
        );
      case 'RESULT':
        return take(readResult(rest), (result) => (game.result = result));
      case 'ALLOW':
        return take(
          readRoles(rest),
          (allow) => {
            game.allow = allow;
            this.roles = rolesOf(allow);
          },
          rest.length === 0,
        );
      case 'PROPOSAL':
        return take(
          rest.length === 2
            ? ok({ result: rest[0]!.toUpperCase(), proposer: rest[1]!.toUpperCase() })
            : fail('PROPOSAL takes a result and the proposing power'),
          (proposal) => (game.proposal = proposal),
        );
      case 'NEED':
        return take(readNeed(rest), (need) => (game.need = need), rest.length === 0);
      case 'ROTATE':
        return take(fromMessage(parseRotation(rest)), (rotation) => (game.rotation = rotation));
      case 'CAP':
        return take(readCap(rest), (cap) => (game.cap = cap));
      case 'TAX':
        return take(readTax(rest), (tax) => game.taxes.push(tax));
    }
  }

  private readTextLine(index: number, keyword: OpenStanza['keyword'], words: string[]): void {
    if (words.length === 1) {
      this.stanza = { keyword, first: index, lines: [] };
      return;
    }
    this.addEntry(GAME_OWNER, keyword, index, index);
    this.textBlocks(keyword).push({ lines: [restAfterFirstWord(words)], stanza: false });
  }

  private readPowerBlockLine(index: number, keyword: string, words: string[], text: string): void {
    if (readsAsOfferLine(text, words)) return this.readOffer(index, words);
    if (isUnitTypeWord(keyword))
      return this.accept(index, this.owner, keyword, readUnitLine(text, words), (unit) => this.power!.units.push(unit), false, 'unit');
    if (isPowerKeyword(keyword)) return this.readPowerLine(index, keyword, words);
    if (keyword === 'RULE') return this.report(index, 'error', 'RULE lines must come before the first power block; this one is ignored');
    if (isGameKeyword(keyword)) return this.readGameLine(index, keyword, words);
    this.report(index, 'warning', `unknown line starting '${words[0]}' in the block of ${this.power!.name}, kept as written`);
  }

  /** A Payola offer-sheet line: kept as written once its syntax is right (the board is checked when the sheet is read). */
  private readOffer(index: number, words: string[]): void {
    const line = words.join(' ');
    const read = readOfferLine(line);
    const checked: Read<string> = read.ok ? ok(line) : fail(`the offer '${line}' cannot be read: ${read.reason}; the line is ignored`);
    this.accept(index, this.owner, 'offer', checked, (offer) => this.power!.offers.push(offer), false, 'offer');
  }

  private readPowerLine(index: number, keyword: PowerKeyword, words: string[]): void {
    const power = this.power!;
    const rest = words.slice(1);
    const kind = POWER_KIND_OF[keyword] ?? keyword;
    const take = <T>(read: Read<T>, store: (value: T) => void, bare = false) => this.accept(index, this.owner, keyword, read, store, bare, kind);
    const noWords = (then: () => void) => take(rest.length === 0 ? ok(true) : fail(`${keyword} stands alone on its line`), then);
    switch (keyword) {
      case 'ADDRESS': {
        const addresses = rest.flatMap((part) => part.split(',')).filter((part) => part !== '');
        return take(ok(addresses), (list) => (power.addresses = list), addresses.length === 0);
      }
      case 'PLAYER':
        return take(readPlayerHistory(rest), (player) => (power.player = player));
      case 'PASSWORD':
        return take(rest.length === 1 ? ok(rest[0]!) : fail('PASSWORD takes exactly one word'), (password) => (power.password = password));
      case 'CONTROL':
        return take(ok(upper(rest)), (control) => (power.control = control), rest.length === 0);
      case 'VOTE':
        return take(readVote(rest), (vote) => (power.vote = vote));
      case 'OWNS':
        return take(readPlaces(keyword, rest), (owns) => (power.owns = owns), rest.length === 0);
      case 'HOME':
        return take(readPlaces(keyword, rest), (homes) => (power.homes = homes));
      case 'SEES':
        return take(readPlaces(keyword, rest), (sees) => (power.sees = sees), rest.length === 0);
      case 'FUNDS':
        return take(ok(rest), (funds) => (power.funds = funds));
      case 'WAIT':
        return noWords(() => (power.wait = true));
      case 'OMNISCIENT':
      case 'OMNISCIENT!':
        return noWords(() => (power.omniscient = keyword === 'OMNISCIENT' ? 'yes' : 'yes-with-press'));
      case 'RETREAT':
      case 'DISBAND':
      case 'BUILD':
      case 'REMOVE':
        return take(readPhaseOrder(keyword, rest), (order) => power.phaseOrders.push(order));
      case 'MSG':
        return take(ok(rest.join(' ')), (message) => power.messages.push(message));
      case 'ACCEPT':
        return take(oneWord(keyword, rest, 'the acceptance list, power letters such as FEG?'), (accept) => (power.accept = accept.toUpperCase()));
      case 'SENT':
        return take(oneWord(keyword, rest, 'the power funds were sent to'), (sent) => power.sent.push(sent.toUpperCase()));
      case 'ORDERS':
      case 'SOONER':
      case 'LATER':
        if (rest.length > 0) return this.report(index, 'error', `${keyword} stands alone on its line; the orders go on the lines after it`);
        return this.startOrderList(index, keyword, ORDER_LISTS[keyword]);
    }
  }

  /** Spells every entry as the writer would, from the values just read, so unchanged values keep their lines. */
  private source(game: GameStatus): StatusSource {
    const byOwner = groupEntries(this.entries);
    const powerOf = new Map(this.owners.map((owner, index) => [owner, game.powers[index]!]));
    for (const [owner, kinds] of byOwner) {
      const power = powerOf.get(owner);
      // An order-list keyword alone keeps its line when the list it started stays empty.
      if (power) for (const [keyword, list] of ORDER_LIST_KEYWORDS) for (const entry of kinds.get(keyword) ?? []) entry.bare = power[list].length === 0;
      const keepsBare = (kind: string) => kinds.get(kind)?.some((entry) => entry.bare) ?? false;
      const spelled = power ? powerLines(power, keepsBare) : gameLines(game, keepsBare);
      for (const [kind, entries] of kinds)
        entries.forEach((entry, position) => {
          const canonical = spelled.get(kind)?.[position];
          if (canonical === undefined) throw new Error(`status reader: no spelling for the ${kind} on line ${entry.first + 1}`);
          entry.canonical = canonical;
        });
    }
    return {
      file: this.file,
      lines: this.lines,
      bom: this.bom,
      encoding: this.encoding,
      byOwner,
      regions: this.regions,
      headerEnd: this.headerEnd,
    };
  }
}
