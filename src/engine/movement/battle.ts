import type { Abut } from '../../map/model.js';
import { phaseMismatch } from '../legality/check.js';
import { priorCheck } from '../legality/checked.js';
import { checkMovement, type CheckedMovement } from '../legality/movement.js';
import { provinceOf } from '../legality/units.js';
import { formatOrder } from '../../orders/format.js';
import type { MovementOrder, SubmittedOrder } from '../../orders/types.js';
import type { Board } from '../board.js';
import type { PowerState } from '../types.js';
import { filled, nulls } from '../arrays.js';
import { portageStep } from '../portage-routes.js';
import { restrictionsAllow } from '../reach.js';
import type { RuleFlags } from '../rules.js';
import type { FollowedOrders } from './followed.js';
import { spreadOverFleets, supportedFleet } from './high-seas.js';

/** What a unit does this turn, after checking: an illegal or missing order leaves it holding. */
const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;

/** How an adjacency carries a move's strength: fully, `~` (none of its own) or `*` (half). */
export const NORMAL = 0;
export const WEAK = 1;
export const HALF = 2;

const NONE = -1;
/** A move no adjacency carries: it goes by convoy, and `chooseConvoy` sets its mode from the landing. */
const OVERSEAS = -1;

/** What bends the standard rules for some powers in a movement phase. */
export interface MovementRules {
  flags: RuleFlags;
  /** Powers played by nobody (PLAYER DUMMY): DUMMY_FIRE and IMMOBILE_DUMMIES apply to them. */
  dummies: ReadonlySet<string>;
  /** Which order each unit follows: the rules variant's choice (`followed.ts`). */
  followedOrders: FollowedOrders;
}

/** One submitted order and what checking made of it. */
export interface Entry {
  submitted: SubmittedOrder;
  /** The checked order and its ids, or null when checking refused it. */
  checked: CheckedMovement | null;
  /** Index of the submitting power, or -1 when it is not a power of the game. */
  power: number;
  /** Index of the unit it is for, or -1 (a unit that does not exist, under FICTIONAL_OK). */
  unit: number;
  refusal: string | null;
  /** The canonical text its check at entry made, or null when it was checked here. */
  text: string | null;
}

/**
 * The orders of a movement phase as parallel arrays over the board's units, with the links the
 * resolver follows: valid supports per supported unit, moves per destination province and
 * matching convoys per convoyed army.
 */
export class Battle {
  readonly board: Board;
  readonly size: number;
  readonly entries: Entry[];
  /** Entry index giving each unit its order, or -1 when unordered, as the variant's `followedOrders` chose. */
  readonly entryOf: number[];
  /** PROXY_OK: the entry of the owner's proxy order the unit is under, or -1 (or empty, in games without ORDER_ANY). */
  readonly proxyEntryOf: number[];
  /** FICTIONAL_OK without SHOW_PHANTOM: the unit holds, its order aiding or counting on a unit that does not exist (Algorithm.txt, steps 1 and 2); empty without FICTIONAL_OK. */
  readonly heldForPhantom: boolean[];
  /** NO_CHECK: the unit holds, given different orders by a power it obeys (Rules.txt, NO_CHECK); empty without NO_CHECK. */
  readonly reordered: boolean[];
  readonly kind: number[];
  /** The board's, shared: never written here. */
  readonly power: readonly number[];
  readonly province: readonly number[];
  /** MOVE, CONVOY and move-SUPPORT: the destination province; hold support: -1. */
  readonly dest: number[];
  /** MOVE: the location landed on (coast for fleets); move-SUPPORT: a demanded coast or -1. */
  readonly landing: number[];
  /** SUPPORT and CONVOY: the unit supported or convoyed. */
  readonly target: number[];
  /** 1 when an army's move goes by convoy (see `chooseConvoy`). */
  readonly convoyed: number[];
  /** NORMAL, WEAK or HALF: how the move's adjacency (or a convoy's last leg) carries its strength. */
  readonly mode: number[];
  /** Written convoy routes (location ids), for armies that gave one. */
  readonly route: (number[] | null)[];
  /** Why a support or convoy order does nothing (it matches no order, or is a SIGNAL_SUPPORT signal), or null. */
  readonly voidReason: (string | null)[];
  /**
   * Linked lists ending in -1: the valid supports of each unit's order (`firstSupport[unit]`, then
   * `nextSupport[supporter]`), the moves into each province, and the convoys matching each army.
   * A unit gives one order, so it is on one list at most: the three `next…` lists share one array.
   */
  readonly firstSupport: number[];
  readonly nextSupport: number[];
  readonly firstMoveInto: number[];
  readonly nextMoveInto: number[];
  readonly firstConvoy: number[];
  readonly nextConvoy: number[];
  /**
   * Per power: whether its units may dislodge, help to dislodge and cut the support of its own
   * units (FRIENDLY_FIRE for all, DUMMY_FIRE for dummies), and whether its units may not move
   * at all (IMMOBILE_DUMMIES).
   */
  private readonly firesOnOwn: boolean[];
  private readonly immobile: boolean[];
  private readonly flags: RuleFlags;
  private readonly dummies: ReadonlySet<string>;
  /** NO_RETREAT: every dislodged unit is destroyed. */
  readonly noRetreat: boolean;
  /** NO_CHECK: orders taken unchecked that the units do not follow are listed as invalid (movement/outcomes.ts). */
  readonly noCheck: boolean;
  /** WEAK_BOUNCES: a unit whose move bounced holds its space with no strength (see strength.ts). */
  readonly weakBounces: boolean;
  /** SAFE_CONVOYS and WEAK_CONVOYS: when an attack that does not dislodge a convoying fleet still stops its convoy (see convoy.ts). */
  readonly safeConvoys: boolean;
  readonly weakConvoys: boolean;

