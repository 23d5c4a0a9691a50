import { join } from 'node:path';
import { GAME_NAME_RULE, isGameName } from '../status/game-name.js';
import { Refusal } from '../common/errors.js';

export class GameNameError extends Refusal {
  override name = 'GameNameError';
  readonly code = 'BAD_GAME_NAME';
}

/** Refuses a bad game name before any path is built from it, so no name can reach outside `games/`. */
export function checkGameName(name: string): string {
  if (!isGameName(name)) throw new GameNameError(`${JSON.stringify(name)} is not a game name: ${GAME_NAME_RULE}`);
  return name;
}

export function gameFolder(games: string, name: string): string {
  return join(games, checkGameName(name));
}
