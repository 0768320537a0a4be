/**
 * The convex hull of a 2-D conflict set, exactly, as a 0-symmetric polygon with integer
 * vertices (scaled by a common denominator). Built from the pieces' vertices: each piece is
 * cut by the plane of DS (exact: every integer point of DS lies in it), its existential
 * locals are eliminated by Fourier–Motzkin over Q, its rows tightened for integer points, and
 * its vertices are the feasible intersections of pairs of its lines. The cost depends on the
 * constraints only, never on the size of DS (N = 10 and N = 10^6 cost the same).
 *
 * The polygon K contains every integer point of DS (relaxation, projection and tightening
 * only enlarge or keep the integer points), so a lattice with no non-zero point in K is
 * strictly admissible for DS; K may be larger than conv(DS), which costs compression only.
 */
import { abs, floorDiv, gcd } from '../poly/int.js';
import type { Matrix } from '../poly/linalg.js';
import type { FixedPiece } from './conflictPoints.js';
import { EliminationBlowUp, eliminateColumns } from './rationalMax.js';

export type Vec2 = readonly [bigint, bigint];

/** K = (1 / scale) conv(vertices); vertices counter-clockwise, K = -K. */
export interface Polygon {
  vertices: Vec2[];
  scale: bigint;
  /**
   * Rows (c0, c1, c2) with c0 + c1 z0 + c2 z1 >= 0 for every integer point z of K (one per
   * edge, tightened): z in K ∩ Z^2 iff every row holds.
   */
  rows: (readonly [bigint, bigint, bigint])[];
}

export const cross = (a: Vec2, b: Vec2): bigint => a[0] * b[1] - a[1] * b[0];

export type Row = bigint[];

/** Point (x, y, den), den > 0: (x / den, y / den). */
export type RatPoint = readonly [bigint, bigint, bigint];

/** Divides by the gcd of the variable part, flooring the constant (valid for integer points). */
function tighten(r: readonly bigint[]): Row {
  const g = gcd(abs(r[1]), abs(r[2]));
  if (g <= 1n) return [...r];
  return [floorDiv(r[0], g), r[1] / g, r[2] / g];
}

/**
 * A row over [1, x, locals] as a row over [1, y0, y1, locals] on DS's plane: x = Q y with
 * y2.. = 0 (every integer point of DS has y2.. = 0 when Q's first two columns span DS, see
 * DsQueries.spanPoints), so the section is exact.
 */
function sectionRow(r: readonly bigint[], n: number, Q: Matrix | null): Row {
  if (!Q) return [...r];
  const y = [0, 1].map((j) => {
    let s = 0n;
    for (let i = 0; i < n; i++) s += r[1 + i] * Q[i][j];
    return s;
  });
  return [r[0], ...y, ...r.slice(1 + n)];
}

/**
 * Rows of one piece over [1, y0, y1] (its section by DS's plane, see sectionRow; existential
 * locals eliminated over Q), or null when the piece has no integer point. `eqs` hold with
 * = 0, `ineqs` with >= 0.
 */
function planeRows(p: FixedPiece, Q: Matrix | null): { eqs: Row[]; ineqs: Row[] } | null {
  const n = p.nDims;
  const toY = (r: readonly bigint[]) => sectionRow(r, n, Q);
  const drop = Array.from({ length: p.nLocals }, (_, i) => 3 + i);
  const { eqs, ineqs } = eliminateColumns(p.eqs.map(toY), p.ineqs.map(toY), drop);
  const outEqs: Row[] = [];
  const outIneqs: Row[] = [];
  for (const r of eqs) {
    const g = gcd(abs(r[1]), abs(r[2]));
    if (g === 0n) {
      if (r[0] !== 0n) return null;
    } else if (r[0] % g !== 0n) return null;
    else outEqs.push([r[0] / g, r[1] / g, r[2] / g]);
  }
  for (const r0 of ineqs) {
    if (r0[1] === 0n && r0[2] === 0n) {
      if (r0[0] < 0n) return null;
      continue;
    }
    outIneqs.push(tighten(r0.slice(0, 3)));
  }
  return { eqs: outEqs, ineqs: outIneqs };
}

