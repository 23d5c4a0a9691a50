/**
 * Which lines of a mail's text carry commands. DPjudge's rule: lines starting with `//` are comments
 * everywhere; outside press, quoted reply text and everything from the signature separator on are not
 * the sender's commands either. Mail programs add more of the same kind that this module also drops:
 * the attribution line above a quote ("On Monday, X wrote:") and the quoted original below an
 * Outlook-style separator.
 */

import { attributionLength, isComment, isQuoted, isSignatureSeparator } from '../common/mail-lines.js';

const NO_BREAK_SPACE = /\u00a0/g;

function lines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').replace(NO_BREAK_SPACE, ' ').split('\n');
}

/** The lines Outlook and its kin put above the quoted original instead of `>` marks. */
function startsQuotedOriginal(line: string): boolean {
  const trimmed = line.trim();
  return /^-{3,}\s*original message\s*-{3,}$/i.test(trimmed) || /^_{10,}$/.test(trimmed);
}

function trimBlankEnds(kept: string[]): string {
  let first = 0;
  let last = kept.length;
  while (first < last && kept[first]!.trim() === '') first++;
  while (last > first && kept[last - 1]!.trim() === '') last--;
  return kept.slice(first, last).join('\n');
}

/** The text without its `//` comment lines: what press keeps. */
export function withoutComments(text: string): string {
  return lines(text)
    .filter((line) => !isComment(line))
    .join('\n');
}

/** The text as commands are read outside press: no comments, quotes, attribution, signature or quoted original. */
export function commandText(text: string): string {
  const all = lines(text);
  const kept: string[] = [];
  for (let index = 0; index < all.length; index++) {
    const line = all[index]!;
    if (isSignatureSeparator(line) || startsQuotedOriginal(line)) break;
    if (isComment(line) || isQuoted(line)) continue;
    const attribution = attributionLength(all, index);
    if (attribution > 0) {
      index += attribution - 1;
      continue;
    }
    kept.push(line.trimEnd());
  }
  return trimBlankEnds(kept);
}
