import type { DateTime } from 'luxon';
import type { MapDefinition } from '../../map/definition.js';
import { readStatus } from '../../status/parse.js';
import { playedPhase, type GameStatus } from '../../status/model.js';
import type { GameArchive } from '../archive.js';
import type { Reader } from '../blind-view.js';
import { positionOf } from '../position.js';
import { processPhase } from '../process.js';
import { rulesInForce } from '../rules.js';
import type { Variant } from '../variant-record.js';
import { balanceOf, mapPowers } from './treasuries.js';

/**
 * A Payola game's ledger, what DPjudge keeps in its `ledgers` file and shows each power its own part
 * of: the account statements and income reports of every processed phase, and each treasury year by
 * year. Both are worked out again from the status files the history saved, as HISTORY's pictures
 * are (`board-picture.ts`): the auction is seeded by the game and the phase, so the same file gives
 * the same statements.
 */

/** Whose money `view` may read: its own power's; the Master every power's, and everyone once the game is over (DPjudge opens its ledgers then). */
export function readsTreasury(view: Reader, over: boolean): (power: string) => boolean {
  return (power) => over || view.master === true || view.reader === power;
}

/**
 * The parts of a processed phase's results that went to some readers only (account statements,
 * income reports, the Master's bribe chart), those the reader got, or all once the game is over;
 * each as its lines. None when the game kept no status file from before the phase.
 */
export function ledgerEntries(
  phase: string,
  maps: MapDefinition,
  archive: GameArchive,
  view: Reader,
  over: boolean,
  played: { readonly variant: Variant; readonly now: DateTime },
): string[][] {
  const before = archive.snapshot(phase);
  if (before === null) return [];
  const { report } = processPhase(readStatus(before).game, maps, { variant: played.variant, now: played.now, today: played.now.toISODate() ?? '' });
  const everything = over || view.master === true;
  return report.additions
    .filter((addition) => addition.readers !== null && (everything || (view.reader !== null && addition.readers.includes(view.reader))))
    .map((addition) => [...addition.lines]);
}

/** Each power's treasury as each year began (from the status file saved before the year's first phase was played), then as it is now (`now`, or `end` once the game is over). */
export function treasuriesByYear(game: GameStatus, maps: MapDefinition, archive: GameArchive): { label: string; balances: Map<string, number> }[] {
  const balances = (status: GameStatus) => {
    const phase = playedPhase(status);
    const map = phase ? maps.at(phase) : maps.base;
    const position = positionOf(status, map);
    const rules = rulesInForce(status, map.rules());
    return new Map(mapPowers(status).map((power) => [power.name, balanceOf(status, map, position, rules, power)]));
  };
  const columns: { label: string; balances: Map<string, number> }[] = [];
  for (const block of archive.resultsBlocks()) {
    const year = /^[A-Z](\d+)[A-Z]$/.exec(block.phase)?.[1];
    const bytes = archive.snapshot(block.phase);
    if (year === undefined || bytes === null || columns.some((column) => column.label === year)) continue;
    columns.push({ label: year, balances: balances(readStatus(bytes).game) });
  }
  return [...columns, { label: playedPhase(game) === null ? 'end' : 'now', balances: balances(game) }];
}