  constructor(board: Board, orders: readonly SubmittedOrder[], rules: MovementRules) {
    this.board = board;
    const size = board.units.length;
    this.size = size;
    this.entryOf = filled(size, NONE);
    // Kept empty in games without the rules that use them: a movement phase is adjudicated in microseconds.
    this.proxyEntryOf = rules.flags.orderAny || rules.flags.proxyOk ? filled(size, NONE) : [];
    this.heldForPhantom = rules.flags.fictionalOk ? new Array<boolean>(size).fill(false) : [];
    this.reordered = rules.flags.noCheck ? new Array<boolean>(size).fill(false) : [];
    this.kind = filled(size, 0);
    this.power = board.unitPower;
    this.province = board.unitProvince;
    this.dest = filled(size, NONE);
    this.landing = filled(size, NONE);
    this.target = filled(size, NONE);
    this.convoyed = filled(size, 0);
    this.mode = filled(size, 0);
    this.route = nulls<number[]>(size);
    this.voidReason = nulls<string>(size);
    this.firstSupport = filled(size, NONE);
    this.firstMoveInto = filled(board.tables.count, NONE);
    this.firstConvoy = filled(size, NONE);
    this.nextSupport = this.nextMoveInto = this.nextConvoy = filled(size, NONE);
    const dummy = (state: PowerState): boolean => rules.dummies.size > 0 && rules.dummies.has(state.name);
    this.firesOnOwn = board.powers.map((state) => rules.flags.friendlyFire || (rules.flags.dummyFire && dummy(state)));
    this.immobile = board.powers.map((state) => rules.flags.immobileDummies && dummy(state));
    this.flags = rules.flags;
    this.dummies = rules.dummies;
    this.noRetreat = rules.flags.noRetreat;
    this.noCheck = rules.flags.noCheck;
    this.weakBounces = rules.flags.weakBounces;
    this.safeConvoys = rules.flags.safeConvoys;
    this.weakConvoys = rules.flags.weakConvoys;
    this.entries = orders.map((submitted) => this.enter(submitted));
    if (board.afloat !== null) spreadOverFleets(board, this.entries);
    rules.followedOrders({
      powerIndex: (power) => board.powerIndex(power),
      flags: rules.flags,
      entries: this.entries,
      owners: this.power,
      entryOf: this.entryOf,
      proxyEntryOf: this.proxyEntryOf,
    });
    if (this.noCheck) this.markReorders();
    for (let unit = 0; unit < size; unit++) {
      const entry = this.entryOf[unit]!;
      const checked = entry < 0 ? null : this.entries[entry]!.checked;
      if (checked && this.reordered[unit] !== true) this.load(checked);
    }
    if (this.flags.fictionalOk && !this.flags.showPhantom) {
      for (let unit = 0; unit < size; unit++) if (this.route[unit] !== null && this.kind[unit] === MOVE) this.holdOnPhantomRoute(unit);
    }
    for (let unit = 0; unit < size; unit++) {
      if (this.kind[unit] === MOVE) this.linkMove(unit);
      else if (this.kind[unit] === SUPPORT) this.linkSupport(unit);
      else if (this.kind[unit] === CONVOY) this.linkConvoy(unit);
    }
    // Under PORTAGE_CONVOY fleets are carried too: armies convoy them overland, the roles reversed.
    const carries = rules.flags.portageConvoy;
    for (let unit = 0; unit < size; unit++) if (this.kind[unit] === MOVE && (carries || this.board.units[unit]!.type === 'A')) this.chooseConvoy(unit);
    for (let unit = 0; unit < size; unit++) if (this.kind[unit] === CONVOY) this.dropUnusedConvoy(unit);
  }

