/**
 * Exact integer linear algebra (BigInt): Hermite and Smith normal forms with their
 * unimodular transforms, determinant, integer kernel, completion of vectors to a
 * unimodular basis, rational inverse. Matrices are arrays of rows.
 */
import Fraction from 'fraction.js';
import { abs, floorDiv, gcd, mod } from './int.js';

/** The integer helpers live in int.ts; re-exported for the lattice code that imports them here. */
export { abs, floorDiv, gcd, mod };

export type Matrix = bigint[][];

export function identity(n: number): Matrix {
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1n : 0n)),
  );
}

function clone(a: readonly (readonly bigint[])[]): Matrix {
  return a.map((r) => [...r]);
}

export function transpose(a: readonly (readonly bigint[])[], cols?: number): Matrix {
  const m = a.length;
  const n = cols ?? (m > 0 ? a[0].length : 0);
  return Array.from({ length: n }, (_, j) => Array.from({ length: m }, (_, i) => a[i][j]));
}

export function multiply(
  a: readonly (readonly bigint[])[],
  b: readonly (readonly bigint[])[],
): Matrix {
  const inner = b.length;
  const cols = inner > 0 ? b[0].length : 0;
  return a.map((row) => {
    const out = new Array<bigint>(cols).fill(0n);
    for (let k = 0; k < inner; k++) {
      const v = row[k];
      if (v === 0n) continue;
      const bk = b[k];
      for (let j = 0; j < cols; j++) out[j] += v * bk[j];
    }
    return out;
  });
}

export function mulVec(a: readonly (readonly bigint[])[], x: readonly bigint[]): bigint[] {
  return a.map((row) => row.reduce((s, v, j) => s + v * x[j], 0n));
}

/** Extended gcd: [g, s, t] with s a + t b = g >= 0. */
function extendedGcd(a: bigint, b: bigint): [bigint, bigint, bigint] {
  let [r0, r1, s0, s1, t0, t1] = [a, b, 1n, 0n, 0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return r0 < 0n ? [-r0, -s0, -t0] : [r0, s0, t0];
}

/** Determinant by fraction-free (Bareiss) elimination. */
export function determinant(a: readonly (readonly bigint[])[]): bigint {
  const n = a.length;
  if (n === 0) return 1n;
  const m = clone(a);
  let sign = 1n;
  let prev = 1n;
  for (let k = 0; k < n - 1; k++) {
    if (m[k][k] === 0n) {
      const p = m.findIndex((r, i) => i > k && r[k] !== 0n);
      if (p < 0) return 0n;
      [m[k], m[p]] = [m[p], m[k]];
      sign = -sign;
    }
    for (let i = k + 1; i < n; i++) {
      for (let j = k + 1; j < n; j++) m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) / prev;
    }
    prev = m[k][k];
  }
  return sign * m[n - 1][n - 1];
}

export interface HermiteForm {
  /** H = U A, in row echelon form: pivots positive, entries above a pivot in [0, pivot). */
  H: Matrix;
  /** Unimodular (det +-1). */
  U: Matrix;
  /** Column of the pivot of each non-zero row of H (rank = pivots.length). */
  pivots: number[];
}

/** Row-style Hermite normal form H = U A with its unimodular transform (works for any shape and rank). */
export function hermite(a: readonly (readonly bigint[])[], cols?: number): HermiteForm {
  const m = a.length;
  const n = cols ?? (m > 0 ? a[0].length : 0);
  const H = clone(a);
  const U = identity(m);
  const pivots: number[] = [];
  let row = 0;
  // Combines rows r and s with the 2x2 unimodular transform [[p, q], [u, v]].
  const combine = (r: number, s: number, p: bigint, q: bigint, u: bigint, v: bigint) => {
    for (const M of [H, U]) {
      const R = M[r];
      const S = M[s];
      for (let j = 0; j < R.length; j++) {
        const x = R[j];
        const y = S[j];
        R[j] = p * x + q * y;
        S[j] = u * x + v * y;
      }
    }
  };
  for (let col = 0; col < n && row < m; col++) {
    for (let i = row + 1; i < m; i++) {
      if (H[i][col] === 0n) continue;
      const x = H[row][col];
      const y = H[i][col];
      const [g, s, t] = extendedGcd(x, y);
      // [s t; -y/g x/g] has determinant (s x + t y) / g = 1.
      combine(row, i, s, t, -y / g, x / g);
    }
    if (H[row][col] === 0n) continue;
    if (H[row][col] < 0n) {
      H[row] = H[row].map((v) => -v);
      U[row] = U[row].map((v) => -v);
    }
    const p = H[row][col];
    for (let i = 0; i < row; i++) {
      const q = floorDiv(H[i][col], p);
      if (q === 0n) continue;
      for (let j = 0; j < n; j++) H[i][j] -= q * H[row][j];
      for (let j = 0; j < m; j++) U[i][j] -= q * U[row][j];
    }
    pivots.push(col);
    row++;
  }
  return { H, U, pivots };
}

