import type { AreaLine, CityFields } from './syntax.js';

/**
 * One line of the area section: `Belgium,  xw bel belgi` (Diplomacy) or `Venice, V3PV ven venic`
 * (Machiavelli). Returns the area, or an error message for the caller to place.
 */

const AREA_TYPES = new Set(['g', 'h', 'l', 'r', 'v', 'w', 'x']);
const WATER_TYPES = new Set(['h', 'v', 'w']);
const CITY_KINDS = new Set(['.', 'f', 'p', 'P', 'V']);

/** Area types besides the lower-case ones are power letters: digits and capitals, M and O being reserved. */
export function isPowerLetter(type: string): boolean {
  return /^[0-9A-LNP-Z]$/.test(type);
}

export function isWaterType(type: string): boolean {
  return WATER_TYPES.has(type);
}

function checkType(type: string): string | null {
  if (AREA_TYPES.has(type) || isPowerLetter(type)) return null;
  if (type === 'M' || type === 'O') return `area type '${type}' is reserved by nJudge (M and O are not power letters)`;
  return `unknown area type '${type}' (expected h, g, l, r, v, w, x or a power letter)`;
}

/** `3PV` after the type: income 0-7, city kind, optional Venice flag. */
function parseCity(text: string): CityFields | string {
  const match = /^([0-9])(.)(V?)$/.exec(text);
  if (!match) return `bad Machiavelli city fields '${text}' (expected income 0-7, a city kind and an optional V)`;
  const income = Number(match[1]);
  if (income > 7) return `city income ${income} is out of range (0 to 7)`;
  if (!CITY_KINDS.has(match[2]!)) return `unknown city kind '${match[2]}' (expected . f p P or V)`;
  return { income, kind: match[2]!, venice: match[3] === 'V' };
}

export function parseAreaLine(text: string, line: number): AreaLine | string {
  const comma = text.indexOf(',');
  if (comma < 0) return `area line '${text.trim()}' has no comma after the area name`;
  const name = text.slice(0, comma).trim();
  const [field, ...abbreviations] = text
    .slice(comma + 1)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (field === undefined) return `area ${name} has no area type`;
  const type = field[0]!;
  const typeError = checkType(type);
  if (typeError) return `${typeError} for ${name}`;
  let rest = field.slice(1);
  let convoyable = false;
  if (rest !== '' && !/^[0-9]/.test(rest)) {
    if (rest[0] !== 'w') return `bad convoyability flag '${rest[0]}' for ${name} (only 'w' may follow the area type)`;
    if (type === 'w' || type === 'h' || type === 'v' || type === 'g' || type === 'r')
      return `the convoyability flag 'w' is for land areas (lw, xw or a power letter), not type '${type}', for ${name}`;
    convoyable = true;
    rest = rest.slice(1);
  }
  let city: CityFields | null = null;
  if (rest !== '') {
    const parsed = parseCity(rest);
    if (typeof parsed === 'string') return `${parsed} for ${name}`;
    if (type === 'g' || type === 'h' || type === 'r' || type === 'v') return `Machiavelli maps have no area type '${type}' (${name})`;
    if (isWaterType(type) && (parsed.income > 0 || parsed.kind !== '.')) return `sea area ${name} cannot have a city ('${rest}')`;
    city = parsed;
  }
  if (abbreviations.length === 0) return `area ${name} has no abbreviation`;
  const single = abbreviations.find((abbreviation) => abbreviation.length < 2);
  if (single !== undefined) return `one-letter abbreviation '${single}' for ${name} (nJudge needs at least two letters)`;
  return { name, type, convoyable, city, abbreviations, line };
}
