import type { GameStatus } from '../status/model.js';

/**
 * TESTER in a status file: a game being tried out mails nobody it would normally mail. With an
 * address, every mail the game sends goes there instead (one per reader, so the tester sees each
 * view); without one, nothing leaves.
 */
export function testedAddresses(game: GameStatus, addresses: readonly string[]): string[] {
  if (game.tester === null || addresses.length === 0) return [...addresses];
  return game.tester.address === null ? [] : [game.tester.address];
}

/** Where mail for the game's Master goes: nowhere without a Master, and where TESTER says. */
export function masterAddresses(game: GameStatus): string[] {
  return game.master ? testedAddresses(game, [game.master.email]) : [];
}
