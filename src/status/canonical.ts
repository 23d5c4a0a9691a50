import { formatRotation, parseRotation } from '../map/rotation.js';
import {
  formatIdentity,
  formatNeed,
  formatPhaseLine,
  formatPhaseOrder,
  formatPlayerHistory,
  formatRuleSwitch,
  formatTax,
  formatTeam,
  formatUnitLine,
  formatVote,
  phaseAbbreviation,
  place,
  readsAsOfferLine,
} from './codecs.js';
import { isReservedWord } from './keywords.js';
import { readOfferLine } from '../orders/offer-line.js';
import { MAP_POWER_ROLE, type GameStatus, type PowerStatus, type TextBlock } from './model.js';
import { freeText, nonEmptyText, StatusWriteError, upperWord, wholeNumber, word } from './safe.js';

/**
 * The canonical spelling of every line kind, in the order a new file is written. A kind's lines
 * are its model values written out; a value spelled the same as when it was read keeps its line.
 *
 * `keepBare` says whether the file has the kind's keyword alone on a line (`OWNS`, `ORDERS`): an
 * empty value keeps such a line rather than dropping it, so that reading and writing changes nothing.
 */
export type KindLines = Map<string, string[]>;
type KindSpec<Owner> = { kind: string; lines: (owner: Owner, keepBare: boolean) => string[] };

const DEADLINE_STAMP = /^\d{12}$/;

function keywordLine(keyword: string, rest: string): string {
  return rest === '' ? keyword : `${keyword} ${rest}`;
}

function optional<T>(value: T | null, write: (value: T) => string): string[] {
  return value === null ? [] : [write(value)];
}

/** A keyword followed by a list that may be empty: the line is left out when empty unless it was there. */
function listLine(keyword: string, items: readonly string[], keepBare: boolean): string[] {
  if (items.length === 0) return keepBare ? [keyword] : [];
  return [keywordLine(keyword, items.join(' '))];
}

const STANZA_CLOSERS: Record<string, readonly string[]> = {
  MORPH: ['MORPH'],
  DESC: ['DESC', 'DESCRIPTION'],
  NAME: ['NAME'],
};

/** Whether a line's words close a stanza opened by `keyword` (`END DESC` also closes a DESCRIPTION). */
export function closesStanza(keyword: string, words: readonly string[]): boolean {
  return words.length === 2 && words[0]!.toUpperCase() === 'END' && STANZA_CLOSERS[keyword]!.includes(words[1]!.toUpperCase());
}

function textBlock(keyword: string, block: TextBlock): string {
  if (!block.stanza) {
    if (block.lines.length !== 1) throw new StatusWriteError(`a one-line ${keyword} holds exactly one line, got ${block.lines.length}`);
    return `${keyword} ${nonEmptyText(block.lines[0]!, keyword)}`;
  }
  const body = block.lines.map((line) => {
    const text = nonEmptyText(line, `${keyword} stanza line`);
    if (closesStanza(keyword, text.split(' '))) throw new StatusWriteError(`a ${keyword} stanza line must not read '${text}'`);
    return text;
  });
  return [keyword, ...body, `END ${keyword}`].join('\n');
}

