import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { syncFolder, writeFileAtomic, type DurableStep } from '../store/atomic-write.js';
import { durableWrite, injectedWriteFault } from '../store/crash-points.js';

/**
 * A game's memory beyond its status file: `history/<S1901M>` holds the status file as it was when
 * each phase was processed and `history/<S1901M>.next` as it was just after (ROLLBACK and
 * ROLLFORWARD restore from them), and `results` holds every phase's results in order (HISTORY
 * reads it); a ROLLBACK moves the results it forgets to `history/<S1901M>.results` for
 * ROLLFORWARD. Every write is idempotent, so processing a phase again after a crash or a hand edit
 * replaces what the first attempt left.
 *
 * Processing a phase costs the same in a game's first year and its twentieth: the results file is
 * appended to (read back only from its end, as far as the phase just processed could be), and only
 * the phases after it are looked for in the history (docs/durability.md, "The results file").
 */

const BLOCK_HEADER = /^=== (\S+) ===$/;
/** How much of the results file is read at a time when it is read from its end. */
const TAIL_CHUNK = 16 * 1024;

export interface ResultsBlock {
  phase: string;
  text: string;
}

interface BlockStart {
  phase: string;
  /** Where the block's header line starts in the file, in bytes. */
  offset: number;
}

/** A block as the results file holds it: its text ends in exactly one line break, and a blank line closes it. */
function blockBytes(phase: string, text: string): Buffer {
  return Buffer.from(`=== ${phase} ===\n${text.replace(/\n*$/, '\n')}\n`, 'utf8');
}

/** How every header line starts: `=== `. */
const HEADER_START = Buffer.from('=== ', 'utf8');

/**
 * The blocks' header lines of the first `length` bytes of a file, from the last back to the first,
 * read in chunks from the end. Lines are found in the bytes and only those that start as a header
 * are decoded, one at a time as the caller asks: the callers stop at the first or second header,
 * and a chunk of a long game's results holds hundreds of lines. Offsets are counted in the bytes,
 * so a byte that is not UTF-8 (a hand edit in Latin-1) does not shift them.
 */
function* blockStartsFromEnd(descriptor: number, length: number): Generator<BlockStart> {
  let end = length;
  let chunk = TAIL_CHUNK;
  while (end > 0) {
    const start = Math.max(0, end - chunk);
    const bytes = Buffer.alloc(end - start);
    readSync(descriptor, bytes, 0, bytes.length, start);
    // Only whole lines are read as headers: the line the chunk cuts is read with the next chunk,
    // which is made longer when the chunk holds no whole line.
    const firstLine = start === 0 ? 0 : bytes.indexOf(0x0a) + 1;
    if (start > 0 && (firstLine === 0 || firstLine === bytes.length)) {
      chunk *= 2;
      continue;
    }
    // From the last line (what follows the last line break, perhaps nothing) back to the first whole one.
    let lineEnd = bytes.length;
    while (lineEnd >= firstLine) {
      const lineStart = lineEnd === firstLine ? firstLine : Math.max(firstLine, bytes.lastIndexOf(0x0a, lineEnd - 1) + 1);
      if (lineEnd - lineStart > HEADER_START.length && bytes.compare(HEADER_START, 0, HEADER_START.length, lineStart, lineStart + HEADER_START.length) === 0) {
        const header = BLOCK_HEADER.exec(bytes.toString('utf8', lineStart, lineEnd));
        if (header) yield { phase: header[1]!, offset: start + lineStart };
      }
      lineEnd = lineStart - 1;
    }
    end = start + firstLine;
    chunk = TAIL_CHUNK;
  }
}

/**
 * The length of the file without a header line of `phase` cut short by a power cut during its
 * append: an unfinished last line that is the start of that header goes, anything else stays.
 */
function withoutTornHeader(descriptor: number, length: number, phase: string): number {
  const header = Buffer.from(`=== ${phase} ===`, 'utf8');
  const tail = Buffer.alloc(Math.min(length, header.length + 1));
  readSync(descriptor, tail, 0, tail.length, length - tail.length);
  const lastBreak = tail.lastIndexOf(0x0a);
  const unfinished = tail.subarray(lastBreak + 1);
  const lineStarts = lastBreak >= 0 || tail.length === length;
  return unfinished.length > 0 && lineStarts && header.subarray(0, unfinished.length).equals(unfinished) ? length - unfinished.length : length;
}

function endsLine(descriptor: number, length: number): boolean {
  if (length === 0) return true;
  const last = Buffer.alloc(1);
  readSync(descriptor, last, 0, 1, length - 1);
  return last[0] === 0x0a;
}

export class GameArchive {
  constructor(private readonly folder: string) {}

  private historyFolder(): string {
    return join(this.folder, 'history');
  }

  private resultsPath(): string {
    return join(this.folder, 'results');
  }

  /**
   * Stages the status files before and after processing `phase`: renamed in by `step` before the
   * new status file. `before` is the game's status file as read; the snapshot is that file itself
   * under a second name, which the new status file's rename leaves as its only one.
   */
  saveSnapshots(phase: string, before: Uint8Array, after: Uint8Array, step: DurableStep): void {
    mkdirSync(this.historyFolder(), { recursive: true });
    step.stageLink(join(this.folder, 'status'), join(this.historyFolder(), phase), before);
    step.stage(join(this.historyFolder(), `${phase}.next`), after);
  }

