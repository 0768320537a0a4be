/**
 * The Omega test's elimination steps (src/poly/omega.ts has the overview and the public
 * entry points), written once against `Ring<T>` and used by both backends (native numbers,
 * BigInt: src/poly/ring.ts).
 */
import type { Meter } from './budget.js';
import {
  combine,
  impliedByBounds,
  normalize,
  normalizerOver,
  singleBounds,
  type Normalizer,
  type SysOf,
} from './normalize.js';
import type { Ring } from './ring.js';

type Step<T> =
  { kind: 'done'; sys: SysOf<T> } | { kind: 'empty' } | { kind: 'changed'; sys: SysOf<T> };

interface Choice {
  j: number;
  exact: boolean;
  cost: number;
}

/** A variable of small constant range: one exact system per value lo..hi replaces splinters. */
interface Branch<T> {
  j: number;
  lo: T;
  hi: T;
}

export interface Engine<T> {
  /** Exact projection (a union in stride form); `any` stops at the first non-empty piece. */
  run(input: SysOf<T>, any: boolean, relaxed: boolean, maxPieces: number): SysOf<T>[] | null;
  simplifyEqualities(input: SysOf<T>): SysOf<T> | null;
}

/** What every step of one engine reads: its ring, the call's meter, normalize's scratch. */
interface Cx<T> {
  readonly R: Ring<T>;
  readonly meter: Meter;
  readonly nz: Normalizer<T>;
}

/** Past this many splinters an inexact step looks for a variable of smaller range. */
const FEW_SPLINTERS = 6;

/** An engine over `R` that spends its work on `meter` (a call's: src/poly/omega.ts). */
export function engineOver<T extends number | bigint>(R: Ring<T>, meter: Meter): Engine<T> {
  const cx: Cx<T> = { R, meter, nz: normalizerOver(R) };
  return {
    run: (input, any, relaxed, maxPieces) => run(cx, input, any, relaxed, maxPieces),
    simplifyEqualities: (input) => simplifyEqualities(cx, input),
  };
}

const isUnit = <T>(R: Ring<T>, x: T) => x === R.one || x === R.minusOne;

/** Eliminates column j using equality e with e[j] = +-1 from every row. */
function substituteUnit<T extends number | bigint>(
  R: Ring<T>,
  sys: SysOf<T>,
  e: readonly T[],
  j: number,
): SysOf<T> {
  const Z = R.zero;
  const f = e[j];
  const elim = (r: T[]) => (r[j] === Z ? r : combine(R, R.one, r, R.neg(R.mul(r[j], f)), e));
  return {
    n: sys.n,
    nKeep: sys.nKeep,
    eqs: sys.eqs.filter((r) => r !== e).map(elim),
    ineqs: sys.ineqs.map(elim),
  };
}

/**
 * Every equality with an eliminable column of coefficient +-1 substituted away, in one pass
 * (each substitution is exact on its own; normalising once afterwards instead of after each
 * one saves most of the work on systems with many subscript and schedule equalities).
 * Returns `sys` itself when there is none.
 */
function substituteUnits<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>): SysOf<T> {
  let cur = sys;
  for (let k = 0; k < cur.eqs.length;) {
    const e = cur.eqs[k];
    let j = -1;
    for (let c = cur.nKeep; c < cur.n && j < 0; c++) if (isUnit(R, e[c])) j = c;
    if (j < 0) k++;
    else cur = substituteUnit(R, cur, e, j); // drops e: index k now holds the next equality
  }
  return cur;
}

/** Number of rows where column j is not zero. */
function occurrences<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>, j: number): number {
  const Z = R.zero;
  let c = 0;
  for (const r of sys.eqs) if (r[j] !== Z) c++;
  for (const r of sys.ineqs) if (r[j] !== Z) c++;
  return c;
}

/**
 * One equality step. A settled equality involves no eliminable column, or exactly one (a
 * stride variable) that occurs in no other row.
 */
function equalityStep<T extends number | bigint>(cx: Cx<T>, sys: SysOf<T>): Step<T> {
  const R = cx.R;
  const Z = R.zero;
  const units = substituteUnits(R, sys);
  if (units !== sys) return { kind: 'changed', sys: units };
  for (const e of sys.eqs) {
    const elim: number[] = [];
    for (let j = sys.nKeep; j < sys.n; j++) if (e[j] !== Z) elim.push(j);
    if (elim.length === 0) continue;
    if (elim.length === 1 && R.abs(e[elim[0]]) > R.one && occurrences(R, sys, elim[0]) === 1)
      continue;
    // A unit coefficient: substitute directly.
    const unit = elim.find((j) => isUnit(R, e[j]));
    if (unit !== undefined) return { kind: 'changed', sys: substituteUnit(R, sys, e, unit) };
    return euclidStep(cx, sys, e, elim);
  }
  return { kind: 'done', sys };
}

