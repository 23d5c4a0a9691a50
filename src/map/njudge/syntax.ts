/**
 * What an nJudge `map.<variant>` file says, before any name in it is resolved: the shape the
 * parsers produce and the conversion to MapData consumes. Names stay as written (case and all) so
 * that errors can quote them.
 */

/** The fields Machiavelli maps add after the area type (`V3PV`: income 3, fortified port, Venice rules). */
export interface CityFields {
  income: number;
  /** `.` unfortified, `f` fortified, `p` port, `P` fortified port, `V` Venice-style port and province. */
  kind: string;
  venice: boolean;
}

export interface AreaLine {
  name: string;
  /** `h` `g` `l` `r` `v` `w` `x`, or the letter or digit of the power whose home center it is. */
  type: string;
  /** The `w` duality flag on a land area: fleets there may convoy. */
  convoyable: boolean;
  city: CityFields | null;
  /** Every abbreviation, as written; the first one names the area in the model. */
  abbreviations: string[];
  line: number;
}

/** `mv` army moves, `xc` fleet moves (all coasts), one coast, or a Machiavelli controlled conduit. */
export type MoveKind = 'mv' | 'xc' | 'nc' | 'sc' | 'ec' | 'wc' | 'cc';

export const COAST_KINDS: readonly MoveKind[] = ['nc', 'sc', 'ec', 'wc'];

/** What may follow a target's `/`: a coast, the conduit mark, or an army move's strength mark. */
export type MoveModifier = 'nc' | 'sc' | 'ec' | 'wc' | 'cc' | 'xc' | 'mx' | 'hx' | 'lx';

export interface MoveTarget {
  name: string;
  modifier: MoveModifier | null;
}

export interface MoveLine {
  source: string;
  kind: MoveKind;
  /** `-mx:` lists: army moves that all carry the `/mx` mark. */
  allWeak: boolean;
  targets: MoveTarget[];
  line: number;
}

export interface NameAt {
  name: string;
  line: number;
}

export interface HongKongLine {
  /** Power letters that may not count these provinces for builds. */
  powers: string[];
  provinces: NameAt[];
  line: number;
}

export interface GatewayLine {
  gateway: string;
  controller: string;
  provinces: string[];
  line: number;
}

export interface RailwayLine {
  railway: string;
  powers: string[];
  route: string[];
  line: number;
}

export interface MapFile {
  /** The file as diagnostics name it. */
  file: string;
  areas: AreaLine[];
  moves: MoveLine[];
  /** The summary center list; null when the map has none. */
  centerOrder: NameAt[] | null;
  hongKong: HongKongLine[];
  gateways: GatewayLine[];
  railways: RailwayLine[];
  /** Areas carry Machiavelli city fields: a Machiavelli map. */
  machiavelli: boolean;
}
