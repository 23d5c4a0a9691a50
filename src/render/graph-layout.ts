/**
 * Places the nodes of an undirected graph in the plane so that straight-line distances follow
 * graph distances: classical scaling (MDS) for a start, then stress majorization (SMACOF with
 * weights 1/d²), then a pass that pushes apart nodes closer than `minSeparation`. Map files carry
 * no coordinates, and a stress layout of the adjacency graph is what keeps neighbours near each
 * other and distant provinces apart, which is what a reader of a Diplomacy board needs.
 *
 * Deterministic: no Math.random; the only randomness is a seeded generator, so the same graph
 * always gives the same coordinates. Quadratic in the node count, which is fine for maps (a few
 * hundred provinces at most).
 */

export interface Point {
  x: number;
  y: number;
}

export interface GraphLayoutOptions {
  /** The smallest distance left between two nodes, in graph-edge lengths. */
  readonly minSeparation?: number;
  readonly seed?: number;
}

const MDS_ITERATIONS = 80;
const STRESS_ITERATIONS = 120;
/** Relative stress improvement under which the majorization stops early. */
const STRESS_TOLERANCE = 1e-5;
const SEPARATION_PASSES = 60;
export const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** How much harder an anchored node is pulled to its anchor than to where the graph would put it. */
const ANCHOR_PULL = 3;

/** mulberry32: a tiny seeded generator, so that the start vectors are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Graph distances between every pair (breadth-first from each node). Parts of the graph that do
 * not reach each other are put one step beyond the largest distance found, so that islands and
 * impassable provinces without neighbours sit near the rest instead of flying off.
 */
function graphDistances(count: number, edges: readonly (readonly [number, number])[]): Float64Array {
  const neighbours: number[][] = Array.from({ length: count }, () => []);
  for (const [a, b] of edges) {
    if (a === b) continue;
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
  }
  const distances = new Float64Array(count * count).fill(Infinity);
  const queue = new Int32Array(count);
  let largest = 1;
  for (let source = 0; source < count; source++) {
    const row = source * count;
    distances[row + source] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = source;
    while (head < tail) {
      const node = queue[head++]!;
      const next = distances[row + node]! + 1;
      for (const neighbour of neighbours[node]!) {
        if (distances[row + neighbour] !== Infinity) continue;
        distances[row + neighbour] = next;
        if (next > largest) largest = next;
        queue[tail++] = neighbour;
      }
    }
  }
  for (let index = 0; index < distances.length; index++) if (distances[index] === Infinity) distances[index] = largest + 1;
  return distances;
}

/** The two leading eigenvectors of the double-centred squared-distance matrix, by orthogonal iteration. */
function classicalScaling(count: number, distances: Float64Array, random: () => number): { xs: Float64Array; ys: Float64Array } {
  const b = new Float64Array(count * count);
  const rowMeans = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let j = 0; j < count; j++) {
      const squared = distances[i * count + j]! ** 2;
      b[i * count + j] = squared;
      sum += squared;
    }
    rowMeans[i] = sum / count;
    total += sum;
  }
  const grandMean = total / (count * count);
  for (let i = 0; i < count; i++) for (let j = 0; j < count; j++) b[i * count + j] = -0.5 * (b[i * count + j]! - rowMeans[i]! - rowMeans[j]! + grandMean);
  const xs = Float64Array.from({ length: count }, () => random() - 0.5);
  const ys = Float64Array.from({ length: count }, () => random() - 0.5);
  const product = new Float64Array(count);
  const multiply = (vector: Float64Array): void => {
    for (let i = 0; i < count; i++) {
      let sum = 0;
      const row = i * count;
      for (let j = 0; j < count; j++) sum += b[row + j]! * vector[j]!;
      product[i] = sum;
    }
    vector.set(product);
  };
  const dot = (u: Float64Array, v: Float64Array): number => u.reduce((sum, value, index) => sum + value * v[index]!, 0);
  const normalise = (vector: Float64Array): number => {
    const norm = Math.sqrt(dot(vector, vector)) || 1;
    for (let i = 0; i < count; i++) vector[i] = vector[i]! / norm;
    return norm;
  };
  let first = 1;
  let second = 1;
  for (let iteration = 0; iteration < MDS_ITERATIONS; iteration++) {
    multiply(xs);
    first = normalise(xs);
    multiply(ys);
    const overlap = dot(xs, ys);
    for (let i = 0; i < count; i++) ys[i] = ys[i]! - overlap * xs[i]!;
    second = normalise(ys);
  }
  // Eigenvectors have unit length; coordinates are scaled by the square roots of the eigenvalues.
  const scaleX = Math.sqrt(Math.max(first, 1e-9));
  const scaleY = Math.sqrt(Math.max(second, 1e-9));
  for (let i = 0; i < count; i++) {
    xs[i] = xs[i]! * scaleX;
    ys[i] = ys[i]! * scaleY;
  }
  return { xs, ys };
}