/**
 * Column Euclid on the eliminable variables `elim` of equality e, until one of them is left
 * in e: a unimodular change of existential variables, so the integer projection is
 * unchanged. That variable w is then substituted (coefficient +-1) or becomes a stride.
 */
function euclidStep<T extends number | bigint>(
  cx: Cx<T>,
  sys: SysOf<T>,
  e: T[],
  elim: readonly number[],
): Step<T> {
  const R = cx.R;
  const rows = [...sys.eqs.map((r) => r.slice()), ...sys.ineqs.map((r) => r.slice())];
  const E = rows[sys.eqs.indexOf(e)];
  columnEuclid(R, rows, E, elim);
  const w = elim.find((j) => E[j] !== R.zero)!;
  const next = normalize(cx.nz, {
    n: sys.n,
    nKeep: sys.nKeep,
    eqs: rows.slice(0, sys.eqs.length),
    ineqs: rows.slice(sys.eqs.length),
  });
  if (!next) return { kind: 'empty' };
  const E2 = next.eqs.find(
    (r) => r[w] !== R.zero && r.every((x, j) => j < next.nKeep || j === w || x === R.zero),
  );
  if (!E2) return { kind: 'changed', sys: next };
  if (isUnit(R, E2[w])) return { kind: 'changed', sys: substituteUnit(R, next, E2, w) };
  return { kind: 'changed', sys: stride(R, next, E2, w) };
}

/**
 * Column operations on every row until E (one of `rows`) has at most one non-zero column
 * among `elim`: multiples of the column of E's smallest coefficient are subtracted from the
 * others, as in Euclid's algorithm.
 */
function columnEuclid<T extends number | bigint>(
  R: Ring<T>,
  rows: T[][],
  E: T[],
  elim: readonly number[],
): void {
  const Z = R.zero;
  for (;;) {
    const live = elim.filter((j) => E[j] !== Z);
    if (live.length <= 1) return;
    let p = live[0];
    for (const j of live) if (R.abs(E[j]) < R.abs(E[p])) p = j;
    for (const i of live) {
      if (i === p) continue;
      const q = R.quot(E[i], E[p]);
      if (q !== Z) for (const r of rows) r[i] = R.sub(r[i], R.mul(q, r[p]));
    }
  }
}

/**
 * Stride: w is removed from every row but E by positive scaling, g w = -f(kept) substituted
 * (g = |E[w]| > 1); E itself stays as the congruence f = 0 (mod g).
 */
function stride<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>, E: T[], w: number): SysOf<T> {
  const g = E[w] > R.zero ? E[w] : R.neg(E[w]);
  const Eg = E[w] > R.zero ? E : E.map((x) => R.neg(x));
  const strip = (r: T[]): T[] => {
    if (r === E || r[w] === R.zero) return r;
    const d = R.gcd(g, r[w]);
    return combine(R, R.quot(g, d), r, R.neg(R.quot(r[w], d)), Eg);
  };
  return { n: sys.n, nKeep: sys.nKeep, eqs: sys.eqs.map(strip), ineqs: sys.ineqs.map(strip) };
}

/** Removes eliminable columns that are zero in every row. */
function compact<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>): SysOf<T> {
  const Z = R.zero;
  const live: number[] = [];
  for (let j = 0; j < sys.n; j++) {
    if (j < sys.nKeep || sys.eqs.some((r) => r[j] !== Z) || sys.ineqs.some((r) => r[j] !== Z))
      live.push(j);
  }
  const pick = (r: T[]) => live.map((j) => r[j]);
  return {
    n: live.length,
    nKeep: sys.nKeep,
    eqs: sys.eqs.map(pick).map((r) => strideOffset(R, r, sys.nKeep)),
    ineqs: sys.ineqs.map(pick),
  };
}

/**
 * A stride `f + c + g w = 0` (w only here) is unchanged when c moves by a multiple of g
 * (shift of w): choose the representative that reads `x = g e + r` with 0 <= r < g.
 */
