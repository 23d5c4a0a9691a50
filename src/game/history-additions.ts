import type { DateTime } from 'luxon';
import type { MapDefinition } from '../map/definition.js';
import { parsePhaseAbbrev } from '../map/phase.js';
import type { GameStatus } from '../status/model.js';
import { readStatus } from '../status/parse.js';
import type { GameArchive, ResultsBlock } from './archive.js';
import { rulesInForce } from './rules.js';
import type { HistoryReader, Variant } from './variant-record.js';

/** A game's archive read for HISTORY, with what its variant's hook is handed beside the phase. */
interface HistorySource {
  readonly archive: GameArchive;
  readonly maps: MapDefinition;
  readonly variant: Variant;
  readonly now: DateTime;
}

/**
 * A phase's results as HISTORY gives them to `reader`: the public record, then each part the rules
 * variant adds for that reader (its record's `historyAdditions`: Crystal Ball's order lists, Payola's
 * statements), worked out from the status file as the phase was played, which the archive keeps
 * (`history/<S1901M>`) and a ROLLBACK forgets with the phase. A part the public record already
 * holds is not told twice.
 */
export function withHistoryAdditions(block: ResultsBlock, source: HistorySource, reader: HistoryReader): ResultsBlock {
  const added = historyAdditions(block.phase, source, reader).filter((lines) => !block.text.includes(lines.join('\n')));
  if (added.length === 0) return block;
  return { ...block, text: [block.text.trimEnd(), ...added.map((lines) => ['', ...lines].join('\n'))].join('\n').replace(/\n*$/, '\n') };
}

function historyAdditions(phase: string, { archive, maps, variant, now }: HistorySource, reader: HistoryReader): readonly (readonly string[])[] {
  // The public reads the public record alone while the game is played: nothing to work out again.
  if (variant.historyAdditions === null || (reader.reader === null && !reader.master && !reader.ended)) return [];
  const played = parsePhaseAbbrev(phase, maps.base.data.flow);
  const bytes = played === null ? null : archive.snapshot(phase);
  if (played === null || bytes === null) return [];
  const game: GameStatus = readStatus(bytes).game;
  const map = maps.at(played);
  return variant.historyAdditions({ game, phase: played, map, maps, rules: rulesInForce(game, map.rules()), now }, reader);
}
