/**
 * Normalisation of Omega systems (step 1 of src/poly/omega.ts): gcd tightening, duplicate
 * and opposite rows, Gauss-Jordan on kept equalities, interval pruning with single-variable
 * bounds. Written once against `Ring<T>` (src/poly/ring.ts) and used by both backends.
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

/**
 * A normaliser: its ring and the scratch that `normalize` reuses call after call, so that a
 * system costs no allocation beyond its own rows. `normalize` never re-enters itself, so one
 * scratch suffices; there is one normaliser per engine (src/poly/eliminate.ts), hence per call
 * and per backend, and nothing is shared between calls.
 */
export interface Normalizer<T> {
  readonly R: Ring<T>;
  /**
   * Open-addressing table from row hashes (`keys`) to slot indices (`vals`: 0 empty, else
   * slot + 1): one typed-array probe per row instead of Map buckets. Grown by `resetTable`.
   */
  keys: Int32Array;
  vals: Int32Array;
  mask: number;
  /** Per slot: the tightest row of one coefficient vector, its hash, and whether it is placed. */
  readonly slots: T[][];
  hashes: Int32Array;
  done: Uint8Array;
  /** Bounds scratch of `pruneByBounds`. */
  readonly boxLo: (T | undefined)[];
  readonly boxHi: (T | undefined)[];
  /** Range of the last `rangeOver` (two results without allocating a pair per row). */
  rangeMin: T | undefined;
  rangeMax: T | undefined;
}

export function normalizerOver<T extends number | bigint>(R: Ring<T>): Normalizer<T> {
  return {
    R,
    keys: new Int32Array(256),
    vals: new Int32Array(256),
    mask: 0,
    slots: [],
    hashes: new Int32Array(128),
    done: new Uint8Array(128),
    boxLo: [],
    boxHi: [],
    rangeMin: undefined,
    rangeMax: undefined,
  };
}

/**
 * A hash of a row's variable coefficients that is odd under negation: hash(-r) = -hash(r)
 * (mod 2^32), so a row and its opposite are found by one lookup each. It is linear modulo
 * 2^32: each coefficient enters through ToInt32 (exact modular reduction of an integer-valued
 * double; Number() of a BigInt rounds symmetrically, so -x maps to -ToInt32(x)) times an odd
 * constant of its column. Equal hashes are confirmed coefficient by coefficient: the hash
 * only narrows the search. Small-integer keys keep the table lookups cheap (float keys, as
 * an earlier float sum had, are boxed and hashed as heap numbers).
 */
function rowHash<T extends number | bigint>(R: Ring<T>, r: readonly T[]): number {
  const Z = R.zero;
  let h = 0;
  for (let i = 1; i < r.length; i++)
    if (r[i] !== Z) h = (h + Math.imul(R.approx(r[i]), COLUMN_KEYS[i & 63])) | 0;
  return h;
}

