/**
 * Basic sets as Omega systems, column bookkeeping (locals, parameters) and the exact
 * per-piece operations the set algebra is built from.
 */
import type { BasicSet, PolySet, Space } from './types.js';
import {
  feasible,
  feasibleSmall,
  project,
  projectBounded,
  simplifyEqualities,
  type Sys,
} from './omega.js';
import { toSmallRows } from './ring.js';

export type Row = bigint[];

export function width(space: Space): number {
  return 1 + space.params.length + space.dims.length;
}

/**
 * The rows are shared, not copied: the Omega engine never writes into a row it was given (it
 * builds new rows), and basic sets are immutable.
 */
function toSys(b: BasicSet, nKeep: number): Sys {
  return {
    n: width(b.space) + b.nLocals,
    nKeep,
    eqs: b.eqs as bigint[][],
    ineqs: b.ineqs as bigint[][],
  };
}

function fromSys(space: Space, s: Sys): BasicSet {
  return { space, nLocals: s.n - width(space), eqs: s.eqs, ineqs: s.ineqs };
}

export function isEmptyBasic(b: BasicSet): boolean {
  return !feasible(toSys(b, 1));
}

/**
 * Exact elimination of the locals: a union of basic sets whose locals each occur in one
 * stride equality only (`g w + f = 0`, i.e. `f = 0 mod g`). Empty pieces disappear.
 */
export function strideForm(b: BasicSet): BasicSet[] {
  return project(toSys(b, width(b.space))).map((s) => fromSys(b.space, s));
}

/** `strideForm`, or null when it would split `b` into more than `maxPieces` pieces. */
export function strideFormBounded(b: BasicSet, maxPieces: number): BasicSet[] | null {
  const out = projectBounded(toSys(b, width(b.space)), maxPieces);
  return out && out.map((s) => fromSys(b.space, s));
}

/** Cheap exact clean-up (gcd, duplicate rows, unit equalities on locals); null when empty. */
export function cleanBasic(b: BasicSet): BasicSet | null {
  const s = simplifyEqualities(toSys(b, width(b.space)));
  return s ? fromSys(b.space, s) : null;
}

/** Appends `k` zero local columns. */
export function addLocals(b: BasicSet, k: number): BasicSet {
  if (k === 0) return b;
  const z = Array<bigint>(k).fill(0n);
  return {
    space: b.space,
    nLocals: b.nLocals + k,
    eqs: b.eqs.map((r) => [...r, ...z]),
    ineqs: b.ineqs.map((r) => [...r, ...z]),
  };
}

/** Rows of `b` widened to sit after `before` locals and before `after` locals. */
function shiftLocals(r: readonly bigint[], w: number, before: number, after: number): Row {
  return [
    ...r.slice(0, w),
    ...Array<bigint>(before).fill(0n),
    ...r.slice(w),
    ...Array<bigint>(after).fill(0n),
  ];
}

/** The rows of a piece on numbers, or null when a value is not a safe integer. */
export interface SmallRows {
  readonly eqs: readonly (readonly number[])[];
  readonly ineqs: readonly (readonly number[])[];
}

export function smallRows(b: BasicSet): SmallRows | null {
  const eqs = toSmallRows(b.eqs);
  const ineqs = eqs && toSmallRows(b.ineqs);
  return eqs && ineqs ? { eqs, ineqs } : null;
}

/**
 * `shiftLocals` on numbers, filled in place: it builds every row of every pair that the
 * conflict-set square tests (the BigInt version only builds the few non-empty ones).
 */
function shiftSmall(r: readonly number[], w: number, before: number, after: number): number[] {
  const out = new Array<number>(r.length + before + after);
  let k = 0;
  for (let i = 0; i < w; i++) out[k++] = r[i];
  for (let i = 0; i < before; i++) out[k++] = 0;
  for (let i = w; i < r.length; i++) out[k++] = r[i];
  for (let i = 0; i < after; i++) out[k++] = 0;
  return out;
}

/**
 * `isEmptyBasic` without the memo, for tests whose systems do not repeat (simplify's
 * per-constraint tests, inclusion tests that their caller caches): no hashing, and no answer
 * kept alive for the collector to copy.
 */
export function isEmptyOnce(b: BasicSet): boolean {
  const s = smallRows(b);
  if (!s) return isEmptyBasic(b);
  const sys = { n: width(b.space) + b.nLocals, nKeep: 1, eqs: s.eqs, ineqs: s.ineqs };
  return !feasibleSmall(sys as Parameters<typeof feasibleSmall>[0], () => !isEmptyBasic(b));
}

