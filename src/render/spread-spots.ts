import type { Point } from './graph-layout.js';

/**
 * Unit spots of different provinces pulled apart until no two badges touch, each moved as little as
 * it can from where it was put: a drawing whose places stand closer than the picture's badges (a
 * world map's Europe) still shows every unit whole. Spots of one province never push each other (a
 * unit stands on only one of its coasts at a time), and spots that share a point move together.
 */

const ROUNDS = 200;

/** The spots by location, each location's province by `provinceOf`, kept `gap` apart edge to edge and inside `bounds`. */
export function spreadSpots(
  spots: ReadonlyMap<string, Point>,
  provinceOf: (location: string) => string,
  size: number,
  bounds: { readonly width: number; readonly height: number },
): Map<string, Point> {
  // One body per province and point: a coast the drawing does not place stands on its province's point and goes with it.
  const bodies = new Map<string, { province: string; x: number; y: number; locations: string[] }>();
  for (const [location, spot] of spots) {
    const province = provinceOf(location);
    const key = `${province} ${spot.x} ${spot.y}`;
    const body = bodies.get(key);
    if (body === undefined) bodies.set(key, { province, x: spot.x, y: spot.y, locations: [location] });
    else body.locations.push(location);
  }
  const all = [...bodies.values()];
  for (let round = 0, moved = true; round < ROUNDS && moved; round++) {
    moved = false;
    for (const [index, a] of all.entries()) {
      for (const b of all.slice(index + 1)) {
        if (a.province === b.province) continue;
        const [dx, dy] = [b.x - a.x, b.y - a.y];
        const overlap = size - Math.max(Math.abs(dx), Math.abs(dy));
        if (overlap <= 0) continue;
        // Apart along the line between them; two on one point along a direction of their own.
        const length = Math.hypot(dx, dy);
        const angle = length < 1e-6 ? index : Math.atan2(dy, dx);
        const step = overlap / 2 + 0.01;
        const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
        // Far enough along the line that the nearer axis clears, the badges being squares.
        const push = step / Math.max(Math.abs(ux), Math.abs(uy));
        a.x -= ux * push;
        a.y -= uy * push;
        b.x += ux * push;
        b.y += uy * push;
        moved = true;
      }
    }
    for (const body of all) {
      body.x = Math.min(Math.max(body.x, size / 2), bounds.width - size / 2);
      body.y = Math.min(Math.max(body.y, size / 2), bounds.height - size / 2);
    }
  }
  const spread = new Map<string, Point>();
  for (const body of all) for (const location of body.locations) spread.set(location, { x: body.x, y: body.y });
  return spread;
}
