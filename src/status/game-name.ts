/**
 * Game names: letters, digits, `_` and `-`, at most 20 characters, starting with a letter or a
 * digit, so that a name can never leave `games/` nor read as a command-line option (`-rf`). Some
 * names are refused although well formed: the files the judge keeps beside the game folders
 * (`status`) and inside them (`history`, `results`), and the device names some systems reserve in
 * every folder (`con`, `nul`, `com1`...), which would make the games folder impossible to copy there.
 */
const GAME_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;
const RESERVED = /^(status|history|results|con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

export const GAME_NAME_RULE =
  "letters, digits, '_' and '-', at most 20 characters, starting with a letter or a digit, and none of the reserved names (status, history, results, con, prn, aux, nul, com1-9, lpt1-9)";

export function isGameName(name: string): boolean {
  return GAME_NAME.test(name) && !RESERVED.test(name);
}