/** Column of the only non-zero variable coefficient of r, or -1. */
function singleColumn<T extends number | bigint>(R: Ring<T>, r: readonly T[]): number {
  const Z = R.zero;
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
function rowGcd<T extends number | bigint>(R: Ring<T>, row: readonly T[]): T {
  const Z = R.zero;
  const ONE = R.one;
  let g = Z;
  for (let i = 1; i < row.length && g !== ONE; i++) if (row[i] !== Z) g = R.gcd(g, row[i]);
  return g;
}

function sameCoefficients<T>(a: readonly T[], b: readonly T[]): boolean {
  for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function oppositeCoefficients<T>(R: Ring<T>, a: readonly T[], b: readonly T[]): boolean {
  for (let i = 1; i < a.length; i++) if (a[i] !== R.neg(b[i])) return false;
  return true;
}

/** `a r + b s`, row by row. */
export function combine<T>(R: Ring<T>, a: T, r: readonly T[], b: T, s: readonly T[]): T[] {
  const out = new Array<T>(r.length);
  for (let i = 0; i < r.length; i++) out[i] = R.lin(a, r[i], b, s[i]);
  return out;
}

/** Empties the hash table and sizes it (and the slot scratch) for `count` rows. */
function resetTable<T>(nz: Normalizer<T>, count: number): void {
  let size = 16;
  while (size < 2 * count) size *= 2;
  if (size > nz.keys.length) {
    nz.keys = new Int32Array(size);
    nz.vals = new Int32Array(size);
    nz.hashes = new Int32Array(size);
    nz.done = new Uint8Array(size);
  }
  nz.vals.fill(0, 0, size);
  nz.done.fill(0, 0, count);
  nz.mask = size - 1;
}

function insert<T>(nz: Normalizer<T>, h: number, slot: number): void {
  const { keys, vals, mask } = nz;
  let i = h & mask;
  while (vals[i] !== 0) i = (i + 1) & mask;
  keys[i] = h;
  vals[i] = slot + 1;
}

/** The slot whose row has the same variable coefficients as r (hash h), or -1. */
function findSame<T>(nz: Normalizer<T>, h: number, r: readonly T[]): number {
  const { keys, vals, mask, slots } = nz;
  for (let i = h & mask; vals[i] !== 0; i = (i + 1) & mask)
    if (keys[i] === h && sameCoefficients(slots[vals[i] - 1], r)) return vals[i] - 1;
  return -1;
}

/** The slot whose row has the opposite variable coefficients of r (hash -h), or -1. */
function findOpposite<T>(nz: Normalizer<T>, h: number, r: readonly T[]): number {
  const { keys, vals, mask, slots } = nz;
  const o = -h | 0;
  for (let i = o & mask; vals[i] !== 0; i = (i + 1) & mask)
    if (keys[i] === o && oppositeCoefficients(nz.R, slots[vals[i] - 1], r)) return vals[i] - 1;
  return -1;
}

/** The equalities of a system being normalised, with their row hashes. */
interface Equalities<T> {
  readonly rows: T[][];
  readonly hashes: number[];
}

/**
 * Adds `row = 0` divided by its gcd and with a positive leading coefficient, unless it is
 * already there; false when it has no integer solution (a constant row other than 0, or a
 * constant not divisible by the gcd).
 */
function addEquality<T extends number | bigint>(R: Ring<T>, eqs: Equalities<T>, row: T[]): boolean {
  const Z = R.zero;
  const g = rowGcd(R, row);
  if (g === Z) return row[0] === Z;
  if (R.rem(row[0], g) !== Z) return false;
  let r = g === R.one ? row : row.map((x) => R.quot(x, g));
  let lead = 1;
  while (r[lead] === Z) lead++;
  if (r[lead] < Z) r = r.map((x) => R.neg(x));
  const h = rowHash(R, r);
  const { rows, hashes } = eqs;
  for (let k = 0; k < rows.length; k++)
    if (hashes[k] === h && rows[k][0] === r[0] && sameCoefficients(rows[k], r)) return true;
  rows.push(r);
  hashes.push(h);
  return true;
}

/**
 * gcd normalisation and cheap exact simplifications; null when the system has no integer
 * point. Inequalities with equal coefficient vectors keep only the tightest; `r >= 0` and
 * `-r >= 0` become the equality `r = 0`.
 */
export function normalize<T extends number | bigint>(
  nz: Normalizer<T>,
  input: SysOf<T>,
): SysOf<T> | null {
  const sys = reduceKeptEqualities(nz.R, input);
  const eqs: Equalities<T> = { rows: [], hashes: [] };
  for (const e of sys.eqs) if (!addEquality(nz.R, eqs, e)) return null;
  const ns = tightestRows(nz, sys.ineqs);
  if (ns < 0) return null;
  const ineqs = pairOpposites(nz, ns, eqs);
  if (!ineqs) return null;
  return pruneByBounds(nz, { n: sys.n, nKeep: sys.nKeep, eqs: eqs.rows, ineqs });
}

/**
 * Puts the distinct coefficient vectors of `ineqs` into the slots in first-seen order, each
 * with its tightest row (gcd-divided, constant rounded down); returns their number, or -1
 * when a constant row is negative (no point at all).
 */
function tightestRows<T extends number | bigint>(nz: Normalizer<T>, ineqs: T[][]): number {
  const R = nz.R;
  const Z = R.zero;
  const slots = nz.slots;
  let ns = 0;
  resetTable(nz, ineqs.length);
  for (const row of ineqs) {
    const g = rowGcd(R, row);
    if (g === Z) {
      if (row[0] < Z) return -1;
      continue;
    }
    const r = g === R.one ? row : row.map((x, i) => (i === 0 ? R.floorDiv(x, g) : R.quot(x, g)));
    const h = rowHash(R, r);
    const at = findSame(nz, h, r);
    if (at < 0) {
      insert(nz, h, ns);
      nz.hashes[ns] = h;
      slots[ns++] = r;
    } else if (r[0] < slots[at][0]) slots[at] = r;
  }
  return ns;
}

/**
 * The inequalities of the first `ns` slots, in order, where a row and its opposite meet:
 * `r + a >= 0` and `-r + b >= 0` is empty when a + b < 0, the equality `r + a = 0` (added to
 * `eqs`) when a + b = 0, and both rows otherwise. Null when empty.
 */
function pairOpposites<T extends number | bigint>(
  nz: Normalizer<T>,
  ns: number,
  eqs: Equalities<T>,
): T[][] | null {
  const R = nz.R;
  const Z = R.zero;
  const { slots, done } = nz;
  // Exactly sized storage for the output (pushing onto [] reallocates it several times);
  // its contents are overwritten in order and it is trimmed below.
  const ineqs = slots.slice(0, ns);
  let m = 0;
  for (let k = 0; k < ns; k++) {
    if (done[k]) continue;
    const r = slots[k];
    const o = findOpposite(nz, nz.hashes[k], r);
    if (o >= 0) {
      const opp = slots[o];
      done[o] = 1;
      const sum = R.add(r[0], opp[0]);
      if (sum < Z) return null;
      if (sum === Z) {
        if (!addEquality(R, eqs, r.slice())) return null;
        done[k] = 1;
        continue;
      }
      ineqs[m++] = opp;
    }
    done[k] = 1;
    ineqs[m++] = r;
  }
  ineqs.length = m;
  return ineqs;
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
function reduceKeptEqualities<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>): SysOf<T> {
  const Z = R.zero;
  const ONE = R.one;
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
      r === e || r[p] === Z ? r : combine(R, ONE, r, R.neg(R.mul(r[p], f)), e);
    if (eqs.some((r) => r !== e && r[p] !== Z)) eqs = eqs.map(elim);
    if (ineqs.some((r) => r[p] !== Z)) ineqs = ineqs.map(elim);
  }
  if (eqs === sys.eqs && ineqs === sys.ineqs) return sys;
  return { n: sys.n, nKeep: sys.nKeep, eqs, ineqs };
}

/** Integer bounds of each column given by the inequalities on that column alone. */
export function singleBounds<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>): Bounds<T> {
  const lo: (T | undefined)[] = Array(sys.n).fill(undefined);
  const hi: (T | undefined)[] = Array(sys.n).fill(undefined);
  fillBounds(R, sys, lo, hi);
  return { lo, hi };
}

