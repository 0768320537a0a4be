/**
 * Normalisation of Omega systems (step 1 of src/poly/omega.ts): gcd tightening, duplicate
 * and opposite rows, Gauss-Jordan on kept equalities, interval pruning with single-variable
 * bounds. Written once against `Ring<T>` (src/poly/ring.ts) and instantiated per backend.
 */
import type { Ring } from './ring.js';

export interface SysOf<T> {
  /** Total number of columns (constant included). */
  readonly n: number;
  /** Columns 0..nKeep-1 are the constant and the kept variables. */
  readonly nKeep: number;
  readonly eqs: T[][];
  readonly ineqs: T[][];
}

export type Bounds<T> = { lo: (T | undefined)[]; hi: (T | undefined)[] };

/** Odd multipliers, one per column (mod 64), of the row hash below. */
const COLUMN_KEYS = Array.from({ length: 64 }, (_, i) => Math.imul(i + 1, 0x9e3779b1) | 1 | 0);

// A factory so that each backend gets its own (monomorphic) copy of the same code.
export function normalizerOver<T extends number | bigint>(R: Ring<T>) {
  const Z = R.zero;
  const ONE = R.one;

  /**
   * A hash of a row's variable coefficients that is odd under negation: hash(-r) = -hash(r)
   * (mod 2^32), so a row and its opposite are found by one lookup each. It is linear modulo
   * 2^32: each coefficient enters through ToInt32 (exact modular reduction of an integer-valued
   * double; Number() of a BigInt rounds symmetrically, so -x maps to -ToInt32(x)) times an odd
   * constant of its column. Equal hashes are confirmed coefficient by coefficient: the hash
   * only narrows the search. Small-integer keys keep the Map lookups cheap (float keys, as
   * an earlier float sum had, are boxed and hashed as heap numbers).
   */
  function rowHash(r: readonly T[]): number {
    let h = 0;
    for (let i = 1; i < r.length; i++)
      if (r[i] !== Z) h = (h + Math.imul(R.approx(r[i]), COLUMN_KEYS[i & 63])) | 0;
    return h;
  }

  /** Column of the only non-zero variable coefficient of r, or -1 (per backend: monomorphic). */
  function singleColumn(r: readonly T[]): number {
    let j = -1;
    for (let i = 1; i < r.length; i++) {
      if (r[i] !== Z) {
        if (j >= 0) return -1;
        j = i;
      }
    }
    return j;
  }

  /** gcd of the variable coefficients (0 when there is none); stops at 1, the usual case. */
  function rowGcd(row: readonly T[]): T {
    let g = Z;
    for (let i = 1; i < row.length && g !== ONE; i++) if (row[i] !== Z) g = R.gcd(g, row[i]);
    return g;
  }

  function sameCoefficients(a: readonly T[], b: readonly T[]): boolean {
    for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  function oppositeCoefficients(a: readonly T[], b: readonly T[]): boolean {
    for (let i = 1; i < a.length; i++) if (a[i] !== R.neg(b[i])) return false;
    return true;
  }

  function combine(a: T, r: readonly T[], b: T, s: readonly T[]): T[] {
    const out = new Array<T>(r.length);
    for (let i = 0; i < r.length; i++) out[i] = R.lin(a, r[i], b, s[i]);
    return out;
  }

  const negRow = (r: readonly T[]): T[] => r.map((x) => R.neg(x));

  // Open-addressing table from row hashes to slot indices, reused by every call (normalize
  // does not re-enter itself): one typed-array probe per row instead of Map buckets.
  let keys = new Int32Array(256);
  let vals = new Int32Array(256);
  let mask = 0;
  // Per-slot scratch of normalize: the rows, their hashes, and which are placed.
  const slots: T[][] = [];
  let hashes = new Int32Array(128);
  let done = new Uint8Array(128);
  function resetTable(count: number): void {
    let size = 16;
    while (size < 2 * count) size *= 2;
    if (size > keys.length) {
      keys = new Int32Array(size);
      vals = new Int32Array(size);
      hashes = new Int32Array(size);
      done = new Uint8Array(size);
    }
    vals.fill(0, 0, size); // 0: empty, else slot + 1
    done.fill(0, 0, count);
    mask = size - 1;
  }
  function insert(h: number, slot: number): void {
    let i = h & mask;
    while (vals[i] !== 0) i = (i + 1) & mask;
    keys[i] = h;
    vals[i] = slot + 1;
  }

  /**
   * gcd normalisation and cheap exact simplifications; null when the system has no integer
   * point. Inequalities with equal coefficient vectors keep only the tightest; `r >= 0` and
   * `-r >= 0` become the equality `r = 0`.
   */
  function normalize(input: SysOf<T>): SysOf<T> | null {
    const sys = reduceKeptEqualities(input);
    const eqs: T[][] = [];
    const eqHashes: number[] = [];
    const pushEq = (row: T[]): boolean => {
      const g = rowGcd(row);
      if (g === Z) return row[0] === Z;
      if (R.rem(row[0], g) !== Z) return false;
      let r = g === ONE ? row : row.map((x) => R.quot(x, g));
      let lead = 1;
      while (r[lead] === Z) lead++;
      if (r[lead] < Z) r = negRow(r);
      const h = rowHash(r);
      for (let k = 0; k < eqs.length; k++)
        if (eqHashes[k] === h && eqs[k][0] === r[0] && sameCoefficients(eqs[k], r)) return true;
      eqs.push(r);
      eqHashes.push(h);
      return true;
    };
    for (const e of sys.eqs) if (!pushEq(e)) return null;
    // Distinct coefficient vectors in first-seen order, each with its tightest row.
    let ns = 0;
    resetTable(sys.ineqs.length);
    for (const row of sys.ineqs) {
      const g = rowGcd(row);
      if (g === Z) {
        if (row[0] < Z) return null;
        continue;
      }
      const r = g === ONE ? row : row.map((x, i) => (i === 0 ? R.floorDiv(x, g) : R.quot(x, g)));
      const h = rowHash(r);
      let at = -1;
      for (let i = h & mask; vals[i] !== 0; i = (i + 1) & mask) {
        if (keys[i] === h && sameCoefficients(slots[vals[i] - 1], r)) {
          at = vals[i] - 1;
          break;
        }
      }
      if (at < 0) {
        insert(h, ns);
        hashes[ns] = h;
        slots[ns++] = r;
      } else if (r[0] < slots[at][0]) slots[at] = r;
    }
    // Exactly sized storage for the output (pushing onto [] reallocates it several times);
    // its contents are overwritten in order and it is trimmed below.
    const ineqs = slots.slice(0, ns);
    let m = 0;
    for (let k = 0; k < ns; k++) {
      if (done[k]) continue;
      const r = slots[k];
      const h = -hashes[k] | 0;
      let o = -1;
      for (let i = h & mask; vals[i] !== 0; i = (i + 1) & mask) {
        if (keys[i] === h && oppositeCoefficients(slots[vals[i] - 1], r)) {
          o = vals[i] - 1;
          break;
        }
      }
      if (o >= 0) {
        const opp = slots[o];
        done[o] = 1;
        const sum = R.add(r[0], opp[0]);
        if (sum < Z) return null;
        if (sum === Z) {
          if (!pushEq(r.slice())) return null;
          done[k] = 1;
          continue;
        }
        ineqs[m++] = opp;
      }
      done[k] = 1;
      ineqs[m++] = r;
    }
    ineqs.length = m;
    return pruneByBounds({ n: sys.n, nKeep: sys.nKeep, eqs, ineqs });
  }

  /**
   * Gauss-Jordan on the equalities among kept columns only: each such equality with a kept
   * column of coefficient +-1 (its pivot) keeps defining that column, which is substituted in
   * every other row. The integer points are the same; contradictions between kept equalities
   * (`d = 0` and `d = 1`) and strides pinned by them (`d = 29 e + 1` with `d = 0`) then show
   * up in the gcd tests of `normalize` instead of surviving as empty pieces that every later
   * operation pays for. One pass suffices: a pivot column is removed from every later equality
   * before that one picks its own pivot, and later substitutions never bring it back.
   */
  function reduceKeptEqualities(sys: SysOf<T>): SysOf<T> {
    let eqs = sys.eqs;
    let ineqs = sys.ineqs;
    const pivots = new Set<number>();
    for (let k = 0; k < eqs.length; k++) {
      const e = eqs[k];
      let settled = true;
      for (let j = sys.nKeep; j < sys.n && settled; j++) if (e[j] !== Z) settled = false;
      if (!settled) continue;
      let p = -1;
      for (let j = 1; j < sys.nKeep && p < 0; j++)
        if ((e[j] === ONE || e[j] === R.minusOne) && !pivots.has(j)) p = j;
      if (p < 0) continue;
      pivots.add(p);
      const f = e[p];
      const elim = (r: T[]) =>
        r === e || r[p] === Z ? r : combine(ONE, r, R.neg(R.mul(r[p], f)), e);
      if (eqs.some((r) => r !== e && r[p] !== Z)) eqs = eqs.map(elim);
      if (ineqs.some((r) => r[p] !== Z)) ineqs = ineqs.map(elim);
    }
    if (eqs === sys.eqs && ineqs === sys.ineqs) return sys;
    return { n: sys.n, nKeep: sys.nKeep, eqs, ineqs };
  }

  /** Integer bounds of each column given by the inequalities on that column alone. */
  function singleBounds(sys: SysOf<T>): Bounds<T> {
    const lo: (T | undefined)[] = Array(sys.n).fill(undefined);
    const hi: (T | undefined)[] = Array(sys.n).fill(undefined);
    fillBounds(sys, lo, hi);
    return { lo, hi };
  }

  function fillBounds(sys: SysOf<T>, lo: (T | undefined)[], hi: (T | undefined)[]): void {
    for (const r of sys.ineqs) {
      const j = singleColumn(r);
      if (j < 0) continue;
      // c x + r0 >= 0: x >= ceil(-r0 / c) for c > 0, x <= floor(r0 / -c) for c < 0.
      const c = r[j];
      if (c > Z) {
        const v = R.neg(R.floorDiv(r[0], c));
        if (lo[j] === undefined || v > lo[j]!) lo[j] = v;
      } else {
        const v = R.floorDiv(r[0], R.neg(c));
        if (hi[j] === undefined || v < hi[j]!) hi[j] = v;
      }
    }
  }

  // Range of the last `rangeOver` (two results without allocating a pair per row).
  let rangeMin: T | undefined;
  let rangeMax: T | undefined;

  /** Range of r over the box of `b` into rangeMin/rangeMax (undefined: unbounded). */
  function rangeOver(r: readonly T[], lo: readonly (T | undefined)[], hi: typeof lo): void {
    let mn: T | undefined = r[0];
    let mx: T | undefined = r[0];
    for (let i = 1; i < r.length; i++) {
      const c = r[i];
      if (c === Z) continue;
      const x = c > Z ? lo[i] : hi[i];
      const y = c > Z ? hi[i] : lo[i];
      mn = mn === undefined || x === undefined ? undefined : R.add(mn, R.mul(c, x));
      mx = mx === undefined || y === undefined ? undefined : R.add(mx, R.mul(c, y));
    }
    rangeMin = mn;
    rangeMax = mx;
  }

  function impliedByBounds(r: readonly T[], b: Bounds<T>): boolean {
    rangeOver(r, b.lo, b.hi);
    return rangeMin !== undefined && rangeMin >= Z;
  }

  // Bounds scratch of pruneByBounds (which does not re-enter itself).
  const boxLo: (T | undefined)[] = [];
  const boxHi: (T | undefined)[] = [];

  /**
   * Interval reasoning with the single-variable bounds: an inequality whose minimum over the
   * box is >= 0 is implied (dropped); a row that cannot reach 0 makes the system empty. Exact,
   * and it keeps Fourier-Motzkin from accumulating rows that the loop bounds already imply.
   * `sys` is normalize's own fresh system: its inequality list is filtered in place.
   */
  function pruneByBounds(sys: SysOf<T>): SysOf<T> | null {
    const lo = boxLo;
    const hi = boxHi;
    for (let j = 0; j < sys.n; j++) lo[j] = hi[j] = undefined;
    fillBounds(sys, lo, hi);
    for (let j = 1; j < sys.n; j++)
      if (lo[j] !== undefined && hi[j] !== undefined && lo[j]! > hi[j]!) return null;
    for (const r of sys.eqs) {
      rangeOver(r, lo, hi);
      if ((rangeMin !== undefined && rangeMin > Z) || (rangeMax !== undefined && rangeMax < Z))
        return null;
    }
    const ineqs = sys.ineqs;
    let m = 0;
    for (let k = 0; k < ineqs.length; k++) {
      const r = ineqs[k];
      rangeOver(r, lo, hi);
      if (rangeMax !== undefined && rangeMax < Z) return null;
      if (rangeMin !== undefined && rangeMin >= Z && singleColumn(r) < 0) continue;
      ineqs[m++] = r;
    }
    ineqs.length = m;
    return sys;
  }

  return { normalize, combine, singleBounds, impliedByBounds };
}