  /** Checks an order, unless it was checked at entry on this board. */
  private enter(submitted: SubmittedOrder): Entry {
    const prior = priorCheck(submitted, this.board, this.flags, this.immobile);
    if (prior) return { submitted, checked: prior.checked, power: prior.checkedForIndex, unit: prior.checked.unit, refusal: null, text: prior.text };
    return this.check(submitted, this.board.powerIndex(submitted.power));
  }

  /**
   * NO_CHECK: a unit given two different orders by its owner, or by the power it is proxied to,
   * holds (Rules.txt, NO_CHECK); a proxy and a later order of the owner's are two orders there, not
   * a replacement. A repeated order is one order.
   */
  private markReorders(): void {
    const firstOrder = new Map<string, string>();
    for (const entry of this.entries) {
      if (entry.unit < 0 || !this.ordersUnit(entry.power, entry.unit)) continue;
      const key = `${entry.unit} ${entry.power}`;
      const first = firstOrder.get(key);
      if (first === undefined) firstOrder.set(key, orderText(entry));
      else if (first !== orderText(entry)) this.reordered[entry.unit] = true;
    }
  }

  /** The power owns the unit, or was proxied it: its orders for the unit are the ones that count. */
  ordersUnit(power: number, unit: number): boolean {
    if (this.power[unit] === power) return true;
    const proxy = this.proxyEntryOf[unit] ?? NONE;
    const order = proxy < 0 ? null : this.entries[proxy]!.checked!.order;
    return order?.kind === 'proxy' && this.board.powerIndex(order.to) === power;
  }

  private check(submitted: SubmittedOrder, power: number): Entry {
    const order = submitted.order;
    const mismatch = power < 0 ? `${submitted.power} is not a power in this game` : phaseMismatch(order, 'MOVEMENT');
    if (mismatch !== null) return { submitted, checked: null, power, unit: NONE, refusal: mismatch, text: null };
    const movement = order as MovementOrder;
    const checked = checkMovement(this.board, power, movement, this.flags, this.immobile[power]!, this.dummies);
    return checked.ok
      ? { submitted, checked: checked.value, power, unit: checked.value.unit, refusal: null, text: null }
      : { submitted, checked: null, power, unit: this.namedUnit(power, movement), refusal: checked.reason, text: null };
  }

  /**
   * Whether `unit` may not harm `other` (dislodge it, help to dislodge it, cut its support): the
   * standard rule for two units of one power, unless a FIRE rule lifts it for that power.
   */
  spares(unit: number, other: number): boolean {
    const power = this.power[unit]!;
    return power === this.power[other] && !this.firesOnOwn[power];
  }

  /**
   * COASTAL_CRAWL: two fleets moving into each other's province do not meet head to head unless
   * each makes for the very location the other leaves. DPjudge matches a fleet swap by exact
   * location under the rule (Game.bounce, step 6), so F SPA/SC - POR and F POR - SPA/NC pass each
   * other, F SPA/NC - POR and F POR - SPA/NC still bounce, and an army and a fleet always meet.
   */
  passEachOther(unit: number, other: number): boolean {
    // Nothing stops a move into an nJudge high sea (where `other` goes), not even a fleet sailing out of it the other way.
    if (this.board.tables.isHighSea(this.province[unit]!)) return true;
    if (!this.flags.coastalCrawl) return false;
    const units = this.board.units;
    const mine = units[unit]!;
    const theirs = units[other]!;
    if (mine.type !== 'F' || theirs.type !== 'F') return false;
    return this.landing[unit] !== theirs.location || this.landing[other] !== mine.location;
  }

  /** The power's own unit a refused order names, which then holds; or -1. */
  private namedUnit(power: number, order: MovementOrder): number {
    const province = provinceOf(this.board, order.unit.location);
    const unit = province < 0 ? NONE : this.board.occupant[province]!;
    return unit >= 0 && this.board.units[unit]!.power === power ? unit : NONE;
  }

