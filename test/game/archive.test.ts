import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameArchive } from '../../src/game/archive.js';
import { DurableStep } from '../../src/store/atomic-write.js';

const ORDER = ['S1901M', 'F1901M', 'W1901A', 'S1902M', 'F1902M', 'W1902A', 'S1903M'];
const before = (phase: string) => (recorded: string) => ORDER.indexOf(recorded) < ORDER.indexOf(phase);

function newArchive(): { folder: string; archive: GameArchive; results: () => string } {
  const folder = mkdtempSync(join(tmpdir(), 'judge-archive-'));
  return { folder, archive: new GameArchive(folder), results: () => readFileSync(join(folder, 'results'), 'utf8') };
}

describe('the results file', () => {
  it('is appended to phase by phase, each block ending in a blank line', () => {
    const { archive, results } = newArchive();
    archive.recordResults('S1901M', 'Austria: A VIE - GAL.\n', before('S1901M'));
    archive.recordResults('F1901M', 'no trailing line break', before('F1901M'));
    expect(results()).toBe('=== S1901M ===\nAustria: A VIE - GAL.\n\n=== F1901M ===\nno trailing line break\n\n');
    expect(archive.resultsBlocks()).toEqual([
      { phase: 'S1901M', text: 'Austria: A VIE - GAL.\n' },
      { phase: 'F1901M', text: 'no trailing line break\n' },
    ]);
    expect(archive.lastResultsPhase()).toBe('F1901M');
  });

  it('replaces the block of a phase recorded again after a crash, and everything after it', () => {
    const { archive, results } = newArchive();
    for (const phase of ORDER.slice(0, 4)) archive.recordResults(phase, `${phase} first\n`, before(phase));
    archive.recordResults('S1902M', 'S1902M again\n', before('S1902M'));
    expect(archive.resultsBlocks().map((block) => block.text)).toEqual(['S1901M first\n', 'F1901M first\n', 'W1901A first\n', 'S1902M again\n']);
    // A status file set back by hand to an earlier phase: that phase's block and every later one go.
    archive.recordResults('F1901M', 'F1901M again\n', before('F1901M'));
    expect(results()).toBe('=== S1901M ===\nS1901M first\n\n=== F1901M ===\nF1901M again\n\n');
  });

  it('drops a header cut short by a power cut, and keeps an unfinished line that is not one', () => {
    const { folder, archive, results } = newArchive();
    archive.recordResults('S1901M', 'spring\n', before('S1901M'));
    appendFileSync(join(folder, 'results'), '=== F19');
    archive.recordResults('F1901M', 'fall\n', before('F1901M'));
    expect(results()).toBe('=== S1901M ===\nspring\n\n=== F1901M ===\nfall\n\n');
    writeFileSync(join(folder, 'results'), '=== S1901M ===\nedited by hand, no line break at the end');
    archive.recordResults('F1901M', 'fall\n', before('F1901M'));
    expect(archive.resultsBlocks().map((block) => block.phase)).toEqual(['S1901M', 'F1901M']);
    expect(results()).toBe('=== S1901M ===\nedited by hand, no line break at the end\n=== F1901M ===\nfall\n\n');
  });

  it('finds the last block however long the file and its lines', () => {
    const { archive } = newArchive();
    const long = `${'x'.repeat(40_000)}\n`;
    for (const phase of ORDER) archive.recordResults(phase, long, before(phase));
    expect(archive.lastResultsPhase()).toBe('S1903M');
    expect(archive.resultsBlocks().map((block) => block.phase)).toEqual(ORDER);
    archive.recordResults('W1901A', 'short\n', before('W1901A'));
    expect(archive.resultsBlocks().map((block) => block.phase)).toEqual(ORDER.slice(0, 3));
  });
  it('reads the blocks from the end as the whole file reads them, wherever a chunk of the tail cuts it', () => {
    // Lines of many lengths, some with characters of several bytes and some that only look like a
    // header, so that headers fall at every distance from the ends of the 16 KiB chunks read.
    let seed = 7;
    const random = (below: number) => (seed = (seed * 48271) % 2147483647) % below;
    const filler = ['x', 'é', '€', '🙂', '=== ', '=== S1901M', '=== S1901M === late', ' === F1901M ==='];
    const phases = Array.from({ length: 60 }, (_, index) => `${index % 2 === 0 ? 'S' : 'F'}${1901 + (index >> 1)}M`);
    const precedes = (phase: string) => (recorded: string) => phases.indexOf(recorded) < phases.indexOf(phase);
    for (let trial = 0; trial < 4; trial++) {
      const { archive } = newArchive();
      const texts = phases.map(() =>
        Array.from({ length: 1 + random(12) }, () => filler[random(filler.length)]!.repeat(1 + random(trial === 3 ? 4000 : 60))).join('\n'),
      );
      phases.forEach((phase, index) => archive.recordResults(phase, texts[index]!, precedes(phase)));
      expect(archive.resultsBlocks().map((block) => block.phase)).toEqual(phases);
      expect(archive.lastResultsPhase()).toBe(phases.at(-1));
      const again = phases[phases.length - 1 - random(5)]!;
      archive.recordResults(again, 'again\n', precedes(again));
      const kept = phases.slice(0, phases.indexOf(again));
      expect(archive.resultsBlocks()).toEqual([
        ...kept.map((phase) => ({ phase, text: `${texts[phases.indexOf(phase)]!}\n` })),
        { phase: again, text: 'again\n' },
      ]);
    }
  });

  it('replaces the last block at its very byte when a hand edit left bytes that are not UTF-8 before it', () => {
    const { folder, archive } = newArchive();
    const kept = Buffer.concat([Buffer.from('=== S1901M ===\ncaf'), Buffer.from([0xe9]), Buffer.from(' au lait\n\n')]);
    writeFileSync(join(folder, 'results'), Buffer.concat([kept, Buffer.from('=== F1901M ===\nfirst\n\n')]));
    archive.recordResults('F1901M', 'again\n', before('F1901M'));
    expect(readFileSync(join(folder, 'results'))).toEqual(Buffer.concat([kept, Buffer.from('=== F1901M ===\nagain\n\n')]));
  });
});

describe('forgetting an abandoned timeline', () => {
  it('deletes what a ROLLBACK kept of the phases after the one processed anew, across phases the timeline skipped, and nothing before it', async () => {
    const { folder, archive } = newArchive();
    const played = ORDER.filter((phase) => phase !== 'W1901A');
    for (const phase of played) archive.recordResults(phase, `${phase}\n`, before(phase));
    for (const phase of played) {
      const step = new DurableStep();
      archive.saveSnapshots(phase, Buffer.from('before'), Buffer.from('after'), step);
      await step.renameIn();
    }
    archive.truncateResults('S1901M');
    const history = (name: string) => existsSync(join(folder, 'history', name));
    expect(played.every((phase) => history(`${phase}.next`) && history(`${phase}.results`))).toBe(true);
    archive.forgetAbandonedPhases([...ORDER.slice(1), 'F1903M', 'W1903A'], 1);
    expect(played.slice(1).filter((phase) => history(`${phase}.next`) || history(`${phase}.results`))).toEqual([]);
    expect([history('S1901M'), history('S1901M.next'), history('S1901M.results'), history('F1902M')]).toEqual([true, true, true, true]);
  });
});
