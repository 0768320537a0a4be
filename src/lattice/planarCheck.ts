/**
 * Exact strict admissibility for a conflict set of dimension 2 (two dims, or a plane of
 * n-D space that holds all of DS's integer points; no existential locals), without the Omega
 * test. With a, b a Gauss-reduced basis of the mapping's kernel lattice (in the plane) and
 * x = k1 a + k2 b, every piece of DS (a polygon P, rows tightened for integer points: same
 * integer points) bounds k1 = cross(x, b) / cross(a, b) by its vertices, and for each k1 its
 * rows bound k2 exactly: a non-zero integer (k1, k2) in range is a point of DS in the kernel
 * (a conflict), none in any piece proves admissibility. (The lines are taken along whichever
 * basis vector gives fewer of them.)
 *
 * Why not the Omega test: with a modulus m (dynprog's c: (500 d0 + 499 d1) mod 748501 at
 * N = 1000) its integer eliminations splinter into about N cases (121,000 work units at
 * N = 1000, over 10^7 at N = 10^6), so near-critical lattices of large sets could not be
 * checked. Here the work is the number of lattice lines crossing a piece, a handful for an
 * admissible reduced lattice; past LINE_LIMIT the caller falls back to the Omega test.
 */
import { ceilDiv, floorDiv } from '../poly/int.js';
import { hermite, type Matrix } from '../poly/linalg.js';
import type { PolySet } from '../poly/types.js';
import { latticeOfMapping, type Mapping } from './mapping.js';
import {
  cross,
  gaussReduce,
  pieceVertices,
  planeRows,
  sectionRow,
  type RatPoint,
  type Row,
  type Vec2,
} from './polygonHull.js';

/** Lattice lines examined per piece before giving up ('unknown'). */
const LINE_LIMIT = 4096;

export interface PlanarPiece {
  eqs: Row[];
  ineqs: Row[];
  vertices: RatPoint[];
  /** The piece's own rows over [1, y0, y1] (to confirm a conflict found). */
  original: { eqs: readonly (readonly bigint[])[]; ineqs: readonly (readonly bigint[])[] };
}

/**
 * The pieces of a DS (parameters fixed) as polygons of its plane, or null when this check
 * does not apply (existential locals, a piece with an unbounded relaxation). The plane is
 * the whole space in 2-D (Q null), else y = Q^-1 x with y2.. = 0 (Q unimodular, its first
 * two columns spanning DS: DsQueries.usePlane), coordinates y0, y1.
 */
export function planarPieces(ds: PolySet, Q: Matrix | null = null): PlanarPiece[] | null {
  const n = ds.space.dims.length;
  if ((Q ? n < 2 : n !== 2) || ds.space.params.length !== 0) return null;
  const out: PlanarPiece[] = [];
  for (const b of ds.pieces) {
    if (b.nLocals !== 0) return null;
    const original = {
      eqs: b.eqs.map((r) => sectionRow(r, n, Q)),
      ineqs: b.ineqs.map((r) => sectionRow(r, n, Q)),
    };
    const rows = planeRows({ nDims: 2, nLocals: 0, ...original }, null);
    if (!rows) continue; // no integer point
    const vertices = pieceVertices(rows.eqs, rows.ineqs);
    if (!vertices) return null;
    if (vertices.length === 0) continue; // empty relaxation
    out.push({ ...rows, vertices, original });
  }
  return out;
}

/** A Gauss-reduced basis of the kernel lattice; null if it is not of rank 2. */
function kernelBasis(m: Mapping): [Vec2, Vec2] | null {
  if (m.M.length === 0)
    return [
      [1n, 0n],
      [0n, 1n],
    ];
  if (m.b.some((v) => v === 0n)) return null;
  const gens = latticeOfMapping(m, 2);
  const H = hermite(gens, 2).H.filter((r) => r.some((v) => v !== 0n));
  if (H.length !== 2) return null;
  return gaussReduce([H[0][0], H[0][1]], [H[1][0], H[1][1]]);
}

function inPiece(p: PlanarPiece, x: Vec2): boolean {
  const v = (r: readonly bigint[]) => r[0] + r[1] * x[0] + r[2] * x[1];
  return p.original.eqs.every((r) => v(r) === 0n) && p.original.ineqs.every((r) => v(r) >= 0n);
}

