import { isCompleted } from '../../game/lifecycle.js';
import { readsTreasury, treasuriesByYear } from '../../game/payola/ledger.js';
import { treasuryLines } from '../../game/payola/treasuries.js';
import { positionOf } from '../../game/position.js';
import { playedPhase, type GameStatus } from '../../status/model.js';
import { currentMap, displayName, mapsOf, phaseRules, readerOf, type ExecutionContext } from '../context/context.js';
import type { Session } from '../context/step.js';

/**
 * What LIST and SUMMARY tell of a Payola game's money (HISTORY's part is the record's
 * `historyAdditions`). DPjudge shows a power its own balance and ledger and the Master everyone's,
 * and opens every ledger once the game is over; the others read the results (with each unit's
 * takings under PUBLIC_TOTALS) and nothing more.
 */

/** Whose treasury the reader may read; null when there is none to show (not a Payola game, or not begun). */
function payolaReads(context: ExecutionContext, session: Session, game: GameStatus): ((power: string) => boolean) | null {
  const over = isCompleted(game);
  if (context.service.listings.variant(game).name !== 'payola' || (playedPhase(game) === null && !over)) return null;
  return readsTreasury(readerOf(session), over);
}

/** LIST: the treasuries and acceptance lists the reader may read. */
export function listedTreasuries(context: ExecutionContext, session: Session, game: GameStatus): string[] {
  const reads = payolaReads(context, session, game);
  if (reads === null) return [];
  const map = currentMap(context, game);
  return treasuryLines(game, map, positionOf(game, map), phaseRules(context, game), reads);
}

/** SUMMARY: the treasuries the reader may read as each year began, and now. */
export function treasuryTable(context: ExecutionContext, session: Session, name: string, game: GameStatus): string[] {
  const reads = payolaReads(context, session, game);
  if (reads === null) return [];
  const columns = treasuriesByYear(game, mapsOf(context, game), context.service.archive(name));
  const powers = [...columns[columns.length - 1]!.balances.keys()].filter(reads);
  if (powers.length === 0) return [];
  const map = currentMap(context, game);
  return [
    'Payola treasuries (AgP) at the start of each year:',
    `${''.padEnd(12)}${columns.map((column) => column.label.padStart(5)).join('')}`,
    ...powers.map((power) => `${displayName(map, power).padEnd(12)}${columns.map((column) => String(column.balances.get(power) ?? 0).padStart(5)).join('')}`),
  ];
}
