/**
 * Heuristic 3 with symbolic parameters: moduli as affine forms of the parameters, valid over
 * the parameter context (e.g. `double y[N][2]` for the Toeplitz y).
 *
 * For a basis c_1..c_n (rows, unimodular), b_i(p) = 1 + sup { |c_i.d| : d in DS(p), c_j.d = 0,
 * j < i }. Each sup is an affine form u(p) *proved* to bound the true sup over the whole
 * context: the set { (p, d) : p in context, d in DS(p), c_j.d = 0 (j < i), c_i.d >= u(p) + 1 }
 * is empty (integer emptiness, parameters existentially quantified), and u(p) >= 0 wherever
 * DS(p) is non-empty. Candidates for u come from `maximizeParametric` of src/poly, or, when it
 * cannot answer (a maximum that is not affine on part of the context), from an affine fit of
 * exact sups at a few parameter values; a candidate that fails the proof is refused.
 *
 * Why the mapping d -> (c_i.d mod b_i(p))_i is admissible for every p in the context: take
 * d != 0 in DS(p) and the first i with c_i.d != 0 (it exists: the c_i are independent). Then
 * c_j.d = 0 for j < i, so |c_i.d| <= u_i(p) < b_i(p) by the proof above, and c_i.d is not 0
 * mod b_i(p): d is not in the kernel. Over-estimated sups keep this argument. This is H3's
 * soundness proof; M d = diag(b(p)) k is not linear in (p, k), so the structure is what is
 * verified symbolically, and in addition the mapping is checked exactly at several parameter
 * values (DsQueries.admissible, size-independent).
 */
import { BudgetExceeded } from '../poly/budget.js';
import { evaluate as evalAffine, formatAffine, type Affine } from '../poly/affine.js';
import {
  fixParams,
  isEmpty,
  maximize,
  maximizeParametric,
  minimize,
  samplePoint,
} from '../poly/index.js';
import type { BasicSet, PolySet } from '../poly/types.js';
import { LatticeInputError } from './conflictPoints.js';
import { DsQueries, syntacticallySymmetric } from './dsQueries.js';
import { permutationBases } from './heuristics.js';
import { nameRecord } from '../poly/nameRecord.js';

/** Cell x goes to slot (M x) mod b(params), row by row; rows of modulus 1 are dropped. */
export interface SymbolicMapping {
  M: bigint[][];
  b: Affine[];
}

export interface SymbolicChoice {
  mapping: SymbolicMapping;
  heuristic: 'h3';
  basisName: string;
  /**
   * A modulus is one more than the exact sup where DS holds only d = 0 (a bound raised to be
   * non-negative there): keeping every cell for all values says little of one value.
   */
  raised: boolean;
  /** Parameter values where the mapping was also verified exactly. */
  checkedAt: Record<string, bigint>[];
  /** The other bases tried, with their moduli. */
  candidates: { basisName: string; mapping: SymbolicMapping }[];
}

export interface SymbolicOptions {
  /** Parameter context: a set over the parameters (no dims); default: every value. */
  context?: PolySet;
  /** Values of some parameters (the others stay symbolic). */
  params?: Readonly<Record<string, bigint>>;
}

type Row = bigint[];

/** Conjunction of a piece with extra rows over [1, params, dims, extraLocals]. */
function conj(
  b: BasicSet,
  extra: { nLocals: number; eqs: readonly Row[]; ineqs: readonly Row[] },
): BasicSet {
  const w = 1 + b.space.params.length + b.space.dims.length;
  const padA = (r: readonly bigint[]): Row => [...r, ...Array<bigint>(extra.nLocals).fill(0n)];
  const padB = (r: readonly bigint[]): Row => [
    ...r.slice(0, w),
    ...Array<bigint>(b.nLocals).fill(0n),
    ...r.slice(w),
  ];
  return {
    space: b.space,
    nLocals: b.nLocals + extra.nLocals,
    eqs: [...b.eqs.map(padA), ...extra.eqs.map(padB)],
    ineqs: [...b.ineqs.map(padA), ...extra.ineqs.map(padB)],
  };
}

