/**
 * A hand-linearized 1-D array analysed in its multi-dimensional view, its answers given back
 * in the linear index (nw's `M[row + a_idx]`, `row = b_idx * (ALEN + 1)`).
 *
 * On the linear subscripts the exact projection of the lifetime analysis splinters into one
 * piece per residue of the stride (`exists e : d = 129e + k`), so its work grows with the
 * array's extents (nw's M: some 30 million units, `lifetime-budget` at the default work). In
 * the view `M[b_idx][a_idx]` the same question has small coefficients.
 *
 * Why the answers carry over: the view exists only when every access splits into components
 * whose non-leading ones are proven inside their sizes (src/delinearize/), so a cell's linear
 * index is `x = sum_k strides[k] * c_k` for exactly one component vector c, two accesses touch
 * one cell exactly when their components are equal, and two cells conflict (or a read is
 * exposed) in the view exactly when they do in the linear array. The linear differences are
 * then the image of the view's, DS1 = { sum_k strides[k] * d_k : d in DS2 }: each piece of DS2
 * is bounded by the least and greatest value of that form over it, a union of intervals that
 * contains DS1 (an over-approximation: a larger DS only ever asks for more cells). The view is
 * never printed here: its loop counters need no C name.
 */
import * as P from '../poly/index.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import type { ConflictSet } from './conflictSet.js';
import { delinearizeFunction } from '../delinearize/index.js';
import { knownParameterValues } from '../model/parameterValues.js';
import { nameRecord } from '../poly/nameRecord.js';

export interface ArrayView {
  /** The function with the array (and its accesses) in the view. */
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  /** The linear index is sum_k strides[k] * component_k. */
  readonly strides: readonly bigint[];
}

/**
 * The multi-dimensional view of a 1-D array (local or parameter) for analysis only, or
 * undefined when it has none, is already delinearized, or `values` is not the model's own
 * (the view is proven for the values the model knows).
 */
export function analysisView(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Readonly<Record<string, bigint>>,
): ArrayView | undefined {
  if (array.extents.length !== 1 || array.delinearized || array.blockIterators.length > 0)
    return undefined;
  const known = knownParameterValues(fn);
  if (Object.entries(known).some(([k, v]) => values[k] !== v)) return undefined;
  // The view is built for candidates: the array is one for this question only.
  const same = (a: ArrayInfo) => a.name === array.name && a.storage === array.storage;
  const probe: FunctionModel = {
    ...fn,
    arrays: fn.arrays.map((a) => (same(a) ? { ...array, candidate: true } : a)),
  };
  const d = delinearizeFunction(probe, [array.name], false);
  const view = d.fn.arrays.find(same);
  const strides = view?.delinearized?.strides;
  return view && strides ? { fn: d.fn, array: view, strides } : undefined;
}

/**
 * The conflict set in the linear index from the view's (see the file comment), or undefined
 * when a piece of the view's set is unbounded in the linear index or depends on a parameter
 * known only at run time.
 */
export function linearConflictSet(
  cs: ConflictSet,
  strides: readonly bigint[],
): ConflictSet | undefined {
  const { params } = cs.ds.space;
  const form = {
    coeffs: nameRecord(cs.dims.map((d, k): [string, bigint] => [d, strides[k]!])),
    constant: 0n,
  };
  const dims = ['d0'];
  const d0 = (c: bigint, lo: boolean) => ({
    kind: 'ge' as const,
    expr: { coeffs: nameRecord([['d0', lo ? 1n : -1n]]), constant: lo ? -c : c },
  });
  const intervals: P.NamedConjunction[] = [];
  for (const b of cs.ds.pieces) {
    if (b.eqs.concat(b.ineqs).some((r) => r.slice(1, 1 + params.length).some((x) => x !== 0n)))
      return undefined;
    const piece: P.PolySet = { space: cs.ds.space, pieces: [b] };
    const lo = P.minimize(piece, form);
    const hi = P.maximize(piece, form);
    if (lo.kind === 'empty' || hi.kind === 'empty') continue;
    if (lo.kind !== 'value' || hi.kind !== 'value') return undefined;
    intervals.push({ exists: [], constraints: [d0(lo.value, true), d0(hi.value, false)] });
  }
  const ds = P.coalesce(P.fromConjunctions({ params, dims }, intervals));
  const why =
    `the differences of the linear index bound those of its view ` +
    `(strides ${strides.join(', ')}): each piece by its least and greatest linear difference`;
  return { ...cs, dims, ds, exact: false, approximations: [...cs.approximations, why] };
}