  private load(checked: CheckedMovement): void {
    const unit = checked.unit;
    this.target[unit] = checked.target;
    this.dest[unit] = checked.dest;
    this.landing[unit] = checked.landing;
    this.route[unit] = checked.route;
    // A SIGNAL_SUPPORT signal is a support order that never counts: it is void from the start.
    if (checked.signal !== null) this.voidReason[unit] = `a signal only: ${checked.signal}`;
    const kind = checked.order.kind;
    this.kind[unit] = kind === 'move' ? MOVE : kind === 'support' ? SUPPORT : kind === 'convoy' ? CONVOY : HOLD;
    if (kind === 'move') this.mode[unit] = checked.crossing ? modeOf(checked.crossing) : OVERSEAS;
    if ((kind === 'support' || kind === 'convoy') && checked.target === NONE) this.aidToPhantom(unit, kind);
  }

  /**
   * FICTIONAL_OK: a support or convoy offered to a unit that does not exist is void under
   * SHOW_PHANTOM, and otherwise the unit holds instead (Algorithm.txt, steps 1 and 2).
   */
  private aidToPhantom(unit: number, kind: 'support' | 'convoy'): void {
    if (this.flags.showPhantom) {
      const convoyed = this.board.units[unit]!.type === 'F' ? 'the army convoyed' : 'the fleet carried';
      this.voidReason[unit] = `${kind === 'support' ? 'the unit supported' : convoyed} does not exist`;
      return;
    }
    this.kind[unit] = HOLD;
    this.heldForPhantom[unit] = true;
  }

  /**
   * FICTIONAL_OK without SHOW_PHANTOM: a unit whose written route reaches, before any carrier that
   * does not carry it, a space with no carrier at all (a fleet for an army; under PORTAGE_CONVOY an
   * army for a fleet) holds instead; SHOW_PHANTOM has it fail as `no convoy` (Algorithm.txt, step 1).
   */
  private holdOnPhantomRoute(mover: number): void {
    const carrierType = this.board.units[mover]!.type === 'A' ? 'F' : 'A';
    const offers = (carrier: number): boolean => this.kind[carrier] === CONVOY && this.target[carrier] === mover && this.dest[carrier] === this.dest[mover];
    for (const space of this.route[mover]!) {
      // In an nJudge high sea, the fleet there that offers this convoy, if any.
      const there = this.board.unitsIn(this.board.tables.provinceOf[space]!);
      const carrier = there.find(offers) ?? there[0] ?? NONE;
      if (carrier < 0 || this.board.units[carrier]!.type !== carrierType) {
        this.kind[mover] = HOLD;
        this.heldForPhantom[mover] = true;
        return;
      }
      if (!offers(carrier)) return;
    }
  }

  private linkMove(unit: number): void {
    const dest = this.dest[unit]!;
    // A move into an nJudge high sea meets no other: it neither bounces nor dislodges nor cuts a support there.
    if (this.board.tables.isHighSea(dest)) return;
    this.nextMoveInto[unit] = this.firstMoveInto[dest]!;
    this.firstMoveInto[dest] = unit;
  }

  private linkSupport(unit: number): void {
    if (this.voidReason[unit] !== null) return;
    if (this.board.afloat !== null) this.target[unit] = supportedFleet(this.board, unit, this.target[unit]!, (fleet) => this.supportMatches(unit, fleet));
    const target = this.target[unit]!;
    const tables = this.board.tables;
    if (!this.supportMatches(unit, target)) {
      const demanded = this.landing[unit]!;
      const described = this.board.describe(this.board.units[target]!);
      this.voidReason[unit] =
        this.dest[unit] === NONE
          ? `${described} did not hold`
          : `${described} did not move to ${tables.abbrev(demanded === NONE ? this.dest[unit]! : demanded)}`;
      return;
    }
    this.nextSupport[unit] = this.firstSupport[target]!;
    this.firstSupport[target] = unit;
  }

  /** The supporter's order fits what `target` does: a hold support a unit that does not move, a move support its very move. */
  private supportMatches(supporter: number, target: number): boolean {
    if (this.dest[supporter] === NONE) return this.kind[target] !== MOVE;
    const demanded = this.landing[supporter]!;
    return this.kind[target] === MOVE && this.dest[target] === this.dest[supporter] && (demanded === NONE || demanded === this.landing[target]);
  }

  private linkConvoy(unit: number): void {
    if (this.voidReason[unit] !== null) return;
    const army = this.target[unit]!;
    if (this.kind[army] !== MOVE || this.dest[army] !== this.dest[unit]) {
      this.voidReason[unit] = `${this.board.describe(this.board.units[army]!)} did not move to ${this.board.tables.abbrev(this.dest[unit]!)}`;
      return;
    }
    this.nextConvoy[unit] = this.firstConvoy[army]!;
    this.firstConvoy[army] = unit;
  }

