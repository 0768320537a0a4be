/**
 * The Omega test (Pugh, "The Omega test: a fast and practical integer programming algorithm
 * for dependence analysis", 1991/92), used here as an exact integer projection engine.
 *
 * A system has columns [1, kept..., eliminable...]: rows r mean `r . v = 0` (eqs) or
 * `r . v >= 0` (ineqs). `project` removes the eliminable columns exactly over the integers and
 * returns a union of systems in *stride form*: every remaining eliminable column occurs in
 * exactly one equality `g w + f(kept) = 0` (g > 1), i.e. the congruence `f = 0 (mod g)`.
 *
 * Steps, in the order that keeps the work small and independent of constant magnitudes:
 *  1. normalise rows (gcd, integer tightening of inequalities, opposite pairs -> equalities);
 *  2. equalities: a unimodular change of the eliminable variables (column Euclid) leaves one
 *     eliminable variable with coefficient g; g = 1 is substituted, g > 1 becomes a stride
 *     (the variable is removed from all other rows by positive scaling);
 *  3. inequalities: a variable bounded on one side only is dropped with its rows; an exact
 *     Fourier-Motzkin step (all lower or all upper coefficients are 1) is taken before anything
 *     else; then a step whose dark shadow equals its real shadow (every dark-only row implied)
 *     is also exact; otherwise the dark shadow plus the splinters (Pugh section 3.2-3.3) give
 *     the exact integer projection as a union.
 * Equalities among kept columns are not eliminated but used as pivots (Gauss-Jordan), so that
 * contradictions between them are found in step 1.
 */
import { spendWork } from './budget.js';
import { abs, floorDiv, gcd } from './int.js';

export interface Sys {
  /** Total number of columns (constant included). */
  readonly n: number;
  /** Columns 0..nKeep-1 are the constant and the kept variables. */
  readonly nKeep: number;
  readonly eqs: bigint[][];
  readonly ineqs: bigint[][];
}

/**
 * A hash of a row's variable coefficients that is odd under negation: hash(-r) = -hash(r)
 * exactly (a fixed-order float sum of terms; IEEE rounding is symmetric), so a row and its
 * opposite are found by one lookup each. Equal hashes are confirmed coefficient by coefficient:
 * the hash only narrows the search (it replaced string keys, which dominated the profile).
 */
function rowHash(r: readonly bigint[]): number {
  let h = 0;
  for (let i = 1; i < r.length; i++) if (r[i] !== 0n) h += Number(r[i]) * (i + 0.6180339887);
  return h;
}