/**
 * intersectBasic(a, b) has no integer point. With the number rows of both pieces (smallRows,
 * converted once by a caller that pairs each piece with many others), the intersection is
 * built and tested on numbers directly: no BigInt rows, no conversion, no memo (such pairs do
 * not repeat); BigInt takes over on overflow.
 */
export function isEmptyIntersection(
  a: BasicSet,
  b: BasicSet,
  sa: SmallRows | null,
  sb: SmallRows | null,
): boolean {
  if (!sa || !sb) return isEmptyBasic(intersectBasic(a, b));
  const w = width(a.space);
  const rows = sideBySide(sa, sb, w, a.nLocals, b.nLocals, shiftSmall);
  const sys = { n: w + a.nLocals + b.nLocals, nKeep: 1, ...rows };
  return !feasibleSmall(sys, () => !isEmptyBasic(intersectBasic(a, b)));
}

/** The rows of a and b as one conjunction: columns [0, w), a's la locals, b's lb locals. */
function sideBySide<T>(
  a: { readonly eqs: readonly (readonly T[])[]; readonly ineqs: readonly (readonly T[])[] },
  b: typeof a,
  w: number,
  la: number,
  lb: number,
  shift: (r: readonly T[], w: number, before: number, after: number) => T[],
): { eqs: T[][]; ineqs: T[][] } {
  const left = (r: readonly T[]) => shift(r, w, 0, lb);
  const right = (r: readonly T[]) => shift(r, w, la, 0);
  return {
    eqs: [...a.eqs.map(left), ...b.eqs.map(right)],
    ineqs: [...a.ineqs.map(left), ...b.ineqs.map(right)],
  };
}

/** Conjunction of two basic sets of the same space (locals side by side). */
export function intersectBasic(a: BasicSet, b: BasicSet): BasicSet {
  const rows = sideBySide(a, b, width(a.space), a.nLocals, b.nLocals, shiftLocals);
  return { space: a.space, nLocals: a.nLocals + b.nLocals, ...rows };
}

export function withRows(
  b: BasicSet,
  eqs: readonly Row[],
  ineqs: readonly Row[],
  extraLocals = 0,
): BasicSet {
  const w = addLocals(b, extraLocals);
  return {
    space: w.space,
    nLocals: w.nLocals,
    eqs: [...w.eqs, ...eqs],
    ineqs: [...w.ineqs, ...ineqs],
  };
}

/** Extends the parameter list of a set (new parameters are free), keeping dims and locals. */
function withParams(s: PolySet, params: readonly string[]): PolySet {
  // The same list: every row would be copied unchanged (sets are immutable, rows shared).
  const old = s.space.params;
  if (params.length === old.length && params.every((p, i) => p === old[i])) return s;
  const space: Space = { params, dims: s.space.dims };
  const map = s.space.params.map((p) => params.indexOf(p));
  if (map.some((i) => i < 0)) throw new Error('withParams: parameter list must extend the old one');
  const P = s.space.params.length;
  const conv = (r: readonly bigint[]): Row => {
    const out = Array<bigint>(1 + params.length).fill(0n);
    out[0] = r[0];
    for (let i = 0; i < P; i++) out[1 + map[i]] = r[1 + i];
    return [...out, ...r.slice(1 + P)];
  };
  return mapRows(s, space, conv);
}

/** The same pieces in a new space, every row rewritten by `conv` (locals unchanged). */
export function mapRows(s: PolySet, space: Space, conv: (r: readonly bigint[]) => Row): PolySet {
  return {
    space,
    pieces: s.pieces.map((b) => ({
      space,
      nLocals: b.nLocals,
      eqs: b.eqs.map(conv),
      ineqs: b.ineqs.map(conv),
    })),
  };
}

/** Brings two sets to one space: union of parameters, the dims (and names) of `a`. */
export function align(a: PolySet, b: PolySet): [PolySet, PolySet] {
  if (a.space.dims.length !== b.space.dims.length) {
    throw new Error(
      `sets of different dimension (${a.space.dims.length} and ${b.space.dims.length})`,
    );
  }
  const params = [...a.space.params];
  for (const p of b.space.params) if (!params.includes(p)) params.push(p);
  const A = withParams(a, params);
  const B0 = withParams(b, params);
  const B: PolySet = { space: A.space, pieces: B0.pieces.map((p) => ({ ...p, space: A.space })) };
  return [A, B];
}
