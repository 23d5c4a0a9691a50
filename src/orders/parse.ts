import type { GameMap } from '../map/game-map.js';
import type { UnitType } from '../map/model.js';
import { accept, refuse, type Verdict } from '../common/verdict.js';
import { lex, type Token } from './lexer.js';
import { matchPlace } from './places.js';
import type { AdjustmentOrder, MovementOrder, Order, OrderPhase, RetreatPhaseOrder, UnitRef } from './types.js';
import { Vocabulary } from './vocabulary.js';
import type { Keyword, Verb } from './words.js';

/**
 * Reads an order line the way players write them: case-insensitive, any alias of the map, coasts
 * in every usual spelling, dashes optional between places, verbs in front or behind in retreat and
 * adjustment phases. Purely syntactic: whether the order is legal is for the
 * adjudicator's `engine/legality/`.
 */

type Item =
  /** A unit type or a verb: the word table's own meaning when the word is written as the table spells it. */
  | Exclude<Keyword, { kind: 'filler' }>
  /**
   * `optional`: a filler word (THE, SEA, IN ...) that is also a place of this map, read both ways.
   * The name as written is the line from `start` to `end`, cut only for a refusal (`written`).
   */
  | { kind: 'place'; location: string; start: number; end: number; optional?: boolean }
  | { kind: 'via'; word: string }
  /** The power a PROXY order names, by its map name. */
  | { kind: 'power'; name: string; word: string };

/** The items of one way of reading a line: each optional place taken, or left out. */
type Reading = Item[];

/** Filler words that are places give several readings; more than this many means the line is not an order. */
const MOST_READINGS = 16;

const DASH: Item = { kind: 'verb', verb: 'move', word: '-' };
const PLUS: Item = { kind: 'verb', verb: 'build', word: '+' };
const STAR: Item = { kind: 'verb', verb: 'remove', word: '*' };

function classify(vocabulary: Vocabulary, text: string, tokens: Token[]): Verdict<Item[]> {
  const map = vocabulary.map;
  const items: Item[] = [];
  let index = 0;
  const spanText = (from: number, to: number): string => text.slice(tokens[from]!.start, tokens[to - 1]!.end);
  while (index < tokens.length) {
    const token = tokens[index]!;
    if (token.kind === 'dash') items.push(DASH);
    else if (token.kind === 'plus') items.push(PLUS);
    else if (token.kind === 'star') items.push(STAR);
    else if (token.kind !== 'word') return refuse(`unexpected '${spanText(index, index + 1)}'`);
    else {
      const sense = vocabulary.sense(token.text);
      const longest = vocabulary.nameSpanAt(sense, tokens, index);
      const long = matchPlace(map, text, tokens, index, sense.places, longest, 2);
      if (long && !long.ok) return long;
      if (long) {
        items.push({ kind: 'place', location: long.location, start: token.start, end: tokens[long.next - 1]!.end });
        index = long.next;
        continue;
      }
      const following = tokens[index + 1];
      if (sense.via && following?.kind === 'word' && (following.text === 'CONVOY' || following.text === 'C')) {
        items.push({ kind: 'via', word: spanText(index, index + 2) });
        index += 2;
        continue;
      }
      const meaning = sense.meaning;
      if (meaning?.kind === 'verb' && meaning.verb === 'proxy') {
        items.push(meaning.word === token.text ? meaning : { ...meaning, word: token.text });
        if (index + 1 === tokens.length) return accept(items);
        const power = powerItem(map, spanText(index + 1, tokens.length));
        return power.ok ? accept([...items, power.value]) : power;
      }
      if (meaning !== null && meaning.kind !== 'filler') items.push(meaning.word === token.text ? meaning : { ...meaning, word: token.text });
      else {
        const short = matchPlace(map, text, tokens, index, sense.places, longest, 1);
        if (short && !short.ok && !meaning) return short;
        if (!short && !meaning) return refuse(`'${spanText(index, index + 1)}' is neither a place nor an order word`);
        if (short?.ok) {
          items.push({ kind: 'place', location: short.location, start: token.start, end: tokens[short.next - 1]!.end, optional: meaning !== null });
          index = short.next;
          continue;
        }
      }
    }
    index++;
  }
  return accept(items);
}

/**
 * The power after PROXY, by any name players use for it (Format.txt): its name, as written in
 * brackets or not (`[NEW YORK]`), or its initial.
 */
