import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { withHistoryAdditions } from '../../src/game/history-additions.js';
import { STANDARD, type Variant } from '../../src/game/variant.js';
import type { ArchivedPhase, HistoryReader } from '../../src/game/variant-record.js';
import { playMap } from './play.js';
import { projectRoot } from './support.js';

/** A record whose hook tells each reader which phase it was handed, and repeats a line of the public record. */
function tellingVariant(asked: { phase: string; reader: HistoryReader }[], publicLine: string): Variant {
  return {
    ...STANDARD,
    historyAdditions: (played: ArchivedPhase, reader: HistoryReader) => {
      const phase = played.game.phase?.phase;
      asked.push({ phase: typeof phase === 'object' ? `${phase.season} ${phase.year}` : String(phase), reader });
      return [
        [
          `Read again for ${reader.master ? 'the Master' : (reader.reader ?? 'anyone')}:`,
          `  ${played.map.name} under ${played.rules.has('NO_CHECK') ? 'NO_CHECK' : 'the checks'}`,
        ],
        [publicLine],
      ];
    },
  };
}

describe("what a variant adds to a phase's HISTORY", () => {
  it('is its hook asked with the game as the phase was played, its parts after the public record, what the record holds not told twice', async () => {
    const { judge } = await playMap(join(projectRoot, 'maps'), 'standard', 1, 3);
    const game = judge.service.load('v').game;
    const archive = judge.service.archive('v');
    const block = archive.resultsBlocks()[0]!;
    const publicLine = block.text.trimEnd().split('\n')[0]!;
    const asked: { phase: string; reader: HistoryReader }[] = [];
    const source = { archive, maps: judge.service.maps(game), variant: tellingVariant(asked, publicLine), now: DateTime.utc() };

    const master = { reader: null, master: true, ended: false };
    expect(withHistoryAdditions(block, source, master)).toEqual({
      phase: block.phase,
      text: `${block.text.trimEnd()}\n\nRead again for the Master:\n  standard under the checks\n`,
    });
    expect(asked).toEqual([{ phase: 'SPRING 1901', reader: master }]);

    const england = { reader: 'ENGLAND', master: false, ended: false };
    expect(withHistoryAdditions(block, source, england).text).toContain('\n\nRead again for ENGLAND:\n');
  });

  it('is nothing for the public while the game is played, nothing worked out again; its share once the game is over', async () => {
    const { judge } = await playMap(join(projectRoot, 'maps'), 'standard', 1, 3);
    const game = judge.service.load('v').game;
    const archive = judge.service.archive('v');
    const block = archive.resultsBlocks()[0]!;
    const asked: { phase: string; reader: HistoryReader }[] = [];
    const source = { archive, maps: judge.service.maps(game), variant: tellingVariant(asked, 'not in the record'), now: DateTime.utc() };

    expect(withHistoryAdditions(block, source, { reader: null, master: false, ended: false })).toBe(block);
    expect(asked).toEqual([]);
    expect(withHistoryAdditions(block, source, { reader: null, master: false, ended: true }).text).toContain('\n\nRead again for anyone:\n');
    expect(asked).toHaveLength(1);
    // The standard game adds nothing, for anyone.
    expect(withHistoryAdditions(block, { ...source, variant: STANDARD }, { reader: null, master: true, ended: true })).toBe(block);
  });
});
