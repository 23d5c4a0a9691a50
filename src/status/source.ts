import type { SourceLine, StatusEncoding } from './text.js';

/**
 * What the writer needs to know about the file a model was read from: every line as written, and
 * for every line that holds a model value, which block and kind it belongs to and how the writer
 * would spell it. A value whose spelling is still the same keeps its line exactly as written.
 */

/** The owner of the game's own lines; a power block's owner is the index of its first line. */
export const GAME_OWNER = -1;

export interface SourceEntry {
  readonly owner: number;
  /** The line kind (`OWNS`, `unit`, `orders`, ...; see `canonical.ts`). */
  readonly kind: string;
  /** First and last line index (several lines for a MORPH, DESC or NAME stanza). */
  readonly first: number;
  readonly last: number;
  /** The value as the writer spells it; a stanza's lines are joined with `\n`. */
  readonly canonical: string;
  /** The keyword stood alone for an empty value: an empty value keeps such a line (see `canonical.ts`). */
  readonly bare: boolean;
}

export interface StatusSource {
  /** The name diagnostics give the file (`games/alpha/status`). */
  readonly file: string;
  readonly lines: readonly SourceLine[];
  readonly bom: boolean;
  readonly encoding: StatusEncoding;
  /** The lines holding model values, by owner, then by kind, in file order. */
  readonly byOwner: ReadonlyMap<number, ReadonlyMap<string, readonly SourceEntry[]>>;
  /** For each line, the block it lies in: GAME_OWNER before the first power block, else that block's owner. */
  readonly regions: readonly number[];
  /** The index of the first power block's first line (the number of lines when there is none). */
  readonly headerEnd: number;
}

export function groupEntries<Entry extends { owner: number; kind: string }>(entries: readonly Entry[]): Map<number, Map<string, Entry[]>> {
  const byOwner = new Map<number, Map<string, Entry[]>>();
  for (const entry of entries) {
    let kinds = byOwner.get(entry.owner);
    if (!kinds) byOwner.set(entry.owner, (kinds = new Map()));
    const list = kinds.get(entry.kind);
    if (list) list.push(entry);
    else kinds.set(entry.kind, [entry]);
  }
  return byOwner;
}

/** The first line (1-based) of the n-th entry of a kind in a block, or null when the source has none. */
export function lineOfEntry(source: StatusSource | null, owner: number, kind: string, position = 0): number | null {
  const entries = source?.byOwner.get(owner)?.get(kind);
  const entry = entries?.[Math.min(position, entries.length - 1)];
  return entry ? entry.first + 1 : null;
}
