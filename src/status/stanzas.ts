/**
 * Status-file stanzas a Master may send by mail: `DESC` (or `DESCRIPTION`), `NAME` and `MORPH` on a
 * line of their own open one, `END DESC` (etc.) closes it. Lines in between are the stanza's text,
 * even when they start with a command word ("Form alliances early" in a description).
 */

const STANZAS: readonly (readonly string[])[] = [['DESC', 'DESCRIPTION'], ['NAME'], ['MORPH']];

/** The words that may follow END to close the stanza this line opens, or null if it opens none. */
export function stanzaOpenedBy(words: readonly string[]): readonly string[] | null {
  if (words.length !== 1) return null;
  const word = words[0]!.toUpperCase();
  return STANZAS.find((names) => names.includes(word)) ?? null;
}

export function closesStanza(words: readonly string[], names: readonly string[]): boolean {
  return words.length === 2 && words[0]!.toUpperCase() === 'END' && names.includes(words[1]!.toUpperCase());
}