  snapshot(phase: string): Buffer | null {
    const path = join(this.historyFolder(), phase);
    return existsSync(path) ? readFileSync(path) : null;
  }

  resultsBlocks(): ResultsBlock[] {
    const path = this.resultsPath();
    if (!existsSync(path)) return [];
    const blocks: ResultsBlock[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const header = BLOCK_HEADER.exec(line);
      if (header) blocks.push({ phase: header[1]!, text: '' });
      else if (blocks.length > 0) blocks[blocks.length - 1]!.text += `${line}\n`;
    }
    for (const block of blocks) block.text = block.text.replace(/\n+$/, '\n');
    return blocks;
  }

  /** The phase whose results were recorded last, read from the end of the results file. */
  lastResultsPhase(): string | null {
    const path = this.resultsPath();
    if (!existsSync(path)) return null;
    const descriptor = openSync(path, 'r');
    try {
      return blockStartsFromEnd(descriptor, fstatSync(descriptor).size).next().value?.phase ?? null;
    } finally {
      closeSync(descriptor);
    }
  }

  private writeResults(blocks: ResultsBlock[]): void {
    mkdirSync(this.folder, { recursive: true });
    writeFileAtomic(this.resultsPath(), Buffer.concat(blocks.map((block) => blockBytes(block.phase, block.text))));
  }

  /**
   * Records a phase's results, replacing any block for the same phase from an earlier attempt and
   * everything after it. The block is appended and flushed (with `step`'s flushes when given); the
   * file is read back from its end only until a block of a phase that `precedes` says comes before
   * this one, so the cost does not grow with the game's age. A block cut short by a crash is the
   * same phase's, and is replaced.
   */
  recordResults(phase: string, text: string, precedes: (recorded: string) => boolean = () => false, step?: DurableStep): void {
    const path = this.resultsPath();
    const fault = injectedWriteFault(path);
    if (fault) throw fault;
    mkdirSync(this.folder, { recursive: true });
    const created = !existsSync(path);
    const descriptor = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
    // A full disk: no half block stays behind for HISTORY to show.
    let undo = () => {};
    try {
      const length = withoutTornHeader(descriptor, fstatSync(descriptor).size, phase);
      let keep = length;
      for (const block of blockStartsFromEnd(descriptor, length)) {
        if (block.phase === phase) keep = block.offset;
        else if (precedes(block.phase)) break;
      }
      // A file left without its last line break (edited by hand) gets one, so that the header is a line of its own.
      const bytes = endsLine(descriptor, keep) ? blockBytes(phase, text) : Buffer.concat([Buffer.from('\n'), blockBytes(phase, text)]);
      ftruncateSync(descriptor, keep);
      undo = () => ftruncateSync(descriptor, keep);
      for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written, bytes.length - written, keep + written);
      if (!step) fsyncSync(descriptor);
    } catch (error) {
      undo();
      closeSync(descriptor);
      throw error;
    }
    if (step) {
      step.flush(descriptor, undo);
      if (created) step.flushFolder(this.folder);
    } else {
      closeSync(descriptor);
      if (created) syncFolder(this.folder);
    }
    durableWrite(`append ${basename(this.folder)}/results`);
  }

  /** The results of a phase forgotten by a ROLLBACK, kept for ROLLFORWARD. */
  savedResults(phase: string): string | null {
    const path = join(this.historyFolder(), `${phase}.results`);
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  }

  /** For ROLLBACK: forgets the results of `phase` and every later phase, keeping each in the history for ROLLFORWARD. */
  truncateResults(phase: string): void {
    const blocks = this.resultsBlocks();
    const index = blocks.findIndex((block) => block.phase === phase);
    if (index < 0) return;
    mkdirSync(this.historyFolder(), { recursive: true });
    for (const block of blocks.slice(index)) writeFileAtomic(join(this.historyFolder(), `${block.phase}.results`), Buffer.from(block.text, 'utf8'));
    this.writeResults(blocks.slice(0, index));
  }

  /**
   * After a phase is processed anew, what a ROLLBACK left for ROLLFORWARD of the phases after it
   * belongs to a timeline that no longer exists. `later` gives the phases that follow in the
   * flow; they are looked for until `longestGap` of them in a row have nothing in the history (a
   * timeline skips at most the rest of a year's phases), so the whole history is never listed.
   */
  forgetAbandonedPhases(later: Iterable<string>, longestGap: number): void {
    if (!existsSync(this.historyFolder())) return;
    let missing = 0;
    for (const phase of later) {
      let found = false;
      for (const suffix of ['next', 'results']) {
        const path = join(this.historyFolder(), `${phase}.${suffix}`);
        if (!existsSync(path)) continue;
        unlinkSync(path);
        found = true;
      }
      missing = found ? 0 : missing + 1;
      if (missing > longestGap) return;
    }
  }
}