  /**
   * An army goes by convoy when it cannot march there or wrote a route. When it could march, it
   * goes by sea only if the fleets offering the convoy form a whole route, and then only if it asked
   * for a convoy or a fleet of its own power offers one (DATC 4.A.3 intent): intent and `VIA
   * CONVOY` choose between two routes, so with no convoy route the army marches (DATC v2 on 6.G.8).
   */
  private chooseConvoy(army: number): void {
    let byConvoy = this.route[army] !== null || this.mode[army] === OVERSEAS;
    // An army that could march and that no fleet offers to carry marches.
    if (!byConvoy && this.firstConvoy[army]! >= 0) {
      const entry = this.entries[this.entryOf[army]!]!;
      const asked = entry.checked?.order.kind === 'move' && entry.checked.order.viaConvoy;
      let intended = false;
      for (let fleet = this.firstConvoy[army]!; fleet >= 0 && !intended; fleet = this.nextConvoy[fleet]!) {
        intended = asked || this.power[fleet] === this.power[army];
      }
      byConvoy = intended && this.convoyChainReaches(army, () => true);
    }
    if (!byConvoy) return;
    this.convoyed[army] = 1;
    this.mode[army] = this.convoyMode(army);
  }

  /**
   * Some chain of the fleets offering to convoy the army, taking only those that `stays` keeps in
   * place, leads from the army to its destination. Every leg is one a fleet could sail, open to the
   * army's power; a fleet that armies carry (PORTAGE_CONVOY) steps between provinces instead.
   * `stays` is asked lazily, fleet by fleet as the chain reaches them: the resolver passes its own
   * decisions.
   */
  convoyChainReaches(army: number, stays: (fleet: number) => boolean): boolean {
    const board = this.board;
    const tables = board.tables;
    const placed = board.units[army]!;
    const crosses =
      placed.type === 'F'
        ? (from: number, to: number): boolean => portageStep(tables, from, to)
        : (from: number, to: number): boolean => {
            const abut = tables.abut(from, to);
            return abut !== undefined && abut.fleets && restrictionsAllow(board, abut, placed.power);
          };
    const landing = this.dest[army]!;
    const reached: number[] = [];
    for (let fleet = this.firstConvoy[army]!; fleet >= 0; fleet = this.nextConvoy[fleet]!) {
      if (crosses(placed.location, board.units[fleet]!.location) && stays(fleet)) reached.push(fleet);
    }
    for (let head = 0; head < reached.length; head++) {
      const at = board.units[reached[head]!]!.location;
      if (crosses(at, landing)) return true;
      for (let fleet = this.firstConvoy[army]!; fleet >= 0; fleet = this.nextConvoy[fleet]!) {
        if (reached.includes(fleet)) continue;
        if (crosses(at, board.units[fleet]!.location) && stays(fleet)) reached.push(fleet);
      }
    }
    return false;
  }

  /** A convoyed army's strength follows its last step: the best adjacency any offered fleet lands it by. */
  private convoyMode(army: number): number {
    const tables = this.board.tables;
    const landing = this.dest[army]!;
    const route = this.route[army];
    // A railway ride's route is empty: no sea space weakens its landing.
    const lastSteps = route ? route.slice(-1) : [];
    for (let fleet = this.firstConvoy[army]!; !route && fleet >= 0; fleet = this.nextConvoy[fleet]!) {
      lastSteps.push(this.board.units[fleet]!.location);
    }
    let sawHalf = false;
    let sawWeak = false;
    for (const space of lastSteps) {
      const abut = tables.abut(space, landing);
      if (!abut) continue;
      const mode = modeOf(abut);
      if (mode === NORMAL) return NORMAL;
      if (mode === HALF) sawHalf = true;
      else sawWeak = true;
    }
    return sawHalf ? HALF : sawWeak ? WEAK : NORMAL;
  }

  /** A convoy for an army that marches overland is not used. */
  private dropUnusedConvoy(fleet: number): void {
    const army = this.target[fleet]!;
    if (this.voidReason[fleet] === null && this.convoyed[army] === 0) {
      const carried = this.board.units[army]!;
      this.voidReason[fleet] = `${this.board.describe(carried)} ${carried.type === 'A' ? 'moves overland' : 'sails there itself'}`;
    }
  }
}

function modeOf(abut: Abut): number {
  return abut.weak ? WEAK : abut.half ? HALF : NORMAL;
}

/** An entry's order in canonical form, to tell a repeated order from a different one. */
export function orderText(entry: Entry): string {
  return formatOrder(entry.checked?.order ?? entry.submitted.order);
}
