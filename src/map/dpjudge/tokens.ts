/**
 * The small languages inside map lines: an adjacency token (`EI:naf~`, `AEG(CON,SMY)`, `-BUL/EC`)
 * and a center token (`-WAR`, `&SC`, `~@CAL(NYO)`). Parsing returns a value or an error message;
 * the caller adds the file and line.
 */

/** How a token is written decides who may cross: the map syntax's case rules. */
export type LetterCase = 'upper' | 'lower' | 'capitalised';

export function letterCase(abbrev: string): LetterCase {
  const letters = abbrev.replace(/[^\p{L}]/gu, '');
  if (letters === '' || letters === letters.toUpperCase()) return 'upper';
  if (letters === letters.toLowerCase()) return 'lower';
  const first = letters[0]!;
  return first === first.toUpperCase() && letters.slice(1) === letters.slice(1).toLowerCase() ? 'capitalised' : 'upper';
}

/** A location abbreviation: three-ish characters starting and ending alphanumeric, optional `/coast`. */
const ABBREV = /^[\p{L}\p{N}](?:[\p{L}\p{N}_'-]*[\p{L}\p{N}])?(?:\/[\p{L}\p{N}]+)?$/u;

export function isAbbreviation(text: string): boolean {
  return ABBREV.test(text);
}

export interface AbutToken {
  /** Upper-case destination. */
  to: string;
  letterCase: LetterCase;
  removal: boolean;
  powers: string[] | null;
  centers: string[];
  weak: boolean;
  half: boolean;
}

export function parseAbutToken(token: string): AbutToken | string {
  let rest = token;
  let powers: string[] | null = null;
  const colon = rest.lastIndexOf(':');
  if (colon >= 0) {
    const prefix = rest.slice(0, colon);
    if (!/^[\p{L}\p{N}]*$/u.test(prefix)) return `bad power list '${prefix}' in '${token}'`;
    powers = [...prefix.toUpperCase()];
    rest = rest.slice(colon + 1);
  }
  let centers: string[] = [];
  const paren = /\(([^()]*)\)$/.exec(rest);
  if (paren) {
    centers = paren[1]!
      .split(',')
      .map((center) => center.trim().toUpperCase())
      .filter((center) => center !== '');
    if (centers.length === 0) return `empty center list in '${token}'`;
    rest = rest.slice(0, paren.index);
  }
  const marks = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(rest)!;
  const markText = marks[1]! + marks[3]!;
  const core = marks[2]!;
  const removal = markText.includes('-');
  for (const mark of markText) {
    if (mark !== '~' && mark !== '*' && mark !== '-') return `unknown mark '${mark}' in '${token}'`;
  }
  if (!isAbbreviation(core)) return `bad abbreviation '${core}' in '${token}'`;
  return {
    to: core.toUpperCase(),
    letterCase: letterCase(core),
    removal,
    powers,
    centers,
    weak: markText.includes('~'),
    half: markText.includes('*'),
  };
}

export interface CenterToken {
  center: string;
  removal: boolean;
  factory: boolean;
  partisan: boolean;
  alternative: boolean;
  /** For `@X(list)`: the homes X stands in for. */
  insteadOf: string[];
  claimable: boolean;
  hidden: boolean;
}

export function parseCenterToken(token: string): CenterToken | string {
  const match = /^([-&+*@~]*)([\p{L}\p{N}][\p{L}\p{N}/_'-]*?[!?*]?)(?:\(([^()]*)\))?$/u.exec(token);
  if (!match) return `bad center '${token}'`;
  const prefix = match[1]!;
  const insteadOf =
    match[3] === undefined
      ? []
      : match[3]
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean);
  if (match[3] !== undefined && !prefix.includes('@')) return `only an alternative home (@) takes a list: '${token}'`;
  return {
    center: match[2]!.toUpperCase(),
    removal: prefix.includes('-'),
    factory: prefix.includes('+'),
    partisan: prefix.includes('*'),
    alternative: prefix.includes('@'),
    insteadOf,
    claimable: prefix.includes('&'),
    hidden: prefix.includes('~'),
  };
}
