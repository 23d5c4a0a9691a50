import type { UnitType } from '../map/model.js';

/**
 * A unit as an order names it. The location is a map abbreviation (`PAR`, `STP/SC`); the type is
 * null when the player left it out (`PAR-BUR`), and checking fills it in from the board.
 */
export interface UnitRef {
  type: UnitType | null;
  location: string;
}

export interface HoldOrder {
  kind: 'hold';
  unit: UnitRef;
}

export interface MoveOrder {
  kind: 'move';
  unit: UnitRef;
  /** Destination location; a fleet's coast may be null until checking picks the only reachable one. */
  to: string;
  /** Sea spaces of an explicitly written convoy route (`A LON - NTH - NWY` gives `['NTH']`). */
  route: string[];
  /** Written `VIA CONVOY`, or with a route. */
  viaConvoy: boolean;
}

export interface SupportOrder {
  kind: 'support';
  unit: UnitRef;
  target: UnitRef;
  /** Where the supported unit moves; null for support to hold. May carry a coast, which must then match. */
  to: string | null;
}

export interface ConvoyOrder {
  kind: 'convoy';
  unit: UnitRef;
  target: UnitRef;
  to: string;
}

/**
 * PROXY_OK: the unit's owner hands its order for this movement phase to another power (`A LON P
 * FRANCE`). `to` is that power's name as the map writes it.
 */
export interface ProxyOrder {
  kind: 'proxy';
  unit: UnitRef;
  to: string;
}

interface RetreatOrder {
  kind: 'retreat';
  unit: UnitRef;
  to: string;
}

interface DisbandOrder {
  kind: 'disband';
  unit: UnitRef;
}

export interface BuildOrder {
  kind: 'build';
  unit: UnitRef;
}

export interface RemoveOrder {
  kind: 'remove';
  unit: UnitRef;
}

interface WaiveOrder {
  kind: 'waive';
}

export type MovementOrder = HoldOrder | MoveOrder | SupportOrder | ConvoyOrder | ProxyOrder;
export type RetreatPhaseOrder = RetreatOrder | DisbandOrder;
export type AdjustmentOrder = BuildOrder | RemoveOrder | WaiveOrder;
export type Order = MovementOrder | RetreatPhaseOrder | AdjustmentOrder;

/**
 * The orders of retreat and adjustment phases. A power's status block keeps them as these values
 * (RETREAT, DISBAND, BUILD, BUILD WAIVED and REMOVE lines), checked, so their units are typed.
 */
export type RetreatOrAdjustmentOrder = RetreatPhaseOrder | AdjustmentOrder;

/** The three phase types orders exist for. */
export type OrderPhase = 'MOVEMENT' | 'RETREATS' | 'ADJUSTMENTS';

/** An order together with the power that gave it: what the adjudicator takes. */
export interface SubmittedOrder {
  power: string;
  order: Order;
}
