import type { GameStatus } from './model.js';
import { readStatus, type ParsedStatus } from './parse.js';
import { renderStatus, renderStatusBytes } from './render.js';
import { StatusWriteError } from './safe.js';

/**
 * Models are never changed in place, so one model always writes the same bytes: processing writes
 * the new status twice (the history snapshot and the file), and the checked render is not cheap.
 */
const written = new WeakMap<GameStatus, Buffer>();
/** What each written buffer read back as: the store reads the file it has just written from here, not again. */
const readBacks = new WeakMap<Buffer, ParsedStatus>();
/** The read-back checks not run yet, of bytes rendered for a write that runs them before its file is renamed in. */
const unchecked = new WeakMap<Buffer, () => void>();

/**
 * A write that can run the read-back check while it waits for the disk: its files are made
 * visible only after every check given to it has passed (a `DurableStep`).
 */
export interface CheckBeforeVisible {
  whileFlushing(check: () => void): void;
}

/**
 * The bytes to store for a game, checked by reading them back: whatever a value holds, the file
 * written must read as the same game, so no value can add, hide or reshape a line. With `write`,
 * the reading back is left to it, to run while it waits for the disk; the bytes must then reach
 * the disk through it alone. A value the render itself refuses throws at once either way.
 */
export function writeStatus(game: GameStatus, write?: CheckBeforeVisible): Buffer {
  const known = written.get(game);
  if (known !== undefined) {
    const check = unchecked.get(known);
    if (check !== undefined && write) write.whileFlushing(check);
    else check?.();
    return known;
  }
  const bytes = renderStatusBytes(game);
  written.set(game, bytes);
  let checked = false;
  const check = () => {
    if (checked) return;
    const readBack = readStatus(bytes, game.source?.file);
    if (!sameValues(readBack.game, game) && meaning(readBack.game) !== meaning(game)) {
      written.delete(game);
      throw new StatusWriteError(`the status file written for ${game.name ?? 'the game'} would not read back as the same game; nothing was written`);
    }
    checked = true;
    unchecked.delete(bytes);
    readBacks.set(bytes, readBack);
  };
  if (write) {
    unchecked.set(bytes, check);
    write.whileFlushing(check);
  } else check();
  return bytes;
}

/** How `bytes`, if `writeStatus` made them, read back as the file `file`; undefined when it did not, or read them as another file. */
export function writtenReading(bytes: Buffer, file: string): ParsedStatus | undefined {
  unchecked.get(bytes)?.();
  const reading = readBacks.get(bytes);
  return reading?.game.source?.file === file ? reading : undefined;
}

/**
 * Whether two games hold equal values, leaving out where they were read from (the game's `source`,
 * each power's `line`), which `meaning` leaves out too: equal values mean the same game, so the
 * read-back check needs no more renders. Values that differ (a value the reader spells otherwise)
 * still go to `meaning`, which decides.
 */
function sameValues(read: GameStatus, written: GameStatus): boolean {
  const { source: _readSource, powers: readPowers, ...readValues } = read;
  const { source: _writtenSource, powers: writtenPowers, ...writtenValues } = written;
  return (
    equalData(readValues, writtenValues) &&
    readPowers.length === writtenPowers.length &&
    readPowers.every((power, index) => equalData({ ...power, line: null }, { ...writtenPowers[index]!, line: null }))
  );
}

/**
 * Deep equality of plain data (arrays, plain objects, primitives), which the status model is made
 * of; Node's `isDeepStrictEqual` costs as much as a render here, checking what the model never holds.
 */
function equalData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => equalData(item, b[index]));
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && equalData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** A game's values in the writer's spelling, independent of the file they were read from. */
function meaning(game: GameStatus): string {
  return renderStatus({ ...game, source: null });
}
