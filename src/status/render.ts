import { GAME_KIND_ORDER, gameLines, ORDER_LINE_KINDS, POWER_KIND_ORDER, powerLines, type KindLines } from './canonical.js';
import { orderListOf, readsAsPowerHeader, rolesOf } from './keywords.js';
import { commonSubsequence } from './lcs.js';
import type { GameStatus, PowerStatus } from './model.js';
import { StatusWriteError } from './safe.js';
import { GAME_OWNER, type SourceEntry, type StatusSource } from './source.js';
import { encodeStatusText, joinOutputLines, preferredLineEnding, withByteOrderMark, type OutputLine } from './text.js';

/**
 * Writes a model as status-file text. A model read from a file is written back into that file's
 * lines: a value still spelled as it was keeps its line exactly (spacing, case, tabs, line ending),
 * a changed value is rewritten where it stood, a removed one loses its line, and a new one goes
 * after the lines of its kind (or of the kind before it). Blank and unknown lines stay in place.
 * Throws StatusWriteError for a value that cannot be written as one line.
 */
export function renderStatus(game: GameStatus): string {
  return game.source ? new SourceMerge(game, game.source).text() : freshText(game);
}

/** The file's bytes, in the encoding it was read in (UTF-8 for a new file). */
export function renderStatusBytes(game: GameStatus): Buffer {
  return encodeStatusText(renderStatus(game), game.source?.encoding ?? 'utf-8');
}

function freshText(game: GameStatus): string {
  const roles = rolesOf(game.allow);
  const lines = flatten(gameLines(game), GAME_KIND_ORDER);
  for (const power of game.powers) {
    if (lines.length > 0) lines.push('');
    lines.push(...powerBlock(power, roles));
  }
  return lines.map((line) => `${line}\n`).join('');
}

function powerBlock(power: PowerStatus, roles: ReadonlySet<string>): string[] {
  const kinds = powerLines(power);
  for (const kind of ORDER_LINE_KINDS) for (const order of kinds.get(kind) ?? []) assertReadsAsOrder(order, roles);
  return flatten(kinds, POWER_KIND_ORDER);
}

function flatten(kinds: KindLines, order: readonly string[]): string[] {
  return order.flatMap((kind) => kinds.get(kind) ?? []).flatMap((entry) => entry.split('\n'));
}

/** An order that reads as a power block or an order-list keyword would change the file's structure. */
function assertReadsAsOrder(order: string, roles: ReadonlySet<string>): void {
  const words = order.split(' ');
  if (readsAsPowerHeader(words, roles) || orderListOf(words))
    throw new StatusWriteError(`the order '${order}' would be read as the start of a new block, not as an order`);
}

/** The marker line each order-list kind hangs from. */
const LIST_MARKER_OF: Record<string, string> = {
  ORDERS: 'ORDERS',
  orders: 'ORDERS',
  SOONER: 'SOONER',
  sooner: 'SOONER',
  LATER: 'LATER',
  later: 'LATER',
};

interface Insertion {
  /** Insert before line `gap` (the number of lines: at the end). */
  gap: number;
  /** 0: attached to the line before the gap; 1: attached to the line after it. */
  side: 0 | 1;
  rank: number;
  sequence: number;
  lines: string[];
}

class SourceMerge {
  /** Per line: undefined keeps it, null drops it, an array replaces it. */
  private readonly plan: (string[] | null | undefined)[];
  private readonly insertions: Insertion[] = [];
  private readonly roles: ReadonlySet<string>;
  private readonly eol: string;
  private readonly fresh: PowerStatus[] = [];

  constructor(
    private readonly game: GameStatus,
    private readonly source: StatusSource,
  ) {
    this.plan = new Array(source.lines.length);
    this.roles = rolesOf(game.allow);
    this.eol = preferredLineEnding(source.lines);
  }

