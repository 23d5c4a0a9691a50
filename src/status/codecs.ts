import type { UnitType } from '../map/model.js';
import { formatPhase, parsePhase } from '../map/phase.js';
import type { RetreatOrAdjustmentOrder } from '../orders/types.js';
import type { NeededPower, Occupant, PhaseLine, PhaseMode, PlayerHistory, PlayerIdentity, RuleSwitch, StatusUnit, UnitAt, Vote } from './model.js';
import { isReservedWord } from './keywords.js';
import { StatusWriteError, upperWord, wholeNumber, word } from './safe.js';
import { wordsOf } from './text.js';

/**
 * Reading and writing the structured values inside status-file lines. Each `read*` returns the
 * value or a message saying what is wrong; each `format*` writes the value back in the one
 * canonical spelling, refusing values that would not read back the same.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

export function ok<T>(value: T): Read<T> {
  return { ok: true, value };
}

export function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

export function fromMessage<T>(value: T | string): Read<T> {
  return typeof value === 'string' ? fail(value) : ok(value);
}

export function upper(words: readonly string[]): string[] {
  return words.map((word) => word.toUpperCase());
}

export function oneWord(keyword: string, rest: readonly string[], what: string): Read<string> {
  return rest.length === 1 ? ok(rest[0]!) : fail(`${keyword} needs ${what}, got '${rest.join(' ')}'`);
}

/** Reads every word with `read`; the first failure is the answer. */
export function all<T>(words: readonly string[], read: (word: string) => Read<T>): Read<T[]> {
  const values: T[] = [];
  for (const word of words) {
    const value = read(word);
    if (!value.ok) return value;
    values.push(value.value);
  }
  return ok(values);
}

export function readCount(rest: readonly string[]): Read<number> {
  return rest.length === 1 && /^\d{1,9}$/.test(rest[0]!) ? ok(Number(rest[0])) : fail(`DELAY needs a whole number, got '${rest.join(' ')}'`);
}

const DEADLINE_STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;

export function readDeadline(rest: readonly string[]): Read<string> {
  const match = rest.length === 1 ? DEADLINE_STAMP.exec(rest[0]!) : null;
  const [month, day, hour, minute] = match ? match.slice(2).map(Number) : [];
  if (!match || month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59)
    return fail(`DEADLINE needs a time written yyyymmddhhmm, got '${rest.join(' ')}'`);
  return ok(rest[0]!);
}

/** ALLOW: a role that is a keyword (`ALLOW A`) would turn unit and order lines into power blocks. */
export function readRoles(words: readonly string[]): Read<string[]> {
  const keyword = words.find(isReservedWord);
  return keyword === undefined ? ok(upper(words)) : fail(`ALLOW names roles, and ${keyword.toUpperCase()} is a keyword`);
}

export function readPhaseLine(mode: PhaseMode, keyword: string, rest: readonly string[]): Read<PhaseLine> {
  const upper = rest.map((part) => part.toUpperCase());
  if (upper.length === 1 && (upper[0] === 'FORMING' || upper[0] === 'COMPLETED')) return ok({ mode, phase: upper[0] });
  const phase = upper.length === 3 ? parsePhase(upper.join(' ')) : null;
  if (!phase) return fail(`${keyword} needs FORMING, COMPLETED or 'season year type', got '${rest.join(' ')}'`);
  return ok({ mode, phase });
}

export function formatPhaseLine(line: PhaseLine): string {
  if (typeof line.phase === 'string') return `${line.mode} ${line.phase}`;
  const season = upperWord(line.phase.season, 'season');
  const type = upperWord(line.phase.type, 'phase type');
  if (!Number.isSafeInteger(line.phase.year)) throw new StatusWriteError(`phase year must be a whole number, got ${line.phase.year}`);
  return `${line.mode} ${formatPhase({ season, year: line.phase.year, type })}`;
}

const DPPD_NUMBER = /^#(\d{1,9})$/;

export function readIdentity(token: string): Read<PlayerIdentity> {
  const parts = token.split('|');
  if (parts.length !== 3) return fail(`a player is written 'number|email|name' (e.g. #42|joe@blow.com|Joe_Blow), got '${token}'`);
  const [idText, email, name] = parts as [string, string, string];
  const number = DPPD_NUMBER.exec(idText);
  if (!number && idText.toUpperCase() !== 'NO-ID') return fail(`a player's DPPD number is '#42' or 'NO-ID', got '${idText}'`);
  if (email === '') return fail(`a player needs an e-mail address, got '${token}'`);
  return ok({ id: number ? Number(number[1]) : null, email, name });
}

