import type { Phase, UnitType } from '../map/model.js';
import type { Order } from '../orders/types.js';
import type { FollowedOrders } from './movement/followed.js';

export type { Order };

/** A unit on the board. `location` is a map abbreviation; fleets on multi-coast provinces carry the coast. */
export interface Unit {
  type: UnitType;
  location: string;
}

/** A unit dislodged in the last movement phase, waiting for the retreat phase. */
export interface RetreatingUnit extends Unit {
  /** Locations it may retreat to (DPjudge's `unit --> retreatList`); never empty (such units are destroyed). */
  retreats: string[];
}

/** One power's share of a position: what a DPjudge status file keeps per power. */
export interface PowerState {
  /** The power's name as the map writes it (`ENGLAND`). */
  name: string;
  units: Unit[];
  retreating: RetreatingUnit[];
  /** Owned supply centers (provinces), plus unused `SC!`, `SC?` and `SC*` build tokens. */
  centers: string[];
  /** Home centers now: the map's, changed by claimed homes and NEWHOMES. */
  homes: string[];
  /** `&SC` credits left: owned non-home centers the power may still claim as homes by building. */
  claimCredits: number;
  /** Overrides of the map's RESERVES and MILITIA counts (a status file may set them). */
  reserves?: number;
  militia?: number;
  /** Its player RESIGNed and nobody took over: GARRISON gives such a power no way back. */
  resigned?: boolean;
}

/** The board between phases: every unit, center owner and pending retreat. */
export interface Position {
  powers: PowerState[];
}

/**
 * DPjudge's result annotations, plus what the results need to say about units nobody ordered.
 * `illegal` is an order refused when it was finally checked (NO_CHECK games); `blocked` is a move or
 * support an nJudge gateway or railway kept from happening (movement/ways.ts).
 */
export type OutcomeMark = 'bounce' | 'cut' | 'void' | 'blocked' | 'no convoy' | 'dislodged' | 'destroyed' | 'illegal' | 'disbanded' | 'hidden' | 'unordered';

export interface OrderOutcome {
  power: string;
  /** The order as adjudicated: completed by checking (unit types, coasts) when it was legal. */
  order: Order;
  /** Its canonical rendering (`A MUN S A BER - KIE`). */
  text: string;
  /** The move, retreat or build happened; the support or convoy was given; the hold held. */
  succeeded: boolean;
  marks: OutcomeMark[];
  /** Why, for the results mailing (`bounced with A BUR (France)`); empty when the order simply worked. */
  reason: string;
  /** Units it bounced with, as `A BUR`. */
  bouncedWith?: string[];
  /** The unit that cut this support, as `A PIE`. */
  cutBy?: string;
  /** The unit that dislodged this one, by its origin (`A TYR`). */
  dislodgedBy?: string;
  /** A dislodged unit's retreat options (empty: it is destroyed). */
  retreats?: string[];
}

export interface CenterChange {
  center: string;
  from: string | null;
  to: string;
}

/** Builds (positive) or removals (negative) a power has in an adjustment phase. */
export interface AdjustmentCount {
  power: string;
  centers: number;
  units: number;
  /** Units the power may keep: centers (less any a Hong Kong setting bars it from counting) plus any reserves and militia it is entitled to. */
  allowed: number;
  change: number;
}

export interface PhaseResult {
  phase: Phase;
  outcomes: OrderOutcome[];
  /** The position after the phase: ownership updated when the year's last pre-adjustment phase ended. */
  position: Position;
  ownershipUpdated: boolean;
  centerChanges: CenterChange[];
  /** The winners after an ownership update (see victory.ts). */
  victors: string[];
  /** VASSAL_DUMMIES: each dummy's controller after an ownership update (absent: not a vassal); null when nothing was decided. */
  controllers: Map<string, string> | null;
  /** TORN_ALLEGIANCE: vassal units destroyed, as `A MUN`, with the center's owner (null: unowned). */
  tornAllegiance: TornUnit[];
}

export interface TornUnit {
  power: string;
  unit: string;
  owner: string | null;
}

/** Game rules (DPjudge RULE names) the adjudicator honours; see docs/datc-options.md. */
export interface AdjudicationOptions {
  rules?: Iterable<string>;
  /** Powers played by another power (CONTROL), mapped to the one in control: TEAM_VICTORY and VICTORY_HOMES count them. */
  controllers?: ReadonlyMap<string, string>;
  /** Powers nobody plays (PLAYER DUMMY): DUMMY_FIRE and IMMOBILE_DUMMIES apply to their units. */
  dummies?: ReadonlySet<string>;
  /** Which order each unit follows in a movement phase: the rules variant's choice (the standard game's when not given). */
  followedOrders?: FollowedOrders;
}
