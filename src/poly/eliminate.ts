/**
 * The Omega test's elimination steps (src/poly/omega.ts has the overview and the public
 * entry points), written once against `Ring<T>` and instantiated per backend (native
 * numbers, BigInt: src/poly/ring.ts).
 */
import type { Meter } from './budget.js';
import { normalizerOver, type SysOf } from './normalize.js';
import type { Ring } from './ring.js';

type Step<T> =
  { kind: 'done'; sys: SysOf<T> } | { kind: 'empty' } | { kind: 'changed'; sys: SysOf<T> };

interface Choice {
  j: number;
  exact: boolean;
  cost: number;
}

export interface Engine<T> {
  /** Exact projection (a union in stride form); `any` stops at the first non-empty piece. */
  run(input: SysOf<T>, any: boolean, relaxed: boolean, maxPieces: number): SysOf<T>[] | null;
  simplifyEqualities(input: SysOf<T>): SysOf<T> | null;
}

/** An engine over `R` that spends its work on `meter` (a call's: src/poly/omega.ts). */
export function engineOver<T extends number | bigint>(R: Ring<T>, meter: Meter): Engine<T> {
  const spendWork = (units: number) => meter.spend(units);
  const Z = R.zero;
  const ONE = R.one;
  const FEW_SPLINTERS = R.of(6);
  const { normalize, combine, singleBounds, impliedByBounds } = normalizerOver(R);
  const isUnit = (x: T) => x === ONE || x === R.minusOne;

  /** Eliminates column j using equality e with e[j] = +-1 from every row. */
  function substituteUnit(sys: SysOf<T>, e: readonly T[], j: number): SysOf<T> {
    const f = e[j];
    const elim = (r: T[]) => (r[j] === Z ? r : combine(ONE, r, R.neg(R.mul(r[j], f)), e));
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
  function substituteUnits(sys: SysOf<T>): SysOf<T> {
    let cur = sys;
    for (let k = 0; k < cur.eqs.length;) {
      const e = cur.eqs[k];
      let j = -1;
      for (let c = cur.nKeep; c < cur.n && j < 0; c++) if (isUnit(e[c])) j = c;
      if (j < 0) k++;
      else cur = substituteUnit(cur, e, j); // drops e: index k now holds the next equality
    }
    return cur;
  }

  /**
   * One equality step. A settled equality involves no eliminable column, or exactly one (a
   * stride variable) that occurs in no other row.
   */
  function equalityStep(sys: SysOf<T>): Step<T> {
    const units = substituteUnits(sys);
    if (units !== sys) return { kind: 'changed', sys: units };
    const occurrences = (j: number): number => {
      let c = 0;
      for (const r of sys.eqs) if (r[j] !== Z) c++;
      for (const r of sys.ineqs) if (r[j] !== Z) c++;
      return c;
    };
    for (const e of sys.eqs) {
      const elim: number[] = [];
      for (let j = sys.nKeep; j < sys.n; j++) if (e[j] !== Z) elim.push(j);
      if (elim.length === 0) continue;
      if (elim.length === 1 && R.abs(e[elim[0]]) > ONE && occurrences(elim[0]) === 1) continue;
      // A unit coefficient: substitute directly.
      const unit = elim.find((j) => isUnit(e[j]));
      if (unit !== undefined) return { kind: 'changed', sys: substituteUnit(sys, e, unit) };
      // Column Euclid on the eliminable variables of e: a unimodular change of existential
      // variables, so the integer projection is unchanged.
      const rows = [...sys.eqs.map((r) => r.slice()), ...sys.ineqs.map((r) => r.slice())];
      const ei = sys.eqs.indexOf(e);
      const E = rows[ei];
      for (;;) {
        const nz = elim.filter((j) => E[j] !== Z);
        if (nz.length <= 1) break;
        let p = nz[0];
        for (const j of nz) if (R.abs(E[j]) < R.abs(E[p])) p = j;
        for (const i of nz) {
          if (i === p) continue;
          const q = R.quot(E[i], E[p]);
          if (q !== Z) for (const r of rows) r[i] = R.sub(r[i], R.mul(q, r[p]));
        }
      }
      const w = elim.find((j) => E[j] !== Z)!;
      let next: SysOf<T> = {
        n: sys.n,
        nKeep: sys.nKeep,
        eqs: rows.slice(0, sys.eqs.length),
        ineqs: rows.slice(sys.eqs.length),
      };
      const norm = normalize(next);
      if (!norm) return { kind: 'empty' };
      next = norm;
      const E2 = next.eqs.find(
        (r) => r[w] !== Z && r.every((x, j) => j < next.nKeep || j === w || x === Z),
      );
      if (!E2) return { kind: 'changed', sys: next };
      if (isUnit(E2[w])) return { kind: 'changed', sys: substituteUnit(next, E2, w) };
      // Stride: remove w from all other rows by positive scaling, g w = -f(kept) substituted.
      const g = E2[w] > Z ? E2[w] : R.neg(E2[w]);
      const Eg = E2[w] > Z ? E2 : E2.map((x) => R.neg(x));
      const strip = (r: T[]): T[] => {
        if (r === E2 || r[w] === Z) return r;
        const d = R.gcd(g, r[w]);
        return combine(R.quot(g, d), r, R.neg(R.quot(r[w], d)), Eg);
      };
      return {
        kind: 'changed',
        sys: {
          n: next.n,
          nKeep: next.nKeep,
          eqs: next.eqs.map(strip),
          ineqs: next.ineqs.map(strip),
        },
      };
    }
    return { kind: 'done', sys };
  }

  /** Removes eliminable columns that are zero in every row. */
  function compact(sys: SysOf<T>): SysOf<T> {
    const live: number[] = [];
    for (let j = 0; j < sys.n; j++) {
      if (j < sys.nKeep || sys.eqs.some((r) => r[j] !== Z) || sys.ineqs.some((r) => r[j] !== Z))
        live.push(j);
    }
    const pick = (r: T[]) => live.map((j) => r[j]);
    return {
      n: live.length,
      nKeep: sys.nKeep,
      eqs: sys.eqs.map(pick).map((r) => strideOffset(r, sys.nKeep)),
      ineqs: sys.ineqs.map(pick),
    };
  }

  /**
   * A stride `f + c + g w = 0` (w only here) is unchanged when c moves by a multiple of g
   * (shift of w): choose the representative that reads `x = g e + r` with 0 <= r < g.
   */
  function strideOffset(r: T[], nKeep: number): T[] {
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

  function chooseVariable(sys: SysOf<T>): Choice | null {
    let best: Choice | null = null;
    for (let j = sys.nKeep; j < sys.n; j++) {
      let nl = 0,
        nu = 0,
        unitL = true,
        unitU = true;
      for (const r of sys.ineqs) {
        if (r[j] > Z) {
          nl++;
          if (r[j] !== ONE) unitL = false;
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
  function darkRow(l: readonly T[], u: readonly T[], j: number): T[] {
    const b = l[j];
    const a = R.neg(u[j]);
    const row = combine(a, l, b, u);
    row[0] = R.sub(row[0], R.mul(R.sub(a, ONE), R.sub(b, ONE)));
    return row;
  }

  /** Fourier-Motzkin combination of every lower with every upper bound of column j. */
  function shadow(sys: SysOf<T>, j: number, dark: boolean): SysOf<T> {
    const lowers = sys.ineqs.filter((r) => r[j] > Z);
    const uppers = sys.ineqs.filter((r) => r[j] < Z);
    const ineqs = sys.ineqs.filter((r) => r[j] === Z);
    spendWork(lowers.length * uppers.length);
    for (const l of lowers) {
      for (const u of uppers) {
        ineqs.push(dark ? darkRow(l, u, j) : combine(R.neg(u[j]), l, l[j], u));
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
  function darkEqualsReal(sys: SysOf<T>, j: number): boolean {
    const lowers = sys.ineqs.filter((r) => r[j] > Z);
    const uppers = sys.ineqs.filter((r) => r[j] < Z);
    const real = shadow(sys, j, false);
    const pending: T[][] = [];
    for (const l of lowers)
      for (const u of uppers)
        if (u[j] !== R.minusOne && l[j] !== ONE) pending.push(darkRow(l, u, j));
    if (pending.length === 0) return true;
    const bounds = singleBounds(real);
    const open = pending.filter((r) => !impliedByBounds(r, bounds));
    // r >= 0 is implied iff the real shadow and r <= -1 have no integer point. These tests
    // run the Omega test in its emptiness mode, which never calls back here (no unbounded
    // nesting).
    return open.every(
      (r) =>
        run(
          {
            n: real.n,
            nKeep: 1,
            eqs: real.eqs,
            ineqs: [...real.ineqs, r.map((x, i) => (i === 0 ? R.sub(R.neg(x), ONE) : R.neg(x)))],
          },
          true,
          false,
          Infinity,
        )!.length === 0,
    );
  }

  function run(
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
      spendWork((1 + next.ineqs.length + next.eqs.length) * next.n);
      const start = normalize(next);
      if (!start) continue;
      // Equalities first: they usually remove most variables.
      const sys = settleEqualities(start);
      if (!sys) continue;
      const c = chooseVariable(sys);
      if (!c) {
        // The emptiness test reads no rows of its answer: no compaction for it.
        if (any) {
          out.push(sys);
          return out;
        }
        out.push(compact(sys));
        continue;
      }
      if (c.exact || relaxed) {
        work.push(shadow(sys, c.j, false));
        continue;
      }
      // The dark shadow is contained in the integer projection, which is contained in the
      // real shadow: when every dark-only row is implied by the real shadow, all three are
      // equal and the step is exact without splinters (Pugh 1992, section 3.3: "if the real
      // and dark shadows are identical, ..."). Typical case: `lo <= x - 29 q <= lo + 28` with
      // box bounds on q, the window of a linearized subscript, where the splinters would be
      // one stride piece per residue of x modulo 29.
      if (!any && darkEqualsReal(sys, c.j)) {
        work.push(shadow(sys, c.j, false));
        continue;
      }
      inexactStep(sys, c.j, any, work);
    }
    return out;
  }

  /** The equality steps run to their end: the settled system, or null when it is empty. */
  function settleEqualities(start: SysOf<T>): SysOf<T> | null {
    let sys: SysOf<T> | null = start;
    for (;;) {
      const st = equalityStep(sys);
      if (st.kind === 'empty') return null;
      if (st.kind === 'done') return sys;
      sys = normalize(st.sys);
      if (!sys) return null;
    }
  }

  /**
   * Inexact step on column j: dark shadow plus splinters (Pugh 1992, section 3.3), or one
   * exact system per value of a variable of small range; the pieces go onto `work`.
   */
  function inexactStep(sys: SysOf<T>, j: number, any: boolean, work: SysOf<T>[]): void {
    // The real shadow of j, built once for the small-range bounds and the emptiness test.
    let real: SysOf<T> | undefined;
    const realShadow = () => (real ??= shadow(sys, j, false));
    const amax = largestUpper(sys, j);
    const count = splinterCount(sys, j, amax);
    // Fewer cases by enumerating a variable of small constant range: one system per value,
    // each exact (x = v substituted). Splinters count in the coefficients: dynprog's check
    // of (d0 + d1 mod 1999997, d1 mod 500000) asked for ~2 million of them, while the
    // quotient of d1 by 500000 could only be -1, 0 or 1.
    // (Only past a few splinters: the common small steps keep their shape and cost.)
    const branch = count > FEW_SPLINTERS ? smallestRange(sys, j, realShadow(), count) : null;
    if (branch) {
      pushValues(sys, branch, work);
      return;
    }
    const splinters = splintersOf(sys, j, amax);
    // Emptiness only: no integer point in the real shadow means none at all.
    if (any && !run(realShadow(), true, false, Infinity)!.length) return;
    // Order: the dark shadow is tried first (popped last pushed).
    for (const s of splinters.reverse()) work.push(s);
    work.push(shadow(sys, j, true));
  }

  /** amax: the largest coefficient of column j in its upper bounds (Pugh 1992, section 3.3). */
  function largestUpper(sys: SysOf<T>, j: number): T {
    let amax = Z;
    for (const r of sys.ineqs) if (r[j] < Z && R.neg(r[j]) > amax) amax = R.neg(r[j]);
    return amax;
  }

  /** Splinters of column j: (amax b - amax - b) / amax + 1 per lower bound b z >= beta. */
  function splinterCount(sys: SysOf<T>, j: number, amax: T): T {
    let count = Z;
    for (const l of sys.ineqs)
      if (l[j] > Z)
        count = R.add(
          count,
          R.add(R.floorDiv(R.sub(R.sub(R.mul(amax, l[j]), amax), l[j]), amax), ONE),
        );
    return count;
  }

  /** One exact system per value v of column branch.j (x = v), the lowest value popped first. */
  function pushValues(sys: SysOf<T>, branch: { j: number; lo: T; hi: T }, work: SysOf<T>[]): void {
    for (let v = branch.hi; v >= branch.lo; v = R.sub(v, ONE)) {
      spendWork(1);
      const e = Array<T>(sys.n).fill(Z);
      e[0] = R.neg(v);
      e[branch.j] = ONE;
      work.push({ n: sys.n, nKeep: sys.nKeep, eqs: [...sys.eqs, e], ineqs: sys.ineqs });
    }
  }

  /** The splinters b z = beta + i, 0 <= i <= (amax b - amax - b) / amax, of each lower bound of j. */
  function splintersOf(sys: SysOf<T>, j: number, amax: T): SysOf<T>[] {
    const splinters: SysOf<T>[] = [];
    for (const l of sys.ineqs) {
      if (l[j] <= Z) continue;
      const b = l[j];
      const top = R.floorDiv(R.sub(R.sub(R.mul(amax, b), amax), b), amax);
      for (let i = Z; i <= top; i = R.add(i, ONE)) {
        spendWork(1);
        const e = l.slice();
        e[0] = R.sub(e[0], i);
        splinters.push({ n: sys.n, nKeep: sys.nKeep, eqs: [...sys.eqs, e], ineqs: sys.ineqs });
      }
    }
    return splinters;
  }

  /**
   * The eliminable column with the fewest values between its single-variable bounds, when
   * that is fewer than `than` (the splinters it would replace); null otherwise.
   */
  function smallestRange(
    sys: SysOf<T>,
    j0: number,
    realShadow: SysOf<T>,
    than: T,
  ): { j: number; lo: T; hi: T } | null {
    // Bounds of the system itself, tightened for the other columns by those of the real
    // shadow of j0 (it contains the projection, so its bounds hold): that is where
    // `1999997 a >= 1000000 b - 999997` and `1999997 a <= 500000 b - 1` give `b <= 1`.
    const own = singleBounds(sys);
    const real = singleBounds(realShadow);
    const tighter = (x: T | undefined, y: T | undefined, up: boolean) =>
      x === undefined ? y : y === undefined ? x : up ? (x < y ? x : y) : x > y ? x : y;
    let best: { j: number; lo: T; hi: T } | null = null;
    let size = than;
    for (let j = sys.nKeep; j < sys.n; j++) {
      const a = j === j0 ? own.lo[j] : tighter(own.lo[j], real.lo[j], false);
      const b = j === j0 ? own.hi[j] : tighter(own.hi[j], real.hi[j], true);
      if (a === undefined || b === undefined) continue;
      const r = R.add(R.sub(b, a), ONE);
      if (r < size) {
        size = r;
        best = { j, lo: a, hi: b };
      }
    }
    return best;
  }

  /** Exact elimination only where it costs nothing: normalisation and the equality steps. */
  function simplifyEqualities(input: SysOf<T>): SysOf<T> | null {
    let sys = normalize(input);
    while (sys) {
      const st = equalityStep(sys);
      if (st.kind === 'empty') return null;
      if (st.kind === 'done') return compact(sys);
      sys = normalize(st.sys);
    }
    return null;
  }

  return { run, simplifyEqualities };
}