function strideOffset<T extends number | bigint>(R: Ring<T>, r: T[], nKeep: number): T[] {
  const Z = R.zero;
  let w = -1;
  for (let j = nKeep; j < r.length; j++) {
    if (r[j] !== Z) {
      if (w >= 0) return r;
      w = j;
    }
  }
  if (w < 0) return r;
  const g = R.abs(r[w]);
  const lead = r.findIndex((x, j) => j > 0 && j < nKeep && x !== Z);
  if (lead < 0) return r;
  const out = r.slice();
  const m = R.rem(R.add(R.rem(r[0], g), g), g);
  out[0] = r[lead] > Z ? (m === Z ? Z : R.sub(m, g)) : m;
  return out;
}

/**
 * The eliminable column to remove next by Fourier-Motzkin: exact steps (one side unbounded,
 * or unit coefficients on one side) first, then the fewest new rows (nl nu - nl - nu).
 */
function chooseVariable<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>): Choice | null {
  const Z = R.zero;
  let best: Choice | null = null;
  for (let j = sys.nKeep; j < sys.n; j++) {
    let nl = 0,
      nu = 0,
      unitL = true,
      unitU = true;
    for (const r of sys.ineqs) {
      if (r[j] > Z) {
        nl++;
        if (r[j] !== R.one) unitL = false;
      } else if (r[j] < Z) {
        nu++;
        if (r[j] !== R.minusOne) unitU = false;
      }
    }
    if (nl + nu === 0) continue;
    const exact = nl === 0 || nu === 0 || unitL || unitU;
    const cost = nl * nu - nl - nu;
    if (!best || (exact && !best.exact) || (exact === best.exact && cost < best.cost)) {
      // One Choice object per call, updated in place (not one per candidate column).
      if (!best) best = { j, exact, cost };
      else {
        best.j = j;
        best.exact = exact;
        best.cost = cost;
      }
    }
  }
  return best;
}

/** `a l + b u - (a-1)(b-1)`: the dark-shadow row of a lower and an upper bound. */
function darkRow<T>(R: Ring<T>, l: readonly T[], u: readonly T[], j: number): T[] {
  const b = l[j];
  const a = R.neg(u[j]);
  const row = combine(R, a, l, b, u);
  row[0] = R.sub(row[0], R.mul(R.sub(a, R.one), R.sub(b, R.one)));
  return row;
}

/** Fourier-Motzkin combination of every lower with every upper bound of column j. */
function shadow<T extends number | bigint>(
  cx: Cx<T>,
  sys: SysOf<T>,
  j: number,
  dark: boolean,
): SysOf<T> {
  const R = cx.R;
  const Z = R.zero;
  const lowers = sys.ineqs.filter((r) => r[j] > Z);
  const uppers = sys.ineqs.filter((r) => r[j] < Z);
  const ineqs = sys.ineqs.filter((r) => r[j] === Z);
  cx.meter.spend(lowers.length * uppers.length);
  for (const l of lowers) {
    for (const u of uppers) {
      ineqs.push(dark ? darkRow(R, l, u, j) : combine(R, R.neg(u[j]), l, l[j], u));
    }
  }
  return { n: sys.n, nKeep: sys.nKeep, eqs: sys.eqs, ineqs };
}

/**
 * True when the dark shadow of column j equals its real shadow over the integers: each row
 * `a l + b u - (a-1)(b-1) >= 0` (a, b > 1) is implied by the real shadow, i.e. the real
 * shadow has no integer point where the real combination `a l + b u` is below (a-1)(b-1).
 * Checked first by interval reasoning on the single-variable bounds, then by exact
 * emptiness tests. A check that fails only means splinters: the projection stays exact.
 */
function darkEqualsReal<T extends number | bigint>(cx: Cx<T>, sys: SysOf<T>, j: number): boolean {
  const R = cx.R;
  const lowers = sys.ineqs.filter((r) => r[j] > R.zero);
  const uppers = sys.ineqs.filter((r) => r[j] < R.zero);
  const real = shadow(cx, sys, j, false);
  const pending: T[][] = [];
  for (const l of lowers)
    for (const u of uppers)
      if (u[j] !== R.minusOne && l[j] !== R.one) pending.push(darkRow(R, l, u, j));
  if (pending.length === 0) return true;
  const bounds = singleBounds(R, real);
  const open = pending.filter((r) => !impliedByBounds(cx.nz, r, bounds));
  return open.every((r) => impliedBy(cx, real, r));
}

/**
 * `r >= 0` holds at every integer point of `sys` iff `sys` and `r <= -1` have none. This
 * runs the Omega test in its emptiness mode, which never calls `darkEqualsReal` (no
 * unbounded nesting).
 */
