/** Game names: letters, digits, `_` and `-`, at most 20 characters, so a name can never leave `games/`. */
const GAME_NAME = /^[A-Za-z0-9_-]{1,20}$/;

export const GAME_NAME_RULE = "letters, digits, '_' and '-', at most 20 characters";

export function isGameName(name: string): boolean {
  return GAME_NAME.test(name);
}