function fillBounds<T extends number | bigint>(
  R: Ring<T>,
  sys: SysOf<T>,
  lo: (T | undefined)[],
  hi: (T | undefined)[],
): void {
  const Z = R.zero;
  for (const r of sys.ineqs) {
    const j = singleColumn(R, r);
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

/** Range of r over the box lo..hi into nz.rangeMin/rangeMax (undefined: unbounded). */
function rangeOver<T extends number | bigint>(
  nz: Normalizer<T>,
  r: readonly T[],
  lo: readonly (T | undefined)[],
  hi: typeof lo,
): void {
  const R = nz.R;
  const Z = R.zero;
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
  nz.rangeMin = mn;
  nz.rangeMax = mx;
}

/** True when `r >= 0` holds everywhere in the box of `b`. */
export function impliedByBounds<T extends number | bigint>(
  nz: Normalizer<T>,
  r: readonly T[],
  b: Bounds<T>,
): boolean {
  rangeOver(nz, r, b.lo, b.hi);
  return nz.rangeMin !== undefined && nz.rangeMin >= nz.R.zero;
}

/**
 * Interval reasoning with the single-variable bounds: an inequality whose minimum over the
 * box is >= 0 is implied (dropped); a row that cannot reach 0 makes the system empty. Exact,
 * and it keeps Fourier-Motzkin from accumulating rows that the loop bounds already imply.
 * `sys` is normalize's own fresh system: its inequality list is filtered in place.
 */
function pruneByBounds<T extends number | bigint>(
  nz: Normalizer<T>,
  sys: SysOf<T>,
): SysOf<T> | null {
  const R = nz.R;
  const Z = R.zero;
  const lo = nz.boxLo;
  const hi = nz.boxHi;
  for (let j = 0; j < sys.n; j++) lo[j] = hi[j] = undefined;
  fillBounds(R, sys, lo, hi);
  for (let j = 1; j < sys.n; j++)
    if (lo[j] !== undefined && hi[j] !== undefined && lo[j]! > hi[j]!) return null;
  for (const r of sys.eqs) {
    rangeOver(nz, r, lo, hi);
    const { rangeMin, rangeMax } = nz;
    if ((rangeMin !== undefined && rangeMin > Z) || (rangeMax !== undefined && rangeMax < Z))
      return null;
  }
  const ineqs = sys.ineqs;
  let m = 0;
  for (let k = 0; k < ineqs.length; k++) {
    const r = ineqs[k];
    rangeOver(nz, r, lo, hi);
    const { rangeMin, rangeMax } = nz;
    if (rangeMax !== undefined && rangeMax < Z) return null;
    if (rangeMin !== undefined && rangeMin >= Z && singleColumn(R, r) < 0) continue;
    ineqs[m++] = r;
  }
  ineqs.length = m;
  return sys;
}
