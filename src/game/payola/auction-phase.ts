import { runAuction, type AuctionResult, type Bidder } from '../../engine/payola/auction.js';
import { readOfferSheet, type OfferSheet } from '../../engine/payola/sheet.js';
import { OrderReader, quotedRefusal } from '../../engine/legality/reader.js';
import { Board } from '../../engine/board.js';
import { phaseAbbrev } from '../../map/phase.js';
import { RulesInForce } from '../../rules/in-force.js';
import type { GameStatus } from '../../status/model.js';
import type { OrderContext } from '../orders.js';
import { acceptanceOf, balanceOf, controlledBy, controllers, isDummy, letterOf, mapPowers } from './treasuries.js';

/**
 * A Payola movement phase's auction, read from the status file: every power's offer sheet read
 * against the board of the phase, then the units' choices (`engine/payola/auction.ts`). The powers
 * an acceptance list leaves to `?` are ordered by a draw seeded with the game and the phase, so
 * that the orders played, the account statements and the charges (each worked out from the same
 * status file) agree, and a ROLLBACK plays the phase again the same way.
 */

export interface PayolaAuction {
  readonly result: AuctionResult;
  /** Each power's sheet as read. */
  readonly sheets: ReadonlyMap<string, OfferSheet>;
  /** Each power's treasury before the phase. */
  readonly balances: ReadonlyMap<string, number>;
  /** Sheet lines that no longer read as offers (a hand edit), with the reason. */
  readonly invalid: { power: string; message: string }[];
}

export function payolaAuction(game: GameStatus, context: OrderContext): PayolaAuction {
  const { map, position, rules } = context;
  const dummies = new Set(
    mapPowers(game)
      .filter(isDummy)
      .map((power) => power.name),
  );
  const board = new Board(map, position);
  const anyOrder = new RulesInForce([...rules.names, 'ORDER_ANY']);
  const readers = new Map<string, OrderReader>();
  const readerFor = (power: string) => {
    let reader = readers.get(power);
    if (!reader) readers.set(power, (reader = new OrderReader({ map, position, power, phase: 'MOVEMENT', rules: anyOrder }, board)));
    return reader;
  };
  const owners = new Map<string, string>(position.powers.flatMap((power) => power.units.map((unit) => [`${unit.type} ${unit.location}`, power.name] as const)));
  const sheets = new Map<string, OfferSheet>();
  const balances = new Map<string, number>();
  const invalid: { power: string; message: string }[] = [];
  const bidders: Bidder[] = mapPowers(game).map((power) => {
    const balance = balanceOf(game, map, position, rules, power);
    const sheet = readOfferSheet({ map, position, rules, power: power.name, balance, dummies, controlled: controlledBy(game, power.name) }, power.offers);
    sheets.set(power.name, sheet);
    balances.set(power.name, balance);
    invalid.push(...sheet.errors.map((error) => ({ power: power.name, message: quotedRefusal(error) })));
    return {
      name: power.name,
      letter: letterOf(map, power.name),
      accept: acceptanceOf(map, power),
      balance,
      savings: sheet.savings,
      offers: sheet.offers,
      units: position.powers.find((each) => each.name === power.name)?.units.map((unit) => `${unit.type} ${unit.location}`) ?? [],
      uncontrolledDummy: isDummy(power) && power.control.length === 0,
    };
  });
  const result = runAuction({
    ...(rules.has('RESTRICT_SIGNAL') ? { restrictedSignals: unitSignals(sheets, owners, controllers(game)) } : {}),
    bidders,
    ebayola: rules.has('EBAYOLA'),
    publicTotals: rules.has('PUBLIC_TOTALS'),
    isValid: (unit, order) => readerFor(owners.get(unit) ?? '').read(order).ok,
    shuffle: seededShuffle(`${game.name ?? ''} ${phaseAbbrev(context.phase)}`),
  });
  return { result, sheets, balances, invalid };
}

/**
 * Each unit's SIGNAL_SUPPORT orders under RESTRICT_SIGNAL: its owner's first (the one DPjudge's
 * signalOrder substitutes for HOLD), then its owner's controller's.
 */
function unitSignals(
  sheets: ReadonlyMap<string, OfferSheet>,
  owners: ReadonlyMap<string, string>,
  controller: ReadonlyMap<string, string>,
): Map<string, string[]> {
  const signals = new Map<string, string[]>();
  for (const [unit, owner] of owners) {
    const orders = [owner, controller.get(owner)].flatMap((power) => {
      const order = power === undefined ? undefined : sheets.get(power)?.signals.get(unit);
      return order === undefined ? [] : [order];
    });
    if (orders.length > 0) signals.set(unit, orders);
  }
  return signals;
}

/** A Fisher-Yates shuffle drawing from a small generator (mulberry32) seeded by hashing `seed`. */
function seededShuffle(seed: string): (letters: readonly string[]) => readonly string[] {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (letters) => {
    const shuffled = [...letters];
    for (let index = shuffled.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1));
      [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
    }
    return shuffled;
  };
}
