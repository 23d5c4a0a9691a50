import type { Point } from './graph-layout.js';

/**
 * Where the places of the standard board really are: latitude and longitude of a point in each of
 * its 75 provinces (the province's main city, or for a sea and a large region a point near its
 * middle, where the city would crowd a neighbour), by the province's name. Most variants reuse
 * these provinces under the same names, so a map without a coordinates file that names them can
 * still be drawn the right way round, with those provinces where they lie.
 */

const DEGREES: Readonly<Record<string, readonly [latitude: number, longitude: number]>> = {
  clyde: [57.0, -5.2],
  edinburgh: [56.0, -3.0],
  liverpool: [53.4, -3.0],
  yorkshire: [54.0, -0.6],
  wales: [51.8, -3.9],
  london: [51.5, -0.1],
  northatlanticocean: [56.5, -13.0],
  norwegiansea: [64.5, 3.0],
  barentssea: [71.0, 33.0],
  irishsea: [52.3, -7.5],
  englishchannel: [49.9, -3.0],
  midatlanticocean: [44.5, -11.0],
  northsea: [56.0, 3.0],
  skagerrak: [58.0, 9.0],
  helgolandbight: [54.5, 7.3],
  norway: [61.0, 9.0],
  sweden: [60.5, 15.5],
  denmark: [56.0, 9.5],
  finland: [63.0, 26.0],
  brest: [48.1, -3.2],
  picardy: [49.8, 2.0],
  paris: [48.1, 2.2],
  burgundy: [47.3, 4.8],
  gascony: [44.8, -0.6],
  marseilles: [43.6, 5.4],
  belgium: [50.8, 4.4],
  holland: [52.4, 5.0],
  spain: [40.4, -3.7],
  portugal: [39.5, -8.3],
  kiel: [54.0, 10.0],
  berlin: [52.5, 13.4],
  prussia: [54.2, 20.5],
  ruhr: [51.4, 7.2],
  munich: [48.5, 11.8],
  silesia: [51.1, 17.0],
  balticsea: [56.5, 18.5],
  gulfofbothnia: [62.5, 20.0],
  stpetersburg: [61.0, 33.0],
  livonia: [57.0, 25.0],
  moscow: [55.8, 37.6],
  warsaw: [52.2, 21.0],
  ukraine: [50.0, 31.0],
  sevastopol: [47.5, 38.5],
  bohemia: [50.1, 14.4],
  tyrolia: [46.9, 11.0],
  vienna: [48.2, 16.4],
  budapest: [47.5, 19.0],
  galicia: [49.8, 24.0],
  trieste: [45.2, 15.0],
  serbia: [44.0, 20.9],
  albania: [41.3, 19.9],
  greece: [39.3, 22.0],
  rumania: [45.0, 25.8],
  bulgaria: [42.7, 25.0],
  piedmont: [45.1, 7.7],
  venice: [45.4, 12.3],
  tuscany: [43.5, 11.0],
  rome: [41.9, 12.5],
  apulia: [41.5, 16.2],
  naples: [39.8, 15.9],
  constantinople: [41.0, 29.0],
  ankara: [40.0, 33.0],
  smyrna: [38.2, 29.0],
  armenia: [39.9, 41.5],
  syria: [35.5, 38.0],
  northafrica: [34.5, -1.0],
  tunis: [35.0, 9.5],
  westernmediterranean: [38.5, 3.5],
  gulfoflyon: [41.9, 5.0],
  tyrrheniansea: [40.0, 12.0],
  ioniansea: [37.0, 18.5],
  adriaticsea: [43.4, 15.0],
  aegeansea: [38.5, 25.0],
  easternmediterranean: [34.0, 30.0],
  blacksea: [43.3, 34.0],
  switzerland: [46.8, 8.2],
};

/** Other spellings variants use for the same provinces. */
const SPELLINGS: Readonly<Record<string, string>> = {
  tyrol: 'tyrolia',
  tyrolea: 'tyrolia',
  gulfoflyons: 'gulfoflyon',
  gulfoflions: 'gulfoflyon',
  heligolandbight: 'helgolandbight',
  saintpetersburg: 'stpetersburg',
  romania: 'rumania',
  netherlands: 'holland',
};

/** The meridian and parallel the projection centres on: the middle of the standard board. */
const CENTRAL_MERIDIAN = 10;
const STANDARD_PARALLEL = 50;

