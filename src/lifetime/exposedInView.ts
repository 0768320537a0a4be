/**
 * The upward-exposed reads of a hand-linearized 1-D parameter, asked in its
 * multi-dimensional view (src/delinearize/): nw's `M[row + a_idx]` with `row = b_idx *
 * (ALEN + 1)`. On the linear subscripts the polyhedral core splinters over the stride (the
 * work grows with the array's extents: ALEN = 128 needs some 50 million units); in the view
 * `M[b_idx][a_idx]` the same question has small coefficients.
 *
 * Same answer: the view exists only when every access splits into components whose
 * non-leading ones are proven inside their sizes (delinearize.ts), so two accesses touch one
 * cell exactly when their components are equal, and a read is covered by a write in the view
 * exactly when it is in the linear array. The witness cell is given back in the linear index.
 */
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { upwardExposedReads, type UpwardExposedRead } from './upwardExposed.js';
import { analysisView } from './linearView.js';

export function exposedReadsInView(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Readonly<Record<string, bigint>>,
): UpwardExposedRead[] | undefined {
  if (array.storage !== 'parameter') return undefined;
  const v = analysisView(fn, array, values);
  return v && linearReads(upwardExposedReads(v.fn, v.array, { values }), v.strides);
}

/** Reads found in the view, their witness cells given in the linear index. */
export function linearReads(
  reads: readonly UpwardExposedRead[],
  strides: readonly bigint[],
): UpwardExposedRead[] {
  return reads.map((r) => ({ ...r, example: r.example && linearExample(r.example, strides) }));
}

/** A witness in the view (`j0`, `j1`, ...) as the linear index `j0` (params kept). */
function linearExample(
  example: Readonly<Record<string, bigint>>,
  strides: readonly bigint[],
): Record<string, bigint> | null {
  let j = 0n;
  for (const [k, s] of strides.entries()) {
    const v = example[`j${k}`];
    if (v === undefined) return null;
    j += v * s;
  }
  const out: Record<string, bigint> = Object.create(null);
  for (const [k, v] of Object.entries(example)) if (!/^j\d+$/.test(k)) out[k] = v;
  out.j0 = j;
  return out;
}
