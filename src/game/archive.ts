import { existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';

/**
 * A game's memory beyond its status file: `history/<S1901M>` holds the status file as it was when
 * each phase was processed and `history/<S1901M>.next` as it was just after (ROLLBACK and
 * ROLLFORWARD restore from them), and `results` holds every phase's results in order (HISTORY
 * reads it); a ROLLBACK moves the results it forgets to `history/<S1901M>.results` for
 * ROLLFORWARD. Every write is idempotent, so processing a phase again after a crash or a hand edit
 * replaces what the first attempt left.
 */

const BLOCK_HEADER = /^=== (\S+) ===$/;

export interface ResultsBlock {
  phase: string;
  text: string;
}

export class GameArchive {
  constructor(private readonly folder: string) {}

  private historyFolder(): string {
    return join(this.folder, 'history');
  }

  saveSnapshot(phase: string, status: Uint8Array): void {
    mkdirSync(this.historyFolder(), { recursive: true });
    writeFileAtomic(join(this.historyFolder(), phase), status);
  }

  snapshot(phase: string): Buffer | null {
    const path = join(this.historyFolder(), phase);
    return existsSync(path) ? readFileSync(path) : null;
  }

  resultsBlocks(): ResultsBlock[] {
    const path = join(this.folder, 'results');
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

  private writeResults(blocks: ResultsBlock[]): void {
    const text = blocks.map((block) => `=== ${block.phase} ===\n${block.text}\n`).join('');
    mkdirSync(this.folder, { recursive: true });
    writeFileAtomic(join(this.folder, 'results'), Buffer.from(text, 'utf8'));
  }

  /** Records a phase's results, replacing any block for the same phase from an earlier attempt and everything after it. */
  recordResults(phase: string, text: string): void {
    const blocks = this.resultsBlocks();
    const index = blocks.findIndex((block) => block.phase === phase);
    const kept = index < 0 ? blocks : blocks.slice(0, index);
    this.writeResults([...kept, { phase, text }]);
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
   * After a phase is processed anew, what a ROLLBACK left for ROLLFORWARD belongs to a timeline
   * that no longer exists: only phases whose results stand keep their `.next`.
   */
  forgetAbandonedPhases(): void {
    if (!existsSync(this.historyFolder())) return;
    const standing = new Set(this.resultsBlocks().map((block) => block.phase));
    for (const entry of readdirSync(this.historyFolder())) {
      const [phase, suffix] = entry.split('.');
      if ((suffix === 'next' || suffix === 'results') && !standing.has(phase!)) unlinkSync(join(this.historyFolder(), entry));
    }
  }
}