class SymbolicDs {
  readonly params: readonly string[];
  readonly dims: readonly string[];
  /** DS intersected with the context (pieces x context pieces). */
  readonly set: PolySet;
  readonly symmetric: boolean;

  constructor(ds: PolySet, context: PolySet | undefined) {
    this.params = ds.space.params;
    this.dims = ds.space.dims;
    this.symmetric = syntacticallySymmetric(ds);
    if (!context) {
      this.set = ds;
      return;
    }
    const P = this.params.length;
    const n = this.dims.length;
    const idx = context.space.params.map((p) => {
      const i = this.params.indexOf(p);
      if (i < 0) throw new LatticeInputError(`context parameter ${p} is not a parameter of DS`);
      return i;
    });
    if (context.space.dims.length > 0)
      throw new Error('the parameter context must be a set without dims');
    const lift = (r: readonly bigint[]): Row => {
      const out = Array<bigint>(1 + P + n).fill(0n);
      out[0] = r[0];
      idx.forEach((i, j) => (out[1 + i] = r[1 + j]));
      return [...out, ...r.slice(1 + context.space.params.length)];
    };
    const pieces: BasicSet[] = [];
    for (const b of ds.pieces)
      for (const c of context.pieces)
        pieces.push(
          conj(b, { nLocals: c.nLocals, eqs: c.eqs.map(lift), ineqs: c.ineqs.map(lift) }),
        );
    this.set = { space: ds.space, pieces };
  }

  /** Row over [1, params, dims] from an affine form of params and dims. */
  row(a: Affine): Row {
    const names = [...this.params, ...this.dims];
    const r = Array<bigint>(1 + names.length).fill(0n);
    r[0] = a.constant;
    for (const [k, v] of Object.entries(a.coeffs)) r[1 + names.indexOf(k)] += v;
    return r;
  }

  dimForm(c: readonly bigint[], sign = 1n): Affine {
    const coeffs = nameRecord<bigint>();
    this.dims.forEach((d, j) => {
      if (c[j] !== 0n) coeffs[d] = sign * c[j];
    });
    return { coeffs, constant: 0n };
  }

  with(eqs: readonly (readonly bigint[])[], ineqs: readonly Row[] = []): PolySet {
    const eqRows = eqs.map((e) => this.row(this.dimForm(e)));
    return {
      space: this.set.space,
      pieces: this.set.pieces.map((b) => conj(b, { nLocals: 0, eqs: eqRows, ineqs })),
    };
  }

  /** True when u is proved to bound |c.d| over DS ∩ eqs for every parameter value, u >= 0. */
  proves(c: readonly bigint[], eqs: readonly (readonly bigint[])[], u: Affine): boolean {
    const signs = this.symmetric ? [1n] : [1n, -1n];
    for (const s of signs) {
      // s c.d - u - 1 >= 0
      const r = this.row(this.dimForm(c, s));
      const ur = this.row(u);
      const viol = r.map((v, j) => v - ur[j]);
      viol[0] -= 1n;
      if (!isEmpty(this.with(eqs, [viol]))) return false;
    }
    // u <= -1 where DS(p) is non-empty.
    const neg = this.row(u).map((v) => -v);
    neg[0] -= 1n;
    return isEmpty(this.with([], [neg]));
  }