function powerItem(map: GameMap, written: string): Verdict<Item> {
  const name = written
    .replace(/^[[(]\s*|\s*[\])]$/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ');
  const spaced = (text: string): string => text.replace(/\+/g, ' ').replace(/^_+/, '');
  const power =
    map.powers.find((candidate) => [candidate.name, spaced(candidate.name), candidate.displayName.toUpperCase()].includes(name)) ??
    (name.length === 1 ? map.powerWithAbbrev(name) : undefined);
  return power ? accept({ kind: 'power', name: power.name, word: written }) : refuse(`'${written}' is not a power of this map`);
}

function hasOptionalPlace(items: readonly Item[]): boolean {
  for (const item of items) if (item.kind === 'place' && item.optional) return true;
  return false;
}

/** Every way of reading the optional places: as places, or as the filler words they also are. */
function readings(items: Item[]): Reading[] | null {
  if (!hasOptionalPlace(items)) return [items];
  let result: Reading[] = [[]];
  for (const item of items) {
    // Readings are extended in place where an item does not branch, so a long line costs its length, not its square.
    if (item.kind !== 'place' || !item.optional) {
      for (const reading of result) reading.push(item);
      continue;
    }
    result = [...result.map((reading) => [...reading, item]), ...result];
    if (result.length > MOST_READINGS) return null;
  }
  return result;
}

/** An item as the line wrote it, for a refusal. */
function written(item: Item, line: string): string {
  return item.kind === 'place' ? line.slice(item.start, item.end) : item.word;
}

/** A cursor over one reading of `line`, with the small steps the grammars share. */
class Cursor {
  private index = 0;
  constructor(
    private readonly items: Reading,
    private readonly line: string,
  ) {}

  get done(): boolean {
    return this.index >= this.items.length;
  }

  peek(): Item | undefined {
    return this.items[this.index];
  }

  isVerb(verbs: readonly Verb[]): boolean {
    const item = this.peek();
    return item?.kind === 'verb' && verbs.includes(item.verb);
  }

  take(): Item {
    return this.items[this.index++]!;
  }

  skipVerbs(verbs: readonly Verb[]): void {
    while (this.isVerb(verbs)) this.index++;
  }

  place(): string | null {
    const item = this.peek();
    if (item?.kind !== 'place') return null;
    this.index++;
    return item.location;
  }

  unit(): UnitRef | null {
    const item = this.peek();
    let type: UnitType | null = null;
    if (item?.kind === 'type') {
      type = item.type;
      this.index++;
    }
    const location = this.place();
    if (location === null) {
      if (type !== null) this.index--;
      return null;
    }
    return { type, location };
  }

  /** Refusal for whatever stands at the cursor. */
  unexpected(): Verdict<never> {
    const item = this.peek();
    return refuse(item ? `'${written(item, this.line)}' does not fit here` : 'the order stops too early');
  }
}

const MOVE_WORDS: readonly Verb[] = ['move', 'retreat'];
const HOLD: readonly Verb[] = ['hold'];
const AID: readonly Verb[] = ['support', 'convoy'];
const PROXY: readonly Verb[] = ['proxy'];
const REMOVAL: readonly Verb[] = ['disband', 'remove'];

function movementOrder(cursor: Cursor): Verdict<MovementOrder> {
  const unit = cursor.unit();
  if (!unit) return refuse('an order starts with the unit (its type and place)');
  if (cursor.done) return accept({ kind: 'hold', unit });
  if (cursor.isVerb(HOLD)) {
    cursor.take();
    return cursor.done ? accept({ kind: 'hold', unit }) : cursor.unexpected();
  }
  if (cursor.isVerb(PROXY)) {
    cursor.take();
    const power = cursor.peek();
    if (power?.kind !== 'power') return refuse('say which power the unit is proxied to');
    cursor.take();
    return accept({ kind: 'proxy', unit, to: power.name });
  }
  if (cursor.isVerb(AID)) {
    const verb = (cursor.take() as { verb: Verb }).verb;
    const target = cursor.unit();
    if (!target) return refuse(`say which unit to ${verb}`);
    if (verb === 'support' && cursor.isVerb(HOLD)) cursor.take();
    if (verb === 'support' && cursor.done) return accept({ kind: 'support', unit, target, to: null });
    const places = placeChain(cursor);
    if (places.length === 0 || !cursor.done) return places.length === 0 ? refuse(`say where the unit is to move`) : cursor.unexpected();
    const to = places[places.length - 1]!;
    return accept(verb === 'support' ? { kind: 'support', unit, target, to } : { kind: 'convoy', unit, target, to });
  }
  const places = placeChain(cursor);
  if (places.length === 0) return cursor.unexpected();
  let viaConvoy = places.length > 1;
  if (cursor.peek()?.kind === 'via') {
    cursor.take();
    viaConvoy = true;
  }
  if (!cursor.done) return cursor.unexpected();
  // The last place is where the unit goes; the chain left before it is the written convoy route.
  const to = places.pop()!;
  return accept({ kind: 'move', unit, to, route: places, viaConvoy });
}

/** Places joined by dashes or move words, which may also be left out (`A PAR BUR`). */
function placeChain(cursor: Cursor): string[] {
  const places: string[] = [];
  for (;;) {
    cursor.skipVerbs(MOVE_WORDS);
    const place = cursor.place();
    if (place === null) return places;
    places.push(place);
  }
}

function retreatOrder(cursor: Cursor): Verdict<RetreatPhaseOrder> {
  const leadingDisband = cursor.isVerb(REMOVAL);
  if (leadingDisband) cursor.take();
  const leadingRetreat = !leadingDisband && cursor.isVerb(MOVE_WORDS);
  cursor.skipVerbs(MOVE_WORDS);
  const unit = cursor.unit();
  if (!unit) return refuse('an order starts with the unit (its type and place)');
  if (cursor.isVerb(REMOVAL)) {
    cursor.take();
    return cursor.done && !leadingRetreat ? accept({ kind: 'disband', unit }) : cursor.unexpected();
  }
  if (cursor.done) {
    if (leadingDisband) return accept({ kind: 'disband', unit });
    return refuse(leadingRetreat ? 'say where the unit retreats' : 'a dislodged unit must retreat or disband');
  }
  if (leadingDisband) return cursor.unexpected();
  cursor.skipVerbs(MOVE_WORDS);
  const to = cursor.place();
  if (to === null || !cursor.done) return cursor.unexpected();
  return accept({ kind: 'retreat', unit, to });
}

const ADJUSTMENT_VERBS: readonly Verb[] = ['build', 'remove', 'disband', 'retreat', 'move', 'waive'];

function adjustmentOrder(cursor: Cursor, items: Reading, line: string): Verdict<AdjustmentOrder> {
  const verbs = items.filter((item): item is Extract<Item, { kind: 'verb' }> => item.kind === 'verb').map((item) => item.verb);
  if (verbs.includes('waive')) {
    const others = items.filter((item) => !(item.kind === 'verb' && (item.verb === 'waive' || item.verb === 'build')));
    return others.length === 0 ? accept({ kind: 'waive' }) : refuse(`'${written(others[0]!, line)}' does not fit in a WAIVE`);
  }
  const builds = verbs.includes('build');
  const removes = verbs.some((verb) => verb !== 'build');
  if (builds && removes) return refuse('an order cannot both build and remove');
  if (!builds && !removes) return refuse('say BUILD or REMOVE');
  cursor.skipVerbs(ADJUSTMENT_VERBS);
  const unit = cursor.unit();
  if (!unit) return refuse(builds ? 'say what to build, and where' : 'say which unit to remove');
  cursor.skipVerbs(ADJUSTMENT_VERBS);
  if (!cursor.done) return cursor.unexpected();
  return accept(builds ? { kind: 'build', unit } : { kind: 'remove', unit });
}

function grammar(phase: OrderPhase, reading: Reading, line: string): Verdict<Order> {
  const cursor = new Cursor(reading, line);
  if (phase === 'MOVEMENT') return movementOrder(cursor);
  if (phase === 'RETREATS') return retreatOrder(cursor);
  return adjustmentOrder(cursor, reading, line);
}

export type ParseResult = { ok: true; readings: Order[] } | { ok: false; reason: string };

/** All the orders a line can mean (one, unless a filler word is also a place), or why it means none. */
export function parseOrder(map: GameMap, text: string, phase: OrderPhase): ParseResult {
  const lexed = lex(text);
  if (!lexed.ok) return lexed;
  if (lexed.tokens.length === 0) return { ok: false, reason: 'the order is empty' };
  const items = classify(Vocabulary.of(map), text, lexed.tokens);
  if (!items.ok) return items;
  const all = readings(items.value);
  if (!all) return { ok: false, reason: 'too many places in this order could mean several things' };
  const orders: Order[] = [];
  let firstProblem: string | null = null;
  for (const reading of all) {
    const order = grammar(phase, reading, text);
    if (order.ok) orders.push(order.value);
    else firstProblem ??= order.reason;
  }
  return orders.length > 0 ? { ok: true, readings: orders } : { ok: false, reason: firstProblem! };
}