function identityPart(value: string, what: string): string {
  if (value.includes('|')) throw new StatusWriteError(`${what} must not contain '|', got ${JSON.stringify(value)}`);
  return value === '' ? '' : word(value, what);
}

export function formatIdentity(identity: PlayerIdentity): string {
  const id = identity.id === null ? 'NO-ID' : `#${wholeNumber(identity.id, 'DPPD number')}`;
  const email = identityPart(identity.email, 'player e-mail address');
  if (email === '') throw new StatusWriteError('a player needs an e-mail address');
  return `${id}|${email}|${identityPart(identity.name, 'player name')}`;
}

function readOccupant(token: string): Read<Occupant> {
  const upper = token.toUpperCase();
  if (upper === 'RESIGNED' || upper === 'DUMMY') return ok(upper);
  return readIdentity(token);
}

function formatOccupant(occupant: Occupant): string {
  return typeof occupant === 'string' ? occupant : formatIdentity(occupant);
}

const PHASE_ABBREVIATION = /^[A-Z]-?\d+[A-Z]$/;

/** `S1911R`: the short phase form of PLAYER histories and RESULT lines. */
export function isPhaseAbbreviation(token: string): boolean {
  return PHASE_ABBREVIATION.test(token.toUpperCase());
}

export function readResult(rest: readonly string[]): Read<{ phase: string; victors: string[] }> {
  if (rest.length === 0 || !isPhaseAbbreviation(rest[0]!)) return fail(`RESULT needs the last phase (e.g. F1908M) and the victors, got '${rest.join(' ')}'`);
  return ok({ phase: rest[0]!.toUpperCase(), victors: upper(rest.slice(1)) });
}

export function phaseAbbreviation(value: string, what: string): string {
  if (!isPhaseAbbreviation(value)) throw new StatusWriteError(`${what} must be like S1911R, got ${JSON.stringify(value)}`);
  return value.toUpperCase();
}

export function readPlayerHistory(words: readonly string[]): Read<PlayerHistory> {
  if (words.length === 0) return fail('PLAYER needs a player, RESIGNED or DUMMY');
  if (words.length % 2 === 0) return fail(`PLAYER history comes in pairs 'phase player' after the current player, got '${words.join(' ')}'`);
  const current = readOccupant(words[0]!);
  if (!current.ok) return current;
  const earlier: { until: string; occupant: Occupant }[] = [];
  for (let index = 1; index < words.length; index += 2) {
    const until = words[index]!.toUpperCase();
    if (!isPhaseAbbreviation(until)) return fail(`PLAYER history needs a phase like S1911R before each earlier player, got '${words[index]}'`);
    const occupant = readOccupant(words[index + 1]!);
    if (!occupant.ok) return occupant;
    earlier.push({ until, occupant: occupant.value });
  }
  return ok({ current: current.value, earlier });
}

export function formatPlayerHistory(history: PlayerHistory): string {
  const parts = [formatOccupant(history.current)];
  for (const { until, occupant } of history.earlier) {
    parts.push(phaseAbbreviation(until, 'PLAYER history phase'), formatOccupant(occupant));
  }
  return parts.join(' ');
}

const DRAW_VOTE = /^(\d{1,9})WAY$/;

export function readVote(words: readonly string[]): Read<Vote> {
  const upper = words.length === 1 ? words[0]!.toUpperCase() : '';
  if (upper === 'YES' || upper === 'LOSS' || upper === 'SOLO') return ok(upper);
  const draw = DRAW_VOTE.exec(upper);
  if (draw && Number(draw[1]) > 0) return ok({ drawSize: Number(draw[1]) });
  return fail(`VOTE takes YES, LOSS, SOLO or nWAY (e.g. 3WAY), got '${words.join(' ')}'`);
}

export function formatVote(vote: Vote): string {
  if (typeof vote === 'string') return vote;
  if (vote.drawSize < 1) throw new StatusWriteError(`a draw vote needs a size of 1 or more, got ${vote.drawSize}`);
  return `${wholeNumber(vote.drawSize, 'draw size')}WAY`;
}

const NEED_ENTRY = /^(.+)-\((\d{1,9})\/(\d{1,9})\)$/;