  /** Parameter values of the context where DS is non-empty, spread out a little. */
  samples(count: number): Record<string, bigint>[] {
    const out: Record<string, bigint>[] = [];
    const seen = new Set<string>();
    for (const t of [0n, 1n, 2n, 3n, 7n, 20n, 100n].slice(0, count)) {
      let base = this.set;
      if (out.length > 0) {
        const p0 = out[0];
        const rows = this.params.map((p) => {
          const r = this.row({ coeffs: nameRecord([[p, 1n]]), constant: -(p0[p] + t) });
          return r;
        });
        base = this.with([], rows);
      }
      const pt = samplePoint(base);
      if (!pt) continue;
      const v = nameRecord(this.params.map((p): [string, bigint] => [p, pt[p]]));
      const key = this.params.map((p) => v[p]).join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(v);
      }
    }
    return out;
  }

  /** Exact sup at fixed parameter values. */
  supAt(
    c: readonly bigint[],
    eqs: readonly (readonly bigint[])[],
    at: Record<string, bigint>,
  ): bigint {
    const s = fixParams(this.with(eqs), at);
    let best = 0n;
    for (const sign of this.symmetric ? [1n] : [1n, -1n]) {
      const m = maximize(s, this.dimForm(c, sign));
      if (m.kind === 'unbounded') throw new LatticeInputError('DS is unbounded');
      if (m.kind === 'value' && m.value > best) best = m.value;
    }
    return best;
  }

  /**
   * A proved affine upper bound of sup |c.d| over DS ∩ eqs, or null; `raised` when it is a
   * candidate raised to be non-negative (raisedToZero).
   */
  sup(
    c: readonly bigint[],
    eqs: readonly (readonly bigint[])[],
  ): { u: Affine; raised: boolean } | null {
    const cands: Affine[] = [];
    const S = this.with(eqs);
    for (const sign of this.symmetric ? [1n] : [1n, -1n]) {
      try {
        const r = maximizeParametric(S, this.dimForm(c, sign));
        if (r.kind === 'empty') cands.push({ coeffs: nameRecord(), constant: 0n });
        if (r.kind === 'pieces') for (const p of r.pieces) cands.push(p.value);
      } catch (e) {
        // Not affine on part of the context: fall back to the fit. An enclosing work budget's
        // overrun is not an answer: it propagates (src/poly/budget.ts).
        if (e instanceof BudgetExceeded) throw e;
      }
    }
    const fit = this.fit(c, eqs);
    if (fit) cands.push(fit);
    // A bound exact where the slice holds more than d = 0 may be negative where it holds only
    // d = 0 (`order - 1` at order = 0): the same bound raised to be >= 0 wherever DS is
    // non-empty is still a bound (b_i one larger than the exact sup there, never smaller).
    const raisedOnes = new Set<Affine>();
    for (const u of [...cands]) {
      const raised = this.raisedToZero(u);
      if (!raised) continue;
      cands.push(raised);
      raisedOnes.add(raised);
    }
    // Try each candidate; the smallest proved one at a reference point wins.
    let best: Affine | null = null;
    const ref = this.samples(6).at(-1);
    const at = (u: Affine) =>
      ref ? Object.entries(u.coeffs).reduce((s, [k, v]) => s + v * ref[k], u.constant) : 0n;
    for (const u of cands) {
      if (best && at(u) >= at(best)) continue;
      if (this.proves(c, eqs, u)) best = u;
    }
    return best && { u: best, raised: raisedOnes.has(best) };
  }

  /** u + k with the least k > 0 making it >= 0 wherever DS is non-empty, if u dips below 0. */
  private raisedToZero(u: Affine): Affine | null {
    const m = minimize(this.set, u);
    if (m.kind !== 'value' || m.value >= 0n) return null;
    return { coeffs: u.coeffs, constant: u.constant - m.value };
  }

  /** Affine interpolation of exact sups at p0 and p0 + e_k (each parameter). */
  private fit(c: readonly bigint[], eqs: readonly (readonly bigint[])[]): Affine | null {
    const base = this.samples(1)[0];
    if (!base) return { coeffs: nameRecord(), constant: 0n };
    // Use a point a little inside the context so that p0 + e_k stays in it.
    const pts = this.samples(4);
    const p0 = pts.at(-1) ?? base;
    const s0 = this.supAt(c, eqs, p0);
    const coeffs = nameRecord<bigint>();
    let constant = s0;
    for (const p of this.params) {
      const p1 = nameRecord(p0);
      p1[p] = p0[p] + 1n;
      const s1 = this.supAt(c, eqs, p1);
      const k = s1 - s0;
      if (k !== 0n) coeffs[p] = k;
      constant -= k * p0[p];
    }
    return { coeffs, constant };
  }
}