  text(): string {
    const present = this.presentOwners();
    this.dropAbsentBlocks(present);
    this.mergeOwner(GAME_OWNER, gameLines(this.game, this.keepsBare(GAME_OWNER)), GAME_KIND_ORDER);
    for (const [owner, power] of present) this.mergeOwner(owner, powerLines(power, this.keepsBare(owner)), POWER_KIND_ORDER);
    return withByteOrderMark(this.emit(), this.source.bom);
  }

  /** Powers still in the model that came from a block of the source, by that block's owner. */
  private presentOwners(): Map<number, PowerStatus> {
    const present = new Map<number, PowerStatus>();
    for (const power of this.game.powers) {
      const owner = power.line === null ? null : power.line - 1;
      if (owner !== null && this.source.byOwner.get(owner)?.has('header') && !present.has(owner)) present.set(owner, power);
      else this.fresh.push(power);
    }
    return present;
  }

  /** A removed power takes its block with it: its lines, and the blank and unknown lines inside it. */
  private dropAbsentBlocks(present: ReadonlyMap<number, PowerStatus>): void {
    const gameLinesAt = new Set<number>();
    for (const entries of this.source.byOwner.get(GAME_OWNER)?.values() ?? [])
      for (const entry of entries) for (let line = entry.first; line <= entry.last; line++) gameLinesAt.add(line);
    this.source.regions.forEach((region, line) => {
      if (region !== GAME_OWNER && !present.has(region) && !gameLinesAt.has(line)) this.plan[line] = null;
    });
  }

  private keepsBare(owner: number): (kind: string) => boolean {
    return (kind) =>
      this.source.byOwner
        .get(owner)
        ?.get(kind)
        ?.some((entry) => entry.bare) ?? false;
  }

  private mergeOwner(owner: number, written: KindLines, kindOrder: readonly string[]): void {
    const kinds = this.source.byOwner.get(owner);
    kindOrder.forEach((kind, rank) => {
      const old = kinds?.get(kind) ?? [];
      const lines = written.get(kind) ?? [];
      if (old.length === lines.length && old.every((entry, index) => entry.canonical === lines[index])) return;
      this.mergeKind(owner, kind, rank, old, lines, kindOrder);
    });
  }

  /** Keeps the entries still spelled the same, rewrites changed ones in place, drops and inserts the rest. */
  private mergeKind(owner: number, kind: string, rank: number, old: readonly SourceEntry[], lines: readonly string[], kindOrder: readonly string[]): void {
    const pairs = commonSubsequence(
      old.map((entry) => entry.canonical),
      lines,
    );
    pairs.push([old.length, lines.length]);
    let oldAt = 0;
    let lineAt = 0;
    let lastPlaced: SourceEntry | null = null;
    for (const [matchedOld, matchedLine] of pairs) {
      const replaced = Math.min(matchedOld - oldAt, matchedLine - lineAt);
      for (let step = 0; step < matchedOld - oldAt; step++) {
        const entry = old[oldAt + step]!;
        if (step < replaced && this.replaceable(entry)) {
          this.replace(entry, kind, lines[lineAt + step]!);
          lastPlaced = entry;
        } else {
          this.drop(entry);
          if (step < replaced) this.insert(this.anchor(owner, kind, rank, kindOrder), rank, kind, lines[lineAt + step]!);
        }
      }
      for (let step = replaced; step < matchedLine - lineAt; step++) {
        const where = lastPlaced
          ? after(lastPlaced)
          : old.length > 0 && this.replaceable(old[0]!)
            ? before(old[0]!)
            : this.anchor(owner, kind, rank, kindOrder);
        this.insert(where, rank, kind, lines[lineAt + step]!);
      }
      if (matchedOld < old.length) lastPlaced = old[matchedOld]!;
      oldAt = matchedOld + 1;
      lineAt = matchedLine + 1;
    }
  }

  /**
   * Game lines found after the power blocks are kept where they are while unchanged, but a changed
   * one moves up to the game's lines: written among the powers it could read as a power's line.
   */
  private replaceable(entry: SourceEntry): boolean {
    return entry.owner !== GAME_OWNER || entry.first < this.source.headerEnd;
  }