const GAME_KINDS: readonly KindSpec<GameStatus>[] = [
  { kind: 'GAME', lines: (game) => optional(game.name, (name) => `GAME ${word(name, 'GAME')}`) },
  { kind: 'PHASE', lines: (game) => optional(game.phase, formatPhaseLine) },
  {
    kind: 'DEADLINE',
    lines: (game) =>
      optional(game.deadline, (stamp) => {
        if (!DEADLINE_STAMP.test(stamp)) throw new StatusWriteError(`DEADLINE must be yyyymmddhhmm, got ${JSON.stringify(stamp)}`);
        return `DEADLINE ${stamp}`;
      }),
  },
  { kind: 'ZONE', lines: (game) => optional(game.zone, (zone) => `ZONE ${word(zone, 'ZONE')}`) },
  { kind: 'TIMING', lines: (game) => optional(game.timing, (timing) => keywordLine('TIMING', freeText(timing, 'TIMING'))) },
  { kind: 'DELAY', lines: (game) => optional(game.delay, (delay) => `DELAY ${wholeNumber(delay, 'DELAY')}`) },
  {
    kind: 'PRIVATE',
    lines: (game, keepBare) => listLine('PRIVATE', game.privacy === null ? [] : [word(game.privacy, 'PRIVATE', true)], keepBare),
  },
  { kind: 'RULE', lines: (game) => game.rules.map((line) => keywordLine('RULE', line.map(formatRuleSwitch).join(' '))) },
  { kind: 'MAP', lines: (game) => optional(game.map, (map) => `${map.trial ? 'TRIAL' : 'MAP'} ${word(map.name, 'MAP')}`) },
  { kind: 'MORPH', lines: (game) => game.morphs.map((block) => textBlock('MORPH', block)) },
  { kind: 'TEAMS', lines: (game) => game.teams.map((line) => keywordLine('TEAMS', line.map(formatTeam).join(' '))) },
  { kind: 'MASTER', lines: (game) => optional(game.master, (master) => `MASTER ${formatIdentity(master)}`) },
  { kind: 'PASSWORD', lines: (game) => optional(game.masterPassword, (password) => `PASSWORD ${word(password, 'PASSWORD', true)}`) },
  {
    kind: 'TESTER',
    lines: (game) => optional(game.tester, (tester) => keywordLine('TESTER', tester.address === null ? '' : word(tester.address, 'TESTER'))),
  },
  { kind: 'START', lines: (game) => optional(game.start, (start) => `START ${nonEmptyText(start, 'START')}`) },
  { kind: 'FINISH', lines: (game) => optional(game.finish, (finish) => `FINISH ${nonEmptyText(finish, 'FINISH')}`) },
  {
    kind: 'RESULT',
    lines: (game) =>
      optional(game.result, (result) =>
        ['RESULT', phaseAbbreviation(result.phase, 'RESULT phase'), ...result.victors.map((victor) => upperWord(victor, 'RESULT power'))].join(' '),
      ),
  },
  { kind: 'DESC', lines: (game) => game.descriptions.map((block) => textBlock('DESC', block)) },
  { kind: 'NAME', lines: (game) => game.nameOrigins.map((block) => textBlock('NAME', block)) },
  { kind: 'ALLOW', lines: (game, keepBare) => listLine('ALLOW', game.allow.map(allowedRole), keepBare) },
  {
    kind: 'PROPOSAL',
    lines: (game) =>
      optional(game.proposal, (proposal) => `PROPOSAL ${upperWord(proposal.result, 'PROPOSAL result')} ${upperWord(proposal.proposer, 'PROPOSAL power')}`),
  },
  { kind: 'NEED', lines: (game, keepBare) => listLine('NEED', game.need.map(formatNeed), keepBare) },
  {
    kind: 'ROTATE',
    lines: (game) =>
      optional(game.rotation, (rotation) => {
        const words = formatRotation(rotation).toUpperCase().split(' ');
        for (const item of words) upperWord(item, 'ROTATE');
        const readBack = parseRotation(words);
        if (typeof readBack === 'string') throw new StatusWriteError(readBack);
        return `ROTATE ${words.join(' ')}`;
      }),
  },
  { kind: 'CAP', lines: (game) => optional(game.cap, (cap) => `CAP ${positive(cap, 'CAP')}`) },
  { kind: 'TAX', lines: (game) => game.taxes.map(formatTax) },
];

function positive(value: number, what: string): string {
  if (value < 1) throw new StatusWriteError(`${what} must be at least 1, got ${value}`);
  return wholeNumber(value, what);
}

/** A role word that is a keyword (`ALLOW A`) would turn unit and order lines into power blocks. */
function allowedRole(role: string): string {
  const upper = upperWord(role, 'ALLOW');
  if (isReservedWord(upper)) throw new StatusWriteError(`ALLOW names roles, and ${upper} is a keyword`);
  return upper;
}

/** `FRANCE` alone unless the name could be read as a keyword; `OBSERVER joe` for other roles. */
function headerLine(power: PowerStatus): string {
  if (power.role.toUpperCase() !== MAP_POWER_ROLE) return `${upperWord(power.role, 'role')} ${word(power.name, 'observer name')}`;
  const name = upperWord(power.name, 'power name');
  return isReservedWord(name) ? `POWER ${name}` : name;
}

function address(value: string): string {
  if (value.includes(',')) throw new StatusWriteError(`an ADDRESS must not contain ',', got ${JSON.stringify(value)}`);
  return word(value, 'ADDRESS');
}

/** An offer-sheet line must read back as one, not as a unit, a keyword line or a new block. */
function offerLine(offer: string): string {
  const text = nonEmptyText(offer, 'an offer');
  if (!readsAsOfferLine(text, text.split(' '))) throw new StatusWriteError(`the offer '${text}' would not be read back as an offer`);
  const read = readOfferLine(text);
  if (!read.ok) throw new StatusWriteError(`the offer '${text}' cannot be read: ${read.reason}`);
  return text;
}

function orderLines(keyword: string, orders: readonly string[], keepBare: boolean): string[] {
  return orders.length > 0 || keepBare ? [keyword] : [];
}