function sameCoefficients(a: readonly bigint[], b: readonly bigint[]): boolean {
  for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function oppositeCoefficients(a: readonly bigint[], b: readonly bigint[]): boolean {
  for (let i = 1; i < a.length; i++) if (a[i] !== -b[i]) return false;
  return true;
}

/**
 * gcd normalisation and cheap exact simplifications; null when the system has no integer point.
 * Inequalities with equal coefficient vectors keep only the tightest; `r >= 0` and `-r >= 0`
 * become the equality `r = 0`.
 */
export function normalize(input: Sys): Sys | null {
  const sys = reduceKeptEqualities(input);
  const eqs: bigint[][] = [];
  const eqIndex = new Map<number, bigint[][]>();
  const pushEq = (row: bigint[]): boolean => {
    let g = 0n;
    for (let i = 1; i < row.length; i++) g = gcd(g, row[i]);
    if (g === 0n) return row[0] === 0n;
    if (row[0] % g !== 0n) return false;
    let r = g === 1n ? row : row.map((x) => x / g);
    const lead = r.findIndex((x, i) => i > 0 && x !== 0n);
    if (r[lead] < 0n) r = r.map((x) => -x);
    const h = rowHash(r);
    const bucket = eqIndex.get(h);
    if (!bucket) eqIndex.set(h, [r]);
    else if (bucket.some((x) => x[0] === r[0] && sameCoefficients(x, r))) return true;
    else bucket.push(r);
    eqs.push(r);
    return true;
  };
  for (const e of sys.eqs) if (!pushEq(e)) return null;
  // Distinct coefficient vectors in first-seen order, each with its tightest row.
  const slots: bigint[][] = [];
  const index = new Map<number, number[]>();
  for (const row of sys.ineqs) {
    let g = 0n;
    for (let i = 1; i < row.length; i++) g = gcd(g, row[i]);
    if (g === 0n) {
      if (row[0] < 0n) return null;
      continue;
    }
    const r = g === 1n ? row : row.map((x, i) => (i === 0 ? floorDiv(x, g) : x / g));
    const h = rowHash(r);
    const bucket = index.get(h);
    const at = bucket?.find((k) => sameCoefficients(slots[k], r));
    if (at === undefined) {
      if (bucket) bucket.push(slots.length);
      else index.set(h, [slots.length]);
      slots.push(r);
    } else if (r[0] < slots[at][0]) slots[at] = r;
  }
  const ineqs: bigint[][] = [];
  const done: boolean[] = Array(slots.length).fill(false);
  for (let k = 0; k < slots.length; k++) {
    if (done[k]) continue;
    const r = slots[k];
    const o = index.get(-rowHash(r))?.find((m) => oppositeCoefficients(slots[m], r));
    if (o !== undefined) {
      const opp = slots[o];
      done[o] = true;
      const sum = r[0] + opp[0];
      if (sum < 0n) return null;
      if (sum === 0n) {
        if (!pushEq(r.slice())) return null;
        done[k] = true;
        continue;
      }
      ineqs.push(opp);
    }
    done[k] = true;
    ineqs.push(r);
  }
  return pruneByBounds({ n: sys.n, nKeep: sys.nKeep, eqs, ineqs });
}

/**
 * Gauss-Jordan on the equalities among kept columns only: each such equality with a kept
 * column of coefficient +-1 (its pivot) keeps defining that column, which is substituted in
 * every other row. The integer points are the same; contradictions between kept equalities
 * (`d = 0` and `d = 1`) and strides pinned by them (`d = 29 e + 1` with `d = 0`) then show up
 * in the gcd tests of `normalize` instead of surviving as empty pieces that every later
 * operation pays for. One pass suffices: a pivot column is removed from every later equality
 * before that one picks its own pivot, and later substitutions never bring it back.
 */
function reduceKeptEqualities(sys: Sys): Sys {
  let eqs = sys.eqs;
  let ineqs = sys.ineqs;
  const pivots = new Set<number>();
  for (let k = 0; k < eqs.length; k++) {
    const e = eqs[k];
    let settled = true;
    for (let j = sys.nKeep; j < sys.n && settled; j++) if (e[j] !== 0n) settled = false;
    if (!settled) continue;
    let p = -1;
    for (let j = 1; j < sys.nKeep && p < 0; j++)
      if ((e[j] === 1n || e[j] === -1n) && !pivots.has(j)) p = j;
    if (p < 0) continue;
    pivots.add(p);
    const f = e[p];
    const elim = (r: bigint[]) => (r === e || r[p] === 0n ? r : combine(1n, r, -r[p] * f, e));
    if (eqs.some((r) => r !== e && r[p] !== 0n)) eqs = eqs.map(elim);
    if (ineqs.some((r) => r[p] !== 0n)) ineqs = ineqs.map(elim);
  }
  if (eqs === sys.eqs && ineqs === sys.ineqs) return sys;
  return { n: sys.n, nKeep: sys.nKeep, eqs, ineqs };
}

type Bounds = { lo: (bigint | undefined)[]; hi: (bigint | undefined)[] };

/** Column of the only non-zero variable coefficient of r, or -1. */
function singleColumn(r: readonly bigint[]): number {
  let j = -1;
  for (let i = 1; i < r.length; i++) {
    if (r[i] !== 0n) {
      if (j >= 0) return -1;
      j = i;
    }
  }
  return j;
}

/** Integer bounds of each column given by the inequalities on that column alone. */
function singleBounds(sys: Sys): Bounds {
  const lo: (bigint | undefined)[] = Array(sys.n).fill(undefined);
  const hi: (bigint | undefined)[] = Array(sys.n).fill(undefined);
  for (const r of sys.ineqs) {
    const j = singleColumn(r);
    if (j < 0) continue;
    // c x + r0 >= 0: x >= ceil(-r0 / c) for c > 0, x <= floor(r0 / -c) for c < 0.
    const c = r[j];
    if (c > 0n) {
      const v = -floorDiv(r[0], c);
      if (lo[j] === undefined || v > lo[j]!) lo[j] = v;
    } else {
      const v = floorDiv(r[0], -c);
      if (hi[j] === undefined || v < hi[j]!) hi[j] = v;
    }
  }
  return { lo, hi };
}

/** Range of r over the box of `b` (undefined: unbounded on that side). */
function rangeOver(r: readonly bigint[], b: Bounds): [bigint | undefined, bigint | undefined] {
  let mn: bigint | undefined = r[0];
  let mx: bigint | undefined = r[0];
  for (let i = 1; i < r.length; i++) {
    const c = r[i];
    if (c === 0n) continue;
    const x = c > 0n ? b.lo[i] : b.hi[i];
    const y = c > 0n ? b.hi[i] : b.lo[i];
    mn = mn === undefined || x === undefined ? undefined : mn + c * x;
    mx = mx === undefined || y === undefined ? undefined : mx + c * y;
  }
  return [mn, mx];
}

function impliedByBounds(r: readonly bigint[], b: Bounds): boolean {
  const mn = rangeOver(r, b)[0];
  return mn !== undefined && mn >= 0n;
}

/**
 * Interval reasoning with the single-variable bounds: an inequality whose minimum over the box
 * is >= 0 is implied (dropped); a row that cannot reach 0 makes the system empty. Exact, and it
 * keeps Fourier-Motzkin from accumulating rows that the loop bounds already imply.
 */
function pruneByBounds(sys: Sys): Sys | null {
  const b = singleBounds(sys);
  for (let j = 1; j < sys.n; j++)
    if (b.lo[j] !== undefined && b.hi[j] !== undefined && b.lo[j]! > b.hi[j]!) return null;
  for (const r of sys.eqs) {
    const [mn, mx] = rangeOver(r, b);
    if ((mn !== undefined && mn > 0n) || (mx !== undefined && mx < 0n)) return null;
  }
  const ineqs: bigint[][] = [];
  for (const r of sys.ineqs) {
    const [mn, mx] = rangeOver(r, b);
    if (mx !== undefined && mx < 0n) return null;
    if (singleColumn(r) < 0 && mn !== undefined && mn >= 0n) continue;
    ineqs.push(r);
  }
  return { n: sys.n, nKeep: sys.nKeep, eqs: sys.eqs, ineqs };
}

function combine(a: bigint, r: readonly bigint[], b: bigint, s: readonly bigint[]): bigint[] {
  return r.map((x, i) => a * x + b * s[i]);
}

/** Eliminates column j using equality e with e[j] = +-1 from every row. */
function substituteUnit(sys: Sys, e: readonly bigint[], j: number): Sys {
  const f = e[j];
  const elim = (r: bigint[]) => (r[j] === 0n ? r : combine(1n, r, -r[j] * f, e));
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
function substituteUnits(sys: Sys): Sys {
  let cur = sys;
  for (let k = 0; k < cur.eqs.length;) {
    const e = cur.eqs[k];
    let j = -1;
    for (let c = cur.nKeep; c < cur.n && j < 0; c++) if (e[c] === 1n || e[c] === -1n) j = c;
    if (j < 0) k++;
    else cur = substituteUnit(cur, e, j); // drops e: index k now holds the next equality
  }
  return cur;
}

type Step = { kind: 'done'; sys: Sys } | { kind: 'empty' } | { kind: 'changed'; sys: Sys };

/**
 * One equality step. A settled equality involves no eliminable column, or exactly one (a stride
 * variable) that occurs in no other row.
 */
function equalityStep(sys: Sys): Step {
  const units = substituteUnits(sys);
  if (units !== sys) return { kind: 'changed', sys: units };
  const occurrences = (j: number): number => {
    let c = 0;
    for (const r of sys.eqs) if (r[j] !== 0n) c++;
    for (const r of sys.ineqs) if (r[j] !== 0n) c++;
    return c;
  };
  for (const e of sys.eqs) {
    const elim: number[] = [];
    for (let j = sys.nKeep; j < sys.n; j++) if (e[j] !== 0n) elim.push(j);
    if (elim.length === 0) continue;
    if (elim.length === 1 && abs(e[elim[0]]) > 1n && occurrences(elim[0]) === 1) continue;
    // A unit coefficient: substitute directly.
    const unit = elim.find((j) => abs(e[j]) === 1n);
    if (unit !== undefined) return { kind: 'changed', sys: substituteUnit(sys, e, unit) };
    // Column Euclid on the eliminable variables of e: a unimodular change of existential
    // variables, so the integer projection is unchanged.
    const rows = [...sys.eqs.map((r) => r.slice()), ...sys.ineqs.map((r) => r.slice())];
    const ei = sys.eqs.indexOf(e);
    const E = rows[ei];
    for (;;) {
      const nz = elim.filter((j) => E[j] !== 0n);
      if (nz.length <= 1) break;
      let p = nz[0];
      for (const j of nz) if (abs(E[j]) < abs(E[p])) p = j;
      for (const i of nz) {
        if (i === p) continue;
        const q = E[i] / E[p];
        if (q !== 0n) for (const r of rows) r[i] -= q * r[p];
      }
    }
    const w = elim.find((j) => E[j] !== 0n)!;
    let next: Sys = {
      n: sys.n,
      nKeep: sys.nKeep,
      eqs: rows.slice(0, sys.eqs.length),
      ineqs: rows.slice(sys.eqs.length),
    };
    const norm = normalize(next);
    if (!norm) return { kind: 'empty' };
    next = norm;
    const E2 = next.eqs.find(
      (r) => r[w] !== 0n && r.every((x, j) => j < next.nKeep || j === w || x === 0n),
    );
    if (!E2) return { kind: 'changed', sys: next };
    if (abs(E2[w]) === 1n) return { kind: 'changed', sys: substituteUnit(next, E2, w) };
    // Stride: remove w from all other rows by positive scaling, g w = -f(kept) substituted.
    const g = E2[w] > 0n ? E2[w] : -E2[w];
    const Eg = E2[w] > 0n ? E2 : E2.map((x) => -x);
    const strip = (r: bigint[]): bigint[] => {
      if (r === E2 || r[w] === 0n) return r;
      const d = gcd(g, r[w]);
      return combine(g / d, r, -r[w] / d, Eg);
    };
    return {
      kind: 'changed',
      sys: { n: next.n, nKeep: next.nKeep, eqs: next.eqs.map(strip), ineqs: next.ineqs.map(strip) },
    };
  }
  return { kind: 'done', sys };
}

/** Removes eliminable columns that are zero in every row. */
function compact(sys: Sys): Sys {
  const live: number[] = [];
  for (let j = 0; j < sys.n; j++) {
    if (j < sys.nKeep || sys.eqs.some((r) => r[j] !== 0n) || sys.ineqs.some((r) => r[j] !== 0n))
      live.push(j);
  }
  const pick = (r: bigint[]) => live.map((j) => r[j]);
  return {
    n: live.length,
    nKeep: sys.nKeep,
    eqs: sys.eqs.map(pick).map((r) => strideOffset(r, sys.nKeep)),
    ineqs: sys.ineqs.map(pick),
  };
}

/**
 * A stride `f + c + g w = 0` (w only here) is unchanged when c moves by a multiple of g (shift
 * of w): choose the representative that reads `x = g e + r` with 0 <= r < g.
 */
function strideOffset(r: bigint[], nKeep: number): bigint[] {
  let w = -1;
  for (let j = nKeep; j < r.length; j++) {
    if (r[j] !== 0n) {
      if (w >= 0) return r;
      w = j;
    }
  }
  if (w < 0) return r;
  const g = abs(r[w]);
  const lead = r.findIndex((x, j) => j > 0 && j < nKeep && x !== 0n);
  if (lead < 0) return r;
  const out = r.slice();
  const m = ((r[0] % g) + g) % g;
  out[0] = r[lead] > 0n ? (m === 0n ? 0n : m - g) : m;
  return out;
}

interface Choice {
  j: number;
  exact: boolean;
  cost: number;
}

function chooseVariable(sys: Sys): Choice | null {
  let best: Choice | null = null;
  for (let j = sys.nKeep; j < sys.n; j++) {
    let nl = 0,
      nu = 0,
      unitL = true,
      unitU = true;
    for (const r of sys.ineqs) {
      if (r[j] > 0n) {
        nl++;
        if (r[j] !== 1n) unitL = false;
      } else if (r[j] < 0n) {
        nu++;
        if (r[j] !== -1n) unitU = false;
      }
    }
    if (nl + nu === 0) continue;
    const exact = nl === 0 || nu === 0 || unitL || unitU;
    const cost = nl * nu - nl - nu;
    const c: Choice = { j, exact, cost };
    if (!best || (exact && !best.exact) || (exact === best.exact && cost < best.cost)) best = c;
  }
  return best;
}

/** Fourier-Motzkin combination of every lower with every upper bound of column j. */
function shadow(sys: Sys, j: number, dark: boolean): Sys {
  const lowers = sys.ineqs.filter((r) => r[j] > 0n);
  const uppers = sys.ineqs.filter((r) => r[j] < 0n);
  const ineqs = sys.ineqs.filter((r) => r[j] === 0n);
  spendWork(lowers.length * uppers.length);
  for (const l of lowers) {
    for (const u of uppers) {
      const b = l[j];
      const a = -u[j];
      const row = combine(a, l, b, u);
      if (dark) row[0] -= (a - 1n) * (b - 1n);
      ineqs.push(row);
    }
  }
  return { n: sys.n, nKeep: sys.nKeep, eqs: sys.eqs, ineqs };
}

/**
 * True when the dark shadow of column j equals its real shadow over the integers: each row
 * `a l + b u - (a-1)(b-1) >= 0` (a, b > 1) is implied by the real shadow, i.e. the real
 * shadow has no integer point where the real combination `a l + b u` is below (a-1)(b-1).
 * Checked first by interval reasoning on the single-variable bounds, then by exact emptiness
 * tests. A check that fails only means splinters: the projection stays exact either way.
 */
function darkEqualsReal(sys: Sys, j: number): boolean {
  const lowers = sys.ineqs.filter((r) => r[j] > 0n);
  const uppers = sys.ineqs.filter((r) => r[j] < 0n);
  const real = shadow(sys, j, false);
  const pending: bigint[][] = [];
  for (const l of lowers) {
    for (const u of uppers) {
      const b = l[j];
      const a = -u[j];
      if (a === 1n || b === 1n) continue;
      const row = combine(a, l, b, u);
      row[0] -= (a - 1n) * (b - 1n);
      pending.push(row);
    }
  }
  if (pending.length === 0) return true;
  const bounds = singleBounds(real);
  const open = pending.filter((r) => !impliedByBounds(r, bounds));
  // r >= 0 is implied iff the real shadow and r <= -1 have no integer point. These tests run
  // the Omega test in its emptiness mode, which never calls back here (no unbounded nesting).
  return open.every(
    (r) =>
      !feasible({
        n: real.n,
        nKeep: 1,
        eqs: real.eqs,
        ineqs: [...real.ineqs, r.map((x, i) => (i === 0 ? -x - 1n : -x))],
      }),
  );
}

/**
 * Exact integer projection onto the kept columns: a union of systems in stride form.
 * With `any`, stops at the first non-empty piece (the emptiness test).
 */
export function project(input: Sys, any = false): Sys[] {
  return run(input, any, false)!;
}

/**
 * `project`, or null as soon as the union would have more than `maxPieces` pieces (finished
 * plus pending systems): for callers that only want the projection when it stays small.
 */
export function projectBounded(input: Sys, maxPieces: number): Sys[] | null {
  return run(input, false, false, maxPieces);
}

/**
 * A relaxation of `project`: inexact steps keep only the real shadow (integer tightening and
 * equalities stay exact). The result contains the integer projection: good for upper bounds,
 * and an empty result proves emptiness.
 */
export function projectRelaxed(input: Sys): Sys[] {
  return run(input, false, true)!;
}

function run(input: Sys, any: boolean, relaxed: boolean, maxPieces = Infinity): Sys[] | null {
  const out: Sys[] = [];
  const work: Sys[] = [input];
  while (work.length > 0) {
    if (out.length + work.length > maxPieces) return null;
    const next = work.pop()!;
    spendWork((1 + next.ineqs.length + next.eqs.length) * next.n);
    const start = normalize(next);
    if (!start) continue;
    let sys: Sys | null = start;
    // Equalities first: they usually remove most variables.
    for (;;) {
      const st = equalityStep(sys);
      if (st.kind === 'empty') {
        sys = null;
        break;
      }
      if (st.kind === 'done') break;
      sys = normalize(st.sys);
      if (!sys) break;
    }
    if (!sys) continue;
    const c = chooseVariable(sys);
    if (!c) {
      out.push(compact(sys));
      if (any) return out;
      continue;
    }
    if (c.exact || relaxed) {
      work.push(shadow(sys, c.j, false));
      continue;
    }
    // The dark shadow is contained in the integer projection, which is contained in the real
    // shadow: when every dark-only row is implied by the real shadow, all three are equal and
    // the step is exact without splinters (Pugh 1992, section 3.3: "if the real and dark
    // shadows are identical, ..."). Typical case: `lo <= x - 29 q <= lo + 28` with box bounds
    // on q, the window of a linearized subscript, where the splinters would be one stride
    // piece per residue of x modulo 29.
    if (!any && darkEqualsReal(sys, c.j)) {
      work.push(shadow(sys, c.j, false));
      continue;
    }
    // Inexact step: dark shadow plus splinters (Pugh 1992, section 3.3). The splinters of each
    // lower bound b z >= beta are b z = beta + i for 0 <= i <= (amax b - amax - b) / amax.
    const j = c.j;
    let amax = 0n;
    for (const r of sys.ineqs) if (r[j] < 0n && -r[j] > amax) amax = -r[j];
    const splinters: Sys[] = [];
    for (const l of sys.ineqs) {
      if (l[j] <= 0n) continue;
      const b = l[j];
      const top = floorDiv(amax * b - amax - b, amax);
      for (let i = 0n; i <= top; i++) {
        spendWork(1);
        const e = l.slice();
        e[0] -= i;
        splinters.push({ n: sys.n, nKeep: sys.nKeep, eqs: [...sys.eqs, e], ineqs: sys.ineqs });
      }
    }
    // Emptiness only: no integer point in the real shadow means none at all.
    if (any && !run(shadow(sys, j, false), true, false)!.length) continue;
    // Order: the dark shadow is tried first (popped last pushed).
    for (const s of splinters.reverse()) work.push(s);
    work.push(shadow(sys, j, true));
  }
  return out;
}

/** True when the system has an integer point (all columns but the constant eliminated). */
export function feasible(sys: Sys): boolean {
  return project({ ...sys, nKeep: 1 }, true).length > 0;
}

/** Exact elimination only where it costs nothing: normalisation and the equality steps. */
export function simplifyEqualities(input: Sys): Sys | null {
  let sys = normalize(input);
  while (sys) {
    const st = equalityStep(sys);
    if (st.kind === 'empty') return null;
    if (st.kind === 'done') return compact(sys);
    sys = normalize(st.sys);
  }
  return null;
}