/**
 * A place's position in an equirectangular projection true to scale along 50°N, in degrees of
 * latitude, x eastwards and y southwards (as a picture's y runs). Null for a name not known.
 */
export function knownPlace(name: string): Point | null {
  const key = name.toLowerCase().replace(/[^a-z]/g, '');
  const degrees = DEGREES[SPELLINGS[key] ?? key];
  if (degrees === undefined) return null;
  const [latitude, longitude] = degrees;
  return { x: (longitude - CENTRAL_MERIDIAN) * Math.cos((STANDARD_PARALLEL * Math.PI) / 180), y: -latitude };
}

/** Fewer known provinces than this fix no orientation: two points cannot tell a mirror image. */
const ANCHORS_NEEDED = 3;

/**
 * Turns, and if need be mirrors, a layout in place so that the provinces whose real places are
 * known stand as they do on the globe: the rotation or reflection that best fits them (orthogonal
 * Procrustes). A layout of the adjacency graph comes out in any orientation, and a Diplomacy
 * player reads a board by where things are. Without enough known provinces one fixed orientation
 * is taken instead, so that the same map is always drawn the same way round: its first province in
 * the top-left quarter.
 */
export function orientLayout(points: Point[], names: readonly string[]): void {
  const anchors = names.flatMap((name, index) => {
    const known = knownPlace(name);
    return known === null ? [] : [{ index, known }];
  });
  if (anchors.length < ANCHORS_NEEDED) {
    fixOrientation(points);
    return;
  }
  const laid = centroid(anchors.map((anchor) => points[anchor.index]!));
  const real = centroid(anchors.map((anchor) => anchor.known));
  // q·Rp summed over the anchors is cos θ·dot + sin θ·cross: best at θ = atan2(cross, dot).
  const fit = (mirrored: boolean): { angle: number; score: number } => {
    let dot = 0;
    let cross = 0;
    for (const { index, known } of anchors) {
      const px = (points[index]!.x - laid.x) * (mirrored ? -1 : 1);
      const py = points[index]!.y - laid.y;
      const qx = known.x - real.x;
      const qy = known.y - real.y;
      dot += px * qx + py * qy;
      cross += px * qy - py * qx;
    }
    return { angle: Math.atan2(cross, dot), score: Math.hypot(dot, cross) };
  };
  const straight = fit(false);
  const mirror = fit(true);
  const best = mirror.score > straight.score ? { ...mirror, mirrored: true } : { ...straight, mirrored: false };
  const cos = Math.cos(best.angle);
  const sin = Math.sin(best.angle);
  for (const point of points) {
    const x = best.mirrored ? -point.x : point.x;
    const y = point.y;
    point.x = x * cos - y * sin;
    point.y = x * sin + y * cos;
  }
}

/**
 * Where the known provinces of an oriented layout really are, in the layout's own scale: their
 * places on the globe moved and scaled to fit the layout best (least squares), by index. Empty
 * when too few are known to say.
 */
export function knownAnchors(points: readonly Point[], names: readonly string[]): Map<number, Point> {
  const known = names.flatMap((name, index) => {
    const place = knownPlace(name);
    return place === null ? [] : [{ index, place }];
  });
  if (known.length < ANCHORS_NEEDED) return new Map();
  const laid = centroid(known.map(({ index }) => points[index]!));
  const real = centroid(known.map(({ place }) => place));
  let along = 0;
  let spread = 0;
  for (const { index, place } of known) {
    along += (points[index]!.x - laid.x) * (place.x - real.x) + (points[index]!.y - laid.y) * (place.y - real.y);
    spread += (place.x - real.x) ** 2 + (place.y - real.y) ** 2;
  }
  const scale = spread > 0 ? Math.max(along, 0) / spread : 0;
  return new Map(known.map(({ index, place }) => [index, { x: laid.x + scale * (place.x - real.x), y: laid.y + scale * (place.y - real.y) }]));
}

function centroid(points: readonly Point[]): Point {
  return { x: points.reduce((sum, point) => sum + point.x, 0) / points.length, y: points.reduce((sum, point) => sum + point.y, 0) / points.length };
}

function fixOrientation(points: Point[]): void {
  const first = points[0];
  if (first === undefined) return;
  const middle = centroid(points);
  const flipX = first.x > middle.x;
  const flipY = first.y > middle.y;
  for (const point of points) {
    if (flipX) point.x = 2 * middle.x - point.x;
    if (flipY) point.y = 2 * middle.y - point.y;
  }
}
