import type { MapDefinition } from '../map/definition.js';
import { parsePhaseAbbrev } from '../map/phase.js';
import type { GameStatus } from '../status/model.js';
import { readStatus } from '../status/parse.js';
import type { GameArchive } from './archive.js';
import { rulesInForce } from './rules.js';
import type { HistoryReader, Variant } from './variant-record.js';

/**
 * What a rules variant adds for one reader to a phase's public record in HISTORY (Crystal Ball: the
 * order lists the reader may read), worked out from the status file as the phase was played, which
 * the archive keeps (`history/<S1901M>`) and a ROLLBACK forgets with the phase.
 */
export function historyAdditions(archive: GameArchive, maps: MapDefinition, variant: Variant, phase: string, reader: HistoryReader): readonly string[] {
  if (variant.historyAdditions === null) return [];
  const played = parsePhaseAbbrev(phase, maps.base.data.flow);
  const bytes = played === null ? null : archive.snapshot(phase);
  if (played === null || bytes === null) return [];
  const archived: GameStatus = readStatus(bytes).game;
  const map = maps.at(played);
  return variant.historyAdditions(archived, played, map, rulesInForce(archived, map.rules()), reader);
}
