/**
 * Optimisation, sampling and enumeration. All of them rest on one exact primitive: the
 * integer projection of a basic set onto a single affine form t (Omega test), which is a
 * union of "1-D pieces": lo <= t <= hi and congruences a t + c = 0 (mod g). Costs depend on
 * coefficients, never on the magnitude of the constants.
 */
import { coeff, type Affine } from './affine.js';
import type { BasicSet, PolySet, Space } from './types.js';
import { project, projectRelaxed } from './omega.js';
import { isEmptyBasic, width, withRows, type Row } from './basic.js';
import { affineRow, fixParams, intersect, isEmpty, projectOnto, subtract, union } from './sets.js';
import { ceilDiv, floorDiv, lcm, mod } from './int.js';
import { NO_NAMES, nameRecord } from './nameRecord.js';

export type Extremum = { kind: 'empty' } | { kind: 'unbounded' } | { kind: 'value'; value: bigint };

interface Piece1D {
  lo?: bigint;
  hi?: bigint;
  congruences: { a: bigint; c: bigint; g: bigint }[];
}

/** Exact projection of `b` onto the value of `obj` (a row over b's columns, locals included). */
function onto1D(b: BasicSet, obj: readonly bigint[], relaxed = false): Piece1D[] {
  const ins = (r: readonly bigint[], t: bigint): Row => [r[0], t, ...r.slice(1)];
  const n = 1 + width(b.space) + b.nLocals;
  const sys = {
    n,
    nKeep: 2,
    eqs: [
      ...b.eqs.map((r) => ins(r, 0n)),
      ins(obj.concat(Array<bigint>(n - 1 - obj.length).fill(0n)), -1n),
    ],
    ineqs: b.ineqs.map((r) => ins(r, 0n)),
  };
  return (relaxed ? projectRelaxed(sys) : project(sys)).map((s) => {
    const p: Piece1D = { congruences: [] };
    for (const r of s.ineqs) {
      if (r[1] > 0n) {
        const v = ceilDiv(-r[0], r[1]);
        if (p.lo === undefined || v > p.lo) p.lo = v;
      } else if (r[1] < 0n) {
        const v = floorDiv(r[0], -r[1]);
        if (p.hi === undefined || v < p.hi) p.hi = v;
      }
    }
    for (const r of s.eqs) {
      const g = r.slice(2).find((x) => x !== 0n);
      if (g === undefined) {
        // a t + c = 0 with a = +-1 after normalisation.
        const v = -r[0] / r[1];
        if (p.lo === undefined || v > p.lo) p.lo = v;
        if (p.hi === undefined || v < p.hi) p.hi = v;
      } else {
        p.congruences.push({ a: r[1], c: r[0], g: g < 0n ? -g : g });
      }
    }
    return p;
  });
}

const fits = (p: Piece1D, t: bigint): boolean =>
  p.congruences.every((k) => mod(k.a * t + k.c, k.g) === 0n);
const period = (p: Piece1D): bigint => p.congruences.reduce((m, k) => lcm(m, k.g), 1n);

/** The largest value of a 1-D piece (or its smallest, with dir = -1). */
function extreme1D(p: Piece1D, dir: 1n | -1n): Extremum {
  if (p.lo !== undefined && p.hi !== undefined && p.lo > p.hi) return { kind: 'empty' };
  const m = period(p);
  const start = dir === 1n ? p.hi : p.lo;
  const stop = dir === 1n ? p.lo : p.hi;
  if (start === undefined) {
    const base = stop ?? 0n;
    for (let i = 0n; i < m; i++) if (fits(p, base + dir * i)) return { kind: 'unbounded' };
    return { kind: 'empty' };
  }
  for (let i = 0n; i < m; i++) {
    const t = start - dir * i;
    if (stop !== undefined && (dir === 1n ? t < stop : t > stop)) break;
    if (fits(p, t)) return { kind: 'value', value: t };
  }
  return { kind: 'empty' };
}

