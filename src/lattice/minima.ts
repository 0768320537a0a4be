/**
 * Successive minima lambda_i(K) of K = conv(DS) (fixed parameters), section 4.1.1:
 * lambda_i = min over j >= i of min { lambda : y in Z^n, y_j >= 1, Q y in lambda K }, where
 * Q is unimodular with its first i-1 columns spanning x_1..x_{i-1} (Hermite completion):
 * n(n+1)/2 mixed-integer programs. GLPK's float lambda is re-derived exactly from the
 * integer vector found (section 4.1.2): the exact gauge of x on each piece's relaxation.
 */
import Fraction from 'fraction.js';
import { completeToUnimodular, mulVec } from '../poly/linalg.js';
import type { FixedPiece } from './conflictPoints.js';
import { hullModel, minimizeLp, type Coordinates } from './hullLp.js';

export interface Minimum {
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
export function pieceGauge(piece: FixedPiece, x: readonly bigint[]): Fraction | null {
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
export function exactGauge(pieces: readonly FixedPiece[], x: readonly bigint[]): Fraction | null {
  let best: Fraction | null = null;
  for (const p of pieces) {
    const g = pieceGauge(p, x);
    if (g !== null && (best === null || g.compare(best) < 0)) best = g;
  }
  return best;
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
  const dimension = minima.length;
  for (let i = dimension; i < n; i++)
    minima.push({ lambda: 'inf', value: null, exact: true, vector: null });
  return { minima, dimension };
}