function impliedBy<T extends number | bigint>(cx: Cx<T>, sys: SysOf<T>, r: readonly T[]): boolean {
  const R = cx.R;
  const below = r.map((x, i) => (i === 0 ? R.sub(R.neg(x), R.one) : R.neg(x)));
  const outside = { n: sys.n, nKeep: 1, eqs: sys.eqs, ineqs: [...sys.ineqs, below] };
  return run(cx, outside, true, false, Infinity)!.length === 0;
}

/**
 * The projection of `input` onto its kept columns, as a union of systems in stride form
 * (null past `maxPieces` finished plus pending pieces): each piece normalised, its
 * equalities settled, then one column eliminated by an exact or an inexact step.
 */
function run<T extends number | bigint>(
  cx: Cx<T>,
  input: SysOf<T>,
  any: boolean,
  relaxed: boolean,
  maxPieces: number,
): SysOf<T>[] | null {
  const out: SysOf<T>[] = [];
  const work: SysOf<T>[] = [input];
  while (work.length > 0) {
    if (out.length + work.length > maxPieces) return null;
    const next = work.pop()!;
    cx.meter.spend((1 + next.ineqs.length + next.eqs.length) * next.n);
    const start = normalize(cx.nz, next);
    if (!start) continue;
    // Equalities first: they usually remove most variables.
    const sys = settleEqualities(cx, start);
    if (!sys) continue;
    const c = chooseVariable(cx.R, sys);
    if (!c) {
      // The emptiness test reads no rows of its answer: no compaction for it.
      if (any) {
        out.push(sys);
        return out;
      }
      out.push(compact(cx.R, sys));
      continue;
    }
    if (c.exact || relaxed) {
      work.push(shadow(cx, sys, c.j, false));
      continue;
    }
    // The dark shadow is contained in the integer projection, which is contained in the
    // real shadow: when every dark-only row is implied by the real shadow, all three are
    // equal and the step is exact without splinters (Pugh 1992, section 3.3: "if the real
    // and dark shadows are identical, ..."). Typical case: `lo <= x - 29 q <= lo + 28` with
    // box bounds on q, the window of a linearized subscript, where the splinters would be
    // one stride piece per residue of x modulo 29.
    if (!any && darkEqualsReal(cx, sys, c.j)) {
      work.push(shadow(cx, sys, c.j, false));
      continue;
    }
    inexactStep(cx, sys, c.j, any, work);
  }
  return out;
}

/** The equality steps run to their end: the settled system, or null when it is empty. */
function settleEqualities<T extends number | bigint>(cx: Cx<T>, start: SysOf<T>): SysOf<T> | null {
  let sys: SysOf<T> | null = start;
  for (;;) {
    const st: Step<T> = equalityStep(cx, sys);
    if (st.kind === 'empty') return null;
    if (st.kind === 'done') return sys;
    sys = normalize(cx.nz, st.sys);
    if (!sys) return null;
  }
}

/**
 * Inexact step on column j: dark shadow plus splinters (Pugh 1992, section 3.3), or one
 * exact system per value of a variable of small range; the pieces go onto `work`.
 */
function inexactStep<T extends number | bigint>(
  cx: Cx<T>,
  sys: SysOf<T>,
  j: number,
  any: boolean,
  work: SysOf<T>[],
): void {
  const R = cx.R;
  // The real shadow of j, built once for the small-range bounds and the emptiness test.
  let real: SysOf<T> | undefined;
  const realShadow = () => (real ??= shadow(cx, sys, j, false));
  const amax = largestUpper(R, sys, j);
  const count = splinterCount(R, sys, j, amax);
  // Fewer cases by enumerating a variable of small constant range: one system per value,
  // each exact (x = v substituted). Splinters count in the coefficients: dynprog's check
  // of (d0 + d1 mod 1999997, d1 mod 500000) asked for ~2 million of them, while the
  // quotient of d1 by 500000 could only be -1, 0 or 1.
  // (Only past a few splinters: the common small steps keep their shape and cost.)
  const branch = count > R.of(FEW_SPLINTERS) ? smallestRange(R, sys, j, realShadow(), count) : null;
  if (branch) {
    pushValues(cx, sys, branch, work);
    return;
  }
  const splinters = splintersOf(cx, sys, j, amax);
  // Emptiness only: no integer point in the real shadow means none at all.
  if (any && !run(cx, realShadow(), true, false, Infinity)!.length) return;
  // Order: the dark shadow is tried first (popped last pushed).
  for (const s of splinters.reverse()) work.push(s);
  work.push(shadow(cx, sys, j, true));
}