const POWER_KINDS: readonly KindSpec<PowerStatus>[] = [
  { kind: 'header', lines: (power) => [headerLine(power)] },
  {
    kind: 'ADDRESS',
    lines: (power, keepBare) => listLine('ADDRESS', power.addresses.length ? [power.addresses.map(address).join(',')] : [], keepBare),
  },
  { kind: 'PLAYER', lines: (power) => optional(power.player, (player) => `PLAYER ${formatPlayerHistory(player)}`) },
  { kind: 'PASSWORD', lines: (power) => optional(power.password, (password) => `PASSWORD ${word(password, 'PASSWORD', true)}`) },
  {
    kind: 'CONTROL',
    lines: (power, keepBare) =>
      listLine(
        'CONTROL',
        power.control.map((name) => upperWord(name, 'CONTROL')),
        keepBare,
      ),
  },
  { kind: 'VOTE', lines: (power) => optional(power.vote, (vote) => `VOTE ${formatVote(vote)}`) },
  {
    kind: 'OWNS',
    lines: (power, keepBare) =>
      listLine(
        'OWNS',
        power.owns.map((center) => place(center, 'OWNS')),
        keepBare,
      ),
  },
  { kind: 'WAIT', lines: (power) => (power.wait ? ['WAIT'] : []) },
  { kind: 'unit', lines: (power) => power.units.map(formatUnitLine) },
  { kind: 'phase-order', lines: (power) => power.phaseOrders.map(formatPhaseOrder) },
  { kind: 'MSG', lines: (power) => power.messages.map((message) => keywordLine('MSG', freeText(message, 'MSG'))) },
  {
    kind: 'OMNISCIENT',
    lines: (power) => (power.omniscient === 'no' ? [] : [power.omniscient === 'yes' ? 'OMNISCIENT' : 'OMNISCIENT!']),
  },
  { kind: 'HOME', lines: (power) => optional(power.homes, (homes) => keywordLine('HOME', homes.map((home) => place(home, 'HOME')).join(' '))) },
  { kind: 'FUNDS', lines: (power) => optional(power.funds, (funds) => keywordLine('FUNDS', funds.map((fund) => word(fund, 'FUNDS')).join(' '))) },
  {
    kind: 'SEES',
    lines: (power, keepBare) =>
      listLine(
        'SEES',
        power.sees.map((center) => place(center, 'SEES')),
        keepBare,
      ),
  },
  { kind: 'SENT', lines: (power) => power.sent.map((name) => `SENT ${upperWord(name, 'SENT')}`) },
  { kind: 'ACCEPT', lines: (power) => optional(power.accept, (accept) => `ACCEPT ${upperWord(accept, 'ACCEPT')}`) },
  { kind: 'offer', lines: (power) => power.offers.map(offerLine) },
  { kind: 'ORDERS', lines: (power, keepBare) => orderLines('ORDERS', power.orders, keepBare) },
  { kind: 'orders', lines: (power) => power.orders.map((order) => nonEmptyText(order, 'an order')) },
  { kind: 'SOONER', lines: (power, keepBare) => orderLines('SOONER', power.sooner, keepBare) },
  { kind: 'sooner', lines: (power) => power.sooner.map((order) => nonEmptyText(order, 'a SOONER order')) },
  { kind: 'LATER', lines: (power, keepBare) => orderLines('LATER', power.later, keepBare) },
  { kind: 'later', lines: (power) => power.later.map((order) => nonEmptyText(order, 'a LATER order')) },
];

/** Kinds whose keyword may stand alone on a line for an empty value (see `listLine`). */
const BARE_KINDS: ReadonlySet<string> = new Set(['PRIVATE', 'ALLOW', 'NEED', 'ADDRESS', 'CONTROL', 'OWNS', 'SEES', 'ORDERS', 'SOONER', 'LATER']);

/** Kinds of the order lists: a line of these is read in the context of the list, not as a keyword. */
export const ORDER_LINE_KINDS: ReadonlySet<string> = new Set(['orders', 'sooner', 'later']);

export const GAME_KIND_ORDER: readonly string[] = GAME_KINDS.map((spec) => spec.kind);
export const POWER_KIND_ORDER: readonly string[] = POWER_KINDS.map((spec) => spec.kind);

function linesOf<Owner>(specs: readonly KindSpec<Owner>[], owner: Owner, keepsBare: (kind: string) => boolean): KindLines {
  const lines: KindLines = new Map();
  for (const spec of specs) {
    const written = spec.lines(owner, BARE_KINDS.has(spec.kind) && keepsBare(spec.kind));
    if (written.length > 0) lines.set(spec.kind, written);
  }
  return lines;
}

export function gameLines(game: GameStatus, keepsBare: (kind: string) => boolean = () => false): KindLines {
  return linesOf(GAME_KINDS, game, keepsBare);
}

export function powerLines(power: PowerStatus, keepsBare: (kind: string) => boolean = () => false): KindLines {
  return linesOf(POWER_KINDS, power, keepsBare);
}
