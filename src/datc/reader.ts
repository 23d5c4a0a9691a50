/**
 * Reads the DATC case format of jDip and godip (`datc_v2.4_06.txt`): VARIANT_ALL, then CASE blocks
 * of PRESTATE_SETPHASE, PRESTATE, PRESTATE_SUPPLYCENTER_OWNERS, PRESTATE_DISLODGED,
 * PRESTATE_RESULTS, ORDERS, POSTSTATE, POSTSTATE_SAME and POSTSTATE_DISLODGED sections, with `#`
 * comments. This judge adds one line to the format, `RULES SAFE_CONVOYS ...` inside a CASE: the
 * DPjudge rules the case is played by, besides its map's. Powers, places and rules stay as written:
 * the runner resolves them against the map and the rule catalogue.
 */

/** A `Power: text` line of a section. */
export interface DatcLine {
  power: string;
  text: string;
  line: number;
}

export interface DatcResultLine extends DatcLine {
  succeeded: boolean;
}

export interface DatcCase {
  /** The case number, e.g. `6.A.1`. */
  id: string;
  title: string;
  line: number;
  variant: string;
  /** The rules its RULES lines name, each with its line, as written. */
  rules: { name: string; line: number }[];
  /** As written, e.g. `Fall 1901, Adjustment`; null when the case gives none. */
  phase: string | null;
  prestate: DatcLine[];
  /** Null when the case does not list center owners. */
  owners: DatcLine[] | null;
  dislodged: DatcLine[];
  results: DatcResultLine[];
  orders: DatcLine[];
  /** Null for POSTSTATE_SAME. */
  poststate: DatcLine[] | null;
  postDislodged: DatcLine[];
}

export interface DatcFile {
  cases: DatcCase[];
  /** Lines that fit nowhere, as `line N: text`. */
  problems: string[];
}

type Section = 'prestate' | 'owners' | 'dislodged' | 'results' | 'orders' | 'poststate' | 'postDislodged';

const SECTIONS: Record<string, Section> = {
  PRESTATE: 'prestate',
  PRESTATE_SUPPLYCENTER_OWNERS: 'owners',
  PRESTATE_DISLODGED: 'dislodged',
  PRESTATE_RESULTS: 'results',
  ORDERS: 'orders',
  POSTSTATE: 'poststate',
  POSTSTATE_DISLODGED: 'postDislodged',
};

/** `England: F nth` or `Italy F gol`: the power, then the rest. */
function splitPower(text: string, line: number): DatcLine | null {
  const colon = /^([^:]+):\s*(.*)$/.exec(text);
  if (colon) return { power: colon[1]!.trim(), text: colon[2]!.trim(), line };
  const words = /^(\S+)\s+(.*)$/.exec(text);
  return words ? { power: words[1]!, text: words[2]!.trim(), line } : null;
}

function newCase(title: string, line: number, variant: string): DatcCase {
  const id = (title.split(/\s+/)[0] ?? title).replace(/\.+$/, '');
  return {
    id,
    title,
    line,
    variant,
    rules: [],
    phase: null,
    prestate: [],
    owners: null,
    dislodged: [],
    results: [],
    orders: [],
    poststate: [],
    postDislodged: [],
  };
}

export function readDatc(text: string): DatcFile {
  const cases: DatcCase[] = [];
  const problems: string[] = [];
  let variant = 'Standard';
  let current: DatcCase | null = null;
  let section: Section | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (content === '') return;
    const [keyword = '', ...rest] = content.split(/\s+/);
    const argument = rest.join(' ');
    const upper = keyword.toUpperCase();
    if (upper === 'VARIANT_ALL') {
      variant = argument;
      return;
    }
    if (upper === 'CASE') {
      current = newCase(argument, line, variant);
      cases.push(current);
      section = null;
      return;
    }
    if (current === null) {
      problems.push(`line ${line}: '${content}' outside a CASE`);
      return;
    }
    const open: DatcCase = current;
    if (upper === 'END') {
      current = null;
      section = null;
    } else if (upper === 'RULES' && rest.length > 0) {
      for (const name of argument.split(/[\s,]+/)) if (name !== '') open.rules.push({ name, line });
      section = null;
    } else if (upper === 'PRESTATE_SETPHASE') {
      open.phase = argument;
    } else if (upper === 'POSTSTATE_SAME') {
      open.poststate = null;
      section = null;
    } else if (SECTIONS[upper] && rest.length === 0) {
      section = SECTIONS[upper];
      if (section === 'owners') open.owners = [];
    } else if (section === 'results') {
      const result = /^(SUCCESS|FAILURE)\s*:\s*(.*)$/i.exec(content);
      const entry = result ? splitPower(result[2]!, line) : null;
      if (entry) open.results.push({ ...entry, succeeded: result![1]!.toUpperCase() === 'SUCCESS' });
      else problems.push(`line ${line}: '${content}' is not a SUCCESS: or FAILURE: result`);
    } else if (section !== null) {
      const entry = splitPower(content, line);
      const list = section === 'owners' ? open.owners! : section === 'poststate' ? (open.poststate ??= []) : open[section];
      if (entry) list.push(entry);
      else problems.push(`line ${line}: '${content}' names no power`);
    } else {
      problems.push(`line ${line}: '${content}' outside a section`);
    }
  });
  return { cases, problems };
}
