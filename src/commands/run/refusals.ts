import { DeadlineInputError, TimingError } from '../../deadline/index.js';
import { GameRuleError } from '../../game/lifecycle.js';
import { ProcessingError } from '../../game/process.js';
import { StatusWriteError } from '../../status/safe.js';
import { GameExistsError, GameLockedError, NoSuchGameError } from '../../store/game-store.js';
import { GameNameError } from '../../store/game-name.js';
import { MapLoadError } from '../../map/load.js';

/**
 * The errors that mean "not allowed" or "not possible" for a player's command, with the words the
 * player reads; anything else is the judge's own failure and propagates (the mail layer records the
 * mail as failed and tells the judgekeeper).
 */
export function refusalReason(error: unknown): string | null {
  if (error instanceof StatusWriteError) return `the status file cannot hold this, so nothing was written: ${error.message}`;
  if (error instanceof NoSuchGameError) return 'there is no such game on this judge';
  if (error instanceof MapLoadError) return `the game's map cannot be read with this, so nothing was written: ${error.message}`;
  if (error instanceof TimingError) return `the game's TIMING line is wrong: ${error.message}`;
  const known = [GameRuleError, ProcessingError, DeadlineInputError, GameExistsError, GameLockedError, GameNameError];
  return known.some((kind) => error instanceof kind) ? (error as Error).message : null;
}