export interface SmithForm {
  /** S = U A V, diagonal with d_1 | d_2 | ... (non-negative). */
  S: Matrix;
  U: Matrix;
  V: Matrix;
  diagonal: bigint[];
}

/** Smith normal form by alternating row and column Hermite steps, then fixing divisibility. */
export function smith(a: readonly (readonly bigint[])[], cols?: number): SmithForm {
  const m = a.length;
  const n = cols ?? (m > 0 ? a[0].length : 0);
  let S = clone(a);
  let U = identity(m);
  let V = identity(n);
  const isDiagonal = (X: Matrix) => X.every((r, i) => r.every((v, j) => i === j || v === 0n));
  for (let guard = 0; !isDiagonal(S); guard++) {
    if (guard > 10000) throw new Error('smith: no convergence');
    const r = hermite(S, n);
    S = r.H;
    U = multiply(r.U, U);
    if (isDiagonal(S)) break;
    const c = hermite(transpose(S, n), m);
    S = transpose(c.H, m);
    V = multiply(V, transpose(c.U, n));
  }
  // Divisibility chain: diag(x, y) ~ diag(gcd, lcm), applied pairwise.
  const k = Math.min(m, n);
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const x = S[i][i];
      const y = S[j][j];
      if (x === 0n && y === 0n) continue;
      if (y !== 0n && x !== 0n && y % x === 0n) continue;
      if (x === 0n) {
        swapRows(S, i, j);
        swapRows(U, i, j);
        swapCols(S, i, j);
        swapCols(V, i, j);
        continue;
      }
      const [g, s, t] = extendedGcd(x, y);
      // Row op: row i += row j; then [x 0; y y] -> column/row combination giving gcd.
      // U' = [[s, t], [-y/g, x/g]] on rows (i, j), V' = [[1, -t y / g], [1, s x / g]] on columns.
      const a2 = (M: Matrix, p: bigint, q: bigint, u: bigint, v: bigint) => {
        const R = M[i];
        const T = M[j];
        for (let c = 0; c < R.length; c++) {
          const xr = R[c];
          const yr = T[c];
          R[c] = p * xr + q * yr;
          T[c] = u * xr + v * yr;
        }
      };
      const c2 = (M: Matrix, p: bigint, q: bigint, u: bigint, v: bigint) => {
        // new col i = p col_i + u col_j ; new col j = q col_i + v col_j
        for (const R of M) {
          const xc = R[i];
          const yc = R[j];
          R[i] = p * xc + u * yc;
          R[j] = q * xc + v * yc;
        }
      };
      a2(U, s, t, -y / g, x / g);
      c2(V, 1n, -(t * y) / g, 1n, (s * x) / g);
      S[i][i] = g;
      S[j][j] = (x / g) * y;
    }
  }
  for (let i = 0; i < k; i++) {
    if (S[i][i] < 0n) {
      S[i][i] = -S[i][i];
      U[i] = U[i].map((v) => -v);
    }
  }
  return { S, U, V, diagonal: Array.from({ length: k }, (_, i) => S[i][i]) };
}

function swapRows(M: Matrix, i: number, j: number): void {
  [M[i], M[j]] = [M[j], M[i]];
}
function swapCols(M: Matrix, i: number, j: number): void {
  for (const R of M) [R[i], R[j]] = [R[j], R[i]];
}

/** A basis (as rows) of the integer lattice { x in Z^n : A x = 0 }. */
export function integerKernel(a: readonly (readonly bigint[])[], cols?: number): Matrix {
  const n = cols ?? (a.length > 0 ? a[0].length : 0);
  const { U, pivots } = hermite(transpose(a, n), a.length);
  // U A^T = H: the rows of U beyond the rank map A^T to 0, and U being unimodular they
  // generate all of the integer kernel.
  return U.slice(pivots.length);
}

/**
 * A unimodular n x n matrix Q whose first k columns span (over Q) the same space as the
 * given k independent vectors: X = Q H with H upper triangular (section 4.1.1's trick).
 */
export function completeToUnimodular(vectors: readonly (readonly bigint[])[], n: number): Matrix {
  if (vectors.length === 0) return identity(n);
  const X = transpose(vectors, n); // n x k
  const { U, pivots } = hermite(X, vectors.length);
  if (pivots.length !== vectors.length)
    throw new Error('completeToUnimodular: vectors are dependent');
  return inverseUnimodular(U);
}