function inKernel(m: Mapping, x: Vec2): boolean {
  return m.M.every((r, i) => (r[0] * x[0] + r[1] * x[1]) % m.b[i] === 0n);
}

/** A non-zero point of DS in the kernel of m, null when there is none, 'unknown' past the limits. */
export function planarConflict(
  pieces: readonly PlanarPiece[],
  m: Mapping,
): Vec2 | null | 'unknown' {
  const basis = kernelBasis(m);
  if (!basis) return 'unknown';
  const x = basisConflict(pieces, basis[0], basis[1]);
  // Confirm on the piece's own rows and the mapping (a disagreement would be a bug here:
  // leave the question to the Omega test).
  if (x === null || x === 'unknown') return x;
  return pieces.some((p) => inPiece(p, x)) && inKernel(m, x) ? x : 'unknown';
}

/** [min, max] of the coefficient of u in x = k u + k' v over the piece's vertices. */
function coefRange(p: PlanarPiece, u: Vec2, v: Vec2): [bigint, bigint] {
  const D = cross(u, v);
  let lo: bigint | null = null;
  let hi: bigint | null = null;
  for (const [x, y, den] of p.vertices) {
    // k = cross(x, v) / D, x = (x, y) / den
    let c = x * v[1] - y * v[0];
    let d = den * D;
    if (d < 0n) [c, d] = [-c, -d];
    const l = ceilDiv(c, d);
    const h = floorDiv(c, d);
    if (lo === null || l < lo) lo = l;
    if (hi === null || h > hi) hi = h;
  }
  return [lo ?? 0n, hi ?? -1n];
}

/**
 * A non-zero point x = k u + k' v (u, v independent integer vectors) in some piece, null
 * when there is none, 'unknown' when a piece is crossed by more than LINE_LIMIT lattice
 * lines. The lines run along the basis vector whose coefficient has the smaller range (a
 * thin set along a long lattice vector is crossed by few lines that way).
 */
export function basisConflict(
  pieces: readonly PlanarPiece[],
  u0: Vec2,
  v0: Vec2,
): Vec2 | null | 'unknown' {
  for (const p of pieces) {
    const ru = coefRange(p, u0, v0);
    const rv = coefRange(p, v0, u0);
    const [u, v, [klo, khi]] = ru[1] - ru[0] <= rv[1] - rv[0] ? [u0, v0, ru] : [v0, u0, rv];
    if (khi - klo > BigInt(LINE_LIMIT)) return 'unknown';
    for (let k = klo; k <= khi; k++) {
      // x = k u + j v: each row bounds j.
      let lo: bigint | null = null;
      let hi: bigint | null = null;
      let none = false;
      const narrow = (l: bigint | null, h: bigint | null) => {
        if (l !== null && (lo === null || l > lo)) lo = l;
        if (h !== null && (hi === null || h < hi)) hi = h;
      };
      for (const r of p.eqs) {
        const coef = r[1] * v[0] + r[2] * v[1];
        const rest = r[0] + k * (r[1] * u[0] + r[2] * u[1]);
        if (coef === 0n) none ||= rest !== 0n;
        else if (rest % coef !== 0n) none = true;
        else narrow(-rest / coef, -rest / coef);
      }
      for (const r of p.ineqs) {
        const coef = r[1] * v[0] + r[2] * v[1];
        const rest = r[0] + k * (r[1] * u[0] + r[2] * u[1]);
        // coef j + rest >= 0
        if (coef === 0n) none ||= rest < 0n;
        else if (coef > 0n) narrow(ceilDiv(-rest, coef), null);
        else narrow(null, floorDiv(rest, -coef));
      }
      if (none) continue;
      const l = lo as bigint | null;
      const h = hi as bigint | null;
      if (l === null || h === null) return 'unknown'; // cannot happen for a bounded piece
      let j = l;
      if (k === 0n && j === 0n) j = 1n;
      if (j > h) continue;
      return [k * u[0] + j * v[0], k * u[1] + j * v[1]];
    }
  }
  return null;
}