/** amax: the largest coefficient of column j in its upper bounds (Pugh 1992, section 3.3). */
function largestUpper<T extends number | bigint>(R: Ring<T>, sys: SysOf<T>, j: number): T {
  const Z = R.zero;
  let amax = Z;
  for (const r of sys.ineqs) if (r[j] < Z && R.neg(r[j]) > amax) amax = R.neg(r[j]);
  return amax;
}

/** The last splinter index of a lower bound b z >= beta: (amax b - amax - b) / amax. */
function lastSplinter<T>(R: Ring<T>, amax: T, b: T): T {
  return R.floorDiv(R.sub(R.sub(R.mul(amax, b), amax), b), amax);
}

/** Splinters of column j: (amax b - amax - b) / amax + 1 per lower bound b z >= beta. */
function splinterCount<T extends number | bigint>(
  R: Ring<T>,
  sys: SysOf<T>,
  j: number,
  amax: T,
): T {
  let count = R.zero;
  for (const l of sys.ineqs)
    if (l[j] > R.zero) count = R.add(count, R.add(lastSplinter(R, amax, l[j]), R.one));
  return count;
}

/** One exact system per value v of column branch.j (x = v), the lowest value popped first. */
function pushValues<T extends number | bigint>(
  cx: Cx<T>,
  sys: SysOf<T>,
  branch: Branch<T>,
  work: SysOf<T>[],
): void {
  const R = cx.R;
  for (let v = branch.hi; v >= branch.lo; v = R.sub(v, R.one)) {
    cx.meter.spend(1);
    const e = Array<T>(sys.n).fill(R.zero);
    e[0] = R.neg(v);
    e[branch.j] = R.one;
    work.push({ n: sys.n, nKeep: sys.nKeep, eqs: [...sys.eqs, e], ineqs: sys.ineqs });
  }
}

/** The splinters b z = beta + i, 0 <= i <= (amax b - amax - b) / amax, of each lower bound of j. */
function splintersOf<T extends number | bigint>(
  cx: Cx<T>,
  sys: SysOf<T>,
  j: number,
  amax: T,
): SysOf<T>[] {
  const R = cx.R;
  const splinters: SysOf<T>[] = [];
  for (const l of sys.ineqs) {
    if (l[j] <= R.zero) continue;
    const top = lastSplinter(R, amax, l[j]);
    for (let i = R.zero; i <= top; i = R.add(i, R.one)) {
      cx.meter.spend(1);
      const e = l.slice();
      e[0] = R.sub(e[0], i);
      splinters.push({ n: sys.n, nKeep: sys.nKeep, eqs: [...sys.eqs, e], ineqs: sys.ineqs });
    }
  }
  return splinters;
}

/** The tighter of two optional bounds (the smaller upper, the larger lower one). */
function tighter<T extends number | bigint>(
  x: T | undefined,
  y: T | undefined,
  up: boolean,
): T | undefined {
  return x === undefined ? y : y === undefined ? x : up ? (x < y ? x : y) : x > y ? x : y;
}

/**
 * The eliminable column with the fewest values between its single-variable bounds, when
 * that is fewer than `than` (the splinters it would replace); null otherwise.
 */
function smallestRange<T extends number | bigint>(
  R: Ring<T>,
  sys: SysOf<T>,
  j0: number,
  realShadow: SysOf<T>,
  than: T,
): Branch<T> | null {
  // Bounds of the system itself, tightened for the other columns by those of the real
  // shadow of j0 (it contains the projection, so its bounds hold): that is where
  // `1999997 a >= 1000000 b - 999997` and `1999997 a <= 500000 b - 1` give `b <= 1`.
  const own = singleBounds(R, sys);
  const real = singleBounds(R, realShadow);
  let best: Branch<T> | null = null;
  let size = than;
  for (let j = sys.nKeep; j < sys.n; j++) {
    const a = j === j0 ? own.lo[j] : tighter(own.lo[j], real.lo[j], false);
    const b = j === j0 ? own.hi[j] : tighter(own.hi[j], real.hi[j], true);
    if (a === undefined || b === undefined) continue;
    const r = R.add(R.sub(b, a), R.one);
    if (r < size) {
      size = r;
      best = { j, lo: a, hi: b };
    }
  }
  return best;
}

/** Exact elimination only where it costs nothing: normalisation and the equality steps. */
function simplifyEqualities<T extends number | bigint>(
  cx: Cx<T>,
  input: SysOf<T>,
): SysOf<T> | null {
  let sys = normalize(cx.nz, input);
  while (sys) {
    const st: Step<T> = equalityStep(cx, sys);
    if (st.kind === 'empty') return null;
    if (st.kind === 'done') return compact(cx.R, sys);
    sys = normalize(cx.nz, st.sys);
  }
  return null;
}
