/**
 * Critical lattices of a 0-symmetric convex polygon K, exactly over Q.
 *
 * A lattice is K-admissible when no non-zero point of it lies in the interior of K; a
 * critical lattice is an admissible one of smallest determinant Delta(K). In the plane
 * (Minkowski; Cassels, "An Introduction to the Geometry of Numbers", ch. V) a critical
 * lattice has a basis p, q with p, q and p + q on the boundary of K: the hexagon
 * ±p, ±q, ±(p + q) is inscribed in K and its area is 3 |det(p, q)|. For a hexagon K,
 * Delta(K) = area(K) / 4 (its halves K/2 tile the plane); for a box it is area / 4 as well,
 * but for the integer sets of DS the useful gain is on hexagon-like sets (dynamic
 * programming's DS: |d0|, |d1|, |d1 - d0| <= N - 2), where axis-aligned mappings need
 * about area / 3 cells.
 *
 * Search over the polygon's edges: p on edge i (p = a_i + t e_i), q on edge j, p + q on edge
 * l. For a fixed triple, q and p + q are affine in t (a 2 x 2 linear system), so det(p, q) is
 * a quadratic in t over an interval: its minimum in absolute value is at an end or at the
 * stationary point (rational). That is O(k^3) small exact problems for a 2k-gon, whatever the
 * size of K. The results are hints for integer lattices (hullLattice.ts), verified exactly.
 */
import Fraction from 'fraction.js';
import { cross, type Vec2 } from './polygonHull.js';

/** A rational point (x / den, y / den), den > 0. */
export type QVec = readonly [Fraction, Fraction];

export interface CriticalLattice {
  p: QVec;
  q: QVec;
  /** |det(p, q)|. */
  det: Fraction;
}

/**
 * Largest polygons (vertex count) searched: m^3 / 2 edge triples, ~7,000 at 24 vertices
 * (about 20 ms); a 40-gon (32,000 triples) took 45-130 ms. The samples' sets have 6 to 8.
 */
const MAX_VERTICES = 24;

/** a / b <= c / d for b, d > 0. */
const le = (a: bigint, b: bigint, c: bigint, d: bigint) => a * d <= c * b;

/**
 * Boundary bases (p, q) of K (counter-clockwise integer vertices, K = -K) minimising
 * |det(p, q)| locally, smallest first, at most `limit` distinct lattices. Empty when K has
 * more than MAX_VERTICES vertices. Integer arithmetic inside (t = tn / td); fractions only
 * for the few points kept.
 */
export function criticalLattices(vertices: readonly Vec2[], limit = 4): CriticalLattice[] {
  const m = vertices.length;
  if (m < 4 || m > MAX_VERTICES) return [];
  const V = vertices;
  const E: Vec2[] = V.map((a, i) => {
    const b = V[(i + 1) % m];
    return [b[0] - a[0], b[1] - a[1]];
  });
  const found: {
    i: number;
    j: number;
    tn: bigint;
    td: bigint;
    s: [bigint, bigint];
    det: Fraction;
  }[] = [];
  // p and -p give the same lattices: p on the first half of the edges.
  for (let i = 0; i < m / 2; i++)
    for (let j = 0; j < m; j++) {
      const cEE = cross(E[i], E[j]);
      const cEV = cross(E[i], V[j]);
      const cVE = cross(V[i], E[j]);
      for (let l = 0; l < m; l++) {
        // s e_j - r e_l = a_l - a_i - a_j - t e_i  (q = a_j + s e_j, p + q = a_l + r e_l);
        // Cramer: s = (S0 + S1 t) / den, r = (R0 + R1 t) / den.
        let den = -cross(E[j], E[l]);
        if (den === 0n) continue;
        const g: Vec2 = [V[l][0] - V[i][0] - V[j][0], V[l][1] - V[i][1] - V[j][1]];
        let S0 = -cross(g, E[l]);
        let S1 = cross(E[i], E[l]);
        let R0 = cross(E[j], g);
        let R1 = -cross(E[j], E[i]);
        if (den < 0n) [den, S0, S1, R0, R1] = [-den, -S0, -S1, -R0, -R1];
        // t in [lo, hi] = [ln / ld, hn / hd] with 0 <= t, s, r <= 1.
        let [ln, ld, hn, hd] = [0n, 1n, 1n, 1n];
        let empty = false;
        for (const [c0, c1] of [
          [S0, S1],
          [R0, R1],
        ]) {
          // 0 <= c0 + c1 t <= den
          if (c1 === 0n) {
            if (c0 < 0n || c0 > den) empty = true;
            continue;
          }
          const [an, ad, bn, bd] = c1 > 0n ? [-c0, c1, den - c0, c1] : [c0 - den, -c1, c0, -c1];
          if (!le(an, ad, ln, ld)) [ln, ld] = [an, ad];
          if (!le(hn, hd, bn, bd)) [hn, hd] = [bn, bd];
        }
        if (empty || !le(ln, ld, hn, hd)) continue;
        const ts: [bigint, bigint][] = [
          [ln, ld],
          [hn, hd],
        ];
        // den * det(t) = A t^2 + B t + C: stationary point -B / 2A.
        const A = S1 * cEE;
        const B = den * cEV + S0 * cEE + S1 * cVE;
        if (A !== 0n) {
          let [tn, td] = [-B, 2n * A];
          if (td < 0n) [tn, td] = [-tn, -td];
          if (le(ln, ld, tn, td) && le(tn, td, hn, hd)) ts.push([tn, td]);
        }
        for (const [tn, td] of ts) {
          // p = (a_i td + tn e_i) / td, q = (a_j den td + (S0 td + S1 tn) e_j) / (den td).
          const sn = S0 * td + S1 * tn;
          const P: Vec2 = [V[i][0] * td + tn * E[i][0], V[i][1] * td + tn * E[i][1]];
          const Q: Vec2 = [V[j][0] * den * td + sn * E[j][0], V[j][1] * den * td + sn * E[j][1]];
          const c = cross(P, Q);
          if (c === 0n) continue;
          const det = new Fraction(c < 0n ? -c : c, td * td * den);
          found.push({ i, j, tn, td, s: [sn, den * td], det });
        }
      }
    }
  found.sort((a, b) => a.det.compare(b.det));
  const out: CriticalLattice[] = [];
  const seen = new Set<string>();
  for (const f of found) {
    const t = new Fraction(f.tn, f.td);
    const s = new Fraction(f.s[0], f.s[1]);
    const p: QVec = [t.mul(E[f.i][0]).add(V[f.i][0]), t.mul(E[f.i][1]).add(V[f.i][1])];
    const q: QVec = [s.mul(E[f.j][0]).add(V[f.j][0]), s.mul(E[f.j][1]).add(V[f.j][1])];
    // The same lattice is found from each of its boundary points: key on all six.
    const pq: QVec = [p[0].add(q[0]), p[1].add(q[1])];
    const key = [p, q, pq]
      .flatMap((v) => [v, [v[0].neg(), v[1].neg()] as QVec])
      .map((v) => `${v[0].toFraction()}:${v[1].toFraction()}`)
      .sort()
      .join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ p, q, det: f.det });
    if (out.length >= limit) break;
  }
  return out;
}
