/**
 * Successive minima lambda_i(K) of K = conv(DS) (fixed parameters), section 4.1.1:
 * lambda_i = min over j >= i of min { lambda : y in Z^n, y_j >= 1, Q y in lambda K }, where
 * Q is unimodular with its first i-1 columns spanning x_1..x_{i-1} (Hermite completion):
 * n(n+1)/2 mixed-integer programs. GLPK's float lambda is re-derived exactly from the
 * integer vector found (section 4.1.2): the exact gauge of x on each piece's relaxation.
 */
import Fraction from 'fraction.js';
import { completeToUnimodular, mulVec, type Matrix } from '../poly/linalg.js';
import type { FixedPiece } from './conflictPoints.js';
import { hullModel, minimizeLp, type Coordinates } from './hullLp.js';
import type { Vec2 } from './polygonHull.js';
import { polygonMinima, type Ratio } from './polygonMinima.js';
import type { PlanePolygon } from './polygonHull.js';

interface Minimum {
  /** lambda_i as an exact fraction text such as "1/99" (or "inf" beyond the dimension). */
  lambda: string;
  value: Fraction | null;
  /** True when lambda was re-derived exactly (single-piece gauge matches the MILP). */
  exact: boolean;
  vector: bigint[] | null;
}

export interface SuccessiveMinima {
  minima: Minimum[];
  /** Dimension of the space spanned by the integer points of K. */
  dimension: number;
}

/** Exact gauge of x for one piece: min mu >= 0 with x in mu * relax(piece); null if none. */
function pieceGauge(piece: FixedPiece, x: readonly bigint[]): Fraction | null {
  if (piece.nLocals > 0) return null;
  let lo = new Fraction(0);
  let hi: Fraction | null = null;
  const dot = (r: readonly bigint[]) => x.reduce((s, v, i) => s + r[1 + i] * v, 0n);
  for (const r of piece.ineqs) {
    const a = dot(r);
    if (r[0] === 0n) {
      if (a < 0n) return null;
    } else if (r[0] > 0n) {
      const b = new Fraction(String(-a)).div(String(r[0]));
      if (b.compare(lo) > 0) lo = b;
    } else {
      const b = new Fraction(String(a)).div(String(-r[0]));
      if (hi === null || b.compare(hi) < 0) hi = b;
    }
  }
  for (const r of piece.eqs) {
    const a = dot(r);
    if (r[0] === 0n) {
      if (a !== 0n) return null;
    } else {
      const b = new Fraction(String(-a)).div(String(r[0]));
      if (b.compare(lo) < 0) return null;
      lo = b;
      if (hi !== null && b.compare(hi) > 0) return null;
      hi = b;
    }
  }
  if (hi !== null && lo.compare(hi) > 0) return null;
  return lo;
}

/** Exact upper bound of the gauge of conv(DS) at x: the best single piece. */
function exactGauge(pieces: readonly FixedPiece[], x: readonly bigint[]): Fraction | null {
  let best: Fraction | null = null;
  for (const p of pieces) {
    const g = pieceGauge(p, x);
    if (g !== null && (best === null || g.compare(best) < 0)) best = g;
  }
  return best;
}

const ratio = (r: Ratio): Fraction => new Fraction(String(r.num)).div(String(r.den));

function exactMinimum(value: Fraction, vector: bigint[]): Minimum {
  return { lambda: value.toFraction(), value, exact: true, vector };
}

/** The minima found, then 'inf' up to n (the integer points of K span `dimension`). */
function withInfinite(minima: Minimum[], n: number): SuccessiveMinima {
  const dimension = minima.length;
  for (let i = dimension; i < n; i++)
    minima.push({ lambda: 'inf', value: null, exact: true, vector: null });
  return { minima, dimension };
}

/**
 * The successive minima without integer programs, when DS's integer points span a line or
 * a plane (rank <= 2, the common case); undefined when that exact route does not apply
 * (the caller then asks GLPK, successiveMinima below).
 * - Rank 2: the minima of the polygon K ⊇ conv(DS) in DS's plane (polygonMinima.ts, a
 *   Gauss reduction for K's gauge), mapped back to x by the plane's basis.
 * - Rank 1: DS lies on the line t q (q primitive): lambda_1 = 1 / T with T the largest t
 *   such that t q lies in a piece's relaxation, the exact gauge of q (pieceGauge); pieces
 *   with existential locals have no such closed form, and then GLPK answers.
 * The values only steer the heuristics (every candidate is checked exactly), so K being a
 * little larger than conv(DS) costs compression at worst, never soundness.
 */
export function exactSuccessiveMinima(
  pieces: readonly FixedPiece[],
  n: number,
  rank: number,
  span: Matrix,
  plane: PlanePolygon | null,
): SuccessiveMinima | undefined {
  if (rank === 2 && plane) {
    const { vectors, values } = polygonMinima(plane.K);
    const toX = (y: Vec2): bigint[] =>
      plane.Q ? plane.Q.map((row) => row[0] * y[0] + row[1] * y[1]) : [y[0], y[1]];
    return withInfinite(
      [0, 1].map((i) => exactMinimum(ratio(values[i]), toX(vectors[i]))),
      n,
    );
  }
  if (rank === 1 && pieces.every((p) => p.nLocals === 0)) {
    let q = span.map((row) => row[0]);
    // The sign GLPK's "y_j >= 1" would give: first non-zero coordinate positive.
    if ((q.find((v) => v !== 0n) ?? 0n) < 0n) q = q.map((v) => -v);
    const g = exactGauge(pieces, q);
    if (!g || g.compare(0) <= 0) return undefined;
    return withInfinite([exactMinimum(g, q)], n);
  }
  return undefined;
}

export async function successiveMinima(
  pieces: readonly FixedPiece[],
  n: number,
): Promise<SuccessiveMinima> {
  const minima: Minimum[] = [];
  const found: bigint[][] = [];
  for (let i = 0; i < n; i++) {
    const Q = completeToUnimodular(found, n);
    const ys = Array.from({ length: n }, (_, j) => `y${j}`);
    const coords: Coordinates = Q.map((row) =>
      row.map((q, j) => ({ name: ys[j], coef: Number(q) })).filter((t) => t.coef !== 0),
    );
    const model = hullModel(pieces, coords);
    let best: { value: number; y: bigint[] } | null = null;
    for (let j = i; j < n; j++) {
      const r = await minimizeLp(
        model,
        model.lambda,
        [{ vars: [{ name: ys[j], coef: 1 }], lo: 1 }],
        [],
        ys,
      );
      if (r.status !== 'optimal') continue;
      if (best === null || r.value < best.value - 1e-9) {
        best = { value: r.value, y: ys.map((y) => BigInt(Math.round(r.vars[y] ?? 0))) };
      }
    }
    if (!best) break;
    const x = mulVec(Q, best.y);
    const exact = exactGauge(pieces, x);
    const isExact =
      exact !== null && Math.abs(exact.valueOf() - best.value) <= 1e-7 * Math.max(1, best.value);
    const value = isExact ? exact : new Fraction(best.value).simplify(1e-9);
    minima.push({ lambda: value.toFraction(), value, exact: isExact, vector: x });
    found.push(x);
  }
  return withInfinite(minima, n);
}
