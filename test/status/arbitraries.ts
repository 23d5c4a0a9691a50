import fc from 'fast-check';
import type { Rotation, RotationClause } from '../../src/map/model.js';
import { readOfferLine } from '../../src/orders/offer-line.js';
import type { RetreatOrAdjustmentOrder } from '../../src/orders/types.js';
import type {
  GameStatus,
  Occupant,
  PhaseLine,
  PlayerHistory,
  PlayerIdentity,
  PowerStatus,
  StatusUnit,
  TextBlock,
  UnitAt,
  Vote,
} from '../../src/status/model.js';

/**
 * Random games in the model's normalised form (upper-case where the reader upper-cases, single
 * spaces in free text), for the property tests.
 */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** Words made of the given characters (generated character by character: much faster than a pattern). */
function wordOf(characters: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...characters), minLength, maxLength });
}

/** Words kept as written: mixed case, punctuation and letters outside ASCII, never white space. */
export const caseKeptWord = wordOf(`${UPPER}abcdefghijklmnopqrstuvwxyz${DIGITS}_.@#$%&*+=:;?!'"~^éüßÆ漢-`, 1, 12);
const upperWord = wordOf(`${UPPER}${DIGITS}_.#&+=:;'"~^-`, 1, 10);
const upperWordWithoutHyphen = wordOf(`${UPPER}${DIGITS}_.#&+=:;'"~^`, 1, 10);
const place = fc
  .tuple(wordOf(UPPER, 3, 3), fc.option(wordOf(UPPER, 2, 2), { nil: null }))
  .map(([province, coast]) => (coast ? `${province}/${coast}` : province));
const address = fc
  .tuple(wordOf('abcdefghijklmnopqrstuvwxyz0123456789._-', 1, 8), wordOf('abcdefghijklmnopqrstuvwxyz0123456789.-', 1, 8))
  .map(([user, host]) => `${user}@${host}`);
const freeText = fc.array(caseKeptWord, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const phase: fc.Arbitrary<PhaseLine> = fc.record({
  mode: fc.constantFrom('PHASE', 'AWAIT', 'SKIP', 'WAIT'),
  phase: fc.oneof(
    fc.constantFrom('FORMING' as const, 'COMPLETED' as const),
    fc.record({
      season: fc.constantFrom('SPRING', 'FALL', 'WINTER', 'SUMMER'),
      year: fc.integer({ min: -50, max: 3000 }),
      type: fc.constantFrom('MOVEMENT', 'RETREATS', 'ADJUSTMENTS', 'INCOME'),
    }),
  ),
});

const deadline = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().replace(/[-T:]/g, '').slice(0, 12));

const identity: fc.Arbitrary<PlayerIdentity> = fc.record({
  id: maybe(fc.integer({ min: 0, max: 999_999_999 })),
  email: address,
  name: fc.oneof(fc.constant(''), caseKeptWord),
});

const occupant: fc.Arbitrary<Occupant> = fc.oneof(identity, fc.constantFrom('RESIGNED' as const, 'DUMMY' as const));
const phaseAbbreviation = fc
  .tuple(fc.constantFrom('S', 'F', 'W', 'U'), fc.integer({ min: 1000, max: 9999 }), fc.constantFrom('M', 'R', 'A', 'B'))
  .map(([season, year, type]) => `${season}${year}${type}`);
const history: fc.Arbitrary<PlayerHistory> = fc.record({
  current: occupant,
  earlier: fc.array(fc.record({ until: phaseAbbreviation, occupant }), { maxLength: 3 }),
});

const vote: fc.Arbitrary<Vote> = fc.oneof(
  fc.constantFrom('YES' as const, 'LOSS' as const, 'SOLO' as const),
  fc.record({ drawSize: fc.integer({ min: 1, max: 34 }) }),
);
const unitAt: fc.Arbitrary<UnitAt> = fc.record({ type: fc.constantFrom('A' as const, 'F' as const), location: place });
const unit: fc.Arbitrary<StatusUnit> = fc.record({
  type: fc.constantFrom('A' as const, 'F' as const),
  location: place,
  retreats: maybe(fc.array(place, { maxLength: 4 })),
});

const phaseOrder: fc.Arbitrary<RetreatOrAdjustmentOrder> = fc.oneof(
  fc.record({ kind: fc.constant('retreat' as const), unit: unitAt, to: place }),
  fc.record({ kind: fc.constantFrom('disband' as const, 'build' as const, 'remove' as const), unit: unitAt }),
  fc.constant({ kind: 'waive' as const }),
);

/** Orders of three words or more: never read as a power block or a list keyword. */
export const order = fc.oneof(
  fc.tuple(fc.constantFrom('A', 'F'), place, place).map(([type, from, to]) => `${type} ${from} - ${to}`),
  fc.array(caseKeptWord, { minLength: 3, maxLength: 7 }).map((words) => words.join(' ')),
);

/** Payola offer-sheet lines: bribes with and without an amount, savings requests, comments. */
const offer = fc
  .oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(':', '!', '>', '@', '&'), order)
      .map(([amount, code, written]) => `${amount} ${code} ${written}`),
    fc.tuple(fc.constantFrom('A', 'F'), place, place).map(([type, from, to]) => `${type} ${from} - ${to}`),
    fc.integer({ min: 0, max: 9999 }).map((amount) => `${amount} $`),
    freeText.map((text) => `% ${text}`),
  )
  .filter((line) => readOfferLine(line).ok);

