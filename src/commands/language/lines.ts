import { splitLines } from '../../status/text.js';
import type { ParseProblem, SourceLine } from './types.js';

/**
 * The lines of a mail as the command reader sees them. DPjudge lets a mail program that cannot send
 * line breaks write `\\` and then a punctuation mark that stands for one for the rest of the line
 * (`\\; signon Egame pw;list`); each piece becomes a line of its own, numbered as the line it is on.
 */

const WIRELESS_PREFIX = '\\\\';

function wirelessPieces(line: number, text: string): SourceLine[] | ParseProblem {
  const afterPrefix = text.trimStart().slice(WIRELESS_PREFIX.length).trimStart();
  const separator = afterPrefix.charAt(0);
  if (separator === '' || /[\p{L}\p{N}]/u.test(separator))
    return { line, text, reason: 'after \\\\ must come the mark that stands for a line break, such as ; or :' };
  return afterPrefix
    .slice(1)
    .split(separator)
    .map((piece) => ({ line, text: piece }));
}

export function mailLines(body: string): { lines: SourceLine[]; problems: ParseProblem[] } {
  const lines: SourceLine[] = [];
  const problems: ParseProblem[] = [];
  splitLines(body).forEach(({ text }, index) => {
    const line = index + 1;
    if (!text.trimStart().startsWith(WIRELESS_PREFIX)) {
      lines.push({ line, text });
      return;
    }
    const pieces = wirelessPieces(line, text);
    if (Array.isArray(pieces)) lines.push(...pieces);
    else problems.push(pieces);
  });
  return { lines, problems };
}
