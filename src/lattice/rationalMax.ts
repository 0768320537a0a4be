/**
 * Exact rational maximum of a linear form over the rational relaxation of the pieces of DS
 * (existential locals relaxed too), by Fourier–Motzkin elimination without integer
 * tightening: exact over Q, its cost depends on the constraints, never on the size of DS.
 * Heuristic 2 uses it instead of glpk's floats, which lose precision for N = 10^6.
 */
import Fraction from 'fraction.js';
import { gcd } from '../poly/linalg.js';
import type { FixedPiece } from './conflictPoints.js';

type Row = bigint[];

function normalize(r: Row): Row {
  let g = 0n;
  for (const v of r) g = gcd(g, v);
  return g > 1n ? r.map((v) => v / g) : r;
}

/**
 * max of obj.x over the rational points of the piece with extra equalities e.x = 0; null
 * when that part is empty, 'unbounded' when unbounded. Columns: [1, dims, locals].
 */
function rationalMaxPiece(
  piece: FixedPiece,
  obj: readonly bigint[],
  eqsOnDims: readonly (readonly bigint[])[],
): Fraction | null | 'unbounded' {
  const n = piece.nDims;
  const w = 1 + n + piece.nLocals;
  // Column w is t = obj.x.
  const ext = (r: readonly bigint[]): Row => [...r, 0n];
  const dimRow = (c: readonly bigint[]): Row => {
    const r = Array<bigint>(w + 1).fill(0n);
    for (let j = 0; j < n; j++) r[1 + j] = c[j];
    return r;
  };
  let eqs: Row[] = [...piece.eqs.map(ext), ...eqsOnDims.map(dimRow)];
  const tRow = dimRow(obj).map((v) => -v);
  tRow[w] = 1n;
  eqs.push(tRow);
  let ineqs: Row[] = piece.ineqs.map(ext);
  // Eliminate variables (columns 1..w-1) using equalities first.
  ({ eqs, ineqs } = eliminateColumns(
    eqs,
    ineqs,
    Array.from({ length: w - 1 }, (_, i) => 1 + i),
  ));
  // Left: rows over [1, t].
  let lo: Fraction | null = null;
  let hi: Fraction | null = null;
  const bound = (c: bigint, a: bigint, isEq: boolean): boolean => {
    if (a === 0n) return isEq ? c === 0n : c >= 0n;
    const v = new Fraction(String(-c)).div(String(a)); // a t + c >= 0
    if (a > 0n || isEq) if (lo === null || v.compare(lo) > 0) lo = v;
    if (a < 0n || isEq) if (hi === null || v.compare(hi) < 0) hi = v;
    return true;
  };
  for (const r of eqs) if (!bound(r[0], r[w], true)) return null;
  for (const r of ineqs) if (!bound(r[0], r[w], false)) return null;
  const l = lo as Fraction | null;
  const h = hi as Fraction | null;
  if (l !== null && h !== null && l.compare(h) > 0) return null;
  return h === null ? 'unbounded' : h;
}

/** max over the union of the pieces' relaxations (= over their convex hull). */
export function rationalMax(
  pieces: readonly FixedPiece[],
  obj: readonly bigint[],
  eqsOnDims: readonly (readonly bigint[])[],
): Fraction | null | 'unbounded' {
  let best: Fraction | null = null;
  for (const p of pieces) {
    const m = rationalMaxPiece(p, obj, eqsOnDims);
    if (m === 'unbounded') return m;
    if (m !== null && (best === null || m.compare(best) > 0)) best = m;
  }
  return best;
}

/** Fourier–Motzkin produced more than 50 000 rows. */
export class EliminationBlowUp extends Error {
  constructor() {
    super('rationalMax: Fourier–Motzkin blow-up');
  }
}

/**
 * Rational projection: eliminates the columns `vars` of `eqs` (= 0) and `ineqs` (>= 0), by
 * substitution from an equality when one involves the column, else by Fourier–Motzkin, with
 * no integer tightening (exact over Q: the result describes the projection of the rational
 * points). Throws on a blow-up past 50 000 rows.
 */
export function eliminateColumns(
  eqs0: readonly Row[],
  ineqs0: readonly Row[],
  vars: readonly number[],
): { eqs: Row[]; ineqs: Row[] } {
  let eqs = [...eqs0];
  let ineqs = [...ineqs0];
  for (const v of vars) {
    const e = eqs.find((r) => r[v] !== 0n);
    if (e) {
      const ev = e[v];
      const sub = (r: Row): Row => {
        if (r[v] === 0n) return r;
        const a = ev < 0n ? -ev : ev;
        const s = ev < 0n ? -r[v] : r[v];
        return normalize(r.map((x, j) => a * x - s * e[j]));
      };
      eqs = eqs.filter((r) => r !== e).map(sub);
      ineqs = ineqs.map(sub);
    } else {
      const pos = ineqs.filter((r) => r[v] > 0n);
      const neg = ineqs.filter((r) => r[v] < 0n);
      const next = ineqs.filter((r) => r[v] === 0n);
      for (const p of pos)
        for (const q of neg) next.push(normalize(p.map((x, j) => x * -q[v] + q[j] * p[v])));
      const seen = new Map<string, Row>();
      for (const r of next) {
        const key = r.join(',');
        if (!seen.has(key)) seen.set(key, r);
      }
      ineqs = [...seen.values()];
      if (ineqs.length > 50000) throw new EliminationBlowUp();
    }
  }
  return { eqs, ineqs };
}