function textBlock(keyword: string): fc.Arbitrary<TextBlock> {
  const line = freeText.filter((text) => !new RegExp(`^end (${keyword}|description)$`, 'i').test(text));
  return fc.oneof(
    line.map((text) => ({ lines: [text], stanza: false })),
    fc.array(line, { maxLength: 4 }).map((lines) => ({ lines, stanza: true })),
  );
}

const rotationClause: fc.Arbitrary<RotationClause> = fc.oneof(
  fc.constant<RotationClause>({ when: 'CONTROL', phaseTypes: [] }),
  fc.record({ when: fc.constant('AFTER' as const), phaseTypes: fc.array(fc.constantFrom('MOVE', 'M', 'RETREAT', 'ADJUST'), { maxLength: 2 }) }),
  fc.record({
    when: fc.constantFrom('BEFORE' as const, 'FOR' as const),
    phaseTypes: fc.array(fc.constantFrom('MOVE', 'M', 'RETREAT', 'ADJUST'), { minLength: 1, maxLength: 2 }),
  }),
);
const rotation: fc.Arbitrary<Rotation> = fc.record({ clauses: fc.array(rotationClause, { minLength: 1, maxLength: 3 }) });

const roleWord = fc.constantFrom('INVESTOR', 'SPY', 'BANKER');

function power(allowed: readonly string[]): fc.Arbitrary<PowerStatus> {
  const header = fc.oneof(
    fc.record({ role: fc.constant('POWER'), name: fc.oneof(upperWord, fc.constantFrom('POWER#1', 'POWER#12', 'WAIT', 'ORDERS', 'A')) }),
    fc.record({ role: fc.constantFrom('OBSERVER', 'MONITOR', ...allowed), name: caseKeptWord }),
  );
  return fc
    .record({
      header,
      addresses: fc.array(address, { maxLength: 3 }),
      player: maybe(history),
      password: maybe(caseKeptWord),
      control: fc.array(upperWord, { maxLength: 3 }),
      vote: maybe(vote),
      owns: fc.array(fc.oneof(place, fc.constantFrom('SC!', 'SC?', 'SC*')), { maxLength: 5 }),
      wait: fc.boolean(),
      units: fc.array(unit, { maxLength: 6 }),
      phaseOrders: fc.array(phaseOrder, { maxLength: 3 }),
      messages: fc.array(fc.oneof(fc.constant(''), freeText), { maxLength: 2 }),
      omniscient: fc.constantFrom('no' as const, 'yes' as const, 'yes-with-press' as const),
      homes: maybe(fc.array(place, { maxLength: 3 })),
      funds: maybe(fc.array(caseKeptWord, { maxLength: 3 })),
      sees: fc.array(place, { maxLength: 3 }),
      orders: fc.array(order, { maxLength: 5 }),
      sooner: fc.array(order, { maxLength: 2 }),
      later: fc.array(order, { maxLength: 2 }),
      accept: maybe(wordOf(`${UPPER}?`, 1, 8)),
      sent: fc.array(upperWord, { maxLength: 2 }),
      offers: fc.array(offer, { maxLength: 4 }),
    })
    .map(({ header: { role, name }, ...rest }) => ({ role, name, ...rest, line: null }));
}

export const game: fc.Arbitrary<GameStatus> = fc
  .record({
    name: maybe(wordOf('abcdefghijklmnopqrstuvwxyz0123456789_-', 1, 20)),
    phase: maybe(phase),
    deadline: maybe(deadline),
    zone: maybe(fc.constantFrom('Europe/Paris', 'America/New_York', 'GMT')),
    timing: maybe(fc.oneof(fc.constant(''), freeText)),
    delay: maybe(fc.integer({ min: 0, max: 999 })),
    privacy: maybe(caseKeptWord),
    rules: fc.array(fc.array(fc.record({ rule: wordOf(`${UPPER}_`, 2, 12), on: fc.boolean() }), { maxLength: 3 }), { maxLength: 2 }),
    map: maybe(fc.record({ name: caseKeptWord, trial: fc.boolean() })),
    morphs: fc.array(textBlock('MORPH'), { maxLength: 2 }),
    teams: fc.array(fc.array(fc.array(upperWordWithoutHyphen, { minLength: 1, maxLength: 3 }), { maxLength: 3 }), { maxLength: 2 }),
    master: maybe(identity),
    masterPassword: maybe(caseKeptWord),
    tester: maybe(fc.record({ address: maybe(caseKeptWord) })),
    start: maybe(freeText),
    finish: maybe(freeText),
    result: maybe(fc.record({ phase: phaseAbbreviation, victors: fc.array(upperWord, { maxLength: 3 }) })),
    descriptions: fc.array(textBlock('DESC'), { maxLength: 2 }),
    nameOrigins: fc.array(textBlock('NAME'), { maxLength: 2 }),
    allow: fc.uniqueArray(roleWord, { maxLength: 2 }),
    proposal: maybe(fc.record({ result: upperWord, proposer: upperWord })),
    need: fc.array(fc.record({ power: upperWord, units: fc.nat(40), centers: fc.nat(40) }), { maxLength: 2 }),
    rotation: maybe(rotation),
    cap: maybe(fc.integer({ min: 1, max: 99_999 })),
    taxes: fc.array(fc.record({ center: maybe(place), amount: fc.nat(999) }), { maxLength: 3 }),
  })
  .chain((fields) => fc.array(power(fields.allow), { maxLength: 4 }).map((powers) => ({ ...fields, powers, source: null })));

/** A model without the traces of the file it was read from, to compare with what was written. */
export function withoutSource(game: GameStatus): GameStatus {
  return { ...game, source: null, powers: game.powers.map((each) => ({ ...each, line: null })) };
}