/**
 * Heuristic 3 with symbolic parameters over the identity, its permutations (and the dual of
 * the span of DS at a sample point), keeping the smallest at a large sample of the context,
 * then the simplest. Throws LatticeInputError when no basis gives proved moduli.
 */
export function chooseSymbolicMapping(ds0: PolySet, options: SymbolicOptions = {}): SymbolicChoice {
  const ds = fixParams(ds0, options.params ?? {});
  const n = ds.space.dims.length;
  const sds = new SymbolicDs(ds, options.context);
  if (isEmpty(sds.set)) throw new LatticeInputError('DS is empty over the parameter context');
  const checks = sds.samples(5);
  const ref = checks.at(-1)!;
  const results: {
    basisName: string;
    mapping: SymbolicMapping;
    size: bigint;
    raised: boolean;
  }[] = [];
  for (const { name, basis } of permutationBases(n)) {
    const b: Affine[] = [];
    let ok = true;
    let raised = false;
    for (let i = 0; i < n && ok; i++) {
      const bound = sds.sup(basis[i], basis.slice(0, i));
      if (!bound) ok = false;
      else {
        b.push({ coeffs: bound.u.coeffs, constant: bound.u.constant + 1n });
        raised ||= bound.raised;
      }
    }
    if (!ok) continue;
    const keep = b.map((bi) => !(Object.keys(bi.coeffs).length === 0 && bi.constant === 1n));
    const mapping: SymbolicMapping = {
      M: basis.filter((_, i) => keep[i]).map((r) => [...r]),
      b: b.filter((_, i) => keep[i]),
    };
    const size = mapping.b.reduce((s, bi) => s * evalAffine(bi, ref), 1n);
    results.push({ basisName: name, mapping, size, raised });
  }
  if (results.length === 0) throw new LatticeInputError('no proved symbolic moduli');
  let best = results[0];
  for (const r of results)
    if (r.size < best.size || (r.size === best.size && r.basisName === 'identity')) best = r;
  // Exact verification at several parameter values (size-independent queries).
  for (const at of checks) {
    const q = new DsQueries(fixParams(sds.set, at));
    const m = { M: best.mapping.M, b: best.mapping.b.map((bi) => evalAffine(bi, at)) };
    if (m.b.some((v) => v < 1n) || !q.admissible(m))
      throw new Error(
        `symbolic mapping is not admissible at ${JSON.stringify(at, (_k, v) => String(v))}`,
      );
  }
  return {
    mapping: best.mapping,
    heuristic: 'h3',
    basisName: best.basisName,
    raised: best.raised,
    checkedAt: checks,
    candidates: results.map(({ basisName, mapping }) => ({ basisName, mapping })),
  };
}

/** `N - 1`, `2`, `N + M` */

export function formatSymbolicMapping(m: SymbolicMapping, names: readonly string[]): string {
  if (m.M.length === 0) return '() (scalar)';
  const rows = m.M.map((row, i) => {
    const terms: string[] = [];
    row.forEach((v, j) => {
      if (v === 0n) return;
      const mag = v === 1n || v === -1n ? names[j] : `${v < 0n ? -v : v}${names[j]}`;
      terms.push(
        terms.length === 0 ? (v < 0n ? `-${mag}` : mag) : v < 0n ? `- ${mag}` : `+ ${mag}`,
      );
    });
    const b = formatAffine(m.b[i]);
    return `${terms.length ? terms.join(' ') : '0'} mod ${/[ ]/.test(b) ? `(${b})` : b}`;
  });
  return `(${rows.join(', ')})`;
}

/** Affine forms of parameters: poly/affine.ts's, under the names this module's users know. */
export { evalAffine };
