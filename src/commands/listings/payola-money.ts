import type { ResultsBlock } from '../../game/archive.js';
import { isCompleted } from '../../game/lifecycle.js';
import { ledgerEntries, readsTreasury, treasuriesByYear } from '../../game/payola/ledger.js';
import { treasuryLines } from '../../game/payola/treasuries.js';
import { positionOf } from '../../game/position.js';
import { playedPhase, type GameStatus } from '../../status/model.js';
import { currentMap, displayName, mapsOf, phaseRules, readerOf, type ExecutionContext } from '../context/context.js';
import type { Session } from '../context/step.js';

/**
 * What LIST, SUMMARY and HISTORY tell of a Payola game's money. DPjudge shows a power its own
 * balance and ledger and the Master everyone's, and opens every ledger once the game is over; the
 * others read the results (with each unit's takings under PUBLIC_TOTALS) and nothing more.
 */

function payolaReads(context: ExecutionContext, session: Session, game: GameStatus): ((power: string) => boolean) | null {
  if (context.service.listings.variant(game).name !== 'payola') return null;
  return readsTreasury(readerOf(session), isCompleted(game));
}

/** LIST: the treasuries and acceptance lists the reader may read. */
export function listedTreasuries(context: ExecutionContext, session: Session, game: GameStatus): string[] {
  const reads = payolaReads(context, session, game);
  if (reads === null || (playedPhase(game) === null && !isCompleted(game))) return [];
  const map = currentMap(context, game);
  return treasuryLines(game, map, positionOf(game, map), phaseRules(context, game), reads);
}

/** SUMMARY: the treasuries the reader may read as each year began, and now. */
export function treasuryTable(context: ExecutionContext, session: Session, name: string, game: GameStatus): string[] {
  const reads = payolaReads(context, session, game);
  if (reads === null || (playedPhase(game) === null && !isCompleted(game))) return [];
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

/** HISTORY: each phase's results, followed by what the results mail gave the reader alone (its account statement and income report; the Master's bribe chart) and the record keeps from others; all of it once the game is over. */
export function withLedger(context: ExecutionContext, session: Session, game: GameStatus, name: string, blocks: readonly ResultsBlock[]): ResultsBlock[] {
  const view = readerOf(session);
  const over = isCompleted(game);
  // The public reads the public record alone while the game is played: nothing to work out again.
  if (context.service.listings.variant(game).name !== 'payola' || (view.reader === null && !view.master && !over)) return [...blocks];
  const played = { variant: context.service.listings.variant(game), now: context.now };
  const maps = mapsOf(context, game);
  return blocks.map((block) => {
    const entries = ledgerEntries(block.phase, maps, context.service.archive(name), view, over, played).filter(
      (lines) => !block.text.includes(lines.join('\n')),
    );
    return entries.length === 0 ? block : { ...block, text: [block.text.trimEnd(), ...entries.map((lines) => ['', ...lines].join('\n'))].join('\n') + '\n' };
  });
}
