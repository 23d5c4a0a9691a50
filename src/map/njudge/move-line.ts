import type { MoveKind, MoveLine, MoveModifier, MoveTarget } from './syntax.js';

/**
 * One line of the moves section: `bul-ec: con bla rum`, `cor-mv: por naf/mx`,
 * `ets-xc: psa/cc pio`. nJudge itself reads only the first letter of the move type and skips the
 * rest of that word, so a missing colon or a misspelt type still works there; those come back as
 * warnings, everything else that nJudge would reject as an error.
 */

export interface ParsedMoveLine {
  move: MoveLine;
  warnings: string[];
}

const KINDS: Record<string, MoveKind> = { mv: 'mv', xc: 'xc', nc: 'nc', sc: 'sc', ec: 'ec', wc: 'wc', cc: 'cc' };
/** The kind nJudge reads from a type's first letter. */
const KIND_BY_LETTER: Record<string, MoveKind> = { m: 'mv', x: 'xc', n: 'nc', s: 'sc', e: 'ec', w: 'wc', c: 'cc' };
const MODIFIERS = new Set<string>(['nc', 'sc', 'ec', 'wc', 'cc', 'xc', 'mx', 'hx', 'lx']);

function parseTarget(token: string): MoveTarget | string {
  const slash = token.indexOf('/');
  if (slash < 0) return { name: token, modifier: null };
  const name = token.slice(0, slash);
  const modifier = token.slice(slash + 1).toLowerCase();
  if (name === '') return `move target '${token}' has no province before the '/'`;
  if (!MODIFIERS.has(modifier)) return `unknown move modifier '/${modifier}' on ${name} (expected a coast nc/sc/ec/wc, cc, mx, hx or lx)`;
  return { name, modifier: modifier as MoveModifier };
}

function parseKind(type: string, head: string, warnings: string[]): { kind: MoveKind; allWeak: boolean } | string {
  const lower = type.toLowerCase();
  if (lower === 'mx') return { kind: 'mv', allWeak: true };
  const kind = KINDS[lower];
  if (kind) return { kind, allWeak: false };
  const guessed = KIND_BY_LETTER[lower[0] ?? ''];
  if (!guessed) return `unknown move type '${type}' in '${head}' (expected mv, xc, nc, sc, ec, wc, cc or mx)`;
  warnings.push(`move type '${type}' is not one nJudge knows; it reads only its first letter, as '${guessed}'`);
  return { kind: guessed, allWeak: false };
}

export function parseMoveLine(text: string, line: number): ParsedMoveLine | string {
  const warnings: string[] = [];
  const words = text.trim().split(/\s+/);
  let head = words.shift()!;
  const colon = head.indexOf(':');
  if (colon >= 0) {
    const attached = head.slice(colon + 1);
    if (attached !== '') words.unshift(attached);
    head = head.slice(0, colon);
  } else if (words[0] === ':') {
    words.shift();
  } else {
    warnings.push(`no colon after '${head}'`);
  }
  const dash = head.indexOf('-');
  if (dash <= 0) return `move line '${text.trim()}' does not start with <area>-<move type>:`;
  const kind = parseKind(head.slice(dash + 1), head, warnings);
  if (typeof kind === 'string') return kind;
  const targets: MoveTarget[] = [];
  for (const word of words) {
    const target = parseTarget(word);
    if (typeof target === 'string') return target;
    targets.push(target);
  }
  return { move: { source: head.slice(0, dash), ...kind, targets, line }, warnings };
}