/** Vertices of a bounded piece; null when its relaxation is unbounded (no hull then). */
function pieceVertices(eqs: readonly Row[], ineqs: readonly Row[]): RatPoint[] | null {
  const all = [...eqs, ...ineqs];
  // Recession cone {d : a.d >= 0 (ineqs), a.d = 0 (eqs)}: in the plane its extreme rays lie
  // on the lines a.d = 0, so the piece is bounded iff no such direction is in the cone.
  const inCone = (d: Vec2) =>
    eqs.every((r) => r[1] * d[0] + r[2] * d[1] === 0n) &&
    ineqs.every((r) => r[1] * d[0] + r[2] * d[1] >= 0n);
  if (all.length === 0) return null;
  for (const r of all)
    for (const d of [
      [-r[2], r[1]],
      [r[2], -r[1]],
    ] as Vec2[])
      if (inCone(d)) return null;
  const out: RatPoint[] = [];
  for (let a = 0; a < all.length; a++)
    for (let b = a + 1; b < all.length; b++) {
      const [c1, a1, b1] = all[a];
      const [c2, a2, b2] = all[b];
      let den = a1 * b2 - a2 * b1;
      if (den === 0n) continue;
      let x = b1 * c2 - b2 * c1;
      let y = c1 * a2 - c2 * a1;
      if (den < 0n) [x, y, den] = [-x, -y, -den];
      const val = (r: Row) => r[0] * den + r[1] * x + r[2] * y;
      if (eqs.every((r) => val(r) === 0n) && ineqs.every((r) => val(r) >= 0n))
        out.push([x, y, den]);
    }
  return out;
}

/**
 * The polygon K of DS (pieces with fixed parameters) in the coordinates y = Q^-1 x (Q: a
 * unimodular basis whose first two columns span DS; null for the identity, DS of dimension
 * 2). Null when some piece is unbounded or K is flat (DS in a line).
 */
export function conflictPolygon(pieces: readonly FixedPiece[], Q: Matrix | null): Polygon | null {
  const pts: RatPoint[] = [];
  for (const p of pieces) {
    const rows = planeRows(p, Q);
    if (!rows) continue;
    const v = pieceVertices(rows.eqs, rows.ineqs);
    if (!v) return null;
    pts.push(...v);
  }
  let scale = 1n;
  for (const p of pts) scale = (scale / gcd(scale, p[2])) * p[2];
  const ints: Vec2[] = [];
  for (const [x, y, d] of pts) {
    const f = scale / d;
    ints.push([x * f, y * f], [-x * f, -y * f]);
  }
  const vertices = convexHull(ints);
  if (vertices.length < 3) return null;
  const rows = vertices.map((a, i) => {
    const b = vertices[(i + 1) % vertices.length];
    const e: Vec2 = [b[0] - a[0], b[1] - a[1]];
    // cross(e, scale z - a) >= 0, tightened for integer z.
    return tighten([
      e[1] * a[0] - e[0] * a[1],
      -e[1] * scale,
      e[0] * scale,
    ]) as unknown as readonly [bigint, bigint, bigint];
  });
  return { vertices, scale, rows };
}

/** K in the coordinates y of DS's plane: x = Q y (null: the identity, n = 2). */
export interface PlanePolygon {
  K: Polygon;
  Q: Matrix | null;
}

/**
 * The polygon of a DS whose integer points span a plane (rank 2 in dimension n; span: a
 * unimodular basis whose first two columns span DS), in plane coordinates as round as x's
 * (roundPlane: small mapping rows, a polygon that is not thin). Null when there is none
 * (an unbounded piece, or too many existential locals to eliminate).
 */
export function planePolygon(
  pieces: readonly FixedPiece[],
  n: number,
  span: Matrix,
): PlanePolygon | null {
  const Q = n === 2 ? null : roundPlane(span);
  try {
    const K = conflictPolygon(pieces, Q);
    return K ? { K, Q } : null;
  } catch (e) {
    if (e instanceof EliminationBlowUp) return null;
    throw e;
  }
}

/** Andrew's monotone chain, exact; counter-clockwise, collinear points dropped. */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const key = (p: Vec2) => `${p[0]},${p[1]}`;
  const uniq = [...new Map(points.map((p) => [key(p), p])).values()].sort((a, b) =>
    a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
  if (uniq.length < 3) return uniq;
  const turn = (o: Vec2, a: Vec2, b: Vec2) =>
    cross([a[0] - o[0], a[1] - o[1]], [b[0] - o[0], b[1] - o[1]]);
  const half = (list: Vec2[]): Vec2[] => {
    const h: Vec2[] = [];
    for (const p of list) {
      while (h.length >= 2 && turn(h[h.length - 2], h[h.length - 1], p) <= 0n) h.pop();
      h.push(p);
    }
    h.pop();
    return h;
  };
  return [...half(uniq), ...half([...uniq].reverse())];
}