  /**
   * Where a kind the block does not have yet goes: after the last line of the nearest earlier kind
   * it has (game lines: before the first power). A new order list goes at the end of its block, as
   * every line after ORDERS, SOONER or LATER is read as an order.
   */
  private anchor(owner: number, kind: string, rank: number, kindOrder: readonly string[]): Pick<Insertion, 'gap' | 'side'> {
    const kinds = this.source.byOwner.get(owner);
    const marker = LIST_MARKER_OF[kind];
    if (marker && owner !== GAME_OWNER && !kinds?.get(marker)?.length) return this.blockEnd(owner);
    for (let earlier = rank - 1; earlier >= 0; earlier--) {
      const entries = (kinds?.get(kindOrder[earlier]!) ?? []).filter((entry) => this.replaceable(entry));
      if (entries.length > 0) return after(entries[entries.length - 1]!);
    }
    return { gap: owner === GAME_OWNER ? 0 : owner + 1, side: 1 };
  }

  /** After the block's last line that is not blank. */
  private blockEnd(owner: number): Pick<Insertion, 'gap' | 'side'> {
    let last = owner;
    this.source.regions.forEach((region, line) => {
      if (region === owner && this.source.lines[line]!.text.trim() !== '') last = line;
    });
    return { gap: last + 1, side: 0 };
  }

  private replace(entry: SourceEntry, kind: string, text: string): void {
    this.checkWritten(kind, text);
    for (let line = entry.first; line <= entry.last; line++) this.plan[line] = null;
    this.plan[entry.first] = text.split('\n');
  }

  private drop(entry: SourceEntry): void {
    for (let line = entry.first; line <= entry.last; line++) this.plan[line] = null;
  }

  private insert(where: Pick<Insertion, 'gap' | 'side'>, rank: number, kind: string, text: string): void {
    this.checkWritten(kind, text);
    this.insertions.push({ ...where, rank, sequence: this.insertions.length, lines: text.split('\n') });
  }

  private checkWritten(kind: string, text: string): void {
    if (ORDER_LINE_KINDS.has(kind)) assertReadsAsOrder(text, this.roles);
  }

  private emit(): string {
    const output: OutputLine[] = [];
    const byGap = new Map<number, Insertion[]>();
    for (const insertion of this.insertions) {
      const list = byGap.get(insertion.gap);
      if (list) list.push(insertion);
      else byGap.set(insertion.gap, [insertion]);
    }
    const lines = this.source.lines;
    const insertAt = (gap: number) => {
      const here = byGap.get(gap);
      if (!here) return;
      here.sort((a, b) => a.side - b.side || a.rank - b.rank || a.sequence - b.sequence);
      for (const insertion of here) for (const text of insertion.lines) output.push({ text, eol: this.eol });
    };
    for (let index = 0; index < lines.length; index++) {
      insertAt(index);
      const planned = this.plan[index];
      if (planned === undefined) output.push({ text: lines[index]!.text, eol: lines[index]!.eol });
      else if (planned !== null) planned.forEach((text, at) => output.push({ text, eol: at === planned.length - 1 ? lines[index]!.eol : this.eol }));
    }
    insertAt(lines.length);
    for (const power of this.fresh) {
      if (output.length > 0 && output[output.length - 1]!.text.trim() !== '') output.push({ text: '', eol: this.eol });
      for (const text of powerBlock(power, this.roles)) output.push({ text, eol: this.eol });
    }
    return joinOutputLines(output, lines, this.eol);
  }
}

function after(entry: SourceEntry): Pick<Insertion, 'gap' | 'side'> {
  return { gap: entry.last + 1, side: 0 };
}

function before(entry: SourceEntry): Pick<Insertion, 'gap' | 'side'> {
  return { gap: entry.first, side: 1 };
}