export function readNeed(words: readonly string[]): Read<NeededPower[]> {
  const need: NeededPower[] = [];
  for (const entry of words) {
    const match = NEED_ENTRY.exec(entry.toUpperCase());
    if (!match) return fail(`NEED lists powers as NAME-(units/centers), e.g. GERMANY-(8/9), got '${entry}'`);
    need.push({ power: match[1]!, units: Number(match[2]), centers: Number(match[3]) });
  }
  return ok(need);
}

export function formatNeed(entry: NeededPower): string {
  return `${upperWord(entry.power, 'NEED power')}-(${wholeNumber(entry.units, 'NEED unit count')}/${wholeNumber(entry.centers, 'NEED center count')})`;
}

/** A place as status files write it: a word, at most one `/` for the coast, never the retreat arrow. */
const PLACE = /^[^/\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+(?:\/[^/\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+)?$/;

function isPlaceToken(token: string): boolean {
  return PLACE.test(token) && !token.includes('-->');
}

export function readPlaces(keyword: string, words: readonly string[]): Read<string[]> {
  const bad = words.find((word) => !isPlaceToken(word));
  return bad === undefined ? ok(upper(words)) : fail(`${keyword} lists places, got '${bad}'`);
}

export function place(value: string, what: string): string {
  if (!isPlaceToken(value)) throw new StatusWriteError(`${what} must be a place like PAR or STP/SC, got ${JSON.stringify(value)}`);
  return value.toUpperCase();
}

function readUnitType(token: string): UnitType | null {
  const upper = token.toUpperCase();
  return upper === 'A' || upper === 'F' ? upper : null;
}

export function isUnitTypeWord(token: string): boolean {
  return readUnitType(token) !== null;
}

function readUnitAt(words: readonly string[], what: string): Read<UnitAt> {
  const type = words.length === 2 ? readUnitType(words[0]!) : null;
  if (!type || !isPlaceToken(words[1]!)) return fail(`${what} needs a unit like 'A PAR' or 'F STP/SC', got '${words.join(' ')}'`);
  return ok({ type, location: words[1]!.toUpperCase() });
}

export function formatUnitAt(unit: UnitAt): string {
  if (unit.type !== 'A' && unit.type !== 'F') throw new StatusWriteError(`a unit is an army (A) or a fleet (F), got ${JSON.stringify(unit.type)}`);
  return `${unit.type} ${place(unit.location, 'unit location')}`;
}

const RETREAT_ARROW = '-->';

/**
 * A Payola offer-sheet line in a power block: it starts with an amount or a `%`, or names a unit
 * and more than a unit line does (`A PAR H`, the form PAY_DUMMIES writes a player's own orders in).
 */
export function readsAsOfferLine(text: string, words: readonly string[]): boolean {
  if (/^[0-9%]/.test(words[0]!)) return true;
  return isUnitTypeWord(words[0]!.toUpperCase()) && words.length > 2 && !text.includes(RETREAT_ARROW);
}

/** TAX n (every centre) or TAX CENTER n. */
export function readTax(words: readonly string[]): Read<{ center: string | null; amount: number }> {
  const amount = words[words.length - 1];
  const center = words.length === 2 ? words[0]! : null;
  if (words.length < 1 || words.length > 2 || !/^\d{1,9}$/.test(amount!) || (center !== null && !isPlaceToken(center)))
    return fail(`TAX takes an income in AgP, for every centre or for one: 'TAX 10' or 'TAX PAR 5', got '${words.join(' ')}'`);
  return ok({ center: center?.toUpperCase() ?? null, amount: Number(amount) });
}

export function formatTax(tax: { center: string | null; amount: number }): string {
  const amount = wholeNumber(tax.amount, 'TAX');
  return tax.center === null ? `TAX ${amount}` : `TAX ${place(tax.center, 'TAX centre')} ${amount}`;
}

/** CAP n, at least 1. */
export function readCap(words: readonly string[]): Read<number> {
  if (words.length !== 1 || !/^\d{1,9}$/.test(words[0]!) || Number(words[0]) < 1)
    return fail(`CAP takes the most income in AgP a power earns a year, a whole number from 1, got '${words.join(' ')}'`);
  return ok(Number(words[0]));
}

/** A unit line, `F BRE` or, dislodged, `F BRE --> MAO PIC` (the arrow may touch its neighbours). */
export function readUnitLine(text: string, words: readonly string[]): Read<StatusUnit> {
  const arrow = text.indexOf(RETREAT_ARROW);
  const unit = readUnitAt(arrow < 0 ? words : wordsOf(text.slice(0, arrow)), 'a unit line');
  if (!unit.ok) return unit;
  if (arrow < 0) return ok({ type: unit.value.type, location: unit.value.location, retreats: null });
  const retreats = wordsOf(text.slice(arrow + RETREAT_ARROW.length));
  const bad = retreats.find((token) => !isPlaceToken(token));
  if (bad !== undefined) return fail(`a retreat list names places, got '${bad}'`);
  return ok({ type: unit.value.type, location: unit.value.location, retreats: retreats.map((token) => token.toUpperCase()) });
}

export function formatUnitLine(unit: StatusUnit): string {
  const base = formatUnitAt(unit);
  if (unit.retreats === null) return base;
  const places = unit.retreats.map((item) => place(item, 'retreat'));
  return places.length === 0 ? `${base} ${RETREAT_ARROW}` : `${base} ${RETREAT_ARROW} ${places.join(' ')}`;
}

/** The status file's keyword for each kind of retreat and adjustment order. */
const PHASE_ORDER_KEYWORDS = { retreat: 'RETREAT', disband: 'DISBAND', build: 'BUILD', remove: 'REMOVE' } as const;

/** RETREAT, DISBAND, BUILD and REMOVE lines; `keyword` is upper-case. */
export function readPhaseOrder(keyword: string, words: readonly string[]): Read<RetreatOrAdjustmentOrder> {
  if (keyword === 'BUILD' && words.length === 1 && /^WAIVED?$/i.test(words[0]!)) return ok({ kind: 'waive' });
  if (keyword === 'RETREAT') {
    const target = words.length === 4 && (words[2] === '-' || words[2] === '->') ? [...words.slice(0, 2), words[3]!] : words;
    const unit = readUnitAt(target.slice(0, 2), 'RETREAT');
    if (!unit.ok || target.length !== 3 || !isPlaceToken(target[2]!))
      return fail(`RETREAT needs a unit and where it goes, e.g. 'RETREAT F BRE MAO', got '${words.join(' ')}'`);
    return ok({ kind: 'retreat', unit: unit.value, to: target[2]!.toUpperCase() });
  }
  const unit = readUnitAt(words, keyword);
  if (!unit.ok) return unit;
  const kind = keyword === 'DISBAND' ? 'disband' : keyword === 'BUILD' ? 'build' : 'remove';
  return ok({ kind, unit: unit.value });
}

export function formatPhaseOrder(order: RetreatOrAdjustmentOrder): string {
  if (order.kind === 'waive') return 'BUILD WAIVED';
  const keyword = PHASE_ORDER_KEYWORDS[order.kind];
  const { type, location } = order.unit;
  if (type === null) throw new StatusWriteError(`a ${keyword} line names the unit's type, got ${JSON.stringify(location)} without one`);
  const unit = formatUnitAt({ type, location });
  return order.kind === 'retreat' ? `${keyword} ${unit} ${place(order.to, 'retreat destination')}` : `${keyword} ${unit}`;
}

export function readRuleSwitch(token: string): Read<RuleSwitch> {
  const off = token.startsWith('!');
  const rule = (off ? token.slice(1) : token).toUpperCase();
  // Rules.txt spells a rule the Master makes public with a '!' after it (EAVESDROP!).
  if (rule === '' || rule.slice(0, -1).includes('!') || rule === '!') return fail(`a RULE is a name, '!' before it to switch it off, got '${token}'`);
  return ok({ rule, on: !off });
}

export function formatRuleSwitch(item: RuleSwitch): string {
  const rule = upperWord(item.rule, 'RULE');
  if (rule.startsWith('!')) throw new StatusWriteError(`a RULE name must not start with '!', got ${JSON.stringify(rule)}`);
  return item.on ? rule : `!${rule}`;
}

export function readTeam(token: string): Read<string[]> {
  const members = token.toUpperCase().split('-');
  if (members.some((member) => member === '')) return fail(`a TEAM is powers joined by '-', e.g. ENGLAND-FRANCE, got '${token}'`);
  return ok(members);
}

export function formatTeam(members: readonly string[]): string {
  if (members.length === 0) throw new StatusWriteError('a team needs at least one power');
  return members
    .map((member) => {
      if (member.includes('-')) throw new StatusWriteError(`a team member's name must not contain '-', got ${JSON.stringify(member)}`);
      return upperWord(member, 'team member');
    })
    .join('-');
}
