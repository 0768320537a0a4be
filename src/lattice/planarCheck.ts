/**
 * Does a planar lattice (basis u, v) have a non-zero point in a polygon? With x = k u + j v,
 * the polygon's vertices bound k, and for each k its rows bound j exactly, so the work is
 * the number of lattice lines crossing the polygon (a handful for a near-critical lattice),
 * whatever the sizes. The hull heuristic (hullLattice.ts) uses it to try integer lattices
 * near a critical lattice of conv(DS); the mapping it proposes is then verified against DS
 * itself by the exact check of DsQueries (the Omega test), like every candidate.
 */
import { ceilDiv, floorDiv } from '../poly/int.js';
import { cross, type RatPoint, type Row, type Vec2 } from './polygonHull.js';

/** Lattice lines examined per piece before giving up ('unknown'). */
const LINE_LIMIT = 4096;

export interface PlanarPiece {
  eqs: Row[];
  ineqs: Row[];
  vertices: RatPoint[];
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
