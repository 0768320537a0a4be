/**
 * Successive minima of Z^2 for the gauge of a 0-symmetric polygon K, exactly and without
 * integer programs: a Gauss reduction for an arbitrary norm (Kaib & Schnorr, "The
 * generalized Gauss reduction algorithm", J. Algorithms 21, 1996). A basis (b1, b2) with
 * g(b1) <= g(b2) <= g(b2 - mu b1) for every integer mu is Minkowski-reduced, and in the
 * plane such a basis attains both minima: lambda_1 = g(b1), lambda_2 = g(b2).
 *
 * The gauge of a polygon is a maximum of linear forms (one per edge), so every value is an
 * exact rational and the work depends on the number of vertices and on log of the sizes,
 * never on the number of points of DS. This replaces GLPK's mixed-integer programs of
 * section 4.1.1 for conflict sets of dimension 2 (the common case), where loading GLPK
 * alone cost more than the whole analysis of a small kernel in a new process.
 */
import { cross, type Polygon, type Vec2 } from './polygonHull.js';

/** A non-negative rational num / den, den > 0. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

const less = (a: Ratio, b: Ratio): boolean => a.num * b.den < b.num * a.den;

/**
 * The gauge of K: g(z) = min { lambda >= 0 : z in lambda K }. With K = conv(V) / scale, V
 * counter-clockwise around 0, z lies in lambda K iff scale cross(z, e_i) <= lambda h_i for
 * every edge e_i = v_{i+1} - v_i, h_i = cross(v_i, v_{i+1}) > 0.
 */
export function polygonGauge(K: Polygon): (z: Vec2) => Ratio {
  const V = K.vertices;
  const edges = V.map((v, i) => {
    const w = V[(i + 1) % V.length];
    return { e: [w[0] - v[0], w[1] - v[1]] as Vec2, h: cross(v, w) };
  });
  return (z) => {
    let best: Ratio = { num: 0n, den: 1n };
    for (const { e, h } of edges) {
      const r = { num: K.scale * cross(z, e), den: h };
      if (less(best, r)) best = r;
    }
    return best;
  };
}

export interface PolygonMinima {
  /** A basis of Z^2 attaining the minima: g(vectors[0]) = values[0] <= g(vectors[1]) = values[1]. */
  vectors: [Vec2, Vec2];
  values: [Ratio, Ratio];
}

/**
 * The integer mu minimising g(b - mu a), the one nearest 0 among equals: f(mu) = g(b - mu a)
 * is convex, so its differences f(mu + 1) - f(mu) grow with mu; two binary searches find
 * the first mu where the difference is >= 0 and the first where it is > 0, and every mu
 * between them is a minimiser.
 */
function nearestMinimiser(g: (z: Vec2) => Ratio, a: Vec2, b: Vec2): bigint {
  const f = (mu: bigint): Ratio => g([b[0] - mu * a[0], b[1] - mu * a[1]]);
  // g(b - mu a) >= |mu| g(a) - g(b): beyond |mu| > 2 g(b) / g(a) + 1 it exceeds g(b) = f(0).
  const ga = g(a);
  const gb = g(b);
  const bound = (2n * gb.num * ga.den) / (gb.den * ga.num) + 2n;
  const firstAtLeast = (strict: boolean): bigint => {
    let lo = -bound;
    let hi = bound;
    while (lo < hi) {
      const mid = lo + (hi - lo) / 2n - (hi - lo < 0n ? 1n : 0n);
      const d0 = f(mid);
      const d1 = f(mid + 1n);
      const rising = strict ? less(d0, d1) : !less(d1, d0);
      if (rising) hi = mid;
      else lo = mid + 1n;
    }
    return lo;
  };
  const first = firstAtLeast(false);
  const last = firstAtLeast(true);
  return 0n < first ? first : 0n > last ? last : 0n;
}

/** Successive minima of Z^2 for the gauge of K (K 0-symmetric, with 0 inside). */
export function polygonMinima(K: Polygon): PolygonMinima {
  const g = polygonGauge(K);
  let a: Vec2 = [1n, 0n];
  let b: Vec2 = [0n, 1n];
  for (;;) {
    if (less(g(b), g(a))) [a, b] = [b, a];
    const mu = nearestMinimiser(g, a, b);
    if (mu === 0n) return { vectors: [a, b], values: [g(a), g(b)] };
    b = [b[0] - mu * a[0], b[1] - mu * a[1]];
  }
}