function objectiveRow(space: Space, objective: Affine): Row {
  return affineRow(space, [], objective, 'objective');
}

/**
 * Max of dir * obj over one basic set. The relaxed projection (real shadow where the integer
 * one would need splinters) gives an upper bound U, exact whenever every elimination was
 * exact (the common case: unit coefficients); then exact emptiness tests of `obj >= v`
 * confirm U or search below it by galloping and bisection, so the cost grows with
 * log(U - max), never with the constants themselves.
 */
function optimizeBasic(b: BasicSet, obj: readonly bigint[], dir: 1n | -1n): Extremum {
  const n = width(b.space) + b.nLocals;
  const o = [...obj, ...Array<bigint>(n - obj.length).fill(0n)].map((x) => dir * x);
  let U: bigint | undefined;
  let unbounded = false;
  for (const p of onto1D(b, o, true)) {
    const e = extreme1D(p, 1n);
    if (e.kind === 'unbounded') unbounded = true;
    else if (e.kind === 'value' && (U === undefined || e.value > U)) U = e.value;
  }
  if (!unbounded && U === undefined) return { kind: 'empty' };
  if (isEmptyBasic(b)) return { kind: 'empty' };
  // A non-empty integer set whose relaxation is unbounded in a rational direction is
  // unbounded too (the integer hull has the same recession cone, Meyer 1974).
  if (unbounded) return { kind: 'unbounded' };
  const atLeast = (v: bigint): boolean =>
    !isEmptyBasic(withRows(b, [], [o.map((x, i) => (i === 0 ? x - v : x))]));
  const top = U!;
  if (atLeast(top)) return { kind: 'value', value: dir * top };
  let hi = top;
  let lo: bigint;
  for (let step = 1n; ; step *= 2n) {
    if (atLeast(top - step)) {
      lo = top - step;
      break;
    }
    hi = top - step;
  }
  while (hi - lo > 1n) {
    const mid = lo + (hi - lo) / 2n;
    if (atLeast(mid)) lo = mid;
    else hi = mid;
  }
  return { kind: 'value', value: dir * lo };
}

function optimize(s: PolySet, objective: Affine, dir: 1n | -1n): Extremum {
  const row = objectiveRow(s.space, objective);
  let best: bigint | undefined;
  for (const b of s.pieces) {
    const e = optimizeBasic(b, row, dir);
    if (e.kind === 'unbounded') return e;
    if (
      e.kind === 'value' &&
      (best === undefined || (dir === 1n ? e.value > best : e.value < best))
    )
      best = e.value;
  }
  return best === undefined ? { kind: 'empty' } : { kind: 'value', value: best };
}

/** Parameters that are not fixed are treated as free variables (the optimum over all of them). */
export function maximize(s: PolySet, objective: Affine): Extremum {
  return optimize(s, objective, 1n);
}

export function minimize(s: PolySet, objective: Affine): Extremum {
  return optimize(s, objective, -1n);
}

/** A value of the piece close to zero (the smallest when bounded below). */
function pick1D(p: Piece1D): bigint | null {
  if (p.lo !== undefined) {
    const e = extreme1D(p, -1n);
    return e.kind === 'value' ? e.value : null;
  }
  if (p.hi !== undefined) {
    const e = extreme1D(p, 1n);
    return e.kind === 'value' ? e.value : null;
  }
  const m = period(p);
  for (let t = 0n; t < m; t++) if (fits(p, t)) return t;
  return null;
}

function unitRow(n: number, k: number): Row {
  const r = Array<bigint>(n).fill(0n);
  r[k] = 1n;
  return r;
}

/** Fixes column k to v. */
function fixColumn(b: BasicSet, k: number, v: bigint): BasicSet {
  const r = unitRow(width(b.space) + b.nLocals, k);
  r[0] = -v;
  return withRows(b, [r], []);
}