/**
 * Stress majorization, updating one node at a time (localized SMACOF), until the stress settles.
 * An anchored node is also pulled towards its anchor, ANCHOR_PULL times as hard as by the graph.
 */
function majorizeStress(count: number, distances: Float64Array, xs: Float64Array, ys: Float64Array, anchors: ReadonlyMap<number, Point> = new Map()): void {
  let previous = Infinity;
  for (let iteration = 0; iteration < STRESS_ITERATIONS; iteration++) {
    let stress = 0;
    for (let i = 0; i < count; i++) {
      let sumX = 0;
      let sumY = 0;
      let sumWeights = 0;
      const row = i * count;
      for (let j = 0; j < count; j++) {
        if (j === i) continue;
        const ideal = distances[row + j]!;
        const weight = 1 / (ideal * ideal);
        const dx = xs[i]! - xs[j]!;
        const dy = ys[i]! - ys[j]!;
        const actual = Math.sqrt(dx * dx + dy * dy);
        // Two nodes on the same spot give no direction to move in: leave the pull for another pass.
        const pull = actual > 1e-9 ? ideal / actual : 0;
        sumX += weight * (xs[j]! + pull * dx);
        sumY += weight * (ys[j]! + pull * dy);
        sumWeights += weight;
        stress += weight * (actual - ideal) ** 2;
      }
      const anchor = anchors.get(i);
      if (anchor !== undefined) {
        sumX += ANCHOR_PULL * sumWeights * anchor.x;
        sumY += ANCHOR_PULL * sumWeights * anchor.y;
        sumWeights *= 1 + ANCHOR_PULL;
      }
      if (sumWeights > 0) {
        xs[i] = sumX / sumWeights;
        ys[i] = sumY / sumWeights;
      }
    }
    if (previous - stress < STRESS_TOLERANCE * previous) break;
    previous = stress;
  }
}

/** Turns the layout so that its longer side lies horizontal (screens and mail readers are wide). */
function alongPrincipalAxes(count: number, xs: Float64Array, ys: Float64Array): void {
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < count; i++) {
    meanX += xs[i]! / count;
    meanY += ys[i]! / count;
  }
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let i = 0; i < count; i++) {
    const dx = xs[i]! - meanX;
    const dy = ys[i]! - meanY;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  for (let i = 0; i < count; i++) {
    const dx = xs[i]! - meanX;
    const dy = ys[i]! - meanY;
    xs[i] = dx * cos - dy * sin;
    ys[i] = dx * sin + dy * cos;
  }
}

/**
 * Pushes apart every pair closer than `gap`, half the shortfall each, until none is left (or the
 * passes run out). Nodes on exactly the same spot part along a direction fixed by their indices.
 */
export function separate(points: Point[], gap: number): void {
  const count = points.length;
  for (let pass = 0; pass < SEPARATION_PASSES; pass++) {
    let moved = false;
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        const a = points[i]!;
        const b = points[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.sqrt(dx * dx + dy * dy);
        if (distance >= gap) continue;
        if (distance < 1e-9) {
          const angle = (i * count + j) * GOLDEN_ANGLE;
          dx = Math.cos(angle);
          dy = Math.sin(angle);
          distance = 0;
        } else {
          dx /= distance;
          dy /= distance;
        }
        // A little more than the shortfall, so that floating-point rounding cannot leave it just short.
        const push = (gap - distance) / 2 + 1e-6;
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
        moved = true;
      }
    }
    if (!moved) return;
  }
}

/**
 * The layout `points` settled again with some nodes pulled to anchors (where they really are), in
 * place: the nodes between them follow the graph, so that a map's seas and lands not known by
 * name still fall between the known ones. Then nodes closer than `minSeparation` are pushed apart.
 */
export function settleAround(points: Point[], edges: readonly (readonly [number, number])[], anchors: ReadonlyMap<number, Point>, minSeparation: number): void {
  const count = points.length;
  const xs = Float64Array.from(points, (point) => point.x);
  const ys = Float64Array.from(points, (point) => point.y);
  majorizeStress(count, graphDistances(count, edges), xs, ys, anchors);
  for (const [index, point] of points.entries()) {
    point.x = xs[index]!;
    point.y = ys[index]!;
  }
  separate(points, minSeparation);
}

/** Coordinates for nodes 0..count-1, one graph edge being about one unit long. */
export function layoutGraph(count: number, edges: readonly (readonly [number, number])[], options: GraphLayoutOptions = {}): Point[] {
  if (count === 0) return [];
  if (count === 1) return [{ x: 0, y: 0 }];
  const distances = graphDistances(count, edges);
  const { xs, ys } = classicalScaling(count, distances, seeded(options.seed ?? 1901));
  majorizeStress(count, distances, xs, ys);
  alongPrincipalAxes(count, xs, ys);
  const points = Array.from({ length: count }, (_, index) => ({ x: xs[index]!, y: ys[index]! }));
  separate(points, options.minSeparation ?? 0.6);
  return points;
}
