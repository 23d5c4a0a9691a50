import type { GameMap } from '../../map/game-map.js';
import { Board } from '../board.js';
import { ruleFlags, type RuleFlags } from '../rules.js';
import type { Position } from '../types.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { checkOrder, isMovementOrder } from './check.js';
import { canonicalText, checkedSubmission } from './checked.js';
import { checkMovement } from './movement.js';
import { gatewayVerdict } from './ways.js';
import { formatOrder } from '../../orders/format.js';
import { parseOrder } from '../../orders/parse.js';
import type { Order, OrderPhase, SubmittedOrder } from '../../orders/types.js';
import { accept, type Verdict } from '../../common/verdict.js';

export interface OrderReaderContext {
  map: GameMap;
  position: Position;
  /** The ordering power's map name (`ENGLAND`). */
  power: string;
  phase: OrderPhase;
  /** The game's RULEs; with NO_CHECK orders are accepted unchecked and judged at processing. */
  rules?: RulesInForce;
  /** The power is a dummy under IMMOBILE_DUMMIES: its units may only hold, support or convoy. */
  immobile?: boolean;
  /** The game's dummy powers: no unit may be proxied to one (PROXY_OK), nor one's units moved under IMMOBILE_DUMMIES (ORDER_ANY). */
  dummies?: ReadonlySet<string>;
}

export type ReadOrderResult =
  | {
      ok: true;
      order: Order;
      text: string;
      checked: boolean;
      /** The order for the adjudicator, carrying its check (which then need not be made again). */
      submitted: SubmittedOrder;
    }
  | { ok: false; refused: RefusedLine };

/**
 * A line refused and why, kept apart so that a reply can quote the line (`"A PAR - MUN": Paris is
 * not adjacent to Munich`) and a test or tool can read which line it was without parsing the quote.
 * `line` is null when a whole list is refused rather than one of its lines.
 */
export interface RefusedLine {
  readonly line: string | null;
  readonly reason: string;
}

export function refusal(line: string, reason: string): RefusedLine {
  return { line: line.trim(), reason };
}

/** The refusal as a judge writes it, quoting the player's line. */
export function quotedRefusal({ line, reason }: RefusedLine): string {
  return line === null ? reason : `"${line}": ${reason}`;
}

/**
 * Reads order lines for one power in one phase: parsed, checked against the board, rendered
 * canonically. The readers of one phase may share one `board` of its map and position (building it
 * cost a fifth of reading a phase's orders when every power built its own).
 */
export class OrderReader {
  private readonly board: Board;
  private readonly power: number;
  private readonly flags: RuleFlags;
  private readonly noCheck: boolean;

  constructor(
    private readonly context: OrderReaderContext,
    board?: Board,
  ) {
    if (board && (board.map !== context.map || board.position !== context.position)) {
      throw new Error(`the board given to ${context.power}'s order reader is not of the phase it reads`);
    }
    this.board = board ?? new Board(context.map, context.position);
    this.power = this.board.powerIndex(context.power);
    this.flags = ruleFlags(context.rules);
    this.noCheck = context.rules?.has('NO_CHECK') ?? false;
  }

  read(line: string): ReadOrderResult {
    const parsed = parseOrder(this.context.map, line, this.context.phase);
    if (!parsed.ok) return { ok: false, refused: refusal(line, parsed.reason) };
    if (parsed.readings.length === 1) return this.take(line, parsed.readings[0]!);
    if (this.noCheck) {
      const meanings = parsed.readings.map(formatOrder).join(' or ');
      return { ok: false, refused: refusal(line, `could mean ${meanings}; an order that reads several ways cannot be used when orders are not checked`) };
    }
    if (this.power < 0) return { ok: false, refused: refusal(line, `${this.context.power} is not a power in this game`) };
    const legal = new Map<string, SubmittedOrder>();
    let firstReason: string | null = null;
    for (const reading of parsed.readings) {
      const checked = this.check(reading);
      if (checked.ok) legal.set(canonicalText(checked.value), checked.value);
      else firstReason ??= checked.reason;
    }
    if (legal.size === 0) return { ok: false, refused: refusal(line, firstReason!) };
    if (legal.size > 1) return { ok: false, refused: refusal(line, `could mean ${[...legal.keys()].join(' or ')}`) };
    const [text, submitted] = [...legal.entries()][0]!;
    return { ok: true, order: submitted.order, text, checked: true, submitted };
  }

  /**
   * An order already in the model, checked as its line would be: the retreat and adjustment orders
   * a status file keeps are taken as they are, not written out and read again.
   */
  given(order: Order): ReadOrderResult {
    return this.take(formatOrder(order), order);
  }

  /** The one reading of `line`: accepted as it is under NO_CHECK, else checked. */
  private take(line: string, order: Order): ReadOrderResult {
    if (this.noCheck) return { ok: true, order, text: formatOrder(order), checked: false, submitted: { power: this.context.power, order } };
    if (this.power < 0) return { ok: false, refused: refusal(line, `${this.context.power} is not a power in this game`) };
    const checked = this.check(order);
    if (!checked.ok) return { ok: false, refused: refusal(line, checked.reason) };
    return { ok: true, order: checked.value.order, text: canonicalText(checked.value), checked: true, submitted: checked.value };
  }

  /** One reading checked; a movement order keeps its check for the adjudicator. */
  private check(order: Order): Verdict<SubmittedOrder> {
    const { phase, power } = this.context;
    const immobile = this.context.immobile ?? false;
    if (phase === 'MOVEMENT' && isMovementOrder(order)) {
      const gateway = gatewayVerdict(this.board, this.power, order);
      if (gateway) return gateway.ok ? accept({ power, order: gateway.value }) : gateway;
      const checked = checkMovement(this.board, this.power, order, this.flags, immobile, this.context.dummies);
      return checked.ok ? accept(checkedSubmission(power, this.power, checked.value, this.board, this.flags, immobile)) : checked;
    }
    const checked = checkOrder(this.board, this.power, order, phase, this.flags, immobile);
    return checked.ok ? accept({ power, order: checked.value }) : checked;
  }
}

/** One line, for callers that read a single order. */
export function readOrder(context: OrderReaderContext, line: string): ReadOrderResult {
  return new OrderReader(context).read(line);
}
