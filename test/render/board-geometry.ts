import type { Position } from '../../src/engine/types.js';
import type { GameMap } from '../../src/map/game-map.js';
import { boxesOverlap, textBox, type Box } from '../../src/render/svg-text.js';

/**
 * What a board picture draws where, read back from its SVG text: the box of every province and
 * coast name, unit badge and supply center mark, and the overlaps between them. Text boxes are the
 * renderer's generous estimate of the glyphs (board-text.test.ts checks it against the real font).
 */

export interface Drawn {
  readonly what: string;
  readonly box: Box;
}

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
}

function group(svg: string, id: string): string {
  const start = svg.indexOf(`id="${id}"`);
  if (start < 0) return '';
  // Names and centers hold no nested groups; units do (one per badge), and end where the next part begins.
  const end = id === 'units' ? svg.indexOf('</g></g>', start) : svg.indexOf('</g>', start);
  return svg.slice(start, end);
}

export function nameBoxes(svg: string): (Drawn & { size: number })[] {
  return [...group(svg, 'names').matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((match) => {
    const at = attributes(match[1]!);
    const size = Number(at.get('font-size'));
    return { what: `name ${match[2]}`, size, box: textBox(match[2]!, Number(at.get('x')), Number(at.get('y')), size) };
  });
}

export function unitBoxes(svg: string): Drawn[] {
  return [...group(svg, 'units').matchAll(/<title>([^<]*)<\/title><rect([^>]*)>/g)].map((match) => {
    const at = attributes(match[2]!);
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(at.get(name)));
    return { what: `unit ${match[1]}`, box: { left: x!, top: y!, right: x! + width!, bottom: y! + height! } };
  });
}

function centerBoxes(svg: string): Drawn[] {
  return [...group(svg, 'centers').matchAll(/<circle([^>]*)>(<title>([^<]*)<\/title>)?/g)].map((match) => {
    const at = attributes(match[1]!);
    const [x, y, r] = ['cx', 'cy', 'r'].map((name) => Number(at.get(name)));
    return { what: match[3] ?? 'home center ring', box: { left: x! - r!, top: y! - r!, right: x! + r!, bottom: y! + r! } };
  });
}

/** Every pair of one box of `these` over one of `those` (or over another of `these`), named. */
export function overlaps(these: readonly Drawn[], those?: readonly Drawn[]): string[] {
  const found: string[] = [];
  for (const [index, a] of these.entries())
    for (const b of those ?? these.slice(index + 1)) if (boxesOverlap(a.box, b.box)) found.push(`${a.what} over ${b.what}`);
  return found;
}

/** The names of a picture drawn over another name, a unit or a center mark. */
export function namesOverlapping(svg: string): string[] {
  const names = nameBoxes(svg);
  return [...overlaps(names), ...overlaps(names, unitBoxes(svg)), ...overlaps(names, centerBoxes(svg))];
}

/**
 * Positions that between them put a unit, and a dislodged unit beside it, on every place of the
 * map: the first on each province, the next on each province's first coast, and so on.
 */
export function crowdedPositions(map: GameMap): Position[] {
  const byProvince = new Map<string, string[]>();
  for (const location of map.locations) byProvince.set(location.province, [...(byProvince.get(location.province) ?? []), location.abbrev]);
  const most = Math.max(...[...byProvince.values()].map((locations) => locations.length));
  const power = map.powers[0]!.name;
  return Array.from({ length: most }, (_, layer) => {
    const units = [...byProvince.values()].flatMap((locations) => {
      const location = locations[layer];
      return location === undefined ? [] : [{ type: map.location(location)!.armiesMayOccupy ? ('A' as const) : ('F' as const), location }];
    });
    const state = { name: power, units, retreating: units.map((unit) => ({ ...unit, retreats: [] })), centers: [], homes: [], claimCredits: 0 };
    return { powers: [state] };
  });
}