/** Rational inverse (throws on a singular matrix). */
export function inverseRational(a: readonly (readonly bigint[])[]): Fraction[][] {
  const n = a.length;
  const m = a.map((r, i) => [
    ...r.map((v) => new Fraction(v.toString())),
    ...Array.from({ length: n }, (_, j) => new Fraction(i === j ? 1 : 0)),
  ]);
  for (let k = 0; k < n; k++) {
    const p = m.findIndex((r, i) => i >= k && !r[k].equals(0));
    if (p < 0) throw new Error('inverseRational: singular matrix');
    [m[k], m[p]] = [m[p], m[k]];
    const piv = m[k][k];
    m[k] = m[k].map((v) => v.div(piv));
    for (let i = 0; i < n; i++) {
      if (i === k || m[i][k].equals(0)) continue;
      const f = m[i][k];
      m[i] = m[i].map((v, j) => v.sub(f.mul(m[k][j])));
    }
  }
  return m.map((r) => r.slice(n));
}

/** Integer inverse of a unimodular matrix (throws otherwise). */
export function inverseUnimodular(a: readonly (readonly bigint[])[]): Matrix {
  return inverseRational(a).map((r) =>
    r.map((f) => {
      if (BigInt(f.d) !== 1n) throw new Error('inverseUnimodular: matrix is not unimodular');
      return BigInt(f.s) * BigInt(f.n);
    }),
  );
}

export function isUnimodular(a: readonly (readonly bigint[])[]): boolean {
  return a.length === (a[0]?.length ?? 0) && abs(determinant(a)) === 1n;
}

/** Row echelon Hermite shape check used by tests and assertions. */
export function isHermite(h: HermiteForm): boolean {
  const { H, pivots } = h;
  for (let r = 0; r < H.length; r++) {
    const lead = H[r].findIndex((v) => v !== 0n);
    if (r >= pivots.length) {
      if (lead >= 0) return false;
      continue;
    }
    if (lead !== pivots[r] || H[r][lead] <= 0n) return false;
    if (r > 0 && pivots[r] <= pivots[r - 1]) return false;
    for (let i = 0; i < r; i++) {
      const v = H[i][pivots[r]];
      if (v < 0n || v >= H[r][pivots[r]]) return false;
    }
  }
  return true;
}

/**
 * LLL reduction (Lenstra, Lenstra, Lovász 1982) of a basis given as rows, in exact rational
 * arithmetic: the rows of the result span the same lattice, are nearly orthogonal and
 * short. Cl@k's heuristics use such a reduced basis as one more candidate basis (section
 * 4.2: the quality of Heuristics 2 and 3 depends on the basis). The Gram-Schmidt data is
 * recomputed after each step: the bases here have at most a handful of rows.
 */
export function lllReduce(
  rows: readonly (readonly bigint[])[],
  delta = new Fraction(3, 4),
): Matrix {
  const b = rows.map((r) => [...r]);
  const n = b.length;
  const dot = (x: readonly Fraction[], y: readonly Fraction[]) =>
    x.reduce((s, v, i) => s.add(v.mul(y[i])), new Fraction(0));
  const gramSchmidt = () => {
    const star: Fraction[][] = [];
    const mu: Fraction[][] = b.map(() => b.map(() => new Fraction(0)));
    const norms: Fraction[] = [];
    for (let i = 0; i < n; i++) {
      let v = b[i].map((x) => new Fraction(x.toString()));
      const bi = v;
      for (let j = 0; j < i; j++) {
        mu[i][j] = norms[j].equals(0) ? new Fraction(0) : dot(bi, star[j]).div(norms[j]);
        v = v.map((x, t) => x.sub(mu[i][j].mul(star[j][t])));
      }
      star.push(v);
      norms.push(dot(v, v));
    }
    return { mu, norms };
  };
  let { mu, norms } = gramSchmidt();
  let k = 1;
  while (k < n) {
    for (let j = k - 1; j >= 0; j--) {
      const q = BigInt(mu[k][j].round().toString());
      if (q !== 0n) {
        b[k] = b[k].map((x, t) => x - q * b[j][t]);
        ({ mu, norms } = gramSchmidt());
      }
    }
    if (norms[k].compare(delta.sub(mu[k][k - 1].mul(mu[k][k - 1])).mul(norms[k - 1])) >= 0) k++;
    else {
      [b[k], b[k - 1]] = [b[k - 1], b[k]];
      ({ mu, norms } = gramSchmidt());
      k = Math.max(k - 1, 1);
    }
  }
  return b;
}
