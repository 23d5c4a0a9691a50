/**
 * A mail's text cut for quoting in the judge's answers, so that an answer is never much larger than
 * the mail it answers (issue 31: a 1 MB line, quoted four times over, made a 4 MB reply to a forged
 * sender). What is cut says how much was left out.
 */

/** The longest line of an answer that quotes a mail: its echo, or a line the judge could not take. */
export const QUOTED_LINE_CHARACTERS = 300;
/** The longest value quoted inside a reason (a word the judge did not understand, a game's name). */
export const QUOTED_VALUE_CHARACTERS = 60;

export function clip(text: string, most: number): string {
  if (text.length <= most) return text;
  return `${text.slice(0, most)}… (${text.length - most} more characters)`;
}