export function samplePoint(s: PolySet): Record<string, bigint> | null {
  const names = [...s.space.params, ...s.space.dims];
  for (const b0 of s.pieces) {
    let b = b0;
    const point = nameRecord<bigint>();
    let ok = true;
    for (let k = 1; k <= names.length && ok; k++) {
      let v: bigint | null = null;
      const unit = unitRow(width(b.space) + b.nLocals, k);
      const mn = optimizeBasic(b, unit, -1n);
      const mx = mn.kind === 'unbounded' ? optimizeBasic(b, unit, 1n) : mn;
      if (mx.kind === 'value') v = mx.value;
      else if (mx.kind === 'unbounded') {
        // Unbounded both ways: the exact 1-D projection says which values exist.
        for (const p of onto1D(b, unit)) {
          v = pick1D(p);
          if (v !== null) break;
        }
      }
      if (v === null) ok = false;
      else {
        point[names[k - 1]] = v;
        b = fixColumn(b, k, v);
      }
    }
    if (ok) return point;
  }
  return null;
}

function cmpPoints(a: readonly bigint[], b: readonly bigint[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** enumeratePoints gave up: the set has more points (or scan steps) than its limit. */
export class TooManyPoints extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} points to enumerate`);
  }
}

/**
 * Every integer point of `s0` (parameters fixed), sorted. `limit` bounds the scan (points
 * and candidate coordinates tried): a caller whose cost must not grow with the sizes sets it
 * and gets TooManyPoints instead of a walk over millions of points.
 */
export function enumeratePoints(
  s0: PolySet,
  params?: Readonly<Record<string, bigint>>,
  limit = Infinity,
): bigint[][] {
  let steps = 0;
  const s = fixParams(s0, params ?? NO_NAMES);
  if (s.space.params.length > 0) {
    throw new Error(`enumeratePoints: parameter(s) ${s.space.params.join(', ')} must be fixed`);
  }
  const D = s.space.dims.length;
  const seen = new Map<string, bigint[]>();
  const walk = (b: BasicSet, k: number, prefix: bigint[]): void => {
    if (k > D) {
      seen.set(prefix.join(','), prefix);
      return;
    }
    const unit = unitRow(width(b.space) + b.nLocals, k);
    const lo = optimizeBasic(b, unit, -1n);
    const hi = optimizeBasic(b, unit, 1n);
    if (lo.kind === 'empty' || hi.kind === 'empty') return;
    if (lo.kind !== 'value' || hi.kind !== 'value') {
      throw new Error(
        `enumeratePoints: the set is unbounded in dimension '${s.space.dims[k - 1]}'`,
      );
    }
    // The last coordinate without existentials: the constraints left are on it alone, so
    // its integer points are exactly [lo, hi] (integer optima), no emptiness test needed.
    const interval = k === D && b.nLocals === 0;
    for (let v = lo.value; v <= hi.value; v++) {
      if (++steps > limit) throw new TooManyPoints(limit);
      if (interval) {
        const point = [...prefix, v];
        seen.set(point.join(','), point);
        continue;
      }
      const next = fixColumn(b, k, v);
      if (!isEmptyBasic(next)) walk(next, k + 1, [...prefix, v]);
    }
  };
  for (const b of s.pieces) walk(b, 1, []);
  return [...seen.values()].sort(cmpPoints);
}

export type ParametricExtremum =
  | { kind: 'empty' }
  | { kind: 'unbounded' }
  | { kind: 'pieces'; pieces: readonly { readonly context: PolySet; readonly value: Affine }[] };

/**
 * Max of `objective` as affine pieces of the parameters ("candidates proved by emptiness"):
 * project exactly onto (t, params) with t = objective; every upper bound t <= u(params) of a
 * projected piece is a candidate; u is the maximum exactly on
 *   { params : exists t = u in S } minus { params : exists t >= u + 1 in S },
 * and the contexts are made disjoint. If the candidates do not cover every parameter value
 * where S is non-empty (a maximum like floor(N / 2), which no affine form expresses), the
 * function throws rather than answer something that could be too small.
 */
export function maximizeParametric(s: PolySet, objective: Affine): ParametricExtremum {
  if (isEmpty(s)) return { kind: 'empty' };
  const P = s.space.params.length;
  const tName = freshName('t', [...s.space.params, ...s.space.dims]);
  const ext: PolySet = liftWithObjective(s, tName, objective);
  const proj = projectOnto(ext, [tName]);
  const t = 1 + P;
  const candidates = new Map<string, Affine>();
  for (const b of proj.pieces) {
    const w = width(b.space);
    const hasUpper =
      b.ineqs.some((r) => r[t] < 0n) ||
      b.eqs.some((r) => r[t] !== 0n && r.slice(w).every((x) => x === 0n));
    if (!hasUpper && !isEmpty(b)) return { kind: 'unbounded' };
    const asAffine = (r: readonly bigint[], sign: bigint): Affine => {
      const coeffs = nameRecord<bigint>();
      for (let i = 0; i < P; i++) if (r[1 + i] !== 0n) coeffs[s.space.params[i]] = sign * r[1 + i];
      return { coeffs, constant: sign * r[0] };
    };
    for (const r of b.ineqs)
      if (r[t] === -1n) candidates.set(r.slice(0, t).join(','), asAffine(r, 1n));
    for (const r of b.eqs) {
      if (r.slice(w).some((x) => x !== 0n)) continue;
      if (r[t] === -1n || r[t] === 1n) {
        const a = asAffine(r, -r[t]);
        candidates.set([a.constant, ...s.space.params.map((p) => coeff(a, p))].join(','), a);
      }
    }
  }
  const paramsOnly = (x: PolySet): PolySet => projectOnto(x, []);
  const withT = (u: Affine, kind: 'eq' | 'gt'): PolySet => {
    const row = affineRow(proj.space, [], u);
    const r = Array<bigint>(1 + P + 1).fill(0n);
    for (let i = 0; i <= P; i++) r[i] = -row[i];
    r[t] = 1n; // t - u
    const rr = kind === 'eq' ? r : r.map((x, i) => (i === 0 ? x - 1n : x));
    const piece: BasicSet = {
      space: proj.space,
      nLocals: 0,
      eqs: kind === 'eq' ? [rr] : [],
      ineqs: kind === 'gt' ? [rr] : [],
    };
    return intersect(proj, { space: proj.space, pieces: [piece] });
  };
  const pieces: { context: PolySet; value: Affine }[] = [];
  let covered: PolySet = { space: { params: s.space.params, dims: [] }, pieces: [] };
  for (const u of candidates.values()) {
    let ctx = subtract(paramsOnly(withT(u, 'eq')), paramsOnly(withT(u, 'gt')));
    ctx = subtract(ctx, covered);
    if (isEmpty(ctx)) continue;
    pieces.push({ context: ctx, value: u });
    covered = union(covered, ctx);
  }
  const domain = paramsOnly(proj);
  if (!isEmpty(subtract(domain, covered))) {
    throw new Error('maximizeParametric: the maximum is not affine on part of the parameter space');
  }
  return { kind: 'pieces', pieces };
}

function freshName(base: string, taken: readonly string[]): string {
  let name = base;
  for (let i = 0; taken.includes(name); i++) name = `${base}${i}`;
  return name;
}

/** The set with one extra first dim `t` equal to `objective`. */
function liftWithObjective(s: PolySet, tName: string, objective: Affine): PolySet {
  const P = s.space.params.length;
  const space: Space = { params: s.space.params, dims: [tName, ...s.space.dims] };
  const ins = (r: readonly bigint[]): Row => [...r.slice(0, 1 + P), 0n, ...r.slice(1 + P)];
  const row = affineRow(s.space, [], objective, 'objective');
  const pieces = s.pieces.map((b) => {
    const e = ins(row.concat(Array<bigint>(b.nLocals).fill(0n)));
    e[1 + P] = -1n;
    return { space, nLocals: b.nLocals, eqs: [...b.eqs.map(ins), e], ineqs: b.ineqs.map(ins) };
  });
  return { space, pieces };
}
