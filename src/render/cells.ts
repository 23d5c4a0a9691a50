import type { Point } from './graph-layout.js';

/**
 * The area drawn for each province: its Voronoi cell among the province points, cut to a rounded
 * patch of at most its radius around its point. Neighbouring provinces then share borders the way
 * provinces on a board do, while a province on the edge of the layout does not spread out to the
 * picture's frame.
 */

const PATCH_CORNERS = 18;

/** Keeps the part of `polygon` on the side of the line through `through` facing away from `normal`. */
function clip(polygon: Point[], through: Point, normal: Point): Point[] {
  const side = (point: Point): number => (point.x - through.x) * normal.x + (point.y - through.y) * normal.y;
  const kept: Point[] = [];
  for (let index = 0; index < polygon.length; index++) {
    const current = polygon[index]!;
    const next = polygon[(index + 1) % polygon.length]!;
    const currentSide = side(current);
    const nextSide = side(next);
    if (currentSide <= 0) kept.push(current);
    if (currentSide < 0 !== nextSide < 0 && currentSide !== nextSide) {
      const share = currentSide / (currentSide - nextSide);
      kept.push({ x: current.x + (next.x - current.x) * share, y: current.y + (next.y - current.y) * share });
    }
  }
  return kept;
}

function patch(centre: Point, radius: number): Point[] {
  return Array.from({ length: PATCH_CORNERS }, (_, corner) => {
    const angle = (2 * Math.PI * corner) / PATCH_CORNERS;
    return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
  });
}

export function provinceCells(points: readonly Point[], radii: readonly number[]): Point[][] {
  return points.map((site, index) => {
    const radius = radii[index]!;
    let cell = patch(site, radius);
    for (let other = 0; other < points.length; other++) {
      if (other === index) continue;
      const neighbour = points[other]!;
      const normal = { x: neighbour.x - site.x, y: neighbour.y - site.y };
      // Only points within twice the radius can cut the patch.
      if (normal.x * normal.x + normal.y * normal.y >= 4 * radius * radius) continue;
      cell = clip(cell, { x: (site.x + neighbour.x) / 2, y: (site.y + neighbour.y) / 2 }, normal);
      if (cell.length === 0) break;
    }
    return cell;
  });
}