/** True when the integer point z lies in K. */
export function inPolygon(K: Polygon, z: Vec2): boolean {
  return K.rows.every((r) => r[0] + r[1] * z[0] + r[2] * z[1] >= 0n);
}

/** A positive definite quadratic form [f00, f01, f11]: v -> f00 v0^2 + 2 f01 v0 v1 + f11 v1^2. */
export type Form = readonly [bigint, bigint, bigint];
const EUCLID: Form = [1n, 0n, 1n];

/**
 * Lagrange–Gauss reduction for the form F (Euclidean by default): a shortest vector first,
 * |F(a, b)| <= F(a, a) / 2.
 */
export function gaussReduce(u: Vec2, w: Vec2, F: Form = EUCLID): [Vec2, Vec2] {
  const dotF = (x: readonly bigint[], y: readonly bigint[]) =>
    F[0] * x[0] * y[0] + F[1] * (x[0] * y[1] + x[1] * y[0]) + F[2] * x[1] * y[1];
  const [a, b] = reducePair(u, w, dotF);
  return [
    [a[0], a[1]],
    [b[0], b[1]],
  ];
}

/** Lagrange–Gauss reduction of two independent integer vectors for the inner product dot. */
function reducePair(
  u: readonly bigint[],
  w: readonly bigint[],
  dot: (x: readonly bigint[], y: readonly bigint[]) => bigint,
): [bigint[], bigint[]] {
  let a = [...u];
  let b = [...w];
  for (;;) {
    if (dot(b, b) < dot(a, a)) [a, b] = [b, a];
    const na = dot(a, a);
    const m = floorDiv(2n * dot(a, b) + na, 2n * na);
    if (m === 0n) return [a, b];
    b = b.map((v, i) => v - m * a[i]);
  }
}

/**
 * Q (unimodular, columns) with its first two columns replaced by a Gauss-reduced basis of
 * the plane they span: still unimodular and spanning the same plane, but the plane's
 * coordinates are about as round as x's (spanBasis's completion can be very skewed:
 * columns (1, -1, 0), (-499998, 499999, -1) for dynprog's plane d2 = d0 + d1 at N = 10^6).
 */
function roundPlane(Q: Matrix): Matrix {
  const col = (j: number) => Q.map((r) => r[j]);
  const dot = (x: readonly bigint[], y: readonly bigint[]) =>
    x.reduce((s, v, i) => s + v * y[i], 0n);
  const [a, b] = reducePair(col(0), col(1), dot);
  return Q.map((r, i) => [a[i], b[i], ...r.slice(2)]);
}

/**
 * K in better-conditioned integer coordinates: y = U z with U unimodular (columns u0, u1), a
 * basis of Z^2 reduced for the inverse of K's inertia form sum v v^T, so that K looks round
 * in z (a thin skewed polygon, e.g. the plane of a 3-D DS in its span basis, has short
 * integer vectors along its long direction). Identity when K is already round.
 */
export function roundCoordinates(K: Polygon): { K: Polygon; U: [Vec2, Vec2] } {
  let g00 = 0n;
  let g01 = 0n;
  let g11 = 0n;
  for (const [x, y] of K.vertices) {
    g00 += x * x;
    g01 += x * y;
    g11 += y * y;
  }
  // adj(G) = det(G) G^-1: the same reduced bases as G^-1.
  const U = gaussReduce([1n, 0n], [0n, 1n], [g11, -g01, g00]);
  if (cross(U[0], U[1]) < 0n) U[1] = [-U[1][0], -U[1][1]];
  const [u, w] = U;
  if (u[0] === 1n && u[1] === 0n && w[0] === 0n && w[1] === 1n) return { K, U };
  // z = U^-1 y (det U = 1).
  const toZ = (v: Vec2): Vec2 => [w[1] * v[0] - w[0] * v[1], -u[1] * v[0] + u[0] * v[1]];
  return {
    K: {
      vertices: K.vertices.map(toZ),
      scale: K.scale,
      rows: K.rows.map(
        ([c0, c1, c2]) => [c0, c1 * u[0] + c2 * u[1], c1 * w[0] + c2 * w[1]] as const,
      ),
    },
    U,
  };
}
